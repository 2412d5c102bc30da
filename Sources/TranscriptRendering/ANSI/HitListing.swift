import Dispatch
import TranscriptModel
import TranscriptSearch

/// The human listing of `tsearch search`: for each file with hits a heading, then one line per row
/// with hits (`k/N  time  Speaker: text`, every hit highlighted), with `contextRows` rows of context
/// around each (dimmed) and, with context, `--` between groups that are not adjacent, as grep does.
/// A hit across cues is shown whole: its first row carries its number, each following row it runs
/// into is shown (without a number, not dimmed) with its part highlighted.
///
/// ```
/// Samples/standup.vtt
///  3/52  00:01:12  Alice: we need the budget by Friday
///  4/52  00:01:15  Alice: so we need to cut the
///        00:01:17  Alice: budget by ten percent
/// ```
public struct HitListing: Sendable {
    public let corpus: Corpus
    public let index: HitIndex
    public let formatting: RowFormatting
    public let contextRows: Int
    /// Rows of context after each row with hits (grep's `-A`); `contextRows` unless told otherwise.
    public let contextAfter: Int
    /// The width of the widest hit number (`52/52`), and two spaces.
    private let numberWidth: Int

    /// A listing with `contextRows` rows of context before each row with hits and `contextAfter`
    /// (default: `contextRows`) after it.
    public init(corpus: Corpus, index: HitIndex, styler: Styler, contextRows: Int = 0, contextAfter: Int? = nil) {
        self.corpus = corpus
        self.index = index
        self.formatting = RowFormatting(styler: styler)
        self.contextRows = max(0, contextRows)
        self.contextAfter = max(0, contextAfter ?? contextRows)
        numberWidth = formatting.hitNumbers(0..<index.count, of: index.count).count + 2
    }

    /// The lines for one source: empty when it has no hits. `current` paints one hit apart.
    public func lines(forSource source: Int, current: Int? = nil) -> [String] {
        var lines: [String] = []
        forEachLine(forSource: source, current: current) {
            lines.append($0)
            return true
        }
        return lines
    }

    /// The lines for one source handed over one at a time (a listing of a million hits is printed
    /// as it is made, never held whole); `body` returns false to stop.
    public func forEachLine(forSource source: Int, current: Int? = nil, _ body: (String) -> Bool) {
        let rows = corpus.rows(ofSource: source)
        guard index.count(inRows: rows) > 0 else { return }
        let styler = formatting.styler
        guard body(styler.paint(ControlSequences.stripped(corpus.sources[source].path), .path)) else { return }
        var shownTitle: String?
        for shown in ContextRows.shown(in: rows, index: index, before: contextRows, after: contextAfter, corpus: corpus) {
            if contextRows + contextAfter > 0, shown.startsGroup { guard body(styler.paint("--", .separator)) else { return } }
            let value = corpus.row(at: shown.row)
            if let title = value.title, title != shownTitle {
                guard body(styler.paint("§ " + ControlSequences.stripped(title), .section)) else { return }
            }
            shownTitle = value.title
            guard body(line(for: value, at: shown.row, current: current)) else { return }
        }
    }

    /// The same lines as `forEachLine`, each ending in a line end, handed over in pieces of
    /// `rowsPerPiece` rows in order: the pieces of a round are formatted on every core at once
    /// (`cores` of them), so a listing of a million hits is made in parallel and still printed as
    /// it is made. `body` returns false to stop.
    public func forEachPiece(
        forSource source: Int, current: Int? = nil, rowsPerPiece: Int = 2048, cores: Int = 2, _ body: (String) -> Bool
    ) {
        let rows = corpus.rows(ofSource: source)
        guard index.count(inRows: rows) > 0 else { return }
        guard body(formatting.styler.paint(ControlSequences.stripped(corpus.sources[source].path), .path) + "\n") else { return }
        let shown = Array(ContextRows.shown(in: rows, index: index, before: contextRows, after: contextAfter, corpus: corpus))
        let pieces = stride(from: 0, to: shown.count, by: max(1, rowsPerPiece)).map { $0..<min($0 + max(1, rowsPerPiece), shown.count) }
        var next = 0
        while next < pieces.count {
            let round = Array(pieces[next..<min(pieces.count, next + max(1, cores))])
            let texts = PieceTexts(count: round.count)
            defer { texts.free() }
            DispatchQueue.concurrentPerform(iterations: round.count) { piece in
                // Each iteration writes its own slot; the corpus and the hits are only read.
                texts.slots[piece] = text(of: shown, in: round[piece], current: current)
            }
            for text in texts.slots { guard body(text) else { return } }
            next += round.count
        }
    }

