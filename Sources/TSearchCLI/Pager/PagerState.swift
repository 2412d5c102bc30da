import TranscriptModel
import TranscriptSearch

/// The pager as a value: what is loaded, the hits, the current hit, what is on screen, and the
/// query line being edited. `reduce` is the whole behaviour; `PagerView` draws it; nothing here
/// touches the terminal.
struct PagerState {
    enum Mode: Equatable {
        case navigating
        /// Editing the query: the active filters as tokens (`speaker:Dana`, shown apart and removed
        /// by Backspace at the start), the text's characters, the caret, and the request to go back
        /// to on Escape.
        case editing(tokens: [String], text: [Character], caret: Int, before: SearchRequest)
    }

    /// The rows shown: all of them, or, while the pager's search still loads, the part read so far
    /// (`grow(into:)` adds the rest).
    var corpus: Corpus
    var index: HitIndex
    /// Whether `index` covers every row of `corpus` (not when the rows grew and the search over
    /// all of them is still awaited).
    var hitsCoverAllRows = true
    var request: SearchRequest
    var cursor: HitCursor
    /// The first row on screen.
    var topRow = 0
    var rows: Int
    var columns: Int
    var mode: Mode = .navigating
    /// The keys (`?`) or the facet lines (`f`, `FacetSummary`) shown in place of the rows, until
    /// a key that does not scroll them closes them.
    var overlay: PagerOverlay?
    /// The request whose results are awaited, if any (shown as "searching…").
    var awaiting: SearchRequest?
    /// A one-time note for the status line ("went past the last hit and wrapped round").
    var note: String?
    /// The round of `Tab` completions on the `/` line, while `Tab` is pressed again.
    var completion: TabCompletion?
    /// The suggestions `Tab` completes from: made on the first `Tab` (O(rows)), again after the
    /// rows grow.
    var catalog: SuggestionCatalog?

    init(corpus: Corpus, index: HitIndex, request: SearchRequest, current: Int?, rows: Int, columns: Int) {
        self.corpus = corpus
        self.index = index
        self.request = request
        self.cursor = HitCursor(count: index.count, current: current)
        self.rows = max(rows, 3)
        self.columns = max(columns, 10)
        centreOnCurrentHit()
    }

    /// Lines available for rows: the screen less the status line.
    var contentHeight: Int { rows - 1 }

    /// The rows on screen and the screen lines they take, from `topRow` down.
    var layout: PagerLayout { PagerLayout(state: self) }

    /// The rows grow to `corpus`, which begins with the rows shown so far (the next part of a
    /// loading, or all of it): the hits, the current hit and the top row stay, since earlier rows
    /// do not move, and the request shown (or the one awaited, when one is) is searched again over
    /// every row; its results keep the current hit (`HitCursor.reanchored`).
    mutating func grow(into corpus: Corpus) -> [PagerEffect] {
        self.corpus = corpus
        catalog = nil
        let pending = awaiting ?? request
        awaiting = pending
        hitsCoverAllRows = false
        return [.search(pending)]
    }

