import TranscriptFormats
import TranscriptModel
import TranscriptSearch

/// A saved search brought back: from the session's cache when no file changed, else loaded from
/// the flow's source and searched again within its budget, the current hit re-anchored.
extension SavedSearch {
    /// The search `state` describes, from its cache when no file changed, else loaded from `source`
    /// and searched again within `budget`.
    static func restore(
        _ state: SessionState, store: SessionStore, source: any CorpusSource, budget: SearchBudget,
        equivalences: ScalarEquivalenceStore? = nil, serverRows: (any ServerRowsSource)? = nil
    ) throws(SessionError) -> Restored {
        let invalid = SessionError(path: store.path, kind: .damaged("its query or options are not valid"))
        let unchanged = sourcesAreUnchanged(state)
        if unchanged, !state.cache.isEmpty, let cached = store.readCache(id: state.cache), cached.index.count == state.hits {
            guard var saved = SavedSearch(state: state, corpus: cached.corpus, index: cached.index) else { throw invalid }
            saved.sources.keptRows = cached.keptRows
            let position = state.current.map(\.position).flatMap { $0 < saved.index.count ? $0 : nil }
            return Restored(search: saved, current: position ?? (saved.index.count > 0 ? 0 : nil), searchedAgain: false)
        }
        // A server's rows not kept (a count kept none; a cache gone) are fetched from it again.
        if let server = state.server, let serverRows, !state.readStandardInput {
            return try fetchAgain(state, from: server, through: serverRows, store: store, budget: budget, equivalences: equivalences)
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
        var diagnostics = loadDiagnostics.filter { !quietly || ($0.severity != .warning && $0.severity != .note) }
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

    /// The search `state` describes run again on the rows `serverRows` fetches from `server`: the
    /// same hits when the server's rows are the same (its current hit kept, or the first when it
    /// had none), else re-anchored with a notice, as when files changed.
    private static func fetchAgain(
        _ state: SessionState, from server: String, through serverRows: any ServerRowsSource, store: SessionStore, budget: SearchBudget,
        equivalences: ScalarEquivalenceStore?
    ) throws(SessionError) -> Restored {
        guard let request = state.request else { throw SessionError(path: store.path, kind: .damaged("its query or options are not valid")) }
        let loaded: LoadedCorpus
        do {
            loaded = try serverRows.rows(of: request, from: server)
        } catch {
            throw SessionError(path: store.path, kind: .unfetchable("\(error)"))
        }
        var diagnostics: [LoadDiagnostic] = []
        let again: SavedSearch
        switch searchAgain(state, source: FetchedRows(loaded: loaded), budget: budget, equivalences: equivalences, diagnostics: &diagnostics) {
        case .success(let found): again = found
        case .failure(.invalid): throw SessionError(path: store.path, kind: .damaged("its query or options are not valid"))
        case .failure(.abandoned(let abandoned)): throw SessionError(path: store.path, kind: .searchAbandoned(abandoned.description))
        }
        if again.index.count == state.hits {
            let position = state.current.map(\.position).flatMap { $0 < again.index.count ? $0 : nil }
            return Restored(search: again, current: position ?? (again.index.count > 0 ? 0 : nil), searchedAgain: true, diagnostics: diagnostics)
        }
        let cursor = HitCursor.reanchored(in: again.index, from: anchor(state.current, in: again.corpus))
        diagnostics.append(.notice("the server's rows changed since the search for \"\(request.description)\"; searched again"
            + (cursor.current.map { ": hit \($0 + 1) of \(again.index.count) is nearest to where you were" } ?? ": no hits now")))
        return Restored(search: again, current: cursor.current, searchedAgain: true, diagnostics: diagnostics)
    }

    /// Rows already fetched, as the source a search runs again on.
    private struct FetchedRows: CorpusSource {
        let loaded: LoadedCorpus
        func load(_ paths: [String], options: LoadOptions, baseDirectory: String?) -> LoadedCorpus { loaded }
    }

    /// The old current hit in the new corpus's numbering (the same row ID), if that row still exists.
    private static func anchor(_ current: SessionState.CurrentHit?, in corpus: Corpus) -> HitCursor.Anchor? {
        guard let current, let id = RowID(current.row), let row = corpus.rowIndex(of: id) else { return nil }
        return HitCursor.Anchor(row: row, utf8Range: current.start..<max(current.start, current.end))
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
        // Streams (a named pipe, a server's rows) live in the cache: one that is gone or was never a
        // path (`server …`) does not make the files different.
        guard listed.subtracting(state.streams ?? []) == Set(state.sources.map(\.path) + state.unreadable) else { return false }
        for path in state.unreadable where FileCalls.fileStatus(InputFiles.resolve(path, against: state.directory)) != nil {
            return false
        }
        return state.sources.allSatisfy { $0.matchesFile(at: InputFiles.resolve($0.path, against: state.directory)) }
    }
}
