import Testing
import TranscriptModel
@testable import TranscriptSearch

struct HitIndexTests {
    /// Three rows in two sources; "budget" twice in row 0, none in row 1, once in row 2.
    static func corpus() -> Corpus {
        func row(_ index: Int, _ text: String) -> Row {
            Row(id: RowID(source: 0, index: index), text: text, locator: Locator(file: "x"))
        }
        return Corpus([
            Transcript(source: SourceInfo(path: "a.srt", format: "srt", encoding: "UTF-8"),
                       rows: [row(0, "Budget, budget"), row(1, "nothing")]),
            Transcript(source: SourceInfo(path: "b.vtt", format: "vtt", encoding: "UTF-8"),
                       rows: [row(0, "café budget 👍🏽")]),
        ])
    }

    @Test func mapsAgreeWithEachOther() throws {
        let corpus = Self.corpus()
        let index = SearchRunner(try RegexMatcher(try Query("budget"))).search(corpus)
        #expect(index.count == 3)
        #expect(index.isComplete)
        #expect(index.hit(at: 0) == Hit(position: 0, row: 0, utf8Range: 0..<6))
        #expect(index.hit(at: 1) == Hit(position: 1, row: 0, utf8Range: 8..<14))
        // "café " is 6 UTF-8 bytes.
        #expect(index.hit(at: 2) == Hit(position: 2, row: 2, utf8Range: 6..<12))
        #expect(index.positions(inRow: 0) == 0..<2)
        #expect(index.positions(inRow: 1).isEmpty)
        #expect(index.positions(inRow: 2) == 2..<3)
        #expect(index.hits(inRow: 0).map(\.position) == [0, 1])
        #expect(index.rowsWithHits == [0, 2])
        #expect(index.count(inRows: corpus.rows(ofSource: 0)) == 2)
        #expect(index.count(inRows: corpus.rows(ofSource: 1)) == 1)
        // Every position maps to a row whose positions contain it.
        for position in 0..<index.count {
            let hit = index.hit(at: position)
            #expect(index.positions(inRow: hit.row).contains(position))
            let text = corpus.text(ofRow: hit.row)
            #expect(text[hit.range(in: text)].lowercased() == "budget")
        }
    }

    @Test func utf8RangesAreOnCharacterBoundaries() throws {
        let corpus = Corpus([Transcript(
            source: SourceInfo(path: "c.txt", format: "txt", encoding: "UTF-8"),
            rows: [Row(id: RowID(source: 0, index: 0), text: "e\u{301}té été 👍🏽👍", locator: Locator(file: "c.txt"))]
        )])
        let index = SearchRunner(try RegexMatcher(try Query("été"))).search(corpus)
        #expect(index.count == 2)
        #expect(index.hit(at: 0).utf8Range == 0..<6)   // e + U+0301 + t + é
        let index2 = SearchRunner(try RegexMatcher(try Query("👍"))).search(corpus)
        #expect(index2.count == 1)
        let text = corpus.text(ofRow: 0)
        #expect(String(text[index2.hit(at: 0).range(in: text)]) == "👍")
    }

    @Test func emptyCorpusHasNoHits() throws {
        let index = SearchRunner(try RegexMatcher(try Query("x"))).search(Corpus())
        #expect(index.count == 0)
        #expect(index.rowsWithHits.isEmpty)
        #expect(index.isComplete)
    }
}

struct SnippetTests {
    @Test func snippetExtendsToWordBoundariesAndCollapsesWhitespace() {
        let text = "We need   the quarterly budget review before Friday, said Alice."
        let range = text.range(of: "budget")!
        let snippet = Snippet(text: text, range: range, length: 10)
        #expect(snippet.highlight == "budget")
        #expect(snippet.before == "quarterly ")
        #expect(snippet.after == " review before")
    }

    @Test func snippetAtTheEdgesOfTheText() {
        let text = "budget"
        let snippet = Snippet(text: text, range: text.startIndex..<text.endIndex, length: 20)
        #expect(snippet == Snippet(before: "", highlight: "budget", after: ""))
    }
}

extension String {
    func range(of needle: String) -> Range<String.Index>? {
        firstRange(of: needle)
    }

    /// Saved and read back, the maps are the same (the row → hits map made again); damaged bytes
    /// (rows out of order or out of range, a reversed range, a cut) are refused, not trusted.
    @Test func serializedMapsReadBackOrAreRefused() throws {
        let index = HitIndex(rowCount: 6, hitRows: [0, 0, 2, 5], hitStarts: [0, 8, 6, 1], hitEnds: [6, 14, 12, 3])
        let back = try HitIndex(serialized: index.serialized())
        #expect(back == index)
        #expect(back.positions(inRow: 0) == 0..<2 && back.positions(inRow: 1).isEmpty && back.positions(inRow: 5) == 3..<4)
        #expect(try HitIndex(serialized: HitIndex(rowCount: 1_000_000, hitRows: [], hitStarts: [], hitEnds: []).serialized()).rowCount == 1_000_000)

        let bytes = index.serialized()
        // The rows start after the magic (8 + 8 bytes), the version (8), the row count (8) and their count (8).
        let rows = 40
        func damaged(_ change: (inout [UInt8]) -> Void) -> [UInt8] {
            var copy = bytes
            change(&copy)
            return copy
        }
        let cases: [(String, [UInt8])] = [
            ("rows out of order", damaged { $0[rows] = 3 }),
            ("a row past the last", damaged { $0[rows + 12] = 6 }),
            ("a negative row", damaged { $0[rows + 3] = 0xFF }),
            ("a reversed range", damaged { $0[rows + 16 + 8 + 4] = 0x7F }),  // the second start, past its end
            ("cut short", Array(bytes.dropLast(3))),
        ]
        for (what, bytes) in cases {
            #expect(throws: BinaryDecodingError.self, "\(what)") { try HitIndex(serialized: bytes) }
        }
    }
}
