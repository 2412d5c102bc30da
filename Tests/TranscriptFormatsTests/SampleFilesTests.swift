import Foundation
import Testing
import TranscriptModel
@testable import TranscriptFormats

/// The samples load as their README says.
struct SampleFilesTests {
    static func loadSample(_ name: String) throws -> LoadResult {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: samplesDirectory + "/" + name)))
        return try TranscriptLoader.load(bytes: bytes, path: name)
    }

    @Test(arguments: [
        "standup.vtt", "planning.srt", "interview.whisper.json", "retro.whisperx.json", "sync.json",
        "notes.json", "call-log.txt", "kickoff-utf16.srt", "offsite-cp1252.vtt", "broken.srt", "escape.srt",
        "youtube-allhands.en.vtt", "design-review.otter.txt", "customer-interview.rev.txt", "budget-sync.meet.txt",
        "workshop-chat.zoom.txt", "offsite-chat.zoom.txt", "quarterly-update.premiere.txt", "podcast.descript.txt",
        "all-hands.teams.docx", "design-review.aws.json", "budget-call.deepgram.json", "vendor-call.revai.json",
        "roadmap.google.json", "demo.whispercpp.json", "support-call.assemblyai.json", "support-call.utterances.json",
        "allhands.en.json3", "escalation.call-analytics.json", "hiring-plan.csv", "town-hall.captions.txt",
    ])
    func everySampleLoadsAndMentionsTheBudget(_ name: String) throws {
        let result = try Self.loadSample(name)
        #expect(result.transcript.rows.count >= 3)
        #expect(result.texts.filter { $0.lowercased().contains("budget") }.count >= 1)
        // The broken cue, the frame rate that had to be assumed, and the time unit guessed.
        #expect(result.warnings.isEmpty == !["broken.srt", "quarterly-update.premiere.txt", "support-call.utterances.json"].contains(name))
    }

    @Test func encodingsOfTheEncodingSamples() throws {
        #expect(try Self.loadSample("kickoff-utf16.srt").transcript.source.encoding == "UTF-16LE")
        #expect(try Self.loadSample("offsite-cp1252.vtt").transcript.source.encoding == "windows-1252")
        #expect(try Self.loadSample("offsite-cp1252.vtt").texts.joined().contains("Leopoldstraße"))
    }

    @Test func brokenSampleWarnsAtLine38AndKeepsEveryOtherCue() throws {
        let result = try Self.loadSample("broken.srt")
        #expect(result.warnings.map(\.description) == [
            #"broken.srt:38: expected a timing line like "00:01:02,500 --> 00:01:04,000", found "00:01:02,5x0 --> 00:01:04,000""#,
        ])
        #expect(result.transcript.rows.count == 17)
    }

    @Test func wrappedPhraseIsOneRow() throws {
        for name in ["standup.vtt", "planning.srt", "offsite-cp1252.vtt"] {
            #expect(try Self.loadSample(name).texts.contains { $0.contains("quarterly budget review") }, "\(name)")
        }
    }

    @Test func speakersComeFromVoicesFieldsAndPrefixes() throws {
        #expect(Set(try Self.loadSample("standup.vtt").speakers.compactMap { $0 }).isSuperset(of: ["Alice", "Bob", "Chen Wei"]))
        #expect(Set(try Self.loadSample("retro.whisperx.json").speakers.compactMap { $0 }) == ["SPEAKER_00", "SPEAKER_01", "SPEAKER_02"])
        #expect(try Self.loadSample("planning.srt").speakers.contains("Dana"))
        #expect(try Self.loadSample("call-log.txt").speakers.contains("Marta"))
    }
}

/// The samples of the other subtitle formats load as Samples/README.md says: rows, first times and
/// speakers.
struct OtherFormatSampleTests {
    @Test(arguments: [
        ("design-review.sbv", "sbv", 5, 500, ["Dana", "Chen Wei", "Alice"]),
        ("q3-review.srv3", "srv3", 4, 160, []),
        ("launch-party.ass", "ass", 5, 1000, ["José", "Alice", "Bob"]),
        ("board-call.ttml", "ttml", 5, 1000, ["Alice", "José"]),
        ("vendor-call.smi", "sami", 4, 1000, ["Marta", "Bob"]),
        ("training.sub", "microdvd", 5, 1000, []),
        ("budget-walkthrough.tsv", "tsv", 5, 0, []),
        ("teams-names.vtt", "vtt", 3, 800, ["Carlos Farías", "Siobhán O'Brien"]),
        ("handoff.highlight.srt", "srt", 2, 0, []),
    ] as [(String, String, Int, Int64, [String])])
    func sampleLoadsWithItsRowsTimesAndSpeakers(_ name: String, _ format: String, _ rows: Int, _ firstStart: Int64, _ speakers: [String]) throws {
        let result = try SampleFilesTests.loadSample(name)
        #expect(result.transcript.source.format == format)
        #expect(result.transcript.rows.count == rows)
        #expect(result.starts.first == firstStart)
        #expect(result.starts.allSatisfy { $0 != nil })
        var seen: [String] = []
        for speaker in result.speakers.compactMap({ $0 }) where !seen.contains(speaker) { seen.append(speaker) }
        #expect(seen == speakers)
        #expect(result.texts.contains { $0.lowercased().contains("budget") })
        #expect(result.warnings.count == (name == "vendor-call.smi" ? 1 : 0))
    }

    @Test func theBoardCallsTimesCoverEveryTTMLTimeForm() throws {
        let result = try SampleFilesTests.loadSample("board-call.ttml")
        #expect(result.starts == [1000, 4480, 10000, 14000, 20500])
        #expect(result.ends == [4000, 8000, 13500, 18000, 24000])
    }
}
