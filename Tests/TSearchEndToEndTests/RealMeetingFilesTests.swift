import Foundation
import Testing

/// Word documents made by other tools. `Scripts/realmeetings/fetch.sh DIR` collects the test
/// documents of python-docx's source distribution (made by Word and LibreOffice) and writes
/// transcripts with python-docx laid out as Teams, Google Meet and Otter write them (also saved as
/// text by docx2txt and mammoth), recording what python-docx reads; with `TSEARCH_REAL_MEETINGS=DIR`,
/// each is loaded by `tsearch rows --json`.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["TSEARCH_REAL_MEETINGS"] != nil))
struct RealMeetingFilesTests {
    static func entries() throws -> (directory: String, entries: [[String: Any]]) {
        let directory = try #require(ProcessInfo.processInfo.environment["TSEARCH_REAL_MEETINGS"])
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/expected.json"))
        return (directory, try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]]))
    }

    /// Every document's paragraphs, in order, as python-docx reads them (a `Name: text` row's
    /// speaker put back in front); an empty document is a warning (exit 1), never an error.
    @Test func everyRealDocumentReadsItsParagraphsAsPythonDocxDoes() throws {
        let (directory, entries) = try Self.entries()
        var documents = 0, rows = 0
        for entry in entries where entry["rows"] is NSNull {
            let path = try #require(entry["path"] as? String)
            let expected = try #require(entry["paragraphs"] as? [String])
            let outcome = try TSearch.run(["rows", "--json", directory + "/files/" + path])
            #expect(outcome.status == (expected.isEmpty ? 1 : 0), "\(path): \(outcome.stderr)")
            let ours = try jsonRecords(outcome.stdout).map { row -> String in
                let text = row["text"] as? String ?? ""
                return (row["speaker"] as? String).map { "\($0): \(text)" } ?? text
            }
            #expect(ours == expected, "\(path)")
            documents += 1
            rows += ours.count
        }
        #expect(documents >= 40)
        print("real Word documents: \(documents), \(rows) rows equal to python-docx's paragraphs")
    }

    /// The transcripts python-docx wrote in each app's layout, and the same saved as text by
    /// docx2txt and mammoth: every spoken turn is a row with its start (to the millisecond) and
    /// speaker; the title lines load as rows without a time.
    @Test func transcriptsWrittenInEachAppsLayoutLoadTurnByTurn() throws {
        let (directory, entries) = try Self.entries()
        let written = entries.filter { !($0["rows"] is NSNull) }
        #expect(written.count == 9)
        for entry in written {
            let path = try #require(entry["path"] as? String)
            let expected = try #require(entry["rows"] as? [[String: Any]])
            let outcome = try TSearch.run(["rows", "--json", directory + "/files/" + path])
            #expect(outcome.status == 0, "\(path): \(outcome.stderr)")
            let spoken = try jsonRecords(outcome.stdout).filter { $0["speaker"] is String }
            #expect(spoken.count == expected.count, "\(path)")
            for (row, want) in zip(spoken, expected) {
                #expect(row["start_ms"] as? Int == want["start_ms"] as? Int, "\(path): \(row)")
                #expect(row["speaker"] as? String == want["speaker"] as? String, "\(path): \(row)")
                #expect(row["text"] as? String == want["text"] as? String, "\(path): \(row)")
            }
        }
    }
}
