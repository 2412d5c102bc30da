import Testing
import TranscriptModel
import TranscriptSearch
@testable import TranscriptServer

/// Hits through the server equal hits over the files: the server sends a superset of the rows with
/// hits (the literal scan's needles, the filters in SQL), and the matcher decides on those rows.
@Suite(.enabled(if: ServerFixture.isInstalled, ServerFixture.skipNote))
struct ServerHitsTests {
    enum Corpora: String, CaseIterable { case samples, generated }

    @Test(arguments: [LocalClickHouse.Layout.singleNode, .twoShards], Corpora.allCases)
    func everyQueryKindFindsTheSameHitsThroughTheServer(layout: LocalClickHouse.Layout, corpora: Corpora) throws {
        let corpus = corpora == .samples ? try ServerFixture.samples() : ServerFixture.generated(files: 6, rows: 1500)
        #expect(corpus.rowCount > 400)
        let archive = try ServerFixture.archive(on: layout, prefix: "hits")
        let summary = try archive.index(ServerFixture.files(of: corpus), of: corpus, batchBytes: 64 << 10)
        #expect(summary.rowsSent == corpus.rowCount)
        var compared = 0
        for request in ServerFixture.requests {
            let local = try ServerFixture.localHits(request, in: corpus)
            let served = try ServerFixture.serverHits(request, in: archive)
            #expect(served == local, "\(request.description) \(request.options): \(served.count) hits through the server, \(local.count) over the files")
            compared += local.count
        }
        #expect(compared > 500, "the queries find hits to compare")
    }

    @Test func theNeedlesOfAQueryCoverItsHardSpellings() throws {
        // `k` may be the Kelvin sign; `é` may be decomposed; ASCII runs fold case only when asked.
        let kelvin = try #require(RowPrefilter(SearchRequest(text: "kelvin")))
        #expect(kelvin.needles.contains(.init(bytes: Array("KELVIN".utf8), asciiCase: .insensitive)))
        #expect(kelvin.needles.contains(.init(bytes: Array("\u{212A}".utf8), asciiCase: .sensitive)))
        let cafe = try #require(RowPrefilter(SearchRequest(text: "é")))
        #expect(cafe.needles.contains(.init(bytes: Array("e\u{301}".utf8), asciiCase: .sensitive))
            || cafe.needles.contains(.init(bytes: Array("\u{301}".utf8), asciiCase: .sensitive)))
        let exact = try #require(RowPrefilter(SearchRequest(text: "Budget", options: SearchOptions(caseMatching: .sensitive))))
        #expect(exact.needles == [.init(bytes: Array("Budget".utf8), asciiCase: .sensitive)])
    }

    @Test(arguments: [
        SearchRequest(text: "\\d{4}\\s\\w+", options: SearchOptions(syntax: .regularExpression)),
        SearchRequest(text: "👍"),
        SearchRequest(text: "", filter: RowFilter(speakers: ["Alice"])),
        SearchRequest(text: "review the budget", options: SearchOptions(spanning: .acrossRows)),
    ])
    func aQueryWithNoLiteralEveryHitHoldsHasNoNeedles(request: SearchRequest) {
        #expect(RowPrefilter(request) == nil)
    }
}
