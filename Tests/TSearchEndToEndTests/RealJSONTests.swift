import Foundation
import Testing

/// The speech-to-text readers against JSON the vendors' own libraries wrote. `Scripts/realjson/fetch.sh
/// DIR` writes responses with google-cloud-speech, deepgram-sdk and AssemblyAI's SDK (its own test
/// factories), a Rev.ai transcript read back by rev_ai, AWS Transcribe job outputs read back by
/// tscribe, and whisper.cpp's `-oj`/`-ojf` JSON written by its own program beside the CSV of the same
/// run, and records what those libraries read;
/// with `TSEARCH_REAL_JSON=DIR` set, every file is loaded by `tsearch rows --json` and compared: the
/// same number of rows, starts within 10 ms, the same speakers and text. Without it, skipped.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["TSEARCH_REAL_JSON"] != nil))
struct RealJSONTests {
    struct Reference {
        var path: String
        var family: String
        var unitWarning: String?
        var rows: [(start: Int?, speaker: String?, text: String)]
    }

    static func references(_ directory: String) throws -> [Reference] {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/expected.json"))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return entries.map { entry in
            Reference(
                path: entry["path"] as? String ?? "", family: entry["family"] as? String ?? "", unitWarning: entry["unit_warning"] as? String,
                rows: (entry["rows"] as? [[String: Any]] ?? []).map {
                    (start: $0["start_ms"] as? Int, speaker: $0["speaker"] as? String, text: $0["text"] as? String ?? "")
                })
        }
    }

    @Test func everyFileReadsAsItsVendorsLibraryReadsIt() throws {
        let directory = try #require(ProcessInfo.processInfo.environment["TSEARCH_REAL_JSON"])
        let references = try Self.references(directory)
        #expect(references.count >= 14)
        #expect(Set(references.map(\.family)) == ["assemblyai", "aws", "deepgram", "google", "revai", "whispercpp"])
        for reference in references {
            let path = directory + "/files/" + reference.path
            let (rows, outcome) = try printedRows(path)
            #expect(outcome.status == 0, "\(reference.path): \(outcome.stderr)")
            #expect(rows.count == reference.rows.count, "\(reference.path)")
            for (row, expected) in zip(rows, reference.rows) {
                #expect(row.text == expected.text, "\(reference.path)")
                #expect(row.speaker == expected.speaker, "\(reference.path): \(row.text)")
                if let start = expected.start {
                    #expect(abs((row.start ?? -100_000) - start) <= 10, "\(reference.path): \(row.text)")
                }
            }
            if let unit = reference.unitWarning {
                #expect(outcome.stderr.contains("read as \(unit)"), "\(reference.path)")
            } else {
                #expect(outcome.stderr.isEmpty, "\(reference.path): \(outcome.stderr)")
            }
        }
    }

    /// The timed JSON found inside vendors' own packages (`found/found.json`, written by
    /// `Scripts/realjson/found.py`): each file loads with every row timed, and with speakers when
    /// its objects carry one. A package that could not be downloaded is left out of the list (fetch.sh names it).
    @Test func everyTimedFileAVendorsPackageCarriesLoadsWithTimedRows() throws {
        let directory = try #require(ProcessInfo.processInfo.environment["TSEARCH_REAL_JSON"])
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/found/found.json"))
        let found = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        for entry in found {
            let name = try #require(entry["path"] as? String)
            let (rows, outcome) = try printedRows(directory + "/found/files/" + name)
            #expect(outcome.status == 0, "\(name) (\(entry["member"] ?? "")): \(outcome.stderr)")
            #expect(!rows.isEmpty, "\(name)")
            #expect(rows.allSatisfy { $0.start != nil }, "\(name): untimed rows")
            if entry["speakers"] as? Bool == true {
                #expect(rows.contains { $0.speaker != nil }, "\(name): no speaker")
            }
        }
    }
}
