import TranscriptModel
import TranscriptRendering
import TranscriptSearch

/// What is on screen: from the state's top row down, each row as the screen lines it wraps to, until
/// the content area is full. Every cell knows its character, its style and the hit it belongs to.
struct PagerLayout {
    enum Style: Equatable { case plain, time, speaker, hit, current, context, header }

    struct Cell: Equatable {
        var character: Character
        var style: Style
        var hit: Int?
    }

    struct Line {
        var row: Int
        var cells: [Cell]
    }

    let lines: [Line]
    let rowsOnScreen: Range<Int>

    init(state: PagerState) {
        var lines: [Line] = []
        var row = state.topRow
        while row < state.corpus.rowCount, lines.count < state.contentHeight {
            for cells in Self.wrappedCells(ofRow: row, in: state) where lines.count < state.contentHeight {
                lines.append(Line(row: row, cells: cells))
            }
            row += 1
        }
        self.lines = lines
        rowsOnScreen = state.topRow..<max(state.topRow, row)
    }

    /// The hit under a screen position, if any.
    func hit(atLine line: Int, column: Int) -> Int? {
        guard line >= 0, line < lines.count else { return nil }
        var used = 0
        for cell in lines[line].cells {
            let width = TerminalWidth.of(cell.character)
            if column < used + width { return cell.hit }
            used += width
        }
        return nil
    }

    static func height(ofRow row: Int, in state: PagerState) -> Int {
        wrappedCells(ofRow: row, in: state).count
    }

    /// `00:06:32  Alice: text`, hits styled (every part of a hit across cues in its row), wrapped
    /// to the screen width without splitting a grapheme; the first row of a file is preceded by a
    /// header line naming it (`── team-04/standup.vtt`), a row that starts a section (a book's
    /// chapter) by one naming the section (`§ 3. Budget Review`), each cut at the screen's edge.
    static func wrappedCells(ofRow row: Int, in state: PagerState) -> [[Cell]] {
        headerLines(ofRow: row, in: state) + textLines(ofRow: row, in: state)
    }

    /// The header lines before `row`: its file's path when it is the file's first row, its section
    /// when the section changes there.
    static func headerLines(ofRow row: Int, in state: PagerState) -> [[Cell]] {
        let corpus = state.corpus
        let source = corpus.source(ofRow: row)
        let isFirst = row == corpus.rows(ofSource: source).lowerBound
        var headers: [String] = []
        if isFirst { headers.append("── " + ControlSequences.escaped(corpus.sources[source].path)) }
        if let title = corpus.row(at: row).title, isFirst || corpus.row(at: row - 1).title != title { headers.append("§ " + title) }
        return headers.map { header in
            var cells: [Cell] = []
            var used = 0
            for character in ControlSequences.stripped(header) {
                let width = TerminalWidth.of(character)
                if used + width > state.columns { break }
                cells.append(Cell(character: character, style: .header, hit: nil))
                used += width
            }
            return cells
        }
    }

    /// The row's own lines: time, speaker and text, wrapped.
    static func textLines(ofRow row: Int, in state: PagerState) -> [[Cell]] {
        let value = state.corpus.row(at: row)
        let segments = state.index.segments(inRow: row, in: state.corpus)
        var cells: [Cell] = []
        func append(_ text: some StringProtocol, _ style: Style, hit: Int? = nil) {
            for character in ControlSequences.stripped(text) { cells.append(Cell(character: character, style: style, hit: hit)) }
        }
        if let start = value.start {
            append(start.formatted.dropLast(4), .time)
            append("  ", .plain)
        }
        if let speaker = value.speaker {
            append(speaker, .speaker)
            append(": ", .plain)
        }
        let text = value.text
        var cursor = text.startIndex
        let base: Style = segments.isEmpty ? .context : .plain
        for segment in segments {
            let range = segment.range(in: text)
            guard range.lowerBound >= cursor else { continue }
            append(text[cursor..<range.lowerBound], base)
            append(text[range], segment.position == state.cursor.current ? .current : .hit, hit: segment.position)
            cursor = range.upperBound
        }
        append(text[cursor...], base)
        return wrap(cells, columns: state.columns, indent: value.start != nil && state.columns >= 30 ? timeColumn : 0)
    }

    /// The width of the time column and the gap after it (`00:06:32  `): continuation lines start
    /// under the text, not under the time.
    static let timeColumn = 10

    /// `cells` broken into lines of at most `columns` display columns: at the last space that fits
    /// (a word is split only when it is longer than a line), never inside a grapheme, each line after
    /// the first indented by `indent` blank cells (a hanging indent).
    static func wrap(_ cells: [Cell], columns: Int, indent: Int) -> [[Cell]] {
        let blank = [Cell](repeating: Cell(character: " ", style: .plain, hit: nil), count: indent)
        var lines: [[Cell]] = [[]]
        var used = 0
        for cell in cells {
            let width = TerminalWidth.of(cell.character)
            if used + width > columns, !lines[lines.count - 1].isEmpty {
                let line = lines[lines.count - 1]
                let textStart = lines.count == 1 ? 0 : indent
                var carried: [Cell] = []
                // The word being written moves down whole when it fits on a line of its own; a line
                // may also break after a wide (CJK) character, as such text has no spaces.
                if let space = line.lastIndex(where: { $0.character == " " || TerminalWidth.of($0.character) == 2 }), space >= textStart {
                    let word = Array(line[(space + 1)...])
                    let wordWidth = word.reduce(0) { $0 + TerminalWidth.of($1.character) }
                    if indent + wordWidth + width <= columns {
                        carried = word
                        lines[lines.count - 1] = Array(line[..<(line[space].character == " " ? space : space + 1)])
                    }
                }
                lines.append(blank + carried)
                used = indent + carried.reduce(0) { $0 + TerminalWidth.of($1.character) }
                if used + width > columns {
                    // Too narrow for the indent and this character: no indent on this line.
                    lines[lines.count - 1] = carried
                    used -= indent
                }
            }
            lines[lines.count - 1].append(cell)
            used += width
        }
        return lines
    }
}
