import Testing
import TranscriptModel
import TranscriptRendering
import TranscriptSearch

/// The per-line listing's bytes, written without a `String` per line, are `line(for:)`'s lines with
/// grep's `--` between groups, on rows of every kind (timed and untimed, speakers empty or with
/// escapes, text with escapes and bidirectional controls, hits across rows, a path with an escape),
/// colour on and off, with and without context, in pieces of any size.
struct PerLineListingTests {
    static let corpus: Corpus = {
        let texts = [
            "we need to cut the", "budget by ten", "\u{1B}[31mred budget\u{1B}[0m", "budget \u{202E}reversed",
            "no hit here", "the budget", "Budget budget budget", "café budget", "", "budget",
        ]
        func transcript(_ path: String, rows count: Int) -> Transcript {
            let rows = (0..<count).map { index in
                Row(id: RowID(source: 0, index: index), text: texts[index % texts.count],
                    start: index % 4 == 3 ? nil : Timestamp(milliseconds: Int64(index) * 61_000),
                    speaker: [nil, "Alice", "", "Bob\u{1B}[2J"][index % 4],
                    title: index % 13 == 0 ? "Part \(index / 13)" : nil,
                    locator: Locator(file: path, line: index % 8 == 7 ? nil : index + 1))
            }
            return Transcript(source: SourceInfo(path: path, format: "srt", encoding: "UTF-8"), rows: rows)
        }
        return Corpus([transcript("talk.srt", rows: 40), transcript("odd\u{1B}[1m.srt", rows: 25), transcript("b/quiet.srt", rows: 30)])
    }()

    /// The lines as `line(for:)` makes them, with `--` before each group but the first.
    static func expected(_ listing: PerLineListing, context: (before: Int, after: Int), colour: Bool) -> String {
        var out = ""
        var first = true
        for source in corpus.sources.indices {
            let rows = corpus.rows(ofSource: source)
            guard listing.index.count(inRows: rows) > 0 else { continue }
            for (offset, entry) in ContextRows.shown(
                in: rows, index: listing.index, before: context.before, after: context.after, corpus: corpus
            ).enumerated() {
                if context.before + context.after > 0, !first, entry.startsGroup || offset == 0 {
                    out += Styler(isEnabled: colour).paint("--", .separator) + "\n"
                }
                first = false
                out += listing.line(for: entry.row) + "\n"
            }
        }
        return out
    }

    @Test(arguments: [SearchOptions(), SearchOptions(spanning: .acrossRows), SearchOptions(syntax: .regularExpression, spanning: .acrossRows)])
    func bytesAreTheLines(_ options: SearchOptions) throws {
        for query in ["budget", "the budget", "cut the budget", options.syntax == .regularExpression ? "\\sbudget" : "budget "] {
            let index = try SearchRequest(text: query, options: options).runner().search(Self.corpus)
            for (colour, before, after) in [(true, 0, 0), (false, 0, 0), (true, 2, 1), (false, 0, 3)] {
                let listing = PerLineListing(
                    corpus: Self.corpus, index: index, styler: Styler(isEnabled: colour), contextBefore: before, contextAfter: after)
                let expected = Self.expected(listing, context: (before, after), colour: colour)
                for rowsPerPiece in [1, 7, 2048] {
                    var bytes: [UInt8] = []
                    listing.forEachPieceOfBytes(rowsPerPiece: rowsPerPiece, cores: 2) { bytes += $0; return true }
                    #expect(bytes == Array(expected.utf8), "\(query) \(options) colour \(colour) -B \(before) -A \(after) piece \(rowsPerPiece)")
                }
            }
        }
    }

    @Test func stoppingEndsTheListing() throws {
        let index = try SearchRequest(text: "budget").runner().search(Self.corpus)
        let listing = PerLineListing(corpus: Self.corpus, index: index, styler: Styler(isEnabled: false), contextBefore: 0, contextAfter: 0)
        var pieces = 0
        listing.forEachPieceOfBytes(rowsPerPiece: 3, cores: 2) { _ in
            pieces += 1
            return false
        }
        #expect(pieces == 1)
    }
}
