import Testing
import TranscriptModel
@testable import TranscriptSearch

/// A search across cues cuts each transcript's joined text into chunks searched apart; with any
/// chunk size, its hits must be the reference's over each whole joined text.
struct JoinedChunksTests {
    /// Rows that make hits cross cuts: phrases split over rows, repeated words whose hits overlap
    /// each other across a row (`a a` in `a a a`), marks and non-ASCII text at row starts, where no
    /// cut may be made, and rows with only ASCII, where cuts are made.
    static let rows: [String] = {
        var rows = FastPathsTests.generatedRows(1_500) + LiteralMatcherTests.generatedRows(500)
        rows += ["we need to cut the", "budget by ten", "\u{301}percent", "can'", "t stop", "a", "a", "a", "a a", "a"]
        rows += ["budget", "budget", "budget budget", "review the", "budget review the", "budget", "会议", "预算 budget"]
        rows += (0..<200).map { ["a a", "the budget", "budget the", "a", "café", "cafe\u{301} review"][$0 % 6] }
        return rows
    }()

    static func corpus() -> Corpus {
        let transcripts = stride(from: 0, to: rows.count, by: 700).enumerated().map { number, start in
            Transcript(
                source: SourceInfo(path: "t\(number).txt", format: "txt", encoding: "UTF-8"),
                rows: rows[start..<min(rows.count, start + 700)].enumerated().map {
                    Row(id: RowID(source: number, index: $0.offset), text: $0.element, locator: Locator(file: "t\(number).txt"))
                })
        }
        return Corpus(transcripts)
    }

    static let cases: [(String, SearchOptions)] = [
        ("the budget", SearchOptions(spanning: .acrossRows)),
        ("a a", SearchOptions(spanning: .acrossRows)),
        ("budget budget", SearchOptions(words: .wholeWords, spanning: .acrossRows)),
        ("review the budget", SearchOptions(caseMatching: .sensitive, spanning: .acrossRows)),
        ("cafe review", SearchOptions(diacritics: .insensitive, spanning: .acrossRows)),
        ("a a|a|the budget", SearchOptions(syntax: .regularExpression, spanning: .acrossRows)),
        ("budget|budget the", SearchOptions(words: .wholeWords, syntax: .regularExpression, spanning: .acrossRows)),
    ]

    @Test(arguments: [(1, nil), (9, 1), (64, 500), (700, nil), (700, 3_000), (16 << 10, nil)] as [(Int, Int?)])
    func chunksOfAnySizeGiveTheReferencesHits(targetBytes: Int, pieceBytes: Int?) throws {
        let corpus = Self.corpus()
        for (text, options) in Self.cases {
            let runner = try SearchRequest(text: text, options: options).runner()
            let matcher = try #require(runner.matcher as? any HitLengthBounded, "\(text) has a bounded matcher")
            let found = try runner.searchAcrossRowsInChunks(
                corpus, matcher: matcher, targetBytes: targetBytes, pieceBytes: pieceBytes, until: nil) { false }
            let expected = SearchRunner(try RegexMatcher(try Query(text, options: options)), spanning: .acrossRows).search(corpus)
            let same = found == expected  // (compared apart: a difference would print both indexes whole)
            #expect(same, "\(text) (\(options)) in chunks of \(targetBytes): \(found.count) hits, reference \(expected.count)")
        }
    }

    @Test func aFilterKeepsTheHitsStartingInRowsItAccepts() throws {
        let corpus = Self.corpus()
        let filter = RowFilter(files: ["t2.txt"])
        let request = SearchRequest(text: "the budget", options: SearchOptions(spanning: .acrossRows), filter: filter)
        let runner = try request.runner()
        let matcher = try #require(runner.matcher as? any HitLengthBounded)
        let found = try runner.searchAcrossRowsInChunks(corpus, matcher: matcher, targetBytes: 64, until: nil) { false }
        let expected = SearchRunner(try RegexMatcher(try Query("the budget", options: request.options)), filter: filter, spanning: .acrossRows)
            .search(corpus)
        #expect(found == expected)
        #expect(found.count > 0)
    }

    @Test func cutsAreMadeOnlyBeforeRowsThatBeginWithASCII() {
        let corpus = LiteralMatcherTests.corpus(["alpha beta", "\u{301}gamma", "会议 delta", "epsilon", "zeta"])
        let chunks = JoinedChunks([0], of: corpus, targetBytes: 1, margin: 3).chunks
        #expect(chunks.map(\.rows) == [0..<3, 3..<4, 4..<5])
        #expect(chunks.map(\.readRows) == [0..<4, 3..<5, 4..<5])
    }
}
