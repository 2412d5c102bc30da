import Dispatch
import TranscriptSearch

/// A query's runner made on another thread while the corpus loads (the table of Unicode
/// equivalents a non-ASCII query needs takes tens of milliseconds the first time): made once per
/// search.
final class PendingRunner: @unchecked Sendable {
    // Written by the making thread before it signals; read after the wait.
    private var runner: SearchRunner?
    private let done = DispatchSemaphore(value: 0)

    init(_ request: SearchRequest, equivalences: ScalarEquivalenceStore?) {
        DispatchQueue.global().async {
            self.runner = try? request.runner(equivalences: equivalences)
            self.done.signal()
        }
    }

    /// The runner; nil when the request has nothing to run (no text and no filter) or is not valid.
    func wait() -> SearchRunner? {
        done.wait()
        return runner
    }
}
