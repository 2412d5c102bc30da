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
///
/// When the loading hands out the rows read so far (`LoadProgress.takePartial()`, on a doubling
/// schedule), the pager opens on the first part it gets, its opening query searched over it, and
/// the status line goes on showing the progress: hits appear as files are read, and keys work on
/// what is there. Each bigger part, and at last the whole search, is swapped in keeping the
/// query (the one typed since, if any), the current hit and the top row: earlier rows never move.
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
    /// The request searched over the parts of the loading read so far; nil: the pager waits for
    /// the whole search (a saved search, whose request is only known once it is read).
    private let partialRequest: SearchRequest?
    /// Whether the first part's search is running (no other part is taken meanwhile).
    private var searchingFirstPart = false
    /// Counts the searchers made: results from one over fewer rows than shown are dropped.
    private var generation = 0

    init(
        mouse: Bool, look: PagerView.Look, timeout: Duration?, equivalences: ScalarEquivalenceStore?, progress: LoadProgress?,
        openingQuery: String = "", partialRequest: SearchRequest? = nil
    ) {
        self.openingQuery = openingQuery
        self.partialRequest = partialRequest
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
            ticker.setEventHandler { [weak self] in self?.tick() }
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
    /// the keys typed meanwhile are applied; or, when it shows a part already, the whole is
    /// swapped in (the opening's hits taken as they are when the query is still the opening's).
    private func opened(_ opened: PagerOpening) {
        ticker?.cancel()
        ticker = nil
        opening = opened
        guard !finished else { return }
        guard let search = opened.search else { return finish() }
        guard var grown = state else {
            return start(corpus: search.corpus, index: search.index, request: search.request, current: opened.current)
        }
        _ = grown.grow(into: search.corpus)
        state = grown
        makeSearcher(over: search.corpus)
        if grown.awaiting == search.request {
            apply(.results(search.request, search.index))
        } else {
            if let pending = grown.awaiting { submit(pending) }
            draw()
        }
    }

    /// The pager starts on `corpus` (all of the search's rows or the part read so far) with its
    /// hits, and the keys typed meanwhile are applied.
    private func start(corpus: Corpus, index: HitIndex, request: SearchRequest, current: Int?) {
        let size = terminal.size()
        state = PagerState(corpus: corpus, index: index, request: request, current: current, rows: size.rows, columns: size.columns)
        makeSearcher(over: corpus)
        let keys = typedAhead
        typedAhead = []
        for key in keys where !finished { apply(.key(key)) }
        if !finished { draw() }
    }

    /// A searcher over `corpus` for the pager's searches; the one before is stopped, and what it
    /// still delivers is dropped.
    private func makeSearcher(over corpus: Corpus) {
        if let old = searcher { Task { await old.cancel() } }
        generation += 1
        let made = generation
        searcher = Searcher(
            debounce: .milliseconds(10), engine: Searcher.refiningEngine(over: corpus, timeout: searchTimeout, equivalences: equivalences),
            deliver: { [self] result in
                self.queue.async { if made == self.generation { self.apply(.results(result.request, result.index)) } }
            },
            fail: { [self] _, request, error in
                // A bad pattern or the time limit: said in the status line, never "searching…" forever.
                let message = ControlSequences.stripped(String(describing: error))
                self.queue.async { if made == self.generation { self.apply(.searchFailed(request, message)) } }
            })
    }

    private func submit(_ request: SearchRequest) {
        guard let searcher else { return }
        Task { await searcher.submit(request) }
    }

    /// Ten times a second while the opening loads: a new part of the rows is shown when the
    /// loading has one, and the progress redrawn.
    private func tick() {
        guard !finished, opening == nil else { return }
        if let request = partialRequest, !searchingFirstPart, let part = progress?.takePartial() {
            show(part.corpus, searching: request)
        }
        if state == nil { drawLoading() } else { draw() }
    }

    /// The loading's rows so far: the first part searched for `request` on another thread, then
    /// the pager opened on it; a later part swapped in.
    private func show(_ corpus: Corpus, searching request: SearchRequest) {
        guard var grown = state else {
            searchingFirstPart = true
            let equivalences = self.equivalences
            DispatchQueue.global().async { [self] in
                let index = (try? request.runner(equivalences: equivalences))?.search(corpus)
                self.queue.async {
                    self.searchingFirstPart = false
                    guard let index, !self.finished, self.opening == nil, self.state == nil else { return }
                    self.start(corpus: corpus, index: index, request: request, current: index.count > 0 ? 0 : nil)
                }
            }
            return
        }
        let effects = grown.grow(into: corpus)
        state = grown
        makeSearcher(over: corpus)
        for case .search(let pending) in effects { submit(pending) }
    }

    /// A key pressed while the opening loads: `q` (unless typed into the query), Escape or Ctrl-C
    /// leave; anything else waits for the rows.
    private func keyWhileLoading(_ key: PagerKey) {
        switch key {
        case .escape where !isTypingQuery,
             .control("c"),
             .character("q") where !isTypingQuery:
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
                submit(request)
            case .cancelSearch:
                guard let searcher else { continue }
                Task { await searcher.cancel() }
            }
        }
        draw()
    }

    private func draw() {
        guard let state else { return }
        // While the rows are a part of the search's, the status line shows the loading's progress.
        let loading = opening == nil ? progress.map { progress in
            ProgressLine.text(progress.snapshot, elapsed: ContinuousClock.now - began, columns: state.columns / 2)
        } : nil
        let lines = PagerView.render(state, look: look, loading: loading)
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
