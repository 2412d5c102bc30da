import Testing
import TranscriptModel
import TranscriptSearch
@testable import TranscriptRendering

struct HitListingTests {
    static let corpus: Corpus = {
        let texts = ["Morning all.", "The budget is due.", "Any questions?", "No.", "Budget, budget!", "Bye \u{1B}[2J"]
        let rows = texts.enumerated().map { index, text in
            Row(id: RowID(source: 0, index: index), text: text,
                start: Timestamp(milliseconds: Int64(index) * 65_000),
                speaker: index % 2 == 0 ? "Alice" : "Bob", locator: Locator(file: "m.vtt", line: index * 3 + 3))
        }
        return Corpus([Transcript(source: SourceInfo(path: "m.vtt", format: "vtt", encoding: "UTF-8"), rows: rows)])
    }()

    static func index(_ query: String) -> HitIndex {
        // A query can never be empty here; the tests pass literals.
        SearchRunner(try! RegexMatcher(try! Query(query))).search(corpus)
    }

    @Test func plainListingGroupsHitsByRowWithNumbersTimesAndSpeakers() {
        let listing = HitListing(corpus: Self.corpus, index: Self.index("budget"), styler: Styler(isEnabled: false))
        #expect(listing.lines(forSource: 0) == [
            "m.vtt",
            "    1/3  00:01:05  Bob: The budget is due.",
            "  2-3/3  00:04:20  Alice: Budget, budget!",
        ])
    }

    @Test func contextRowsAndSeparators() {
        let listing = HitListing(corpus: Self.corpus, index: Self.index("bye"), styler: Styler(isEnabled: false), contextRows: 1)
        #expect(listing.lines(forSource: 0) == [
            "m.vtt",
            "       00:04:20  Alice: Budget, budget!",
            "  1/1  00:05:25  Bob: Bye ",
        ])
        let two = HitListing(corpus: Self.corpus, index: Self.index("o"), styler: Styler(isEnabled: false), contextRows: 1)
        #expect(two.lines(forSource: 0).contains("--") == false)  // every row has an "o": no gaps
        let gaps = HitListing(corpus: Self.corpus, index: Self.index("morning"), styler: Styler(isEnabled: false), contextRows: 0)
        #expect(gaps.lines(forSource: 0).count == 2)
    }

    @Test func colouredListingPaintsEachHitAndNothingFromTheText() {
        let listing = HitListing(corpus: Self.corpus, index: Self.index("budget"), styler: Styler(isEnabled: true))
        let line = listing.lines(forSource: 0)[2]
        #expect(line.contains("\u{1B}[1;31mBudget\u{1B}[0m, \u{1B}[1;31mbudget\u{1B}[0m!"))
        let bye = HitListing(corpus: Self.corpus, index: Self.index("bye"), styler: Styler(isEnabled: true))
        #expect(!bye.lines(forSource: 0).joined().contains("[2J"))
    }

    @Test func contextRowsNeverRepeatAndMarkGaps() {
        // Hits in rows 0, 1 and 5 of 6 (budget-less rows: "Morning all." has an "o").
        let shown = ContextRows.shown(in: 0..<6, index: Self.index("o"), context: 2)
        #expect(shown.map(\.row) == [0, 1, 2, 3, 4, 5])
        #expect(shown.allSatisfy { !$0.startsGroup })
        let gapped = ContextRows.shown(in: 0..<6, index: Self.index("morning"), context: 0)
        #expect(gapped.map(\.row) == [0])
        let two = ContextRows.shown(in: 0..<6, index: Self.index("the budget is due"), context: 0)
        #expect(two == [ContextRows.Shown(row: 1, startsGroup: false)])
        let split = ContextRows.shown(in: 0..<6, index: Self.index("No."), context: 0)
        #expect(split.map(\.row) == [3])
        let both = ContextRows.shown(in: 0..<6, index: Self.index("budget"), context: 0)
        #expect(both == [.init(row: 1, startsGroup: false), .init(row: 4, startsGroup: true)])
    }

    @Test func hitNumbers() {
        let formatting = RowFormatting(styler: Styler(isEnabled: false))
        #expect(formatting.hitNumbers(4..<5, of: 9) == "5/9")
        #expect(formatting.hitNumbers(4..<7, of: 9) == "5-7/9")
    }
}

