import Foundation
import Testing
import TranscriptModel
import TranscriptSearch
@testable import TranscriptRendering

/// Hits across cues are shown whole by every renderer: all their rows, every part highlighted,
/// the first part carrying the hit's number, id or anchor.
struct AcrossCuesRenderingTests {
    static let corpus: Corpus = {
        let texts = ["Good morning.", "So we need to cut the", "budget by ten percent", "before the", "end of the quarter.", "Thanks & bye <b>"]
        let rows = texts.enumerated().map { index, text in
            Row(id: RowID(source: 0, index: index), text: text, start: Timestamp(milliseconds: Int64(index) * 3_000),
                speaker: index == 1 ? "Alice" : nil, locator: Locator(file: "cut.srt", line: index * 4 + 1, cue: String(index + 1)))
        }
        return Corpus([Transcript(source: SourceInfo(path: "cut.srt", format: "srt", encoding: "UTF-8"), rows: rows)])
    }()

    static func index(_ query: String) throws -> HitIndex {
        try SearchRequest(text: query, options: SearchOptions(spanning: .acrossRows)).runner().search(corpus)
    }

    @Test func theListingShowsEveryRowOfTheHitWithItsPartHighlighted() throws {
        let listing = HitListing(corpus: Self.corpus, index: try Self.index("the budget"), styler: Styler(isEnabled: false))
        #expect(listing.lines(forSource: 0) == [
            "cut.srt",
            "  1/1  00:00:03  Alice: So we need to cut the",
            "       00:00:06  budget by ten percent",
        ])
        let coloured = HitListing(corpus: Self.corpus, index: try Self.index("the budget"), styler: Styler(isEnabled: true))
        let lines = coloured.lines(forSource: 0, current: 0)
        #expect(lines[1].hasSuffix("cut \u{1B}[1;30;43mthe\u{1B}[0m"))
        #expect(lines[2].contains("\u{1B}[1;30;43mbudget\u{1B}[0m by ten percent"))
        #expect(!lines[2].contains("\u{1B}[2m"))  // a row of the hit is not dimmed as context
    }

    @Test func contextStartsAfterTheLastRowTheHitReaches() throws {
        // Across three cues: "the budget by ten percent before the end".
        let index = try Self.index("cut the budget by ten percent before the end")
        #expect(index.lastRow(ofHitAt: 0, in: Self.corpus) == 4)
        let listing = HitListing(corpus: Self.corpus, index: index, styler: Styler(isEnabled: false), contextRows: 1)
        #expect(listing.lines(forSource: 0) == [
            "cut.srt",
            "       00:00:00  Good morning.",
            "  1/1  00:00:03  Alice: So we need to cut the",
            "       00:00:06  budget by ten percent",
            "       00:00:09  before the",
            "       00:00:12  end of the quarter.",
            "       00:00:15  Thanks & bye <b>",
        ])
        #expect(ContextRows.shown(in: 0..<6, index: index, context: 0, corpus: Self.corpus).map(\.row) == [1, 2, 3, 4])
        #expect(ContextRows.shown(in: 0..<6, index: index, context: 0).map(\.row) == [1])  // without the corpus, as before
    }

    @Test func oneHitInContextHasTheFirstCuesTimeAndAllItsRows() throws {
        let listing = HitListing(corpus: Self.corpus, index: try Self.index("the end"), styler: Styler(isEnabled: false), contextRows: 0)
        #expect(listing.lines(aroundHit: 0) == [
            "hit 1 of 1 · 00:00:09.000 · cut.srt",
            "  1/1  00:00:09  before the",
            "       00:00:12  end of the quarter.",
        ])
    }

    @Test func jsonListsTheRowSpans() throws {
        let index = try Self.index("cut the budget by ten percent before")
        let record = JSONLinesFormat.hitRecord(at: 0, of: index, in: Self.corpus)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any])
        #expect(object["row"] as? String == "0:1")
        #expect(object["start_ms"] as? Int == 3_000)
        let match = try #require(object["match"] as? [String: Any])
        // "So we need to cut the" is 21 bytes; "budget by ten percent" 21 more after a space; "before" 6 after another.
        #expect(match["start"] as? Int == 14 && match["end"] as? Int == 50)
        #expect(match["text"] as? String == "cut the budget by ten percent before")
        let spans = try #require(object["spans"] as? [[String: Any]])
        #expect(spans.map { $0["row"] as? String } == ["0:1", "0:2", "0:3"])
        #expect(spans.map { $0["text"] as? String } == ["cut the", "budget by ten percent", "before"])
        #expect(spans.map { $0["start"] as? Int } == [14, 0, 0])
        #expect(spans.map { $0["end"] as? Int } == [21, 21, 6])
        // A hit within one row has one span, equal to its match.
        let single = JSONLinesFormat.hitRecord(at: 0, of: try Self.index("percent"), in: Self.corpus)
        #expect(single.contains(#""match":{"start":14,"end":21,"text":"percent"},"spans":[{"row":"0:2","start":14,"end":21,"text":"percent"}]"#))
    }

    @Test func htmlMarksEveryPartAndAnchorsTheFirst() throws {
        let index = try Self.index("the budget")
        let page = HTMLExport(corpus: Self.corpus, index: index, current: 0, settings: .init(title: "t")).render()
        #expect(page.contains(##"cut <mark id="hit-1" data-hit="0" class="current"><a href="#hit-1">the</a></mark></span>"##))
        #expect(page.contains(##"<span class="text"><mark data-part="0" class="current"><a href="#hit-1">budget</a></mark> by ten percent</span>"##))
        #expect(page.components(separatedBy: "id=\"hit-1\"").count == 2)  // one anchor per hit
        // Escaped like any text, in a part as in a first part.
        let escaped = HTMLExport(corpus: Self.corpus, index: try Self.index("quarter. thanks &"), current: nil, settings: .init(title: "t")).render()
        #expect(escaped.contains(##"<mark data-part="0"><a href="#hit-1">Thanks &amp;</a></mark> bye &lt;b&gt;"##))
    }
}
