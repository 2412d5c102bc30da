import Dispatch
import TranscriptModel
import TranscriptRendering
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
struct PerLineListing: Sendable {
    let corpus: Corpus
    let index: HitIndex
    let formatting: RowFormatting
    let contextBefore: Int
    let contextAfter: Int

    init(corpus: Corpus, index: HitIndex, styler: Styler, contextBefore: Int, contextAfter: Int) {
        self.corpus = corpus
        self.index = index
        self.formatting = RowFormatting(styler: styler)
        self.contextBefore = max(0, contextBefore)
        self.contextAfter = max(0, contextAfter)
    }

    /// Every line, each ending in a line end, handed over in pieces of up to `rowsPerPiece` rows in
    /// order; the pieces of a round are formatted on `cores` threads at once. `body` returns false
    /// to stop.
    func forEachPiece(rowsPerPiece: Int = 2048, cores: Int = 2, _ body: (String) -> Bool) {
        var gathered: [(row: Int, startsGroup: Bool)] = []
        for source in corpus.sources.indices {
            let rows = corpus.rows(ofSource: source)
            guard index.count(inRows: rows) > 0 else { continue }
            let isFirstGroup = gathered.isEmpty
            for (offset, entry) in ContextRows.shown(in: rows, index: index, before: contextBefore, after: contextAfter, corpus: corpus).enumerated() {
                // grep's `--` also stands between the last group of one file and the first of the next.
                gathered.append((entry.row, entry.startsGroup || (offset == 0 && !isFirstGroup)))
            }
        }
        let shown = gathered
        let step = max(1, rowsPerPiece)
        let pieces = stride(from: 0, to: shown.count, by: step).map { $0..<min($0 + step, shown.count) }
        var next = 0
        while next < pieces.count {
            let round = Array(pieces[next..<min(pieces.count, next + max(1, cores))])
            let texts = Slots(count: round.count)
            defer { texts.free() }
            DispatchQueue.concurrentPerform(iterations: round.count) { piece in
                // Each iteration writes its own slot; the corpus and the hits are only read.
                texts.slots[piece] = text(of: shown[round[piece]])
            }
            for text in texts.slots { guard body(text) else { return } }
            next += round.count
        }
    }

    /// The lines of `entries`, each with its line end.
    private func text(of entries: ArraySlice<(row: Int, startsGroup: Bool)>) -> String {
        let styler = formatting.styler
        let hasContext = contextBefore + contextAfter > 0
        var out = ""
        for entry in entries {
            if hasContext && entry.startsGroup {
                out += styler.paint("--", .separator)
                out += "\n"
            }
            out += line(for: entry.row)
            out += "\n"
        }
        return out
    }

    /// `path:place:Speaker: text` (hits highlighted), or `path-place-Speaker: text` for context.
    func line(for row: Int) -> String {
        let styler = formatting.styler
        let value = corpus.row(at: row)
        let segments = index.segments(inRow: row, in: corpus)
        let separator = segments.isEmpty ? "-" : ":"
        var line = styler.paint(ControlSequences.stripped(corpus.sources[corpus.source(ofRow: row)].path), .path)
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
        return line
    }
}

/// The texts of one round of pieces, one slot each, written by the threads that format them.
private final class Slots: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<String>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: "")
    }

    func free() {
        slots.deinitialize().deallocate()
    }
}
