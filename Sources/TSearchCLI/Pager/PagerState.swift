import TranscriptModel
import TranscriptSearch

/// A key the pager understands, decoded from the terminal's bytes (`KeyDecoder`).
enum PagerKey: Equatable, Sendable {
    case character(Character)
    case control(Character)  // Ctrl-N is .control("n")
    case enter, escape, backspace, tab
    case up, down, left, right, pageUp, pageDown, home, end
    case click(line: Int, column: Int)  // 0-based screen position
    case wheelUp, wheelDown
}

/// Everything that changes the pager: a key, a new terminal size, a search result.
enum PagerAction: Sendable {
    case key(PagerKey)
    case resize(rows: Int, columns: Int)
    case results(SearchRequest, HitIndex)
    /// The search for the request failed (a bad pattern, the time limit): the message says why.
    case searchFailed(SearchRequest, String)
}

/// What the pager asks its driver to do after an action.
enum PagerEffect: Equatable, Sendable {
    /// Search for this request (as you type, or after a toggle); the result comes back as `.results`.
    case search(SearchRequest)
    /// Stop the search in flight (Escape while "searching…"): no result is awaited any more.
    case cancelSearch
    case quit
}

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
    private(set) var corpus: Corpus
    private(set) var index: HitIndex
    /// Whether `index` covers every row of `corpus` (not when the rows grew and the search over
    /// all of them is still awaited).
    private(set) var hitsCoverAllRows = true
    private(set) var request: SearchRequest
    private(set) var cursor: HitCursor
    /// The first row on screen.
    private(set) var topRow = 0
    private(set) var rows: Int
    private(set) var columns: Int
    private(set) var mode: Mode = .navigating
    /// The keys (`?`) or the facet lines (`f`, `FacetSummary`) shown in place of the rows, until
    /// a key that does not scroll them closes them.
    private(set) var overlay: PagerOverlay?
    /// The request whose results are awaited, if any (shown as "searching…").
    private(set) var awaiting: SearchRequest?
    /// A one-time note for the status line ("went past the last hit and wrapped round").
    private(set) var note: String?
    /// The round of `Tab` completions on the `/` line, while `Tab` is pressed again.
    private(set) var completion: TabCompletion?
    /// The suggestions `Tab` completes from: made on the first `Tab` (O(rows)), again after the
    /// rows grow.
    private var catalog: SuggestionCatalog?

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

    private mutating func navigate(_ key: PagerKey) -> [PagerEffect] {
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

    private mutating func edit(_ key: PagerKey, tokens: [String], text: [Character], caret: Int, before: SearchRequest) -> [PagerEffect] {
        var tokens = tokens, text = text, caret = caret
        let previous = completion
        completion = nil
        switch key {
        case .tab:
            // Completes the word before the caret from the corpus's speakers, sections and files.
            let catalog = self.catalog ?? SuggestionCatalog(corpus: corpus, people: request.filter.people)
            self.catalog = catalog
            let done = TabCompletion.complete(text: text, caret: caret, previous: previous) { catalog }
            (text, caret, completion) = (done.text, done.caret, done.round)
            note = done.note
        case .enter:
            // A bad pattern is not taken: the line stays, saying what is wrong (Esc goes back).
            if let problem = problem(ofTyped: typedRequest(tokens: tokens, text: text)) {
                note = problem + " (Esc goes back)"
                return []
            }
            mode = .navigating
            return []
        case .escape, .control("c"), .control("g"):
            mode = .navigating
            guard before != request || awaiting != nil else { return [] }
            awaiting = before
            return [.search(before)]
        case .backspace:
            if caret == 0 {
                // At the start, Backspace takes the last filter off.
                guard !tokens.isEmpty else { return [] }
                tokens.removeLast()
            } else {
                text.remove(at: caret - 1)
                caret -= 1
            }
        case .control("u"):
            text.removeSubrange(0..<caret)
            caret = 0
        case .control("w"):
            var start = caret
            while start > 0, text[start - 1] == " " { start -= 1 }
            while start > 0, text[start - 1] != " " { start -= 1 }
            text.removeSubrange(start..<caret)
            caret = start
        case .left: caret = max(0, caret - 1)
        case .right: caret = min(text.count, caret + 1)
        case .home, .control("a"): caret = 0
        case .end, .control("e"): caret = text.count
        case .character(let character):
            text.insert(character, at: caret)
            caret += 1
        default:
            return []
        }
        // A token typed and finished with a space joins the filters, replacing one of its kind.
        (tokens, text, caret) = QueryLine.absorbTokens(tokens: tokens, text: text, caret: caret)
        mode = .editing(tokens: tokens, text: text, caret: caret, before: before)
        let next = typedRequest(tokens: tokens, text: text)
        // A bad pattern is said at once, in place; no search is started for it (an empty query
        // still goes to the searcher, which shows no hits for it).
        if let problem = problem(ofTyped: next) {
            // The search awaited for what was typed before is not wanted any more, unless it
            // carries a toggle (`r`, `i`, …) still on its way: its options are the ones typed with.
            if awaiting?.options == request.options { awaiting = nil }
            note = problem
            return []
        }
        guard next != (awaiting ?? request) else { return [] }
        awaiting = next
        return [.search(next)]
    }

    /// The request the `/` line says: its tokens and text, with the options of the search asked
    /// for last (a toggle's may still be on its way). Not validated.
    private func typedRequest(tokens: [String], text: [Character]) -> SearchRequest {
        let options = (awaiting ?? request).options
        // Who is who among the speakers stays what the pager was opened with.
        var people = RowFilter()
        people.people = request.filter.people
        return (try? SearchRequest(parsing: QueryLine.query(tokens: tokens, text: text), options: options, filter: people))
            ?? SearchRequest(text: String(text), options: options, filter: people)
    }

    /// What is wrong with `typed` (a bad pattern), as the status line says it; nil when it can be
    /// searched (an empty query too: the searcher shows no hits for it).
    private func problem(ofTyped typed: SearchRequest) -> String? {
        do {
            try typed.validate()
            return nil
        } catch where error.kind != .empty {
            return ControlSequences.stripped(error.description)
        } catch {
            return nil
        }
    }

    private mutating func toggle(_ change: (inout SearchOptions) -> Void) -> [PagerEffect] {
        var next = awaiting ?? request
        change(&next.options)
        awaiting = next
        return [.search(next)]
    }

    /// `s`: the next hit in `--sort best`'s order (exact hits first, then by edits, then by
    /// position), wrapping to the first.
    private mutating func stepBestFirst() {
        guard let current = cursor.current else {
            note = "no hits"
            return
        }
        let order = index.positionsBestFirst
        let at = order.firstIndex(of: current) ?? 0
        if at + 1 == order.count { note = "wrapped to the best hit" }
        cursor.select(order[(at + 1) % order.count])
        let edits = index.edits(ofHitAt: order[(at + 1) % order.count])
        if index.hasApproximateHits, note == nil { note = edits == 0 ? "exact" : "≈\(edits)" }
        if let current = cursor.current, !layout.rowsOnScreen.contains(index.hit(at: current).row) { centreOnCurrentHit() }
    }

    private mutating func step(_ steps: Int) {
        guard let current = cursor.current else {
            note = "no hits"
            return
        }
        // As in less: after scrolling away, n and N step from what is on screen, not from the hit.
        let onScreen = layout.rowsOnScreen
        if !onScreen.contains(index.hit(at: current).row), let position = hitFromScreen(onScreen, forward: steps > 0) {
            cursor.select(position)
            return
        }
        if cursor.move(by: steps) == .wrapped {
            // The status line shows where it landed; the note says how it got there.
            note = steps > 0 ? "went past the last hit and wrapped round" : "went past the first hit and wrapped round"
        }
        // The screen moves only when the current hit's row leaves it; then the row is centred.
        if let current = cursor.current, !layout.rowsOnScreen.contains(index.hit(at: current).row) { centreOnCurrentHit() }
    }

    /// The first hit on screen or after it (`forward`), or the last on screen or before it; nil when
    /// there is none that way (then the step wraps as usual).
    private func hitFromScreen(_ onScreen: Range<Int>, forward: Bool) -> Int? {
        if forward {
            var row = onScreen.lowerBound
            while row < corpus.rowCount {
                let positions = index.positions(inRow: row)
                if !positions.isEmpty { return positions.lowerBound }
                row += 1
            }
        } else {
            var row = min(onScreen.upperBound, corpus.rowCount) - 1
            while row >= 0 {
                let positions = index.positions(inRow: row)
                if !positions.isEmpty { return positions.upperBound - 1 }
                row -= 1
            }
        }
        return nil
    }

    /// What a scrolling key asks for, the rows' or an overlay's: the same keys scroll both.
    private enum Scroll {
        case lines(Int)
        case pages(Int)
        case top
        case bottom

        init?(_ key: PagerKey) {
            switch key {
            case .character("j"), .down, .wheelDown: self = .lines(1)
            case .character("k"), .up, .wheelUp: self = .lines(-1)
            case .character(" "), .pageDown, .control("f"): self = .pages(1)
            case .character("b"), .pageUp, .control("b"): self = .pages(-1)
            case .character("g"), .home: self = .top
            case .character("G"), .end: self = .bottom
            default: return nil
            }
        }
    }

    private mutating func scroll(by rows: Int) {
        topRow = min(max(0, topRow + rows), max(0, corpus.rowCount - 1))
    }

    private mutating func scrollToBottom() {
        topRow = max(0, corpus.rowCount - 1)
        guard corpus.rowCount > 0 else { return }
        // The last row's lines, then each row above it that still fits whole.
        var used = PagerLayout.height(ofRow: topRow, in: self)
        while topRow > 0 {
            let height = PagerLayout.height(ofRow: topRow - 1, in: self)
            if used + height > contentHeight { break }
            used += height
            topRow -= 1
        }
    }

    /// Puts the current hit's row in the middle of the screen.
    /// Makes the first hit of source `source` current and shows it (nothing when it has none).
    mutating func jumpToFirstHit(ofSource source: Int) {
        let rows = corpus.rows(ofSource: source)
        guard index.count(inRows: rows) > 0 else { return }
        _ = cursor.select(index.positions(inRow: rows.lowerBound).lowerBound)
        centreOnCurrentHit()
    }

    mutating func centreOnCurrentHit() {
        guard let current = cursor.current else { return }
        let row = index.hit(at: current).row
        var top = row
        var used = PagerLayout.height(ofRow: row, in: self)
        while top > 0 {
            let height = PagerLayout.height(ofRow: top - 1, in: self)
            if used + height > contentHeight / 2 + 1 { break }
            used += height
            top -= 1
        }
        topRow = top
    }
}