/// The listing made in pieces on every core is the listing line by line, whatever the piece size:
/// the group separators, section titles and hit numbers fall where they did.
struct HitListingPiecesTests {
    static let corpus: Corpus = {
        let rows = (0..<300).map { index in
            Row(id: RowID(source: 0, index: index), text: index % 7 == 0 ? "the budget \(index)" : "row \(index)",
                start: Timestamp(milliseconds: Int64(index) * 1_000), speaker: index % 3 == 0 ? "Alice" : nil,
                title: "Section \(index / 40)", locator: Locator(file: "book.epub", line: index + 1))
        }
        return Corpus([Transcript(source: SourceInfo(path: "book.epub", format: "epub", encoding: "EPUB"), rows: rows)])
    }()

    @Test(arguments: [0, 1, 3])
    func piecesJoinedAreTheLines(_ context: Int) throws {
        let index = SearchRunner(try RegexMatcher(try Query("budget"))).search(Self.corpus)
        let listing = HitListing(corpus: Self.corpus, index: index, styler: Styler(isEnabled: true), contextRows: context)
        let lines = listing.lines(forSource: 0, current: 4).map { $0 + "\n" }.joined()
        for (size, cores) in [(1, 2), (2, 2), (7, 3), (64, 2), (10_000, 1)] {
            var pieces = ""
            listing.forEachPiece(forSource: 0, current: 4, rowsPerPiece: size, cores: cores) { pieces += $0; return true }
            #expect(pieces == lines, "pieces of \(size) on \(cores) cores")
        }
        // Stopping stops.
        var count = 0
        listing.forEachPiece(forSource: 0, rowsPerPiece: 2) { _ in count += 1; return count < 3 }
        #expect(count == 3)
    }
}

/// The listing's bytes, written without a `String` per line, are the lines' bytes on rows of
/// every kind: timed and untimed, with and without a speaker (an empty one too), text with escapes
/// and bidirectional controls to strip, hits across rows and hits ending on a row's space, colour
/// on and off, with and without context.
struct HitListingBytesTests {
    static let corpus: Corpus = {
        let texts = [
            "we need to cut the", "budget by ten", "\u{1B}[31mred budget\u{1B}[0m", "budget \u{202E}reversed",
            "no hit here", "the budget", "Budget budget budget", "café budget", "", "budget",
        ]
        let rows = (0..<60).map { index in
            Row(id: RowID(source: 0, index: index), text: texts[index % texts.count],
                start: index % 4 == 3 ? nil : Timestamp(milliseconds: Int64(index) * 61_000),
                speaker: [nil, "Alice", "", "Bob\u{1B}[2J"][index % 4],
                title: index % 13 == 0 ? "Part \(index / 13)" : nil,
                locator: Locator(file: "talk.srt", line: index % 8 == 7 ? nil : index + 1))
        }
        return Corpus([Transcript(source: SourceInfo(path: "talk.srt", format: "srt", encoding: "UTF-8"), rows: rows)])
    }()

    @Test(arguments: [SearchOptions(), SearchOptions(spanning: .acrossRows), SearchOptions(syntax: .regularExpression, spanning: .acrossRows)])
    func bytesAreTheLines(_ options: SearchOptions) throws {
        // `\sbudget` across rows starts on the space after a row: an empty part in that row.
        for query in ["budget", "the budget", "cut the budget", options.syntax == .regularExpression ? "\\sbudget" : "budget "] {
            let index = try SearchRequest(text: query, options: options).runner().search(Self.corpus)
            for (colour, context) in [(true, 0), (false, 0), (true, 2), (false, 1)] {
                let listing = HitListing(corpus: Self.corpus, index: index, styler: Styler(isEnabled: colour), contextRows: context)
                let lines = listing.lines(forSource: 0, current: 3).map { $0 + "\n" }.joined()
                var bytes: [UInt8] = []
                listing.forEachPieceOfBytes(forSource: 0, current: 3, rowsPerPiece: 5) { bytes += $0; return true }
                #expect(bytes == Array(lines.utf8), "\(query) \(options) colour \(colour) context \(context)")
            }
        }
    }
}