    mutating func reduce(_ action: PagerAction) -> [PagerEffect] {
        // A note lasts until the next key, resize or applied result: a stale result (dropped) leaves
        // the error a pattern just got on screen.
        switch action {
        case .resize(let newRows, let newColumns):
            note = nil
            rows = max(newRows, 3)
            columns = max(newColumns, 10)
            centreOnCurrentHit()
            return []
        case .results(let finished, let newIndex):
            guard finished == awaiting || (awaiting == nil && finished == request) else { return [] }  // stale
            note = nil
            let onScreen = layout.rowsOnScreen
            let anchor = cursor.current.map { index.hit(at: $0) }.map { HitCursor.Anchor(row: $0.row, utf8Range: $0.utf8Range) }
            index = newIndex
            request = finished
            hitsCoverAllRows = true
            cursor = HitCursor.reanchored(in: newIndex, from: anchor, rowsOnScreen: onScreen)
            awaiting = nil
            if let current = cursor.current, !onScreen.contains(index.hit(at: current).row) { centreOnCurrentHit() }
            // A toggle's results came back while the / line holds a bad pattern: it is still said.
            if case .editing(let tokens, let text, _, _) = mode { note = problem(ofTyped: typedRequest(tokens: tokens, text: text)) }
            return []
        case .searchFailed(let failed, let message):
            guard failed == awaiting else { return [] }  // stale
            awaiting = nil
            note = message
            return []
        case .key(let key):
            note = nil
            if var shown = overlay, case .meetings(let meetings, let chosen) = shown.content {
                // The meetings' list: the scrolling keys choose one, Enter jumps to its first hit.
                let places: Int
                switch Scroll(key) {
                case .lines(let count)?: places = count
                case .pages(let count)?: places = count * max(1, contentHeight - 3)
                case .top?: places = -Int(Int32.max)
                case .bottom?: places = Int(Int32.max)
                case nil:
                    overlay = nil
                    if key == .enter, meetings.indices.contains(chosen) { jumpToFirstHit(ofSource: meetings[chosen].source) }
                    return []
                }
                shown.choose(by: places, height: contentHeight)
                overlay = shown
                return []
            }
            if var shown = overlay {
                // The keys that scroll the rows scroll it (Enter a line, as in less's help); q, Esc
                // or any other key closes it, and the pager stays.
                let lines: Int
                switch Scroll(key) ?? (key == .enter ? .lines(1) : nil) {
                case .lines(let count)?: lines = count
                case .pages(let count)?: lines = count * max(1, contentHeight - 1)
                case .top?: lines = -Int(Int32.max)
                case .bottom?: lines = Int(Int32.max)
                case nil:
                    overlay = nil
                    return []
                }
                shown.scroll(by: lines, columns: columns, height: contentHeight)
                overlay = shown
                return []
            }
            switch mode {
            case .navigating: return navigate(key)
            case .editing(let tokens, let text, let caret, let before): return edit(key, tokens: tokens, text: text, caret: caret, before: before)
            }
        }
    }

    mutating func navigate(_ key: PagerKey) -> [PagerEffect] {
        if let asked = Scroll(key) {
            switch asked {
            case .lines(let count): scroll(by: count)
            case .pages(let count): scroll(by: count * max(1, layout.rowsOnScreen.count - 1))
            case .top: topRow = 0
            case .bottom: scrollToBottom()
            }
            return []
        }
        switch key {
        case .character("q"), .control("c"): return [.quit]
        case .character("n"), .control("n"): step(1)
        case .character("N"), .control("p"): step(-1)
        case .right: step(1)
        case .left: step(-1)
        case .character("?"): overlay = PagerOverlay(.help)
        case .character("f"):
            // The same disjunctive counts as `search --facets` and the JSON summary.
            let facets = FacetSummary.facets(of: request, index: index, corpus: corpus)
            overlay = PagerOverlay(.lines(FacetSummary.screen(facets, edits: index)))
        case .character("m"):
            // The meetings with hits, by date, with their hit counts; Enter jumps to one.
            let meetings = MeetingList.summaries(of: corpus, filter: request.filter, hits: index, order: .date)
            overlay = PagerOverlay(.meetings(meetings, chosen: 0))
        case .escape where awaiting != nil:
            // A search that takes too long is given up; the hits shown stay.
            awaiting = nil
            note = "search cancelled"
            return [.cancelSearch]
        case .character("/"):
            mode = .editing(tokens: QueryLine.tokens(of: request.filter), text: Array(request.text), caret: request.text.count, before: request)
        case .character("i"): return toggle { $0.caseMatching = $0.caseMatching == .insensitive ? .sensitive : .insensitive }
        case .character("w"): return toggle { $0.words = $0.words == .anywhere ? .wholeWords : .anywhere }
        case .character("r"): return toggle { $0.syntax = $0.syntax == .verbatim ? .regularExpression : .verbatim }
        case .character("a"): return toggle { $0.diacritics = $0.diacritics == .sensitive ? .insensitive : .sensitive }
        case .character("o"): return toggle { $0.syntax = $0.syntax == .boolean ? .verbatim : .boolean }
        case .character("F"): return toggle { $0.forms.toggle() }
        case .character("z"):
            return toggle { options in
                options.fuzzy.toggle()
                // Approximate words are words: not a pattern, not their forms.
                if options.fuzzy {
                    options.forms = false
                    if options.syntax == .regularExpression { options.syntax = .verbatim }
                }
            }
        case .character("s"): stepBestFirst()
        case .click(let line, let column):
            if let position = layout.hit(atLine: line, column: column) {
                cursor.select(position)
            }
        default: break
        }
        return []
    }
}
