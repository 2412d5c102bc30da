import Testing
import TranscriptModel
import TranscriptSearch
@testable import TSearchCLI

struct AcrossCuesCLITests {
    @Test func theFlagSetsTheSearchOption() throws {
        #expect(try RawArguments.parse(["search", "cut the budget", "a.srt", "--across-cues"]).searchOptions.spanning == .acrossRows)
        #expect(try RawArguments.parse(["search", "cut the budget", "a.srt"]).searchOptions.spanning == .withinRows)
        #expect(try RawArguments.parse(["export", "--format", "html", "--across-cues"]).searchOptions.spanning == .acrossRows)
        #expect(throws: UsageError.self) { try RawArguments.parse(["rows", "--across-cues"]) }
        #expect(Help.general().contains("--across-cues"))
    }

    /// The pager steps hit by hit and paints every part of a hit across cues; its status line has
    /// the first cue's time.
    @Test func thePagerShowsAHitAcrossCues() throws {
        let texts = ["Morning.", "we need to cut the", "budget by ten percent", "and the budget"]
        let rows = texts.enumerated().map { index, text in
            Row(id: RowID(source: 0, index: index), text: text, start: Timestamp(milliseconds: Int64(index) * 5_000),
                locator: Locator(file: "cut.srt"))
        }
        let corpus = Corpus([Transcript(source: SourceInfo(path: "cut.srt", format: "srt", encoding: "UTF-8"), rows: rows)])
        let request = SearchRequest(text: "the budget", options: SearchOptions(spanning: .acrossRows))
        let index = try request.runner().search(corpus)
        #expect(index.count == 2)
        var state = PagerState(corpus: corpus, index: index, request: request, current: 0, rows: 8, columns: 60)
        let frame = PagerView.render(state, colour: true)
        #expect(frame.contains { $0.hasSuffix("cut \u{1B}[1;30;43mthe\u{1B}[0m") })
        #expect(frame.contains { $0.contains("\u{1B}[1;30;43mbudget\u{1B}[0m by ten percent") })
        #expect(PagerView.render(state, colour: false).last?.contains("hit 1/2 · 00:00:05") == true)
        // A click on the part in the second row selects the hit.
        let line = try #require(state.layout.lines.firstIndex { $0.row == 2 })
        #expect(state.layout.hit(atLine: line, column: 12) == 0)
        _ = state.reduce(.key(.character("n")))
        #expect(state.cursor.current == 1)
        #expect(PagerView.render(state, colour: false).last?.contains("hit 2/2 · 00:00:15") == true)
    }
}
