import TranscriptModel

/// What an as-you-type searcher reports: a result to show, or a search that failed (a bad pattern,
/// a time limit), in submission order; results older than one already reported are dropped.
public enum SearcherEvent: Sendable {
    /// The newest search finished: show its hits.
    case found(SearchResult)
    /// The search numbered `sequence` could not run or ran out of time.
    case failed(sequence: Int, request: SearchRequest, error: any Error)
}

extension Searcher {
    /// An as-you-type searcher over `corpus` with the refining engine (`refiningEngine`: a query
    /// that only grew searches the rows that matched before), and its results as an `AsyncStream`
    /// to read with `for await` in the UI's task, instead of a callback:
    ///
    ///     let (searcher, events) = Searcher.events(over: corpus)
    ///     await searcher.submit(try SearchRequest(parsing: typed))
    ///     for await event in events { if case .found(let result) = event { show(result.index) } }
    ///
    /// The stream keeps the newest `buffered` events when nobody reads (older ones are stale
    /// anyway); it ends when the iterating task is cancelled.
    public static func events(
        over corpus: Corpus, debounce: Duration = .milliseconds(120), timeout: Duration? = nil,
        equivalences: ScalarEquivalenceStore? = nil, buffered: Int = 8
    ) -> (searcher: Searcher, events: AsyncStream<SearcherEvent>) {
        let (events, continuation) = AsyncStream<SearcherEvent>.makeStream(bufferingPolicy: .bufferingNewest(max(1, buffered)))
        let searcher = Searcher(
            debounce: debounce, engine: refiningEngine(over: corpus, timeout: timeout, equivalences: equivalences),
            deliver: { continuation.yield(.found($0)) },
            fail: { continuation.yield(.failed(sequence: $0, request: $1, error: $2)) })
        return (searcher, events)
    }
}
