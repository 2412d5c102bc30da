import TranscriptModel
import TranscriptRendering
import TranscriptSearch

/// Draws a `PagerState` as the screen's lines (styled with ANSI colours), the status line last.
/// Content lines are not padded: the driver clears each line's rest, so a terminal that draws an
/// emoji sequence wider than Unicode says can never push a line onto the next. Pure: the same state
/// and size give the same frame.
enum PagerView {
    /// The pager's keys and what each does: the `?` screen, `tsearch help pager` and the manual's
    /// PAGER KEYS section are made from this one list.
    static let keys: [(keys: String, action: String)] = [
        ("n  N  Ctrl-N  Ctrl-P  ← →", "next / previous hit (wraps; after scrolling, from the screen)"),
        ("j  k  ↓ ↑", "scroll a row"),
        ("Space  b  PgDn  PgUp", "scroll a screen"),
        ("g  G  Home  End", "top / bottom"),
        ("/", "edit the query: filters as [tokens], hits counted as you type; Enter keeps it, Esc goes back"),
        ("Backspace (after /)", "at the start, takes the last filter token off; a new speaker: replaces the old"),
        ("Tab (after /)", "completes speaker:, section:, file: and their names (Tab again: the next)"),
        ("i  w  r  a", "toggle case, whole words, regex, accents"),
        ("o  F", "toggle words and operators (--bool: a b, a|b, -c, \"a b\"), word forms (--forms)"),
        ("z  s", "toggle approximate words (--fuzzy, hits marked ≈N); next hit best first (exact, then by edits)"),
        ("Esc", "give up a search that takes too long"),
        ("f  m  ?  q", "hit counts (facets), the meetings with hits (Enter: the first hit of one), this help, quit"),
    ]

    /// How the screen is drawn: in colour; without colour (`--color never`, `NO_COLOR`), hits
    /// underlined, the current one and the status line in reverse video, as less marks them; or as
    /// plain text (for tests).
    enum Look: Sendable { case colour, monochrome, plain }

    /// The screen's lines for `state`; `colour` false draws them as plain text.
    static func render(_ state: PagerState, colour: Bool = true) -> [String] {
        render(state, look: colour ? .colour : .plain)
    }

    /// The screen's lines for `state` drawn with `look`; `loading`, while the rows shown are the
    /// part of the search's files read so far, is the loading's progress for the status line.
    static func render(_ state: PagerState, look: Look, loading: String? = nil) -> [String] {
        let styler = Styler(isEnabled: look == .colour)
        var screen: [String] = []
        if let overlay = state.overlay {
            screen = overlay.lines(columns: state.columns).dropFirst(overlay.top).prefix(state.contentHeight)
                .map { clip(ControlSequences.stripped($0), to: state.columns) }
        } else {
            for line in state.layout.lines { screen.append(draw(line.cells, width: state.columns, styler: styler, look: look)) }
        }
        while screen.count < state.contentHeight { screen.append(styler.paint("~", .separator)) }
        screen.append(statusLine(state, reversed: look != .plain, loading: loading))
        return screen
    }

    private static func draw(_ cells: [PagerLayout.Cell], width: Int, styler: Styler, look: Look) -> String {
        var out = ""
        var run = ""
        var runStyle: PagerLayout.Style = .plain
        var used = 0
        func flush() {
            guard !run.isEmpty else { return }
            switch runStyle {
            case .plain: out += run
            case .time: out += styler.paint(run, .time)
            case .speaker: out += styler.paint(run, .speaker)
            case .hit: out += look == .monochrome ? "\u{1B}[4m" + run + "\u{1B}[24m" : styler.paint(run, .match)
            case .current: out += look == .monochrome ? "\u{1B}[7m" + run + "\u{1B}[27m" : styler.paint(run, .currentMatch)
            case .context: out += styler.paint(run, .context)
            case .header: out += look == .monochrome ? "\u{1B}[1m" + run + "\u{1B}[22m" : styler.paint(run, .path)
            }
            run = ""
        }
        for cell in cells {
            if cell.style != runStyle { flush(); runStyle = cell.style }
            run.append(cell.character)
            used += TerminalWidth.of(cell.character)
        }
        flush()
        return out
    }

    private static func statusLine(_ state: PagerState, reversed: Bool, loading: String?) -> String {
        let text: String
        if case .editing(let tokens, let typed, let caret, _) = state.mode {
            // The filters as tokens, the text with its caret, then what the typing finds so far:
            // the hit count, "searching…", or what is wrong with the pattern.
            let chips = tokens.map { "[" + ControlSequences.stripped($0) + "] " }.joined()
            let found = state.note ?? (state.awaiting != nil ? "searching…" : "\(state.index.count) \(state.index.count == 1 ? "hit" : "hits")")
            text = "/" + chips + String(typed[..<caret]) + "▏" + String(typed[caret...]) + "   · " + found
                + (loading.map { " · " + $0 } ?? "")
        } else {
            text = navigatingStatus(state, loading: loading)
        }
        let clipped = clip(text, to: state.columns)
        let padded = clipped + String(repeating: " ", count: max(0, state.columns - TerminalWidth.of(clipped)))
        return reversed ? "\u{1B}[7m" + padded + "\u{1B}[0m" : padded
    }

