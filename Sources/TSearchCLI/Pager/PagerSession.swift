import Dispatch
import TranscriptModel
import TranscriptSearch
import TranscriptStore

/// What the pager opens on: found on another thread while the screen already shows the loading's
/// progress, with what the loading had to say (printed once the pager is closed).
struct PagerOpening: Sendable {
    /// The search to show, or nil when there is nothing to show (`messages` say why).
    var search: SavedSearch?
    /// The hit made current at the start.
    var current: Int?
    /// Warnings and errors, each a line for standard error.
    var messages: [String]
}

/// The pager's event loop: one serial queue owns the state; input, signals and results post to it.
///
/// The screen opens at once: while the search it opens on is still loading (`run(opening:)`), the
/// status line shows the loading's progress (`LoadProgress`, redrawn ten times a second), `q`,
/// Escape and Ctrl-C leave, and every other key is kept and applied, in order, once the rows are
/// there (so `/budget` typed during a cold load edits the query as soon as it can).
final class PagerSession: @unchecked Sendable {
    // Everything mutable is touched on `queue` only; `@unchecked` for that reason.
    private let queue = DispatchQueue(label: "tsearch.pager")
    private let terminal: RawTerminal
    /// Nil while the search the pager opens on is loading.
    private var state: PagerState?
    private var decoder = KeyDecoder()
    private let done = DispatchSemaphore(value: 0)
    private var finished = false
    private var searcher: Searcher?
    /// `--timeout`: how long an as-you-type search may run.
    private let searchTimeout: Duration?
    /// Where the table of Unicode equivalents is kept between runs.
    private let equivalences: ScalarEquivalenceStore?
    /// Colour, or none (`--color never`, `NO_COLOR`): then hits are underlined, as less marks them.
    private let look: PagerView.Look

    /// What the opening's loading has read so far (nil: not counted, the status line says "loading…").
    private let progress: LoadProgress?
    private let began = ContinuousClock.now
    /// Keys pressed while loading, applied once the rows are there; and whether the last of them
    /// opened the query line (`/`) without closing it, so `q` is a letter of the query.
    private var typedAhead: [PagerKey] = []
    private var isTypingQuery = false
    /// Redraws the loading screen while the opening loads.
    private var ticker: DispatchSourceTimer?
    /// What the opening gave, once it has.
    private var opening: PagerOpening?
    /// The text of the query the pager opens on, when known before it loads (`/` starts from it).
    private let openingQuery: String

    init(
        mouse: Bool, look: PagerView.Look, timeout: Duration?, equivalences: ScalarEquivalenceStore?, progress: LoadProgress?,
        openingQuery: String = ""
    ) {
        self.openingQuery = openingQuery
        self.look = look
        terminal = RawTerminal(mouse: mouse)
        searchTimeout = timeout
        self.equivalences = equivalences
        self.progress = progress
    }

    /// Opens the screen, runs `open` on another thread while it shows the progress, then the pager
    /// on what it gave, until `q` (or a stop signal). Returns the final state, with the terminal
    /// restored, and what `open` gave; both nil when the user left before it was done (nil state
    /// alone: `open` had nothing to show).
    func run(opening open: @escaping @Sendable () -> PagerOpening) -> (state: PagerState?, opening: PagerOpening?) {
        guard terminal.enter() else {
            let opening = open()
            return (nil, PagerOpening(search: nil, current: nil, messages: opening.messages + ["the pager could not set up the terminal"]))
        }
        queue.sync {
            terminal.handleSignals(on: queue, resized: { [weak self] in
                guard let self else { return }
                let size = self.terminal.size()
                if self.state == nil { self.drawLoading() } else { self.apply(.resize(rows: size.rows, columns: size.columns)) }
            }, stopped: { [weak self] in self?.finish() })
            drawLoading()
            let ticker = DispatchSource.makeTimerSource(queue: queue)
            ticker.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
            ticker.setEventHandler { [weak self] in self?.drawLoading() }
            ticker.resume()
            self.ticker = ticker
        }
        DispatchQueue.global().async { [self] in
            let opened = open()
            self.queue.async { self.opened(opened) }
        }
        terminal.readInput { [self] bytes in
            self.queue.async {
                guard !self.finished else { return }
                for key in self.decoder.keys(from: bytes) {
                    if self.state == nil { self.keyWhileLoading(key) } else { self.apply(.key(key)) }
                }
            }
        }
        done.wait()
        return queue.sync { (state, opening) }
    }

    /// The opening is loaded: the pager starts on it (or ends, when there is nothing to show), and
    /// the keys typed meanwhile are applied.
    private func opened(_ opened: PagerOpening) {
        ticker?.cancel()
        ticker = nil
        opening = opened
        guard !finished else { return }
        guard let search = opened.search else { return finish() }
        let size = terminal.size()
        state = PagerState(corpus: search.corpus, index: search.index, request: search.request, current: opened.current,
                           rows: size.rows, columns: size.columns)
        searcher = Searcher(
            debounce: .milliseconds(10), engine: Searcher.refiningEngine(over: search.corpus, timeout: searchTimeout, equivalences: equivalences),
            deliver: { [self] result in self.queue.async { self.apply(.results(result.request, result.index)) } },
            fail: { [self] _, request, error in
                // A bad pattern or the time limit: said in the status line, never "searching…" forever.
                let message = ControlSequences.stripped(String(describing: error))
                self.queue.async { self.apply(.searchFailed(request, message)) }
            })
        let keys = typedAhead
        typedAhead = []
        for key in keys where !finished { apply(.key(key)) }
        if !finished { draw() }
    }

    /// A key pressed while the opening loads: `q` (unless typed into the query), Escape or Ctrl-C
    /// leave; anything else waits for the rows.
    private func keyWhileLoading(_ key: PagerKey) {
        switch key {
        case .escape where !isTypingQuery, .control("c"), .character("q") where !isTypingQuery:
            return finish()
        case .character("/") where !isTypingQuery:
            isTypingQuery = true
        case .enter, .escape:
            isTypingQuery = false
        default:
            break
        }
        typedAhead.append(key)
        drawLoading()
    }

    private func drawLoading() {
        guard !finished, state == nil else { return }
        let size = terminal.size()
        let snapshot = progress?.snapshot
        let text = snapshot.map { ProgressLine.text($0, elapsed: ContinuousClock.now - began, columns: size.columns) } ?? "loading…"
        // What is typed into the query ahead of the rows, as the query line will show it.
        var query = ""
        if isTypingQuery, let slash = typedAhead.lastIndex(of: .character("/")) {
            query = openingQuery
            for key in typedAhead[(slash + 1)...] {
                switch key {
                case .character(let character): query.append(character)
                case .backspace: if !query.isEmpty { query.removeLast() }
                case .control("u"): query = ""
                default: break
                }
            }
            query = "/" + ControlSequences.stripped(query) + "▏"
        }
        let lines = PagerView.loading(progress: text, typedAhead: query, rows: size.rows, columns: size.columns, look: look)
        terminal.write("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n"))
    }

    private func apply(_ action: PagerAction) {
        guard !finished, state != nil else { return }
        for effect in state?.reduce(action) ?? [] {
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
        guard let state else { return }
        let lines = PagerView.render(state, look: look)
        // Each line, then "erase to the end of the line"; the status line last, without a line end.
        terminal.write("\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n"))
    }

    private func finish() {
        guard !finished else { return }
        finished = true
        ticker?.cancel()
        ticker = nil
        terminal.restore()
        done.signal()
    }
}