    /// The lines of `shown[range]`, each with its line end: the group separator and section title
    /// before a row as `forEachLine` writes them (the title compared with the row before the piece).
    private func text(of shown: [ContextRows.Shown], in range: Range<Int>, current: Int?) -> String {
        let styler = formatting.styler
        var out = ""
        var shownTitle = range.lowerBound > 0 ? corpus.row(at: shown[range.lowerBound - 1].row).title : nil
        for entry in shown[range] {
            if contextRows + contextAfter > 0, entry.startsGroup {
                out += styler.paint("--", .separator)
                out += "\n"
            }
            let value = corpus.row(at: entry.row)
            if let title = value.title, title != shownTitle {
                out += styler.paint("§ " + ControlSequences.stripped(title), .section)
                out += "\n"
            }
            shownTitle = value.title
            out += line(for: value, at: entry.row, current: current)
            out += "\n"
        }
        return out
    }

    /// One hit in its context, for `tsearch next`/`show`: a header naming the hit
    /// (`hit 3 of 17 · 00:06:32 · Alice · standup.vtt · § Budget`, the time and speaker of the row
    /// the hit starts in), then the hit's rows with `contextRows` rows each side (within its file),
    /// the hit painted as current.
    public func lines(aroundHit position: Int) -> [String] {
        let hit = index.hit(at: position)
        let row = corpus.row(at: hit.row)
        let styler = formatting.styler
        var header = ["hit \(position + 1) of \(index.count)"]
        if let start = row.start { header.append(styler.paint(start.formatted, .time)) }
        if let speaker = row.speaker { header.append(styler.paint(ControlSequences.stripped(speaker), .speaker)) }
        header.append(styler.paint(ControlSequences.stripped(row.locator.file), .path))
        if let title = row.title { header.append(styler.paint("§ " + ControlSequences.stripped(title), .section)) }
        let source = corpus.rows(ofSource: corpus.source(ofRow: hit.row))
        let lastRow = index.lastRow(ofHitAt: position, in: corpus)
        let shown = max(source.lowerBound, hit.row - contextRows)...min(source.upperBound - 1, lastRow + contextRows)
        return [header.joined(separator: " · ")] + shown.map { line(for: corpus.row(at: $0), at: $0, current: position) }
    }

    /// `k/N  time  Speaker: text` for a row with hits, the same without the number for a row a hit
    /// runs into, and dimmed without the number for context.
    private func line(for value: Row, at row: Int, current: Int?) -> String {
        let styler = formatting.styler
        let positions = index.positions(inRow: row)
        let number = positions.isEmpty ? "" : formatting.hitNumbers(positions, of: index.count)
        let padded = String(repeating: " ", count: max(0, numberWidth - number.count)) + number
        let place = formatting.place(of: value)
        let gap = place.isEmpty ? "" : "  "  // a book's rows have no time or line
        let segments = index.segments(inRow: row, in: corpus)
        if segments.isEmpty {
            let speaker = value.speaker.map { ControlSequences.stripped($0) + ": " } ?? ""
            let text = ControlSequences.stripped(value.text)
            return styler.paint("\(padded)  \(place)\(gap)\(speaker)\(text)", .context)
        }
        // Appended to one string (a chain of `+` makes a string per step).
        var line = styler.paint(padded, .hitNumber)
        line.reserveCapacity(value.text.utf8.count + 64)
        line += "  "
        line += styler.paint(place, .time)
        line += gap
        line += formatting.speakerPrefix(of: value)
        line += formatting.highlighted(value.text, segments: segments, current: current)
        return line
    }
}

/// The texts of one round of pieces, one slot each, written by the threads that format them.
private final class PieceTexts: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<String>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: "")
    }

    func free() {
        slots.deinitialize().deallocate()
    }
}