    /// `"budget"  hit 3/48 · 00:00:26 · Alice · team-04/meeting-038.vtt 2026-03-14 · § Budget · [w] · ?: help`:
    /// the path as the search named it (relative to where it ran) and the meeting's date when it
    /// has one, the section of a book's row.
    /// When that is wider than the screen it shortens step by step, the least needed first: the
    /// help hint, the section, the speaker, the query (`"a long que…"`), the options, the time,
    /// and last the path's folders (`…/meeting-038.vtt`); what is left is cut at the edge. While
    /// the rows are still loading, `loading` (the progress) follows the hit count, in place of
    /// the help hint: `"budget"  hit 3/12 · reading 812/2000 files · 30.1/85.0 MB · … · 00:00:26`.
    static func navigatingStatus(_ state: PagerState, loading: String? = nil) -> String {
        var query = ControlSequences.stripped(state.request.description)
        var head: String
        var time: String?, speaker: String?, path: String?, section: String?
        if let current = state.cursor.current {
            let row = state.corpus.row(at: state.index.hit(at: current).row)
            head = "hit \(current + 1)/\(state.index.count)"
            time = row.start.map { $0.formatted.dropLast(4).description }
            speaker = row.speaker.map { ControlSequences.stripped($0) }
            path = ControlSequences.escaped(row.locator.file)
            // The meeting's date, when it has one.
            if let date = state.corpus.sources[row.id.source].facts.date { path = (path ?? "") + " " + date.formatted }
            section = row.title.map { "§ " + ControlSequences.stripped($0) }
        } else {
            head = state.request.text.isEmpty && state.request.filter.isEmpty ? "no query: press /" : "no hits"
        }
        let options = state.request.options
        var flags: String? = [options.caseMatching == .sensitive ? "[Aa]" : nil, options.words == .wholeWords ? "[w]" : nil,
                              options.syntax == .regularExpression ? "[.*]" : nil, options.diacritics == .insensitive ? "[é=e]" : nil,
                              options.syntax == .boolean ? "[bool \(options.within)]" : nil, options.forms ? "[forms]" : nil,
                              options.fuzzy ? "[\(options.fuzzyComparison == .sound ? "sounds-like" : "fuzzy")\(options.fuzzyEdits.map { " ≤\($0)" } ?? "")]" : nil]
            .compactMap { $0 }.joined(separator: " ")
        let searching = state.awaiting != nil ? "searching…" : nil
        var help: String? = loading == nil ? "?: help" : nil
        func composed() -> String {
            "\"" + query + "\"  " + [head, loading, time, speaker, path, section, flags, searching, state.note, help]
                .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " · ")
        }
        let shortenings: [() -> Void] = [
            { help = nil },
            { section = nil },
            { speaker = nil },
            { if query.count > 16 { query = String(query.prefix(15)) + "…" } },
            { flags = nil },
            { time = nil },
            { path = path.map { path in path.contains("/") ? "…/" + (path.split(separator: "/").last.map(String.init) ?? path) : path } },
        ]
        var text = composed()
        for shorten in shortenings where TerminalWidth.of(text) > state.columns {
            shorten()
            text = composed()
        }
        return text
    }

    /// The screen while the pager's search is still loading: empty rows (`~`), then a status line
    /// with the loading's progress (`ProgressLine.text`), the keys typed ahead (applied once the
    /// rows are there) and how to leave.
    static func loading(progress: String, typedAhead: String, rows: Int, columns: Int, look: Look) -> [String] {
        let styler = Styler(isEnabled: look == .colour)
        var screen = Array(repeating: styler.paint("~", .separator), count: max(rows, 3) - 1)
        let text = (typedAhead.isEmpty ? "" : typedAhead + "   · ") + progress + " · q: quit"
        let clipped = clip(text, to: columns)
        let padded = clipped + String(repeating: " ", count: max(0, columns - TerminalWidth.of(clipped)))
        screen.append(look != .plain ? "\u{1B}[7m" + padded + "\u{1B}[0m" : padded)
        return screen
    }

    private static func clip(_ text: String, to width: Int) -> String {
        var used = 0
        var out = ""
        for character in text {
            let columns = TerminalWidth.of(character)
            if used + columns > width { break }
            out.append(character)
            used += columns
        }
        return out
    }

}
