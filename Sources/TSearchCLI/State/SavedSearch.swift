import TranscriptFormats
import TranscriptModel
import TranscriptSearch

/// A search as the session keeps it, and how it is saved and brought back.
struct SavedSearch {
    var request: SearchRequest
    /// How the files were read (format, encoding, rolling captions), to read them again alike.
    var loadOptions: LoadOptions
    /// Where the search ran: relative paths resolve against it.
    var directory: String
    var paths: [String]
    var corpus: Corpus
    var index: HitIndex
    var sources: [SourceFingerprint]
    var unreadable: [String]
    var readStandardInput: Bool
    /// Named pipes and other streams that were searched: never read again.
    var streams: [String]
    /// Per source, where its rows are kept between runs (see `CorpusLoading.keptRows`).
    var keptRows: [CorpusLoading.KeptRows?]

    init(request: SearchRequest, loadOptions: LoadOptions, directory: String, paths: [String], loading: CorpusLoading, index: HitIndex) {
        self.request = request
        self.loadOptions = loadOptions
        self.directory = directory
        self.paths = paths
        self.corpus = loading.corpus
        self.index = index
        self.sources = loading.fingerprints
        self.unreadable = loading.unreadable
        self.readStandardInput = loading.readStandardInput
        self.streams = loading.streams
        self.keptRows = loading.keptRows
    }

    /// A saved search brought back: from the cache when no file changed, else searched again with the
    /// current hit re-anchored (and stderr told). `current` is the position to make current.
    struct Restored {
        var search: SavedSearch
        var current: Int?
        /// The session must be saved anew (its cache was gone, or the files changed).
        var searchedAgain: Bool
    }

    static func restore(_ state: SessionState, store: SessionStore, environment: CommandEnvironment) throws(SessionError) -> Restored {
        let invalid = SessionError(path: store.path, kind: .damaged("its query or options are not valid"))
        let unchanged = sourcesAreUnchanged(state)
        if unchanged, let cached = store.readCache(id: state.cache), cached.index.count == state.hits {
            guard var saved = SavedSearch(state: state, corpus: cached.corpus, index: cached.index) else { throw invalid }
            saved.keptRows = cached.keptRows
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
        // Unchanged files were read by the search and their warnings shown then: read again, they
        // show only errors, unless what they hold now turns out not to be what was searched (a
        // cache the session named was rewritten from files changed behind their times' back).
        let captured = TextOutput()
        var quiet = environment
        quiet.stderr = captured
        let again: SavedSearch
        switch searchAgain(state, environment: unchanged ? quiet : environment) {
        case .success(let found): again = found
        case .failure(.invalid): throw invalid
        case .failure(.abandoned(let abandoned)):
            throw SessionError(path: store.path, kind: .searchAbandoned(abandoned.description))
        }
        let sameContent = again.sources.map { [$0.path, $0.hash] } == state.sources.map { [$0.path, $0.hash] }
        let quietly = unchanged && sameContent
        for line in captured.captured.split(separator: "\n") where !quietly || !line.hasPrefix("tsearch: warning: ") {
            environment.stderr.line(String(line))
        }
        environment.stderr.flush()
        if quietly {  // only the cache was gone: the same files give the same hits
            let position = state.current.map(\.position).flatMap { $0 < again.index.count ? $0 : nil }
            return Restored(search: again, current: position ?? (again.index.count > 0 ? 0 : nil), searchedAgain: true)
        }
        let cursor = HitCursor.reanchored(in: again.index, from: anchor(state.current, in: again.corpus))
        environment.report("the files changed since the search for \"\(state.request?.description ?? state.query)\"; searched again"
            + (cursor.current.map { ": hit \($0 + 1) of \(again.index.count) is nearest to where you were" } ?? ": no hits now"))
        return Restored(search: again, current: cursor.current, searchedAgain: true)
    }

    /// The saved search of `store`, read without writing anything (export, pager); nil, with the
    /// reason reported, when there is none to use. No lock is taken: the session and its caches
    /// are replaced by atomic renames, so what is read is whole, and a search run again because
    /// the files changed never makes another tsearch on this state wait. (A cache removed between
    /// reading the session and mapping it is a cache gone: the files are read again.)
    static func restoreForReading(from store: SessionStore, environment: CommandEnvironment) -> Restored? {
        do {
            return try restore(try store.read(), store: store, environment: environment)
        } catch {
            environment.report(error.description)
            return nil
        }
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
        sources = state.sources
        unreadable = state.unreadable
        readStandardInput = state.readStandardInput
        streams = state.streams ?? []
        keptRows = Array(repeating: nil, count: corpus.sources.count)
    }

    /// Why a saved search could not be run again.
    enum SearchAgainFailure: Error {
        /// The saved query or options are not valid.
        case invalid
        /// The search ran out of its time limit (the same one as `tsearch search`).
        case abandoned(SearchExecution.Abandoned)
    }

    /// Runs the saved query again over the saved paths (the files as they are now), through the
    /// same time limit as every search.
    static func searchAgain(_ state: SessionState, environment: CommandEnvironment) -> Result<SavedSearch, SearchAgainFailure> {
        guard let request = state.request, let runner = try? request.runner() else { return .failure(.invalid) }
        let loading = CorpusLoading.load(
            paths: state.paths.filter { $0 != "-" }, options: state.loadOptions, baseDirectory: state.directory, environment: environment)
        switch SearchExecution.search(runner, over: loading.corpus, request: request, environment: environment) {
        case .success(let index):
            return .success(SavedSearch(
                request: request, loadOptions: state.loadOptions, directory: state.directory, paths: state.paths, loading: loading, index: index))
        case .failure(let abandoned):
            return .failure(.abandoned(abandoned))
        }
    }

    /// Whether every file the search read is still the same, and no file came or went.
    static func sourcesAreUnchanged(_ state: SessionState) -> Bool {
        let now = InputFiles.expand(state.paths.filter { $0 != "-" }, baseDirectory: state.directory)
        let listed = Set(now.inputs.map(\.displayPath) + now.errors.map(\.path))
        // A server's rows are kept with the session, never looked for on disk.
        let streams = (state.streams ?? []).filter { !ServerRows.isServerStream($0) }
        guard listed == Set(state.sources.map(\.path) + state.unreadable + streams) else { return false }
        for path in state.unreadable where SystemCalls.fileStatus(InputFiles.resolve(path, against: state.directory)) != nil {
            return false
        }
        return state.sources.allSatisfy { $0.matchesFile(at: InputFiles.resolve($0.path, against: state.directory)) }
    }

    /// The session for this search with `cursor`'s hit current; writes the session's cache first.
    func save(current: Int?, to store: SessionStore) throws(SessionError) {
        // With standard input or a pipe among the inputs every row is written with the session: a cache
        // gone later (replaced, or removed as least recently used) could not be made again.
        let cache = try store.writeCache(corpus: corpus, index: index, keptRows: readStandardInput || !streams.isEmpty ? [] : keptRows)
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
            directory: directory, paths: paths, sources: sources, unreadable: unreadable,
            readStandardInput: readStandardInput, streams: streams.isEmpty ? nil : streams, hits: index.count, current: current.map(currentHit), cache: cache
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
