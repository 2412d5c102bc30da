import TranscriptSearch

/// Where a saved search that went through a server fetches its rows again when it kept none (a
/// count through a server keeps none: the server counted its hits), or when its cache is gone.
/// The command line gives one that asks the server (the store does not know servers).
public protocol ServerRowsSource: Sendable {
    /// The rows `request` is searched on, fetched from `server` (the URL the search went to): the
    /// rows with hits and the rows around them a step shows.
    /// - Throws: any error, shown as the reason the saved search cannot be brought back.
    func rows(of request: SearchRequest, from server: String) throws -> LoadedCorpus
}
