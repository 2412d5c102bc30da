import Testing
import TranscriptModel
import TranscriptSearch
@testable import TSearchCLI

/// The pager on the part of a search's files read so far: when the rows grow (a bigger part, or
/// all of them), the query, the current hit and the top row stay, and the search runs again over
/// every row.
struct PagerGrowingTests {
    /// Meeting `source`: six rows, every other one about the budget.
    static func meeting(_ source: Int) -> Transcript {
        let path = "team/meeting-\(source).vtt"
        let rows = (0..<6).map { index in
            Row(id: RowID(source: source, index: index), text: index % 2 == 0 ? "Item \(index): the budget again" : "Item \(index): travel",
                start: Timestamp(milliseconds: Int64(index) * 1_000), speaker: "Alice", locator: Locator(file: path))
        }
        return Transcript(source: SourceInfo(path: path, format: "vtt", encoding: "UTF-8"), rows: rows)
    }

    static let part = Corpus([meeting(0), meeting(1)])
    static let whole = Corpus([meeting(0), meeting(1), meeting(2), meeting(3)])

    @Test func theRowsGrowKeepingTheCurrentHitAndTheTopRowThenTheWholeCountArrives() throws {
        let request = try SearchRequest(parsing: "budget")
        var state = PagerState(corpus: Self.part, index: try request.runner().search(Self.part), request: request, current: 0, rows: 6, columns: 60)
        #expect(state.index.count == 6)
        _ = state.reduce(.key(.character("n")))
        _ = state.reduce(.key(.character("n")))
        _ = state.reduce(.key(.character("j")))
        let (current, top) = (state.cursor.current, state.topRow)
        #expect(current == 2 && top > 0)

        #expect(state.grow(into: Self.whole) == [.search(request)], "the query shown is searched over every row")
        #expect(state.corpus.rowCount == 24 && state.index.count == 6, "the part's hits stay until the whole's arrive")
        #expect(state.cursor.current == current && state.topRow == top && !state.hitsCoverAllRows)
        #expect(PagerView.navigatingStatus(state).contains("hit 3/6"))

        _ = state.reduce(.results(request, try request.runner().search(Self.whole)))
        #expect(state.index.count == 12 && state.hitsCoverAllRows)
        #expect(state.cursor.current == current && state.topRow == top, "the same hit, the same screen")
        #expect(PagerView.navigatingStatus(state).contains("hit 3/12"))
    }

    @Test func aQueryTypedMeanwhileIsTheOneSearchedOverTheGrownRows() throws {
        let request = try SearchRequest(parsing: "budget")
        var state = PagerState(corpus: Self.part, index: try request.runner().search(Self.part), request: request, current: 0, rows: 6, columns: 60)
        _ = state.reduce(.key(.character("/")))
        _ = state.reduce(.key(.control("u")))
        var effects: [PagerEffect] = []
        for character in "travel" { effects = state.reduce(.key(.character(character))) }
        let typed = try #require(state.awaiting)
        #expect(effects == [.search(typed)] && typed.text == "travel")

        #expect(state.grow(into: Self.whole) == [.search(typed)])
        _ = state.reduce(.results(typed, try typed.runner().search(Self.whole)))
        #expect(state.request == typed && state.index.count == 12 && state.hitsCoverAllRows)
    }

    @Test func theStatusLineShowsTheLoadingInPlaceOfTheHelpWhileTheRowsArePartial() throws {
        let request = try SearchRequest(parsing: "budget")
        let state = PagerState(corpus: Self.part, index: try request.runner().search(Self.part), request: request, current: 0, rows: 6, columns: 120)
        let loading = PagerView.navigatingStatus(state, loading: "reading 2/4 files")
        #expect(loading.hasPrefix("\"budget\"  hit 1/6 · reading 2/4 files · ") && !loading.contains("?: help"), "\(loading)")
        #expect(PagerView.navigatingStatus(state).contains("?: help"))
    }
}
