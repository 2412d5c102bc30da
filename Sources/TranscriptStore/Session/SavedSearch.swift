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

    /// The search `state` describes, from its cache when no file changed, else loaded from `source`
    /// and searched again within `budget`.
    static func restore(
        _ state: SessionState, store: SessionStore, source: any CorpusSource, budget: SearchBudget,
        equivalences: ScalarEquivalenceStore? = nil
    ) throws(SessionError) -> Restored {
        let invalid = SessionError(path: store.path, kind: .damaged("its query or options are not valid"))
        let unchanged = sourcesAreUnchanged(state)
        if unchanged, let cached = store.readCache(id: state.cache), cached.index.count == state.hits {
            guard var saved = SavedSearch(state: state, corpus: cached.corpus, index: cached.index) else { throw invalid }
            saved.sources.keptRows = cached.keptRows
            let position = state.current.map(\.position).flatMap { $0 < saved.index.count ? $0 : nil }
            return Restored(search: saved, current: position ?? (saved.index.count > 0 ? 0 : nil), searchedAgain: false)
        }
        // Standard input and named pipes cannot be read again (a pipe would be waited on forever
        // with the lock held): their rows live only in the cache.
        let streams = (state.readStandardInput ? ["standard input"] : []) + (state.streams ?? [])
        guard streams.isEmpty else {
            let reason = unchanged ? "its cache is gone" : "other files changed"
            throw SessionError(path: store.path, kind: .damaged(
                "it searched \(streams.joined(separator: ", ")), which cannot be read again, and \(reason)"))
        }
        let again: SavedSearch
        var loadDiagnostics: [LoadDiagnostic] = []
        switch searchAgain(state, source: source, budget: budget, equivalences: equivalences, diagnostics: &loadDiagnostics) {
        case .success(let found): again = found
        case .failure(.invalid): throw invalid
        case .failure(.abandoned(let abandoned)):
            throw SessionError(path: store.path, kind: .searchAbandoned(abandoned.description))
        }
        // Unchanged files were read by the search and their warnings shown then: read again, they
        // show only errors, unless what they hold now turns out not to be what was searched (a
        // cache the session named was rewritten from files changed behind their times' back).
        let sameContent = again.sources.fingerprints.map { [$0.path, $0.hash] } == state.sources.map { [$0.path, $0.hash] }
        let quietly = unchanged && sameContent
        var diagnostics = loadDiagnostics.filter { !quietly || $0.severity != .warning }
        if quietly {  // only the cache was gone: the same files give the same hits
            let position = state.current.map(\.position).flatMap { $0 < again.index.count ? $0 : nil }
            return Restored(
                search: again, current: position ?? (again.index.count > 0 ? 0 : nil), searchedAgain: true, diagnostics: diagnostics)
        }
        let cursor = HitCursor.reanchored(in: again.index, from: anchor(state.current, in: again.corpus))
        diagnostics.append(.notice("the files changed since the search for \"\(state.request?.description ?? state.query)\"; searched again"
            + (cursor.current.map { ": hit \($0 + 1) of \(again.index.count) is nearest to where you were" } ?? ": no hits now")))
        return Restored(search: again, current: cursor.current, searchedAgain: true, diagnostics: diagnostics)
    }

    /// The old current hit in the new corpus's numbering (the same row ID), if that row still exists.
    private static func anchor(_ current: SessionState.CurrentHit?, in corpus: Corpus) -> HitCursor.Anchor? {
        guard let current, let id = RowID(current.row), let row = corpus.rowIndex(of: id) else { return nil }
        return HitCursor.Anchor(row: row, utf8Range: current.start..<max(current.start, current.end))
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
        sources.keptRows = Array(repeating: nil, count: corpus.sources.count)
    }

    /// Why a saved search could not be run again.
    enum SearchAgainFailure: Error {
        /// The saved query or options are not valid.
        case invalid
        /// The search ran out of its time limit (the same one as `tsearch search`).
        case abandoned(SearchAbandoned)
    }

    /// Runs the saved query again over the saved paths (the files as they are now, from
    /// `source`), through the same time limit as every search; the loading's diagnostics are
    /// appended to `diagnostics`.
    static func searchAgain(
        _ state: SessionState, source: any CorpusSource, budget: SearchBudget, equivalences: ScalarEquivalenceStore?,
        diagnostics: inout [LoadDiagnostic]
    ) -> Result<SavedSearch, SearchAgainFailure> {
        guard let request = state.request, let runner = try? request.runner(equivalences: equivalences) else { return .failure(.invalid) }
        let loaded = source.load(state.paths.filter { $0 != "-" }, options: state.loadOptions, baseDirectory: state.directory)
        diagnostics += loaded.diagnostics
        switch SearchExecution.search(runner, over: loaded.corpus, request: request, budget: budget) {
        case .success(let index):
            return .success(SavedSearch(
                request: request, loadOptions: state.loadOptions, directory: state.directory, paths: state.paths, loaded: loaded, index: index))
        case .failure(let abandoned):
            return .failure(.abandoned(abandoned))
        }
    }

    /// Whether every file the search read is still the same, and no file came or went.
    static func sourcesAreUnchanged(_ state: SessionState) -> Bool {
        let now = InputFiles.expand(state.paths.filter { $0 != "-" }, baseDirectory: state.directory)
        let listed = Set(now.inputs.map(\.displayPath) + now.errors.map(\.path))
        guard listed == Set(state.sources.map(\.path) + state.unreadable + (state.streams ?? [])) else { return false }
        for path in state.unreadable where FileCalls.fileStatus(InputFiles.resolve(path, against: state.directory)) != nil {
            return false
        }
        return state.sources.allSatisfy { $0.matchesFile(at: InputFiles.resolve($0.path, against: state.directory)) }
    }

    /// Saves this search as the session, with the hit at `current` current's hit current; writes the session's cache first.
    func save(current: Int?, to store: SessionStore) throws(SessionError) {
        // With standard input or a pipe among the inputs every row is written with the session: a cache
        // gone later (replaced, or removed as least recently used) could not be made again.
        let cache = try store.writeCache(corpus: corpus, index: index, keptRows: sources.holdsStreams ? [] : sources.keptRows)
        do {
            try store.write(state(current: current, cache: cache))
        } catch {
            // The session still names the cache it had: the new one would be left for no one.
            store.removeCache(id: cache)
            throw error
        }
    }

    func state(current: Int?, cache: String) -> SessionState {
        SessionState(
            query: request.text, caseMatching: request.options.caseMatching.rawValue, options: request.options,
            filter: request.filter.isEmpty ? nil : request.filter, inputFormat: loadOptions.format?.rawValue,
            encoding: loadOptions.encoding?.name, keepRolling: loadOptions.rollingCaptions == .keep ? true : nil,
            directory: directory, paths: paths, sources: sources.fingerprints, unreadable: sources.unreadable,
            readStandardInput: sources.readStandardInput, streams: sources.streams.isEmpty ? nil : sources.streams, hits: index.count,
            current: current.map(currentHit), cache: cache
        )
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
