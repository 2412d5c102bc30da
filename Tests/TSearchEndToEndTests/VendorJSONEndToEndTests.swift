import Foundation
import Testing

/// The speech-to-text vendors' JSON, used as a user would: rows, search, the speaker and time
/// filters, stepping through hits, and the HTML and EDL exports, on each family's sample.
@Suite(.serialized) struct VendorJSONEndToEndTests {
    /// A family's sample and what it holds: its rows' count, its speakers in row order, the start of
    /// its third row in milliseconds, and a speaker who says "budget".
    struct Family: CustomStringConvertible, Sendable {
        var sample: String
        var rows: Int
        var speakers: [String?]
        var thirdStart: Int
        var budgetSpeaker: String?
        var description: String { sample }
    }

    static let families: [Family] = [
        Family(sample: "design-review.aws.json", rows: 6, speakers: ["spk_0", "spk_1", "spk_2", "spk_1", "spk_0", "spk_2"],
               thirdStart: 10_300, budgetSpeaker: "spk_1"),
        Family(sample: "budget-call.deepgram.json", rows: 5, speakers: ["Speaker 0", "Speaker 1", "Speaker 0", "Speaker 0", "Speaker 1"],
               thirdStart: 5_360, budgetSpeaker: "Speaker 1"),
        Family(sample: "vendor-call.revai.json", rows: 4, speakers: ["José", "Marta", "José", "Marta"], thirdStart: 7_900, budgetSpeaker: "Marta"),
        Family(sample: "roadmap.google.json", rows: 4, speakers: ["Speaker 1", "Speaker 2", "Speaker 1", "Speaker 2"],
               thirdStart: 7_500, budgetSpeaker: "Speaker 2"),
        Family(sample: "demo.whispercpp.json", rows: 4, speakers: [nil, nil, nil, nil], thirdStart: 6_400, budgetSpeaker: nil),
        Family(sample: "support-call.assemblyai.json", rows: 4, speakers: ["A", "B", "A", "B"], thirdStart: 8_950, budgetSpeaker: "B"),
        Family(sample: "support-call.utterances.json", rows: 4, speakers: ["A", "B", "A", "B"], thirdStart: 8_950, budgetSpeaker: "B"),
        Family(sample: "allhands.en.json3", rows: 4, speakers: [nil, nil, nil, nil], thirdStart: 4_640, budgetSpeaker: nil),
    ]

    @Test(arguments: families)
    func rowsJSONGivesTheRowsTimesAndSpeakers(_ family: Family) throws {
        let (rows, outcome) = try printedRows("Samples/" + family.sample)
        #expect(outcome.status == 0)
        #expect(rows.count == family.rows)
        #expect(rows.map(\.speaker) == family.speakers)
        #expect(rows[2].start == family.thirdStart)
        #expect(try searchedRows("Samples/" + family.sample, firstText: rows[0].text) == rows)
    }

    @Test(arguments: families)
    func searchFiltersAndNextWork(_ family: Family) throws {
        let folder = try TSearch.temporaryDirectory()
        try FileManager.default.copyItem(atPath: TSearch.samples + "/" + family.sample, toPath: folder.appendingPathComponent(family.sample).path)
        let state = ["TSEARCH_STATE": folder.appendingPathComponent("session.json").path]

        let search = try TSearch.run(["search", "budget", family.sample], in: folder, environment: state)
        #expect(search.status == 0)
        let hits = try jsonRecords(try TSearch.run(["search", "--json", "budget", family.sample], in: folder).stdout)
            .filter { $0["type"] as? String == "hit" }
        #expect(hits.count >= 2)

        if let speaker = family.budgetSpeaker {
            let spoken = try jsonRecords(try TSearch.run(["search", "--json", "--speaker", speaker, "budget", family.sample], in: folder).stdout)
                .filter { $0["type"] as? String == "hit" }
            #expect(!spoken.isEmpty)
            #expect(spoken.allSatisfy { $0["speaker"] as? String == speaker })
            #expect(spoken.count < hits.count || Set(hits.compactMap { $0["speaker"] as? String }) == [speaker])
        }

        // After the last hit's start: that hit, not the first one.
        let lastStart = try #require(hits.last?["start_ms"] as? Int)
        let after = String(Double(lastStart) / 1000)
        let late = try jsonRecords(try TSearch.run(["search", "--json", "--after", after, "budget", family.sample], in: folder).stdout)
            .filter { $0["type"] as? String == "hit" }
        #expect(!late.isEmpty)
        #expect(late.count < hits.count)
        #expect(late.allSatisfy { ($0["end_ms"] as? Int ?? 0) > lastStart })

        let next = try TSearch.run(["next"], in: folder, environment: state)
        #expect(next.status == 0)
        #expect(next.stdout.contains("hit 2 of \(hits.count)"))
    }

