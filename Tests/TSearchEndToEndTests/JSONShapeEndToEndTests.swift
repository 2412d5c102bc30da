import Foundation
import Testing

/// JSON read by its shape, through the built `tsearch`: a vendor no reader names reads with its
/// unit said on stderr; timed JSON without timed text is an error naming the arrays looked at,
/// exit 2, and the other files of a folder are still searched.
struct JSONShapeEndToEndTests {
    static let speechmatics = """
    {"format": "2.9", "results": [
      {"type": "word", "start_time": 0.4, "end_time": 0.8, "alternatives": [{"content": "budget", "speaker": "S1"}]},
      {"type": "word", "start_time": 0.8, "end_time": 1.2, "alternatives": [{"content": "approved", "speaker": "S1"}]}]}
    """
    static let textless = #"{"words": [{"start": 0.5, "end": 0.9, "type": "pronunciation", "alternatives": [{"confidence": 0.9, "token": "budget"}]}], "status": "done"}"#

    @Test func aFolderSearchReportsTheTextlessFileAndSearchesTheRest() throws {
        let folder = try TSearch.temporaryDirectory()
        try Data(Self.speechmatics.utf8).write(to: folder.appendingPathComponent("speechmatics.json"))
        try Data(Self.textless.utf8).write(to: folder.appendingPathComponent("odd.json"))
        try Data("1\n00:00:01,000 --> 00:00:02,000\nThe budget is ready.\n".utf8).write(to: folder.appendingPathComponent("notes.srt"))
        let outcome = try TSearch.run(["search", "budget", "."], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.stdout.contains("notes.srt:00:00:01:The budget is ready."), "\(outcome.stdout)")
        #expect(outcome.stdout.contains("speechmatics.json:00:00:00:S1: budget approved"), "\(outcome.stdout)")
        #expect(outcome.stderr.contains(
            "odd.json:1: expected timed text (an array of objects with a time and a text, as speech-to-text services write), found none:"
                + " looked at words[] has start/end but no text member (its members: start, end, type, alternatives)"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("speechmatics.json: the times carry no unit; read as seconds"), "\(outcome.stderr)")
    }

    /// The samples read by shape, as a table and as Zoom's captions: hits in the README's first
    /// command, and no warning of their own.
    @Test func theNewSamplesAnswerTheREADMECommandWithoutAWarning() throws {
        let result = try TSearch.run(["search", "budget", "Samples/"])
        #expect(result.status == 0)
        for name in ["escalation.call-analytics.json", "hiring-plan.csv", "town-hall.captions.txt"] {
            #expect(result.stdout.contains("Samples/\(name):"), "no hits shown for \(name)")
            #expect(!result.stderr.contains(name), "\(result.stderr)")
        }
        #expect(result.stdout.contains("Samples/escalation.call-analytics.json:00:00:04:CUSTOMER: Hi Priya, our team budget"), "\(result.stdout)")
        #expect(result.stdout.contains("Samples/town-hall.captions.txt:16:00:11:Grace Okafor: First up: where the travel budget went"), "\(result.stdout)")
    }

    @Test func theTextlessFileAloneIsAnErrorWithExitTwo() throws {
        let folder = try TSearch.temporaryDirectory()
        try Data(Self.textless.utf8).write(to: folder.appendingPathComponent("odd.json"))
        let outcome = try TSearch.run(["rows", "odd.json"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("looked at words[] has start/end but no text member"))
    }
}
