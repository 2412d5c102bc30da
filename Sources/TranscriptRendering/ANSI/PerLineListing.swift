import Dispatch
import TranscriptModel
import TranscriptSearch

/// The listing of `tsearch search --no-heading` (the default when stdout is not a terminal), as
/// `rg --no-heading` prints `path:line:text`: one line per row with hits, each naming its file, so a
/// line piped through `grep` or `sort` still says where it came from.
///
/// ```
/// Samples/standup.vtt:00:01:12:Alice: we need the budget by Friday
/// Samples/standup.vtt-00:01:15-Alice: so we need to cut the        (context, with -A/-B/-C)
/// --                                                                (between groups, with context)
/// notes.txt:12:a row with a line and no time
/// ```
///
/// A row with hits (or one a hit across cues runs into) is `path:place:text`, a context row
/// `path-place-text`; the place is the row's time (`00:01:12`), else its line number (`12`, as rg's,
/// so an editor's `path:line:text` reader takes these lines), else its section (`§ Title`, a book's
/// row), else nothing (`path:text`). The speaker leads the text (`Alice: `). The hit numbers and the
/// section title rows of the grouped listing are left out: every line stands alone.
public struct PerLineListing: Sendable {
    /// The rows searched.
    public let corpus: Corpus
    /// The hits to list.
    public let index: HitIndex
    /// How a row's parts read (and are painted).
    public let formatting: RowFormatting
    /// Rows of context before each row with hits (grep's `-B`).
    public let contextBefore: Int
    /// Rows of context after the last row a row's hits reach (grep's `-A`).
    public let contextAfter: Int

    /// The order the files are listed in (`MeetingList.sourceOrder`); nil: as loaded.
    public let sourceOrder: [Int]?

    /// A listing of `index`'s hits over `corpus`, painted by `styler`, with context rows around,
    /// its files in `sourceOrder` (as loaded when nil).
    public init(corpus: Corpus, index: HitIndex, styler: Styler, contextBefore: Int, contextAfter: Int, sourceOrder: [Int]? = nil) {
        self.sourceOrder = sourceOrder
        self.corpus = corpus
        self.index = index
        self.formatting = RowFormatting(styler: styler)
        self.contextBefore = max(0, contextBefore)
        self.contextAfter = max(0, contextAfter)
    }

    /// The rows shown, in order, each with whether a `--` goes before it (grep's `--` also stands
    /// between the last group of one file and the first of the next).
    private func shownRows() -> [(row: Int, startsGroup: Bool)] {
        var gathered: [(row: Int, startsGroup: Bool)] = []
        for source in sourceOrder ?? Array(corpus.sources.indices) {
            let rows = corpus.rows(ofSource: source)
            guard index.count(inRows: rows) > 0 else { continue }
            let isFirstGroup = gathered.isEmpty
            for (offset, entry) in ContextRows.shown(in: rows, index: index, before: contextBefore, after: contextAfter, corpus: corpus).enumerated() {
                gathered.append((entry.row, entry.startsGroup || (offset == 0 && !isFirstGroup)))
            }
        }
        return gathered
    }

    /// Every line, each ending in a line end, handed over in pieces of up to `rowsPerPiece` rows in
    /// order; the pieces of a round are formatted on `cores` threads at once. `body` returns false
    /// to stop. The pieces are `forEachPieceOfBytes`'s, decoded.
    public func forEachPiece(rowsPerPiece: Int = 2048, cores: Int = 2, _ body: (String) -> Bool) {
        forEachPieceOfBytes(rowsPerPiece: rowsPerPiece, cores: cores) { body(String(decoding: $0, as: UTF8.self)) }
    }

