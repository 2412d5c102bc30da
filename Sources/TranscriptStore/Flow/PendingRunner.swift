import Dispatch
import TranscriptSearch

/// A query's runner, made once per search: for a query with a non-ASCII character on another
/// thread while the corpus loads (the table of Unicode equivalents it needs takes milliseconds to
/// read, tens to build); for any other, when it is first needed, on the caller's thread (it takes
/// microseconds, less than handing it to another thread on a busy machine).
final class PendingRunner: @unchecked Sendable {
    // Written by the making thread before it signals (or by the caller, when made in `wait`); read
    // after the wait.
    private var runner: Result<SearchRunner, QueryError>?
    private let done: DispatchSemaphore?
    private let request: SearchRequest
    private let equivalences: ScalarEquivalenceStore?

    init(_ request: SearchRequest, equivalences: ScalarEquivalenceStore?) {
        self.request = request
        self.equivalences = equivalences
        guard request.text.unicodeScalars.contains(where: { !$0.isASCII }) else {
            done = nil
            return
        }
        let done = DispatchSemaphore(value: 0)
        self.done = done
        DispatchQueue.global().async {
            self.runner = Self.make(request, equivalences: equivalences)
            done.signal()
        }
    }

    /// The runner; nil when the request has nothing to run (no text and no filter: browsing); the
    /// `QueryError` of a request that cannot be run.
    func wait() -> Result<SearchRunner, QueryError>? {
        guard let done else { return Self.make(request, equivalences: equivalences) }
        done.wait()
        return runner
    }

    private static func make(_ request: SearchRequest, equivalences: ScalarEquivalenceStore?) -> Result<SearchRunner, QueryError>? {
        if request.text.isEmpty && request.filter.isEmpty { return nil }
        do {
            return .success(try request.runner(equivalences: equivalences))
        } catch {
            return .failure(error)
        }
    }
}
