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
        "allhands.en.json3",
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
