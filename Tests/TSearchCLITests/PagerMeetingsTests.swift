import Testing
import TranscriptModel
import TranscriptSearch
@testable import TSearchCLI

/// The pager's `m`: the meetings with hits, by date, with their hit counts; the scrolling keys
/// choose one and Enter makes its first hit current.
struct PagerMeetingsTests {
    static func meeting(_ path: String, _ date: MeetingDate?, _ texts: [String]) -> Transcript {
        let rows = texts.enumerated().map { Row(id: RowID(source: 0, index: $0), text: $1, start: Timestamp(milliseconds: Int64($0) * 1_000), locator: Locator(file: path)) }
        return Transcript(source: SourceInfo(path: path, format: "srt", encoding: "UTF-8", facts: MeetingFacts(date: date, dateOrigin: .path, title: path)), rows: rows)
    }

    @Test func mListsTheMeetingsByDateAndEnterJumpsToTheChosenOnesFirstHit() throws {
        let corpus = Corpus([
            Self.meeting("later", MeetingDate(year: 2026, month: 3, day: 14), ["hello", "the budget", "budget again"]),
            Self.meeting("earlier", MeetingDate(year: 2026, month: 1, day: 2), ["budget first"]),
            Self.meeting("none", MeetingDate(year: 2025, month: 1, day: 2), ["no hit here"]),
        ])
        let request = SearchRequest(text: "budget")
        let index = try request.runner().search(corpus)
        var state = PagerState(corpus: corpus, index: index, request: request, current: 0, rows: 10, columns: 80)
        _ = state.reduce(.key(.character("m")))
        let screen = PagerView.render(state, colour: false)
        #expect(screen.contains("> 2026-01-02  earlier  00:00  -  1 row  1 hit"))
        #expect(screen.contains("  2026-03-14  later  00:02  -  3 rows  2 hits"))
        #expect(!screen.contains { $0.contains("none") })
        // j chooses the next meeting; Enter closes the list on its first hit.
        _ = state.reduce(.key(.character("j")))
        _ = state.reduce(.key(.enter))
        #expect(state.overlay == nil)
        #expect(state.cursor.current.map { index.hit(at: $0).row } == 1)
        #expect(PagerView.render(state, colour: false).last?.contains("later 2026-03-14") == true)
    }
}
