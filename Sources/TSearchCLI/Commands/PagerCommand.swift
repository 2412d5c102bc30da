import Dispatch
import Foundation
import TranscriptModel
import TranscriptRendering
import TranscriptSearch

/// `tsearch pager [QUERY] [PATH ...]`: the interactive pager (DESIGN section 7). With no arguments it
/// opens the saved search at its current hit; quitting saves the search and its current hit back, so
/// `tsearch next` goes on from there.
///
/// The state is a value (`PagerState`) reduced on one serial queue; keys arrive from a reader
/// thread, search results from a `Searcher` actor (debounced, one in flight plus the latest, stale
/// results dropped), so typing never waits for a search. A query that only grows searches just the
/// rows the previous one matched.
struct PagerCommand {
    let raw: RawArguments
    let environment: CommandEnvironment

    func run() throws(CommandError) -> ExitCode {
        guard SystemCalls.isTerminal(0) && environment.stdoutIsTerminal else {
            environment.report("the pager needs a terminal; use tsearch search to print hits")
            return .error
        }
        let store = SessionStore(environment: environment)
        var search: SavedSearch
        var current: Int?
        if raw.positionals.isEmpty {
            guard let restored = SavedSearch.restoreForReading(from: store, environment: environment) else { return .error }
            search = restored.search
            current = restored.current
        } else {
            // Every argument an existing path: browse them with no query yet.
            let browsing = raw.positionals.allSatisfy { SystemCalls.kind(of: $0) != .missing }
            let (text, paths) = browsing ? ("", raw.positionals) : (raw.queryAndPaths() ?? ("", raw.positionals))
            let request = text.isEmpty ? SearchRequest(text: "", options: raw.searchOptions, filter: raw.filter) : try raw.searchRequest(text)
            let loading = CorpusLoading.load(paths: paths, options: raw.loadOptions, environment: environment)
            guard loading.corpus.rowCount > 0 else {
                environment.report("nothing to show: no rows were loaded")
                return .error
            }
            var index = HitIndex.empty(rows: loading.corpus.rowCount)
            if let runner = try? request.runner() {
                guard let found = SearchExecution.run(runner, over: loading.corpus, request: request, environment: environment)
                else { return .error }
                index = found
            }
            search = SavedSearch(request: request, loadOptions: raw.loadOptions, directory: SystemCalls.currentDirectory(),
                                 paths: paths, loading: loading, index: index)
            current = index.count > 0 ? 0 : nil
        }
        environment.stderr.flush()

        let session = PagerSession(
            search: search, current: current, mouse: raw.mouse, look: environment.colourEnabled(raw.color) ? .colour : .monochrome,
            environment: environment)
        let final = session.run()
        search.request = final.request
        search.index = final.index
        do {
            try store.withLock { () throws(SessionError) in try search.save(current: final.cursor.current, to: store) }
        } catch {
            environment.report("warning: \(error.description)")
        }
        return .success
    }
}

extension HitIndex {
    /// No hits over `rows` rows.
    static func empty(rows: Int) -> HitIndex {
        var index = HitIndex(rowCount: rows)
        for row in 0..<rows { index.append(row: row, utf8Ranges: []) }
        return index
    }
}

/// The pager's event loop: one serial queue owns the state; input, signals and results post to it.
final class PagerSession: @unchecked Sendable {
    // Everything mutable is touched on `queue` only; `@unchecked` for that reason.
    private let queue = DispatchQueue(label: "tsearch.pager")
    private let terminal: RawTerminal
    private var state: PagerState
    private var decoder = KeyDecoder()
    private let done = DispatchSemaphore(value: 0)
    private var finished = false
    private var searcher: Searcher?
    private let corpus: Corpus
    /// `--timeout`: how long an as-you-type search may run.
    private let searchTimeout: Duration?
    /// Colour, or none (`--color never`, `NO_COLOR`): then hits are underlined, as less marks them.
    private let look: PagerView.Look

    init(search: SavedSearch, current: Int?, mouse: Bool, look: PagerView.Look, environment: CommandEnvironment) {
        self.look = look
        terminal = RawTerminal(mouse: mouse)
        searchTimeout = environment.searchTimeout
        corpus = search.corpus
        let size = terminal.size()
        state = PagerState(corpus: search.corpus, index: search.index, request: search.request, current: current,
                           rows: size.rows, columns: size.columns)
    }

    /// Runs until `q` (or a stop signal); returns the final state, with the terminal restored.
    func run() -> PagerState {
        guard terminal.enter() else { return state }
        let corpus = self.corpus
        searcher = Searcher(
            debounce: .milliseconds(10), engine: Searcher.refiningEngine(over: corpus, timeout: searchTimeout),
            deliver: { [self] result in self.queue.async { self.apply(.results(result.request, result.index)) } },
            fail: { [self] _, request, error in
                // A bad pattern or the time limit: said in the status line, never "searching…" forever.
                let message = ControlSequences.stripped(String(describing: error))
                self.queue.async { self.apply(.searchFailed(request, message)) }
            })
        queue.sync {
            terminal.handleSignals(on: queue, resized: { [weak self] in
                guard let self else { return }
                let size = self.terminal.size()
                self.apply(.resize(rows: size.rows, columns: size.columns))
            }, stopped: { [weak self] in self?.finish() })
            draw()
        }
        terminal.readInput { [self] bytes in
            self.queue.async {
                guard !self.finished else { return }
                for key in self.decoder.keys(from: bytes) { self.apply(.key(key)) }
            }
        }
        done.wait()
        return queue.sync { state }
    }

    private func apply(_ action: PagerAction) {
        guard !finished else { return }
        for effect in state.reduce(action) {
            switch effect {
            case .quit:
                finish()
                return
            case .search(let request):
                guard let searcher else { continue }
                Task { await searcher.submit(request) }
            case .cancelSearch:
                guard let searcher else { continue }
                Task { await searcher.cancel() }
            }
        }
        draw()
    }

    private func draw() {
        let lines = PagerView.render(state, look: look)
        // Each line, then "erase to the end of the line"; the status line last, without a line end.
        terminal.write("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n"))
    }

    private func finish() {
        guard !finished else { return }
        finished = true
        terminal.restore()
        done.signal()
    }
}