    @Test(arguments: families)
    func htmlAndEDLExports(_ family: Family) throws {
        let folder = try TSearch.temporaryDirectory()
        try FileManager.default.copyItem(atPath: TSearch.samples + "/" + family.sample, toPath: folder.appendingPathComponent(family.sample).path)
        let base = String(family.sample.prefix { $0 != "." })
        try Data().write(to: folder.appendingPathComponent(base + ".mp4"))

        let html = try TSearch.run(["export", "--format", "html", "budget", family.sample], in: folder)
        #expect(html.status == 0)
        #expect(html.stdout.contains("<mark"))
        let hits = try jsonRecords(try TSearch.run(["search", "--json", "budget", family.sample], in: folder).stdout)
            .filter { $0["type"] as? String == "hit" }
        for speaker in Set(hits.compactMap { $0["speaker"] as? String }) {
            #expect(html.stdout.contains(speaker), "\(speaker)")
        }

        let edl = try TSearch.run(["export", "--format", "edl", "--padding", "0", "budget", family.sample], in: folder)
        #expect(edl.status == 0)
        let clips = edl.stdout.split(separator: "\n").dropFirst()
        #expect(!clips.isEmpty)
        let media = folder.appendingPathComponent(base + ".mp4").path
        #expect(clips.allSatisfy { $0.hasPrefix("%\(media.utf8.count)%\(media),") })
        // Clip starts are the rows' starts in seconds, not a thousand times them.
        let starts = clips.compactMap { Double($0.dropFirst("%\(media.utf8.count)%\(media),".count).prefix { $0 != "," }) }
        #expect(starts.count == clips.count)
        #expect(starts.allSatisfy { $0 < 60 })
    }

    /// A guessed unit is a note: said the first time the file is read, then not for the unchanged file.
    @Test func theUnitGuessIsANoteOnStderrSaidOnce() throws {
        let state = ["TSEARCH_STATE": try TSearch.temporaryDirectory().appendingPathComponent("session.json").path]
        let outcome = try TSearch.run(["rows", "Samples/support-call.utterances.json"], environment: state)
        #expect(outcome.status == 0)
        #expect(outcome.stderr.hasPrefix("tsearch: note: Samples/support-call.utterances.json: the times carry no unit; read as milliseconds"))
        let again = try TSearch.run(["rows", "Samples/support-call.utterances.json"], environment: state)
        #expect(again.status == 0 && again.stderr.isEmpty && again.stdout == outcome.stdout)
    }

    @Test func anUnknownJSONShapeSaysWhatItHoldsAndWhatIsRead() throws {
        let folder = try TSearch.temporaryDirectory()
        try Data(#"{"captions": [{"at": 1, "say": "budget"}]}"#.utf8).write(to: folder.appendingPathComponent("odd.json"))
        let outcome = try TSearch.run(["rows", "odd.json"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("odd.json:1: expected one of the JSON transcripts tsearch reads"))
        #expect(outcome.stderr.contains(#"found an object with the members "captions""#))
        #expect(outcome.stderr.contains("AWS Transcribe"))
    }

    @Test func aTruncatedVendorFileIsAnErrorNamingItsLine() throws {
        let folder = try TSearch.temporaryDirectory()
        let whole = try String(contentsOfFile: TSearch.samples + "/vendor-call.revai.json", encoding: .utf8)
        try Data(whole.utf8.prefix(whole.utf8.count / 3)).write(to: folder.appendingPathComponent("cut.json"))
        let outcome = try TSearch.run(["search", "budget", "cut.json"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("cut.json:"))
        #expect(outcome.stderr.contains("found the end of the file"))
    }
}
