import Foundation
import Testing

/// A row as `rows --json` and `search --json` print it.
struct PrintedRow: Equatable, CustomStringConvertible {
    var id: String
    var text: String
    var speaker: String?
    var start: Int?
    var end: Int?

    init(_ record: [String: Any]) {
        id = record["row"] as? String ?? "?"
        text = record["text"] as? String ?? ""
        speaker = record["speaker"] as? String
        start = record["start_ms"] as? Int
        end = record["end_ms"] as? Int
    }

    var description: String { "\(id) \(start.map(String.init) ?? "-") \(speaker ?? "-"): \(text)" }
}

/// `tsearch rows --json FILE`, parsed.
func printedRows(_ path: String, in directory: URL = TSearch.root) throws -> (rows: [PrintedRow], outcome: TSearch.Outcome) {
    let outcome = try TSearch.run(["rows", "--json", path], in: directory)
    return (try jsonRecords(outcome.stdout).map(PrintedRow.init), outcome)
}

/// The rows search sees in FILE: with context wider than the file, a search that hits once shows
/// every row (as hit or context records).
func searchedRows(_ path: String, firstText: String, in directory: URL = TSearch.root) throws -> [PrintedRow] {
    let query = String(try #require(firstText.first))
    let outcome = try TSearch.run(["search", "--json", "-s", "-C", "100000000", query, path], in: directory)
    var rows: [PrintedRow] = []
    for record in try jsonRecords(outcome.stdout) where record["type"] as? String != "summary" {
        let row = PrintedRow(record)
        if rows.last?.id != row.id { rows.append(row) }  // a row with several hits has several records
    }
    return rows
}

@Suite(.serialized) struct RowsCommandTests {
    /// `rows --json` prints the same rows that search sees, for every sample.
    @Test(arguments: SearchCommandTests.sampleFiles + OtherSubtitleFormatsTests.names)
    func rowsAreWhatSearchSees(_ name: String) throws {
        let (rows, outcome) = try printedRows("Samples/" + name)
        #expect(outcome.status == 0)
        #expect(!rows.isEmpty)
        #expect(try searchedRows("Samples/" + name, firstText: rows[0].text) == rows)
    }

    @Test func jsonRecordsFollowTheSchema() throws {
        let outcome = try TSearch.run(["search", "--json", "budget", "Samples/standup.vtt", "Samples/call-log.txt"])
        let records = try jsonRecords(outcome.stdout)
        #expect(records.allSatisfy { $0["schema"] as? Int == 1 })
        let hits = records.filter { $0["type"] as? String == "hit" }
        #expect(hits.map { $0["hit"] as? Int } == Array(1...hits.count).map { $0 })
        for hit in hits {
            let text = try #require(hit["text"] as? String)
            let match = try #require(hit["match"] as? [String: Any])
            let start = try #require(match["start"] as? Int), end = try #require(match["end"] as? Int)
            let bytes = Array(text.utf8)[start..<end]
            #expect(String(decoding: bytes, as: UTF8.self) == match["text"] as? String)
            #expect((match["text"] as? String)?.lowercased() == "budget")
            #expect(hit["hits"] as? Int == hits.count)
        }
        let summary = try #require(records.last)
        #expect(summary["type"] as? String == "summary")
        #expect(summary["hits"] as? Int == hits.count)
        #expect(summary["files"] as? Int == 2)
        #expect(summary["files_with_hits"] as? Int == 2)
        #expect(summary["query"] as? String == "budget")
    }

    @Test func humanRowsListing() throws {
        let outcome = try TSearch.run(["rows", "Samples/sync.json"])
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.first == "Samples/sync.json")
        #expect(lines.dropFirst().first?.hasPrefix("00:00:02.000 --> ") == true)
        #expect(lines.dropFirst().first?.contains("Alice: This is the budget sync.") == true)
    }
}
