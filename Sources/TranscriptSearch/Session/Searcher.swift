import TranscriptModel

/// A search's result, numbered in the order its request was submitted.
public struct SearchResult: Sendable {
    /// The request's number: requests are numbered as they are submitted, later ones higher.
    public var sequence: Int
    /// What was searched for.
    public var request: SearchRequest
    /// The hits found.
    public var index: HitIndex

    /// A result from its parts.
    public init(sequence: Int, request: SearchRequest, index: HitIndex) {
        self.sequence = sequence
        self.request = request
        self.index = index
    }
}

/// Forwards results in submission order, dropping any that arrive after a newer one was shown
/// (Algolia's sequencing): a UI never sees an older search replace a newer one.
public struct ResultSequencer: Sendable {
    /// The sequence number of the newest result accepted; -1 before the first.
    public private(set) var lastDelivered = -1

    /// A sequencer that has accepted nothing yet.
    public init() {}

    /// Whether `result` is newer than everything delivered so far (and so should be shown); records it.
    public mutating func accept(_ result: SearchResult) -> Bool {
        guard result.sequence > lastDelivered else { return false }
        lastDelivered = result.sequence
        return true
    }
}

/// A search that ran out of its time limit (`Searcher.refiningEngine(over:timeout:)`).
public struct SearchTimedOut: Error, CustomStringConvertible, Sendable {
    /// The time limit the search ran out of.
    public var timeout: Duration

    /// A search abandoned after `timeout`.
    public init(timeout: Duration) { self.timeout = timeout }

    /// What ran out, the limit in seconds: `the search ran out of its time limit (1.5 s) and was
    /// abandoned`. The one wording of a time-out; a command line adds how its flags lift the limit.
    public var description: String {
        let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
        let limit = milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
        return "the search ran out of its time limit (\(limit)) and was abandoned"
    }
}

/// As-you-type search for a UI, on any platform (no UI framework): `submit` returns at once; after a
/// quiet `debounce` the newest request is searched. One search is in flight at a time plus the
/// latest pending request (older pending ones are dropped); submitting cancels the search in flight
/// (the engine stops at its next check), and so does `cancel`; results reach `deliver` in
/// submission order and a result older than one already delivered is dropped. A search that fails
/// (a bad pattern, a time limit) reaches `fail`, unless a newer request superseded it, so a UI
/// never waits for a result that will not come.
public actor Searcher {
    /// Searches a request; should check for cancellation now and then.
    public typealias Engine = @Sendable (SearchRequest) async throws -> HitIndex

    private let engine: Engine
    private let debounce: Duration
    private let deliver: @Sendable (SearchResult) async -> Void
    private let fail: @Sendable (Int, SearchRequest, any Error) async -> Void
    private var sequencer = ResultSequencer()
    private var nextSequence = 0
    private var pending: (sequence: Int, request: SearchRequest)?
    private var inFlight: Task<Void, Never>?
    private var debounceTask: Task<Void, Never>?

    /// - Parameter fail: told the sequence number, request and error of a search that failed
    ///   (not one cancelled or superseded); by default nothing.
    public init(
        debounce: Duration = .milliseconds(120), engine: @escaping Engine, deliver: @escaping @Sendable (SearchResult) async -> Void,
        fail: @escaping @Sendable (Int, SearchRequest, any Error) async -> Void = { _, _, _ in }
    ) {
        self.engine = engine
        self.debounce = debounce
        self.deliver = deliver
        self.fail = fail
    }

    /// A searcher over `corpus` with the refining engine (`refiningEngine(over:)`: the fast
    /// matchers, and a query that only grew searched in the rows that matched before), checking
    /// cancellation between rows; failures reach `fail`. `events(over:)` gives the results as an
    /// `AsyncStream` instead.
    public init(
        corpus: Corpus, debounce: Duration = .milliseconds(120), deliver: @escaping @Sendable (SearchResult) async -> Void,
        fail: @escaping @Sendable (Int, SearchRequest, any Error) async -> Void = { _, _, _ in }
    ) {
        self.init(debounce: debounce, engine: Self.refiningEngine(over: corpus), deliver: deliver, fail: fail)
    }

    /// Asks for `request`; returns its sequence number at once.
    @discardableResult
    public func submit(_ request: SearchRequest) -> Int {
        let sequence = nextSequence
        nextSequence += 1
        pending = (sequence, request)
        inFlight?.cancel()
        debounceTask?.cancel()
        debounceTask = Task { [debounce] in
            try? await Task.sleep(for: debounce)
            guard !Task.isCancelled else { return }
            self.launchIfIdle()
        }
        return sequence
    }

    /// Drops the pending request and cancels the search in flight (a UI's Escape): nothing more is
    /// delivered for them.
    public func cancel() {
        pending = nil
        debounceTask?.cancel()
        inFlight?.cancel()
    }

    private func launchIfIdle() {
        guard inFlight == nil, let next = pending else { return }
        pending = nil
        let engine = self.engine
        inFlight = Task {
            let outcome: Result<HitIndex, any Error>
            do {
                outcome = .success(try await engine(next.request))
            } catch {
                outcome = .failure(error)
            }
            // Cancelled means superseded: a newer request came in, even if the engine finished anyway.
            let superseded = Task.isCancelled
            await self.finished(next, outcome, superseded: superseded)
        }
    }

    private func finished(_ search: (sequence: Int, request: SearchRequest), _ outcome: Result<HitIndex, any Error>, superseded: Bool) async {
        inFlight = nil
        switch outcome {
        case .success(let index):
            let result = SearchResult(sequence: search.sequence, request: search.request, index: index)
            if !superseded && sequencer.accept(result) { await deliver(result) }
        case .failure(let error):
            if !superseded, !(error is CancellationError), search.sequence > sequencer.lastDelivered {
                await fail(search.sequence, search.request, error)
            }
        }
        launchIfIdle()
    }

    /// An engine over `corpus` that remembers the last search it finished and, when a request
    /// refines it (`SearchRequest.refines`: the query only grew), searches just the rows that
    /// matched before: exact, and ever faster as a query is typed. Checks cancellation between rows.
    /// With a `timeout`, a search still running when it passes stops and throws `SearchTimedOut`; a
    /// request that cannot be searched throws its `QueryError`. A non-ASCII query's table of
    /// Unicode equivalents comes from `equivalences` when given (see `SearchRequest.runner(equivalences:)`).
    public static func refiningEngine(
        over corpus: Corpus, timeout: Duration? = nil, equivalences: ScalarEquivalenceStore? = nil
    ) -> Engine {
        let last = LastSearch()
        return { request in
            let runner = try request.runner(equivalences: equivalences)
            let previous = await last.get()
            let candidates = previous.flatMap { request.refines($0.request) ? $0.index.rowsWithHits : nil }
            let deadline = timeout.map { ContinuousClock.now + $0 }
            do {
                let index = try runner.search(corpus, until: deadline, candidates: candidates, isCancelled: { Task.isCancelled })
                await last.set(SearchResult(sequence: 0, request: request, index: index))
                return index
            } catch SearchRunner.Interruption.deadlinePassed {
                throw SearchTimedOut(timeout: timeout ?? .zero)
            } catch {
                throw CancellationError()
            }
        }
    }

    /// The sequence number of the newest result delivered, or -1.
    public var lastDelivered: Int { sequencer.lastDelivered }
}

/// The last search a refining engine finished, shared between its runs.
actor LastSearch {
    private var result: SearchResult?
    func get() -> SearchResult? { result }
    func set(_ value: SearchResult) { result = value }
}
