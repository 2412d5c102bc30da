import TranscriptModel

/// A search's result, numbered in the order its request was submitted.
public struct SearchResult: Sendable {
    public var sequence: Int
    public var request: SearchRequest
    public var index: HitIndex

    public init(sequence: Int, request: SearchRequest, index: HitIndex) {
        self.sequence = sequence
        self.request = request
        self.index = index
    }
}

/// Forwards results in submission order, dropping any that arrive after a newer one was shown
/// (Algolia's sequencing): a UI never sees an older search replace a newer one.
public struct ResultSequencer: Sendable {
    public private(set) var lastDelivered = -1

    public init() {}

    /// Whether `result` is newer than everything delivered so far (and so should be shown); records it.
    public mutating func accept(_ result: SearchResult) -> Bool {
        guard result.sequence > lastDelivered else { return false }
        lastDelivered = result.sequence
        return true
    }
}

/// As-you-type search for a UI, on any platform (no UI framework): `submit` returns at once; after a
/// quiet `debounce` the newest request is searched. One search is in flight at a time plus the
/// latest pending request (older pending ones are dropped); submitting cancels the search in flight
/// (the engine stops at its next check); results reach `deliver` in submission order and a result
/// older than one already delivered is dropped.
public actor Searcher {
    /// Searches a request; should check for cancellation now and then.
    public typealias Engine = @Sendable (SearchRequest) async throws -> HitIndex

    private let engine: Engine
    private let debounce: Duration
    private let deliver: @Sendable (SearchResult) async -> Void
    private var sequencer = ResultSequencer()
    private var nextSequence = 0
    private var pending: (sequence: Int, request: SearchRequest)?
    private var inFlight: Task<Void, Never>?
    private var debounceTask: Task<Void, Never>?

    public init(debounce: Duration = .milliseconds(120), engine: @escaping Engine, deliver: @escaping @Sendable (SearchResult) async -> Void) {
        self.engine = engine
        self.debounce = debounce
        self.deliver = deliver
    }

    /// A searcher over `corpus` with the reference matcher, checking cancellation between rows.
    public init(corpus: Corpus, debounce: Duration = .milliseconds(120), deliver: @escaping @Sendable (SearchResult) async -> Void) {
        self.init(debounce: debounce, engine: { request in
            let runner = try request.runner()
            do {
                return try runner.search(corpus, until: nil, isCancelled: { Task.isCancelled })
            } catch {
                throw CancellationError()
            }
        }, deliver: deliver)
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

    private func launchIfIdle() {
        guard inFlight == nil, let next = pending else { return }
        pending = nil
        let engine = self.engine
        inFlight = Task {
            let index = try? await engine(next.request)
            // Cancelled means superseded: a newer request came in, even if the engine finished anyway.
            let superseded = Task.isCancelled
            await self.finished(SearchResult(sequence: next.sequence, request: next.request, index: index ?? HitIndex(rowCount: 0)),
                                succeeded: index != nil && !superseded)
        }
    }

    private func finished(_ result: SearchResult, succeeded: Bool) async {
        inFlight = nil
        if succeeded && sequencer.accept(result) { await deliver(result) }
        launchIfIdle()
    }

    /// An engine over `corpus` that remembers the last search it finished and, when a request
    /// refines it (`SearchRequest.refines`: the query only grew), searches just the rows that
    /// matched before: exact, and ever faster as a query is typed. Checks cancellation between rows.
    public static func refiningEngine(over corpus: Corpus) -> Engine {
        let last = LastSearch()
        return { request in
            let runner = try request.runner()
            let previous = await last.get()
            let candidates = previous.flatMap { request.refines($0.request) ? $0.index.rowsWithHits : nil }
            do {
                let index = try runner.search(corpus, until: nil, candidates: candidates, isCancelled: { Task.isCancelled })
                await last.set(SearchResult(sequence: 0, request: request, index: index))
                return index
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
