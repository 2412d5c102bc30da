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

    /// The rows around hits are the files' own rows, asked for by the table's key (file, row):
    /// one `(file, row) IN (…)` set per statement, not one condition per span, whose cost grew as
    /// spans × table rows.
    @Test(arguments: [LocalClickHouse.Layout.singleNode, .twoShards])
    func theRowsAroundHitsAreTheFilesOwnRowsAskedForByTheKey(layout: LocalClickHouse.Layout) throws {
        let corpus = ServerFixture.generated(files: 4, rows: 2500)
        let archive = try ServerFixture.archive(on: layout, prefix: "around")
        _ = try archive.index(ServerFixture.files(of: corpus), of: corpus, batchBytes: 256 << 10)
        let paths = corpus.sources.map(\.path)
        // Both ends of files, neighbours whose contexts touch, a gap of one row, a lone row.
        let named: [(file: String, row: Int)] = [
            (paths[0], 0), (paths[0], 4), (paths[0], 9), (paths[0], 2499), (paths[1], 1000), (paths[1], 1006),
            (paths[2], 7), (paths[3], 2498), (paths[3], 1200),
        ]
        for context in [0, 1, 2, 5] {
            let fetched = try archive.rows(around: named, context: context)
            #expect(Self.named(fetched) == Self.expected(TranscriptArchive.spans(around: named, context: context), in: corpus), "context \(context)")
            #expect(fetched.sql.contains("PREWHERE (file, row) IN wanted") && !fetched.sql.contains(" OR "), "\(fetched.sql.prefix(300))")
        }
        // Spans too long to name row by row are ranges; overlapping spans give each row once.
        let spans: [(file: String, range: ClosedRange<Int>)] = [
            (paths[1], 0...1800), (paths[1], 1700...1710), (paths[2], 3...3), (paths[0], 2400...4000), (paths[3], 100...1200),
        ]
        #expect(Self.named(try archive.rows(in: spans)) == Self.expected(spans, in: corpus))
    }

    /// Tens of thousands of rows named one by one are one statement ClickHouse takes (as
    /// `(file, row) IN ((…), …)` literals they passed its limits of 256 KiB and 50,000
    /// syntax-tree elements): they travel as a table beside it.
    @Test func aStatementNamingTensOfThousandsOfRowsIsAccepted() throws {
        let corpus = ServerFixture.generated(files: 2, rows: 12_000)
        let archive = try ServerFixture.archive(on: .singleNode, prefix: "many")
        _ = try archive.index(ServerFixture.files(of: corpus), of: corpus, batchBytes: 1 << 20)
        // Spans short enough to be named row by row, every row of both files.
        let spans: [(file: String, range: ClosedRange<Int>)] = corpus.sources.indices.flatMap { source in
            stride(from: 0, to: corpus.rows(ofSource: source).count, by: 500).map { (file: corpus.sources[source].path, range: $0...($0 + 499)) }
        }
        let fetched = try archive.rows(in: spans)
        #expect(fetched.corpus.rowCount == corpus.rowCount)
        #expect(Self.named(fetched) == Self.expected(spans, in: corpus))
    }

    /// (file, row number, text) of the rows the server sent, in its order.
    static func named(_ rows: TranscriptArchive.CandidateRows) -> [String] {
        rows.corpus.sources.indices.flatMap { source in
            rows.corpus.rows(ofSource: source).map { "\(rows.corpus.sources[source].path)#\(rows.rowNumbers[$0]) \(rows.corpus.text(ofRow: $0))" }
        }
    }

    /// (file, row number, text) of the rows of `corpus` in `spans`, in path and row order, once each.
    static func expected(_ spans: [(file: String, range: ClosedRange<Int>)], in corpus: Corpus) -> [String] {
        var rows: Set<[String]> = []
        var out: [(String, Int, String)] = []
        for (file, range) in spans {
            guard let source = corpus.sources.firstIndex(where: { $0.path == file }) else { continue }
            let all = corpus.rows(ofSource: source)
            for number in range where number < all.count && rows.insert([file, String(number)]).inserted {
                out.append((file, number, corpus.text(ofRow: all.lowerBound + number)))
            }
        }
        return out.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { "\($0.0)#\($0.1) \($0.2)" }
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
