import Testing
@testable import TranscriptRendering

struct HighlightMarkupTests {
    @Test func encodeWrapsHitsAndEscapesText() {
        let markup = HighlightMarkup()
        let text = "the <b>budget</b> & the budget"
        let first = text.utf8.count - "budget".utf8.count
        #expect(markup.encode(text, ranges: [7..<13, first..<text.utf8.count])
            == "the &lt;b&gt;<em>budget</em>&lt;/b&gt; &amp; the <em>budget</em>")
    }

    @Test func decodeIsTheInverse() {
        let markup = HighlightMarkup(preTag: "[[", postTag: "]]")
        let decoded = markup.decode("café [[budget]] &lt;x&gt; [[👍🏽]]")
        #expect(decoded?.text == "café budget <x> 👍🏽")
        #expect(decoded?.ranges == [6..<12, 17..<25])
    }

    @Test(arguments: ["<em>open", "close</em>", "<em>a<em>b</em></em>"])
    func unbalancedMarkupIsRefused(_ text: String) {
        #expect(HighlightMarkup().decode(text) == nil)
    }

    /// Round trip over generated texts and ranges, with tags and entities inside the text itself.
    @Test func roundTripsOverGeneratedText() {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        let pieces = ["a", "é", "e\u{301}", " ", "<em>", "</em>", "&amp;", "&", "<", ">", "预算", "👍🏽", "x"]
        for _ in 0..<500 {
            let text = (0..<next(12)).map { _ in pieces[next(pieces.count)] }.joined()
            // Ranges on character boundaries, in order.
            var offsets = [0]
            for character in text { offsets.append(offsets.last! + character.utf8.count) }
            var ranges: [Range<Int>] = []
            var cursor = 0
            while cursor < offsets.count - 1, next(3) > 0 {
                let start = cursor + next(offsets.count - cursor)
                guard start < offsets.count else { break }
                let end = start + next(offsets.count - start)
                ranges.append(offsets[start]..<offsets[end])
                cursor = end + 1
                if end == offsets.count - 1 { break }
            }
            for tags in [("<em>", "</em>"), ("[", "]")] {
                let markup = HighlightMarkup(preTag: tags.0, postTag: tags.1)
                let decoded = markup.decode(markup.encode(text, ranges: ranges))
                if tags.0 == "<em>" {  // with HTML-like tags, escaping makes the round trip exact
                    #expect(decoded?.text == text)
                    #expect(decoded?.ranges == ranges)
                }
            }
        }
    }
}
