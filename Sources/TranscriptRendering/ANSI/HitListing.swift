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
        // The path, and the meeting's date when it has one.
        guard body(MeetingListing(styler: styler).heading(path: corpus.sources[source].path, facts: corpus.sources[source].facts)) else { return }
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
    /// it is made. `body` returns false to stop. The pieces are `forEachPieceOfBytes`'s, decoded.
    public func forEachPiece(
        forSource source: Int, current: Int? = nil, rowsPerPiece: Int = 2048, cores: Int = 2, _ body: (String) -> Bool
    ) {
        forEachPieceOfBytes(forSource: source, current: current, rowsPerPiece: rowsPerPiece, cores: cores) {
            body(String(decoding: $0, as: UTF8.self))
        }
    }

    /// `forEachPiece`'s pieces as UTF-8 bytes, each line written straight into its piece's buffer
    /// (no `String` per line): what a command writes to its output. The bytes are those of
    /// `forEachLine`'s lines, each with a line end.
    public func forEachPieceOfBytes(
        forSource source: Int, current: Int? = nil, rowsPerPiece: Int = 2048, cores: Int = 2,
        _ body: (UnsafeBufferPointer<UInt8>) -> Bool
    ) {
        let rows = corpus.rows(ofSource: source)
        guard index.count(inRows: rows) > 0 else { return }
        // The path, and the meeting's date when it has one.
        let heading = Array((MeetingListing(styler: formatting.styler).heading(path: corpus.sources[source].path, facts: corpus.sources[source].facts) + "\n").utf8)
        guard heading.withUnsafeBufferPointer(body) else { return }
        let shown = Array(ContextRows.shown(in: rows, index: index, before: contextRows, after: contextAfter, corpus: corpus))
        let pieces = stride(from: 0, to: shown.count, by: max(1, rowsPerPiece)).map { $0..<min($0 + max(1, rowsPerPiece), shown.count) }
        let codes = PaintCodes(formatting.styler)
        // One buffer per core, reused from round to round (a fresh one would be paged in each time).
        let texts = ThreadSlots(count: max(1, cores), repeating: ByteBuffer(capacity: 0))
        for slot in texts.slots.indices { texts[slot] = ByteBuffer(capacity: 256 << 10) }
        defer {
            texts.slots.forEach { $0.free() }
            texts.free()
        }
        var next = 0
        while next < pieces.count {
            let round = Array(pieces[next..<min(pieces.count, next + max(1, cores))])
            DispatchQueue.concurrentPerform(iterations: round.count) { piece in
                // Each iteration writes its own slot; the corpus and the hits are only read.
                texts.slots[piece].removeAll()
                write(shown, in: round[piece], current: current, codes: codes, to: &texts.slots[piece])
            }
            for text in texts.slots.prefix(round.count) { guard body(text.bytes) else { return } }
            next += round.count
        }
    }

    /// The lines of `shown[range]`, each with its line end: the group separator and section title
    /// before a row as `forEachLine` writes them (the title compared with the row before the piece).
    private func write(
        _ shown: [ContextRows.Shown], in range: Range<Int>, current: Int?, codes: PaintCodes, to out: inout ByteBuffer
    ) {
        let styler = formatting.styler
        var shownTitle = range.lowerBound > 0 ? corpus.title(ofRow: shown[range.lowerBound - 1].row) : nil
        for entry in shown[range] {
            if contextRows + contextAfter > 0, entry.startsGroup {
                out.append(styler.paint("--", .separator))
                out.append(UInt8(ascii: "\n"))
            }
            let title = corpus.title(ofRow: entry.row)
            if let title, title != shownTitle {
                out.append(styler.paint("§ " + ControlSequences.stripped(title), .section))
                out.append(UInt8(ascii: "\n"))
            }
            shownTitle = title
            if !appendLine(forRow: entry.row, current: current, codes: codes, to: &out) {
                out.append(line(for: corpus.row(at: entry.row), at: entry.row, current: current))
            }
            out.append(UInt8(ascii: "\n"))
        }
    }

    /// `line(for:at:current:)`'s bytes appended to `out`, for the usual row: timed, its text and
    /// speaker free of control characters (nothing to strip). False, with nothing appended, for
    /// any other row (then the caller appends the `String` line).
    private func appendLine(forRow row: Int, current: Int?, codes: PaintCodes, to out: inout ByteBuffer) -> Bool {
        guard let start = corpus.times(ofRow: row).start else { return false }
        let speaker = corpus.speaker(ofRow: row)
        if let speaker, ControlSequences.hasControlCharacters(speaker) { return false }
        return corpus.withTextBytes(ofRow: row) { text in
            guard !ControlSequences.hasControlBytes(text) else { return false }
            let positions = index.positions(inRow: row)
            // A row without hits of its own is context unless a hit runs into it (rare).
            let isContext = positions.isEmpty && index.segments(inRow: row, in: corpus).isEmpty
            func padded() {
                // `formatting.hitNumbers`: `3/52`, or `3-4/52` for a row holding hits 3 and 4.
                guard !positions.isEmpty else {
                    out.appendSpaces(numberWidth)
                    return
                }
                let (first, last, total) = (positions.lowerBound + 1, positions.upperBound, index.count)
                let width = (first == last ? 0 : ByteBuffer.digits(first) + 1) + ByteBuffer.digits(last) + 1 + ByteBuffer.digits(total)
                out.appendSpaces(numberWidth - width)
                if first != last {
                    out.appendDecimal(first)
                    out.append(UInt8(ascii: "-"))
                }
                out.appendDecimal(last)
                out.append(UInt8(ascii: "/"))
                out.appendDecimal(total)
            }
            func place() {
                RowFormatting.appendClock(start, to: &out)
                out.appendSpaces(2)  // the gap after a place
            }
            if isContext {
                // A context row: the whole line dimmed (it is never empty: the number's padding).
                codes.open(.context, in: &out)
                padded()
                out.appendSpaces(2)
                place()
                if let speaker {
                    out.append(speaker)
                    out.append(UInt8(ascii: ":"))
                    out.append(UInt8(ascii: " "))
                }
                out.append(text)
                codes.close(.context, in: &out)
                return true
            }
            codes.open(.hitNumber, in: &out)
            padded()
            codes.close(.hitNumber, in: &out)
            out.appendSpaces(2)
            codes.open(.time, in: &out)
            RowFormatting.appendClock(start, to: &out)
            codes.close(.time, in: &out)
            out.appendSpaces(2)
            codes.appendSpeakerPrefix(speaker, to: &out)
            codes.appendHighlighted(text, row: row, index: index, corpus: corpus, current: current, to: &out)
            if let marks = ApproximateMarks.suffix(forRow: row, index: index, corpus: corpus, styler: formatting.styler) { out.append(marks) }
            return true
        }
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
        header.append(styler.paint(ControlSequences.escaped(row.locator.file), .path))
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
        line += ApproximateMarks.suffix(forRow: row, index: index, corpus: corpus, styler: styler) ?? ""
        return line
    }
}

