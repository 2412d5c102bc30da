import Foundation
import Testing

/// The other subtitle formats end to end, on their samples: `rows --json`, `search`, `--speaker`,
/// `--after`, `next`, and the HTML and EDL exports; a folder of every format searched whole; and
/// each format told by its content on standard input.
@Suite(.serialized) struct OtherSubtitleFormatsTests {
    /// Each sample, a speaker in it (or nil), a time after which some of its "budget" hits fall, and
    /// how many rows it loads as.
    static let samples: [(name: String, speaker: String?, after: String, rows: Int)] = [
        ("design-review.sbv", "Chen Wei", "00:00:04", 5),
        ("q3-review.srv3", nil, "00:00:07", 4),
        ("launch-party.ass", "Bob", "00:00:05", 5),
        ("board-call.ttml", "José", "00:00:05", 5),
        ("vendor-call.smi", "Marta", "00:00:08", 4),
        ("training.sub", nil, "00:00:10", 5),
        ("budget-walkthrough.tsv", nil, "00:00:05", 5),
        ("teams-names.vtt", "Carlos Farías", "00:00:04", 3),
        ("handoff.highlight.srt", nil, "00:00:00", 2),
    ]

    static var names: [String] { samples.map(\.name) }

    static func hits(_ arguments: [String], in directory: URL = TSearch.root) throws -> [[String: Any]] {
        let outcome = try TSearch.run(["search", "--json"] + arguments, in: directory)
        return try jsonRecords(outcome.stdout).filter { $0["type"] as? String == "hit" }
    }

