import Dispatch
import TranscriptFormats
import TranscriptModel
import TranscriptSearch

/// The one search flow, `load → run within the budget → save`, that every command of the command
/// line takes (search, export, pager, next/prev/goto/show), and an app may take too:
///
/// 1. `search(_:in:options:directory:)`: the query's runner is made once, on another thread, while
///    `source` loads the paths; then the search runs within `budget` (`SearchExecution`).
/// 2. `save(_:current:)`: the search becomes the session, under its lock (`SessionStore`).
/// 3. `restoreForReading()` and `step(_:prepared:_:)`: a saved search
///    brought back, from its cache when no file changed, else searched again through step 1's path.
///
/// `source` is the one place that decides where the rows come from.
public struct SearchFlow: Sendable {
    /// Where the corpus comes from: files through the caches (`CorpusLoader`), or any other source.
    public var source: any CorpusSource
    /// The saved session.
    public var session: SessionStore
    /// How long a search may run.
    public var budget: SearchBudget
    /// Where the table of Unicode equivalents a non-ASCII query needs is kept between runs (nil:
    /// built in each process that needs it).
    public var equivalences: ScalarEquivalenceStore?
    /// Where a saved search through a server fetches its rows again (nil: it cannot, and says so).
    public var serverRows: (any ServerRowsSource)?

    /// A flow loading from `source`, saving to `session`, searching within `budget`, keeping the
    /// Unicode table in `equivalences`.
    public init(source: any CorpusSource, session: SessionStore, budget: SearchBudget, equivalences: ScalarEquivalenceStore? = nil) {
        self.source = source
        self.session = session
        self.budget = budget
        self.equivalences = equivalences
    }

    /// What a fresh search gave: what the loading had to say, then the search or why it was abandoned.
    public struct Outcome: Sendable {
        /// The loading's warnings and errors, in input order.
        public var diagnostics: [LoadDiagnostic]
        /// The search, with its rows and hits; or the budget ran out, or the query cannot be run.
        public var search: Result<SavedSearch, SearchAbandoned>
    }

    /// Loads `paths` (relative ones against `directory`) and runs `request` over them within the
    /// budget. A request with nothing to run (no text, no filter: browsing) gives no hits.
    public func search(_ request: SearchRequest, in paths: [String], options: LoadOptions, directory: String) -> Outcome {
        let runner = PendingRunner(request, equivalences: equivalences)
        let loaded = source.load(paths, options: options, baseDirectory: directory)
        let index: HitIndex
        switch runner.wait() {
        case .failure(let error):
            return Outcome(diagnostics: loaded.diagnostics, search: .failure(SearchAbandoned(query: error)))
        case .success(let runner):
            switch SearchExecution.search(runner, over: loaded.corpus, request: request, budget: budget) {
            case .success(let found): index = found
            case .failure(let abandoned): return Outcome(diagnostics: loaded.diagnostics, search: .failure(abandoned))
            }
        case nil:
            index = HitIndex.empty(rows: loaded.corpus.rowCount)
        }
        let search = SavedSearch(
            request: request, loadOptions: options, directory: directory, paths: paths, loaded: loaded, index: index)
        return Outcome(diagnostics: loaded.diagnostics, search: .success(search))
    }

    /// Saves `search` as the session with the hit at `current` current, under the session's lock.
    public func save(_ search: SavedSearch, current: Int?) throws(SessionError) {
        try session.withLock { () throws(SessionError) in try search.save(current: current, to: session) }
    }

    /// Saves `search`, whose rows were not fetched (a count through a server: `hits` is the
    /// server's count, `search.sources.server` where its rows are), as the session with its first
    /// hit current, under the session's lock; a step fetches the rows (`serverRows`).
    public func saveUnfetched(_ search: SavedSearch, hits: Int) throws(SessionError) {
        try session.withLock { () throws(SessionError) in try search.saveUnfetched(hits: hits, to: session) }
    }

    /// The saved search, brought back without writing anything (export, the pager's start). No
    /// lock is taken: the session and its caches are replaced by atomic renames, so what is read is
    /// whole, and a search run again because the files changed never makes another process on this
    /// state wait.
    public func restoreForReading() throws(SessionError) -> SavedSearch.Restored {
        try SavedSearch.restore(try session.read(), store: session, source: source, budget: budget, equivalences: equivalences, serverRows: serverRows)
    }

    /// The saved search brought back before a step takes the lock (see `step`).
    public struct Prepared: Sendable {
        let state: SessionState
        let restored: SavedSearch.Restored
    }

    /// The saved search brought back without the lock: when its files changed it runs again, which
    /// may take the whole time limit, and no other process on this state should wait for that.
    /// Nil when it cannot be (the step then says why, under the lock).
    public func prepare() -> Prepared? {
        guard let state = try? session.read() else { return nil }
        guard let restored = try? SavedSearch.restore(state, store: session, source: source, budget: budget, equivalences: equivalences, serverRows: serverRows) else { return nil }
        return Prepared(state: state, restored: restored)
    }

    /// How a step holds the session.
    public enum Access: Sendable {
        /// Exclusively, saving what the step chose.
        case saving
        /// Shared, saving nothing (a `show` in a read-only state folder).
        case readingOnly
    }

    /// One read-move-write of the saved search, under the session's lock, so that concurrent steps
    /// never lose one. The search is `prepared`'s when the session is still the one it came from,
    /// else brought back now. `move` is given it and answers the hit to make current and its own
    /// result; then, when `access` saves, the whole search is saved if it was searched again, else
    /// only the current hit, if it moved. A `move` that throws saves nothing.
    public func step<T>(
        _ access: Access, prepared: Prepared?,
        _ move: (SavedSearch.Restored) throws(SessionError) -> (current: Int?, result: T)
    ) throws(SessionError) -> T {
        func body() throws(SessionError) -> T {
            let state = try session.read()
            let restored = if let prepared, prepared.state == state {
                prepared.restored
            } else {
                try SavedSearch.restore(state, store: session, source: source, budget: budget, equivalences: equivalences, serverRows: serverRows)
            }
            let (current, result) = try move(restored)
            guard access == .saving else { return result }
            if restored.searchedAgain {
                try restored.search.save(current: current, to: session)
            } else if current != state.current?.position {
                var updated = state
                updated.current = current.map(restored.search.currentHit)
                try session.write(updated)
            }
            return result
        }
        switch access {
        case .saving: return try session.withLock(body)
        case .readingOnly: return try session.withReadLock(body)
        }
    }
}
