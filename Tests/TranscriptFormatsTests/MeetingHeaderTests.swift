import Foundation
import Testing
import TranscriptModel
@testable import TranscriptFormats

/// A meeting's date and title read from its content, per format, in a file whose name states
/// another date: the content wins and says so (`dateOrigin == .content`).
struct MeetingHeaderTests {
    /// A file's name and text, and the date and title its content states.
    struct Case: CustomTestStringConvertible, Sendable {
        var path: String
        var text: String
        var date: String
        var title: String?
        var testDescription: String { path }
    }

    static let cases: [Case] = [
        Case(path: "2020-01-01 otter.txt", text: "Design review\nWed, Mar 4, 2026 10:02AM • 3:41\n\nDana  0:03\nThanks for joining.\n",
             date: "2026-03-04 10:02", title: "Design review"),
        Case(path: "2020-01-01 meet.txt", text: "Budget sync - Transcript\nDate: 14 March 2026\nAttendees\nAlice, Bob\n\n00:00:00\n\nAlice: Morning.\n",
             date: "2026-03-14", title: "Budget sync"),
        Case(path: "2020-01-01 chat.zoom.txt", text: "Meeting: Weekly sync\nMeeting started: 2026-03-14 15:00\n10:01:23 From  Dana  to  Everyone:\n\tHello\n",
             date: "2026-03-14 15:00", title: "Weekly sync"),
        Case(path: "2020-01-01 teams.vtt", text: "WEBVTT\nNOTE Weekly sync\nNOTE March 14, 2026, 3:00 PM\n\n00:00:01.000 --> 00:00:02.000\n<v Alice>Hello</v>\n",
             date: "2026-03-14 15:00", title: "Weekly sync"),
        Case(path: "2020-01-01 party.ass", text: "[Script Info]\nTitle: Launch party planning\n; Date: 2026-03-14\nScriptType: v4.00+\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:01.00,0:00:04.50,Default,José,0,0,0,,Hello\n",
             date: "2026-03-14", title: "Launch party planning"),
        Case(path: "2020-01-01 board.ttml", text: """
            <?xml version="1.0"?><tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" xmlns:ebuttm="urn:ebu:tt:metadata"><head><metadata><ttm:title>Board call</ttm:title><ebuttm:documentCreationDate>2026-03-14</ebuttm:documentCreationDate></metadata></head><body><div><p begin="00:00:01.000" end="00:00:02.000">Hello</p></div></body></tt>
            """, date: "2026-03-14", title: "Board call"),
        Case(path: "2020-01-01 call.json", text: #"{"metadata": {"created": "2026-03-14T15:00:00.000Z"}, "segments": [{"start": 1.0, "end": 2.0, "text": "Hello"}]}"#,
             date: "2026-03-14 15:00", title: nil),
    ]

    @Test(arguments: cases) func theContentsDateWinsOverThePaths(_ test: Case) throws {
        for facts in try loadedFacts(Array(test.text.utf8), path: test.path) {
            #expect(facts.date?.formatted == test.date)
            #expect(facts.dateOrigin == .content)
            if let title = test.title {
                #expect(facts.title == title)
                #expect(facts.titleFromContent)
            }
        }
    }

    /// The facts both readers give: through rows (`load`) and in place into columns (`loadCorpus`).
    func loadedFacts(_ bytes: [UInt8], path: String) throws -> [MeetingFacts] {
        let rows = try TranscriptLoader.load(bytes: bytes, path: path).transcript.source.facts
        let columns = try bytes.withUnsafeBytes { try TranscriptLoader.loadCorpus(bytes: $0, path: path, options: LoadOptions()) }
        return [rows, try #require(columns?.corpus.sources.first?.facts)]
    }

    @Test func aFileWhoseContentStatesNoDateTakesThePaths() throws {
        for facts in try loadedFacts(Array("1\n00:00:01,000 --> 00:00:02,000\nHello\n".utf8), path: "calls/2026-03-14 Weekly sync.srt") {
            #expect(facts.date?.formatted == "2026-03-14")
            #expect(facts.dateOrigin == .path)
            #expect(facts.title == "Weekly sync")
        }
        for facts in try loadedFacts(Array("1\n00:00:01,000 --> 00:00:02,000\nHello\n".utf8), path: "calls/weekly.srt") {
            #expect(facts.date == nil)
            #expect(facts.dateOrigin == .none)
        }
    }

    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples")

    @Test func anEPUBsDateIsItsPackagesDCDate() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.samples.appendingPathComponent("minutes.epub")))
        let facts = try TranscriptLoader.load(bytes: bytes, path: "2020-01-01 minutes.epub").transcript.source.facts
        #expect(facts.date?.formatted == "2024-10-01")
        #expect(facts.dateOrigin == .content)
        #expect(facts.title == "Team Meeting Minutes, Q3")
    }

    @Test func aWordExportsDateIsItsHeaderLine() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.samples.appendingPathComponent("all-hands.teams.docx")))
        let facts = try TranscriptLoader.load(bytes: bytes, path: "2020-01-01 all-hands.docx").transcript.source.facts
        #expect(facts.date?.formatted == "2024-10-01 09:00")
        #expect(facts.dateOrigin == .content)
    }

    @Test func writtenDatesInTheirUsualForms() {
        #expect(WrittenDate.parse("Wed, Mar 4, 2026 10:02AM")?.formatted == "2026-03-04 10:02")
        #expect(WrittenDate.parse("March 14, 2026, 3:00 PM")?.formatted == "2026-03-14 15:00")
        #expect(WrittenDate.parse("14 March 2026 15:00")?.formatted == "2026-03-14 15:00")
        #expect(WrittenDate.parse("12:30 AM on the 1st")?.formatted == nil)
        #expect(WrittenDate.parse("2026-03-14T15:00:00Z")?.formatted == "2026-03-14 15:00")
        #expect(WrittenDate.parse("Revenue grew in March") == nil)
    }
}
