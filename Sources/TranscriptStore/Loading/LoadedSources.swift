/// What a loading read, so that a saved search can tell later whether anything changed and name
/// where its rows are kept instead of writing them again.
public struct LoadedSources: Sendable {
    /// Every file that was read, in input order (loadable or not).
    public var fingerprints: [SourceFingerprint] = []
    /// Files that could not be read (missing, unreadable): a change if they become readable.
    public var unreadable: [String] = []
    /// Whether standard input was one of the inputs (it cannot be read again later).
    public var readStandardInput = false
    /// Inputs that were streams, not files (a named pipe, `<(…)`, a device): like standard input,
    /// they cannot be read again, so their rows are kept with the session and never re-read.
    public var streams: [String] = []
    /// The server the rows came from (its URL, as given), when they did: a saved search that kept
    /// none of them fetches them from it again (`ServerRowsSource`).
    public var server: String?
    /// Per source of the corpus, in order: where its rows are kept between runs, or nil (standard
    /// input, a video, a file with an error, or a cache that could not be written). Reading it
    /// waits for a row cache still being written on another thread (a first search of a big file
    /// writes its cache while it searches).
    public var keptRows: [KeptRows?] {
        get { pending?.resolved() ?? known }
        set {
            known = newValue
            pending = nil
        }
    }

    /// `keptRows` once known.
    private var known: [KeptRows?] = []
    /// `keptRows` while a row cache may still be being written.
    var pending: PendingKeptRows?

    /// Nothing read.
    public init() {}

    /// Whether some input can never be read again (standard input, a pipe): its rows must then be
    /// written with the session.
    public var holdsStreams: Bool { readStandardInput || !streams.isEmpty }
}