/// A `Styler`'s colours as the bytes that open each role the listing's lines use (none when
/// colour is off), and the one that closes them: `Styler.paint` for a byte buffer.
struct PaintCodes: Sendable {
    let hitNumber, time, speaker, match, currentMatch, context: [UInt8]
    static let reset = Array("\u{1B}[0m".utf8)

    init(_ styler: Styler) {
        func code(_ role: ANSIStyle.Role) -> [UInt8] {
            guard styler.isEnabled, let sgr = styler.style.sgr[role] else { return [] }
            return Array("\u{1B}[\(sgr)m".utf8)
        }
        (hitNumber, time, speaker, match, currentMatch, context) =
            (code(.hitNumber), code(.time), code(.speaker), code(.match), code(.currentMatch), code(.context))
    }

    private func opening(_ role: ANSIStyle.Role) -> [UInt8] {
        switch role {
        case .hitNumber: hitNumber
        case .time: time
        case .speaker: speaker
        case .match: match
        case .currentMatch: currentMatch
        case .context: context
        case .path, .section, .separator, .warning: []
        }
    }

    /// Opens `role`'s colour (for text that is not empty: `paint` leaves empty text alone).
    func open(_ role: ANSIStyle.Role, in out: inout ByteBuffer) {
        let code = opening(role)
        if !code.isEmpty { out.append(code) }
    }

    /// Closes `role`'s colour, when it had one.
    func close(_ role: ANSIStyle.Role, in out: inout ByteBuffer) {
        if !opening(role).isEmpty { out.append(Self.reset) }
    }
}

extension PaintCodes {
    /// `RowFormatting.speakerPrefix`'s bytes (`Alice: `, the name painted; nothing without a
    /// speaker), for a speaker with nothing to strip.
    func appendSpeakerPrefix(_ speaker: String?, to out: inout ByteBuffer) {
        guard let speaker else { return }
        if !speaker.isEmpty { open(.speaker, in: &out) }
        out.append(speaker)
        if !speaker.isEmpty { close(.speaker, in: &out) }
        out.append(UInt8(ascii: ":"))
        out.append(UInt8(ascii: " "))
    }

    /// `RowFormatting.highlighted`'s bytes for row `row`'s `text` (with nothing to strip): each hit
    /// segment painted, the `current` hit's in its own colour; ranges clamped to the text,
    /// overlapping ones skipped.
    func appendHighlighted(
        _ text: UnsafeBufferPointer<UInt8>, row: Int, index: HitIndex, corpus: Corpus, current: Int?, to out: inout ByteBuffer
    ) {
        var cursor = 0
        index.forEachSegment(inRow: row, in: corpus) { segment in
            let lower = min(segment.utf8Range.lowerBound, text.count)
            let upper = max(lower, min(segment.utf8Range.upperBound, text.count))
            guard lower >= cursor else { return }
            out.append(UnsafeBufferPointer(rebasing: text[cursor..<lower]))
            let role: ANSIStyle.Role = segment.position == current ? .currentMatch : .match
            if upper > lower { open(role, in: &out) }
            out.append(UnsafeBufferPointer(rebasing: text[lower..<upper]))
            if upper > lower { close(role, in: &out) }
            cursor = upper
        }
        out.append(UnsafeBufferPointer(rebasing: text[cursor...]))
    }
}