    /// `forEachPiece`'s pieces as UTF-8 bytes, each usual line written straight into its piece's
    /// buffer (no `String` per line; any other row through `line(for:)`): what a command writes to
    /// its output.
    public func forEachPieceOfBytes(rowsPerPiece: Int = 2048, cores: Int = 2, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) {
        let shown = shownRows()
        let step = max(1, rowsPerPiece)
        let pieces = stride(from: 0, to: shown.count, by: step).map { $0..<min($0 + step, shown.count) }
        let codes = PaintCodes(formatting.styler)
        // Each file's path as its lines begin, painted once (nil when it must be shown escaped).
        let paths: [[UInt8]?] = corpus.sources.map { source in
            ControlSequences.escaped(source.path) == source.path ? Array(formatting.styler.paint(source.path, .path).utf8) : nil
        }
        // One buffer per core, reused from round to round.
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
                write(shown[round[piece]], paths: paths, codes: codes, to: &texts.slots[piece])
            }
            for text in texts.slots.prefix(round.count) { guard body(text.bytes) else { return } }
            next += round.count
        }
    }

    /// The lines of `entries`, each with its line end.
    private func write(
        _ entries: ArraySlice<(row: Int, startsGroup: Bool)>, paths: [[UInt8]?], codes: PaintCodes, to out: inout ByteBuffer
    ) {
        let hasContext = contextBefore + contextAfter > 0
        for entry in entries {
            if hasContext && entry.startsGroup {
                out.append(formatting.styler.paint("--", .separator))
                out.append(UInt8(ascii: "\n"))
            }
            if !appendLine(forRow: entry.row, paths: paths, codes: codes, to: &out) {
                out.append(line(for: entry.row))
            }
            out.append(UInt8(ascii: "\n"))
        }
    }

    /// `line(for:)`'s bytes appended to `out`, for the usual row: timed, its path, speaker and text
    /// free of control characters (nothing to strip). False, with nothing appended, for any other
    /// row (then the caller appends the `String` line).
    private func appendLine(forRow row: Int, paths: [[UInt8]?], codes: PaintCodes, to out: inout ByteBuffer) -> Bool {
        guard let start = corpus.times(ofRow: row).start, let path = paths[corpus.source(ofRow: row)] else { return false }
        let speaker = corpus.speaker(ofRow: row)
        if let speaker, ControlSequences.hasControlCharacters(speaker) { return false }
        return corpus.withTextBytes(ofRow: row) { text in
            guard !ControlSequences.hasControlBytes(text) else { return false }
            // A row without hits of its own is context unless a hit runs into it.
            let isContext = index.positions(inRow: row).isEmpty && index.segments(inRow: row, in: corpus).isEmpty
            let separator = UInt8(ascii: isContext ? "-" : ":")
            out.append(path)
            out.append(separator)
            codes.open(.time, in: &out)
            RowFormatting.appendClock(start, to: &out)
            codes.close(.time, in: &out)
            out.append(separator)
            codes.appendSpeakerPrefix(speaker, to: &out)
            codes.appendHighlighted(text, row: row, index: index, corpus: corpus, current: nil, to: &out)
            if let marks = ApproximateMarks.suffix(forRow: row, index: index, corpus: corpus, styler: formatting.styler) { out.append(marks) }
            return true
        }
    }

    /// `path:place:Speaker: text` (hits highlighted), or `path-place-Speaker: text` for context.
    public func line(for row: Int) -> String {
        let styler = formatting.styler
        let value = corpus.row(at: row)
        let segments = index.segments(inRow: row, in: corpus)
        let separator = segments.isEmpty ? "-" : ":"
        var line = styler.paint(ControlSequences.escaped(corpus.sources[corpus.source(ofRow: row)].path), .path)
        line.reserveCapacity(value.text.utf8.count + 64)
        line += separator
        // A row's line as rg prints it (`12`, not the grouped listing's `L12`): editors read `path:line:text`.
        let place = value.start == nil ? value.locator.line.map(String.init) ?? "" : formatting.place(of: value)
        if !place.isEmpty {
            line += styler.paint(place, .time)
            line += separator
        } else if let title = value.title {
            // A book's row has no time or line: its section says where it is.
            line += styler.paint("§ " + ControlSequences.stripped(title), .section)
            line += separator
        }
        line += formatting.speakerPrefix(of: value)
        line += segments.isEmpty ? ControlSequences.stripped(value.text) : formatting.highlighted(value.text, segments: segments)
        line += ApproximateMarks.suffix(forRow: row, index: index, corpus: corpus, styler: styler) ?? ""
        return line
    }
}