    @Test(arguments: names)
    func rowsAsJSONHaveTimesAndAreWhatSearchSees(_ name: String) throws {
        let sample = try #require(Self.samples.first { $0.name == name })
        let (rows, outcome) = try printedRows("Samples/" + name)
        #expect(outcome.status == 0)
        #expect(rows.count == sample.rows)
        #expect(rows.allSatisfy { $0.start != nil })
        #expect(zip(rows, rows.dropFirst()).allSatisfy { ($0.start ?? 0) <= ($1.start ?? 0) }, "rows in time order")
        if let speaker = sample.speaker { #expect(rows.contains { $0.speaker == speaker }) }
        #expect(try searchedRows("Samples/" + name, firstText: rows[0].text) == rows)
    }

    @Test(arguments: names)
    func searchSpeakerAndAfterFilterTheHits(_ name: String) throws {
        let sample = try #require(Self.samples.first { $0.name == name })
        let all = try Self.hits(["budget", "Samples/" + name])
        #expect(!all.isEmpty)
        #expect(all.allSatisfy { ($0["text"] as? String)?.lowercased().contains("budget") == true })
        if let speaker = sample.speaker {
            let spoken = try Self.hits(["--speaker", speaker, "budget", "Samples/" + name])
            #expect(!spoken.isEmpty)
            #expect(spoken.allSatisfy { $0["speaker"] as? String == speaker })
            #expect(spoken.map { $0["row"] as? String } == all.filter { $0["speaker"] as? String == speaker }.map { $0["row"] as? String })
        }
        let after = try Self.hits(["--after", sample.after, "budget", "Samples/" + name])
        let limit = try #require(Self.milliseconds(sample.after))
        // A row is after the time when it ends after it (it is still being said then).
        func endsAfter(_ hit: [String: Any]) -> Bool { (hit["end_ms"] as? Int ?? hit["start_ms"] as? Int ?? -1) > limit }
        #expect(after.allSatisfy(endsAfter))
        #expect(after.count == all.filter(endsAfter).count)
        #expect(after.count < all.count || sample.after == "00:00:00")
    }

    @Test(arguments: names)
    func nextStepsThroughTheHitsOfTheFile(_ name: String) throws {
        let folder = try TSearch.temporaryDirectory()
        let state = ["TSEARCH_STATE": folder.appendingPathComponent("session.json").path]
        let search = try TSearch.run(["search", "e", "Samples/" + name], environment: state)
        #expect(search.status == 0)
        let next = try TSearch.run(["next"], environment: state)
        #expect(next.status == 0)
        #expect(next.stderr.isEmpty, "\(next.stderr)")
        let header = String(next.stdout.split(separator: "\n").first ?? "")
        #expect(header.hasPrefix("hit 2 of "), "\(header)")
        #expect(header.hasSuffix("Samples/" + name))
    }

    @Test(arguments: names)
    func htmlExportMarksTheHitsWithTheirTimes(_ name: String) throws {
        let result = try TSearch.run(["export", "--format", "html", "budget", "Samples/" + name])
        #expect(result.status == 0)
        #expect(result.stdout.contains("<mark"))
        #expect(result.stdout.contains(name))
        let first = try #require(try Self.hits(["budget", "Samples/" + name]).first)
        let start = (first["start_ms"] as? Int ?? 0) / 1000
        #expect(result.stdout.contains(String(format: "%02d:%02d", start / 60, start % 60)))
    }

    @Test(arguments: names)
    func edlExportPointsIntoTheRecordingBeside(_ name: String) throws {
        let folder = try TSearch.temporaryDirectory()
        try FileManager.default.copyItem(atPath: TSearch.samples + "/" + name, toPath: folder.appendingPathComponent(name).path)
        let base = name.split(separator: ".").first.map(String.init) ?? name
        try Data().write(to: folder.appendingPathComponent(base + ".mp4"))
        let result = try TSearch.run(["export", "--format", "edl", "--padding", "0", "budget", name], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "# mpv EDL v0")
        let media = folder.appendingPathComponent(base + ".mp4").path
        let first = try #require(try Self.hits(["budget", name], in: folder).first)
        let start = Double(first["start_ms"] as? Int ?? 0) / 1000
        #expect(lines.dropFirst().first?.hasPrefix("%\(media.utf8.count)%\(media),\(Self.decimal(start)),") == true, "\(lines)")
    }

    @Test func aFolderOfEveryFormatIsSearchedWhole() throws {
        let folder = try TSearch.temporaryDirectory()
        for sample in Self.samples {
            try FileManager.default.copyItem(atPath: TSearch.samples + "/" + sample.name, toPath: folder.appendingPathComponent(sample.name).path)
        }
        try FileManager.default.copyItem(atPath: TSearch.samples + "/board-call.ttml", toPath: folder.appendingPathComponent("board-call-copy.xml").path)
        try Data("<project><budget>none</budget></project>".utf8).write(to: folder.appendingPathComponent("pom.xml"))
        let result = try TSearch.run(["search", "-c", "budget", "."], in: folder)
        #expect(result.status == 0)
        for name in Self.names + ["board-call-copy.xml"] {
            #expect(result.stdout.contains("./\(name):"), "\(name) was not searched")
        }
        #expect(!result.stdout.contains("pom.xml"))
        #expect(result.stderr.contains("tsearch: warning: ./pom.xml: expected a subtitle document (TTML/DFXP or YouTube srv3) in this .xml file"))
    }

    @Test(arguments: names)
    func eachFormatIsToldByItsContentOnStandardInput(_ name: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: TSearch.samples + "/" + name))
        let piped = try TSearch.run(["rows", "--json", "-"], stdin: bytes)
        let named = try printedRows("Samples/" + name).rows
        let rows = try jsonRecords(piped.stdout).map(PrintedRow.init)
        #expect(rows.map(\.text) == named.map(\.text))
        #expect(rows.map(\.start) == named.map(\.start))
        #expect(rows.map(\.speaker) == named.map(\.speaker))
    }

    /// `hh:mm:ss` in milliseconds.
    static func milliseconds(_ clock: String) -> Int? {
        let parts = clock.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        return ((parts[0] * 60 + parts[1]) * 60 + parts[2]) * 1000
    }

    /// Seconds as the EDL writes them: no trailing zeros (`4.5`, `28`).
    static func decimal(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%g", seconds)
    }
}
