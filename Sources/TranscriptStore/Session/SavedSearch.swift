import TranscriptFormats
import TranscriptModel
import TranscriptSearch

/// A search as the session keeps it, and how it is saved and brought back.
public struct SavedSearch: Sendable {
    /// What was searched for.
    public var request: SearchRequest
    /// How the files were read (format, encoding, rolling captions), to read them again alike.
    public var loadOptions: LoadOptions
    /// Where the search ran: relative paths resolve against it.
    public var directory: String
    /// The paths as typed.
    public var paths: [String]
    /// The rows searched.
    public var corpus: Corpus
    /// The hits.
    public var index: HitIndex
    /// What was read and where its rows are kept (see `LoadedSources`).
    public var sources: LoadedSources

    /// The search of `request` over `loaded` (the rows of `paths`, read from `directory` as
    /// `loadOptions` say), which found `index`.
    public init(
        request: SearchRequest, loadOptions: LoadOptions, directory: String, paths: [String], loaded: LoadedCorpus, index: HitIndex
    ) {
        self.request = request
        self.loadOptions = loadOptions
        self.directory = directory
        self.paths = paths
        self.corpus = loaded.corpus
        self.index = index
        self.sources = loaded.sources
    }

    /// A saved search brought back: from the cache when no file changed, else searched again with the
    /// current hit re-anchored. `current` is the position to make current.
    public struct Restored: Sendable {
        /// The search, its rows and hits.
        public var search: SavedSearch
        /// The position of the current hit (nil: no hits).
        public var current: Int?
        /// The session must be saved anew (its cache was gone, or the files changed).
        public var searchedAgain: Bool
        /// What the user should be told: the loading's diagnostics when the files were read again
        /// (without the warnings already shown, when only the cache was gone), and a notice when
        /// the files changed.
        public var diagnostics: [LoadDiagnostic] = []
    }

    /// The search a session describes, with its rows and hits from the cache; nil when the saved
    /// query or options are not valid.
    init?(state: SessionState, corpus: Corpus, index: HitIndex) {
        guard let request = state.request else { return nil }
        self.request = request
        loadOptions = state.loadOptions
        directory = state.directory
        paths = state.paths
        self.corpus = corpus
        self.index = index
        sources = LoadedSources()
        sources.fingerprints = state.sources
        sources.unreadable = state.unreadable
        sources.readStandardInput = state.readStandardInput
        sources.streams = state.streams ?? []
        sources.server = state.server
        sources.keptRows = Array(repeating: nil, count: corpus.sources.count)
    }

    /// Saves this search as the session, with the hit at `current` current's hit current; writes the session's cache first.
    func save(current: Int?, to store: SessionStore) throws(SessionError) {
        // With standard input or a pipe among the inputs every row is written with the session: a cache
        // gone later (replaced, or removed as least recently used) could not be made again.
        let keptRows = sources.holdsStreams ? [] : sources.keptRows
        let cache = try store.writeCache(corpus: corpus, index: index, keptRows: keptRows, holdsStreams: sources.holdsStreams)
        do {
            try store.write(state(current: current, cache: cache))
        } catch {
            // The session still names the cache it had: the new one would be left for no one.
            store.removeCache(id: cache)
            throw error
        }
        // Everything this search wrote is in place: the caches go back within their bound, never
        // those the session just saved names.
        store.bound.prune(keeping: Set(keptRows.compactMap { kept in
            switch kept {
            case .rowCache(let file): file.file
            case .smallFiles(let file, _, _): file
            case nil: nil
            }
        }))
    }

    func state(current: Int?, cache: String) -> SessionState {
        SessionState(
            query: request.text, caseMatching: request.options.caseMatching.rawValue, options: request.options,
            filter: request.filter.isEmpty ? nil : request.filter, inputFormat: loadOptions.format?.rawValue,
            encoding: loadOptions.encoding?.name, keepRolling: loadOptions.rollingCaptions == .keep ? true : nil,
            directory: directory, paths: paths, sources: sources.fingerprints, unreadable: sources.unreadable,
            readStandardInput: sources.readStandardInput, streams: sources.streams.isEmpty ? nil : sources.streams,
            server: sources.server, hits: index.count,
            current: current.map(currentHit), cache: cache
        )
    }

    /// Saves this search, whose rows were not fetched (a count through a server, whose `hits`
    /// the server counted), as the session with its first hit current and no cache: a step
    /// fetches its rows from `sources.server` again (`ServerRowsSource`).
    func saveUnfetched(hits: Int, to store: SessionStore) throws(SessionError) {
        var state = state(current: nil, cache: "")
        state.hits = hits
        try store.write(state)
    }

    func currentHit(_ position: Int) -> SessionState.CurrentHit {
        let hit = index.hit(at: position)
        let text = corpus.text(ofRow: hit.row)
        return SessionState.CurrentHit(
            position: position, row: corpus.id(ofRow: hit.row).description,
            start: hit.utf8Range.lowerBound, end: hit.utf8Range.upperBound, text: String(text[hit.range(in: text)])
        )
    }
}
