import Dispatch
import TranscriptModel
import TranscriptSearch
import TranscriptStore

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
    /// Where the table of Unicode equivalents is kept between runs.
    private let equivalences: ScalarEquivalenceStore?

    /// Colour, or none (`--color never`, `NO_COLOR`): then hits are underlined, as less marks them.
    private let look: PagerView.Look

    init(search: SavedSearch, current: Int?, mouse: Bool, look: PagerView.Look, timeout: Duration?, equivalences: ScalarEquivalenceStore?) {
        self.look = look
        terminal = RawTerminal(mouse: mouse)
        searchTimeout = timeout
        self.equivalences = equivalences
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
            debounce: .milliseconds(10), engine: Searcher.refiningEngine(over: corpus, timeout: searchTimeout, equivalences: equivalences),
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
