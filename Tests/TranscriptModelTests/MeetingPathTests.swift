import Testing
import TranscriptModel

/// Dates and titles read from paths as real exports name them (`MeetingPath`, `MeetingTitle`), and
/// the facts kept in a corpus cache.
struct MeetingPathTests {
    /// A path and the date it states (`nil`: none).
    struct Case: CustomTestStringConvertible, Sendable {
        var path: String
        var date: String?
        var testDescription: String { path }
    }

    static let cases: [Case] = [
        Case(path: "2026-03-14 Weekly sync.vtt", date: "2026-03-14"),
        Case(path: "notes/2026.03.14 retro.txt", date: "2026-03-14"),
        Case(path: "standup_20260314.srt", date: "2026-03-14"),
        Case(path: "standup-20260314-0930.srt", date: "2026-03-14 09:30"),
        Case(path: "zoom/GMT20260314-150000_Recording.transcript.vtt", date: "2026-03-14 15:00"),
        Case(path: "Zoom/2026-03-14 15.00.00 Weekly sync 81234567890/meeting_saved_chat.txt", date: "2026-03-14 15:00"),
        Case(path: "retro 14-03-2026.txt", date: "2026-03-14"),
        Case(path: "retro 03-14-2026.txt", date: "2026-03-14"),
        Case(path: "retro 03-04-2026.txt", date: nil),  // day-month or month-day: ambiguous, none
        Case(path: "archive/2026-03-14/standup.vtt", date: "2026-03-14"),
        Case(path: "archive/2026/03/14/standup.vtt", date: "2026-03-14"),
        Case(path: "planning.srt", date: nil),
        Case(path: "release 2026-02-30.srt", date: nil),  // no such day
        Case(path: "id 120260314.srt", date: nil),  // digits run on
    ]

    @Test(arguments: cases) func aPathPatternGivesItsDate(_ test: Case) {
        #expect(MeetingPath.date(in: test.path)?.formatted == test.date)
    }

    @Test func aPathWithNoDateGivesNoneNotToday() {
        let facts = MeetingFacts(path: "Samples/planning.srt", contentDate: nil, contentTitle: nil)
        #expect(facts.date == nil)
        #expect(facts.dateOrigin == .none)
    }

    @Test func titlesAreTheFileNameWithoutDateAndExtensionTidied() {
        #expect(MeetingTitle.fromPath("2026-03-14 Weekly sync.vtt") == "Weekly sync")
        #expect(MeetingTitle.fromPath("Samples/budget-sync.meet.txt") == "budget sync")
        #expect(MeetingTitle.fromPath("calls/customer_interview_20260314.srt") == "customer interview")
        // Zoom's generic file names take the folder's name, without its date and meeting number.
        #expect(MeetingTitle.fromPath("Zoom/2026-03-14 15.00.00 Weekly sync 81234567890/meeting_saved_chat.txt") == "Weekly sync")
    }

    @Test func daysCountFrom1970BothWays() throws {
        for text in ["1970-01-01", "2000-02-29", "2026-03-14", "1969-12-31", "2199-12-31"] {
            let date = try #require(MeetingPath.date(in: text))
            #expect(MeetingDate(dayNumber: date.dayNumber) == date)
        }
        #expect(MeetingPath.date(in: "1970-01-02")?.dayNumber == 1)
    }

    @Test func factsSurviveTheCorpusCacheAndMoveWithThePath() throws {
        let rows = [Row(id: RowID(source: 0, index: 0), text: "budget", locator: Locator(file: "x"))]
        let fromContent = MeetingFacts(path: "2020-01-01 a.vtt", contentDate: MeetingDate(year: 2026, month: 3, day: 14, minuteOfDay: 900), contentTitle: "Weekly sync")
        let corpus = Corpus([
            Transcript(source: SourceInfo(path: "2020-01-01 a.vtt", format: "vtt", encoding: "UTF-8", facts: fromContent), rows: rows),
            Transcript(source: SourceInfo(path: "2021-05-06 b.vtt", format: "vtt", encoding: "UTF-8"), rows: rows),
        ])
        var read = try Corpus(serialized: corpus.serialized())
        #expect(read.sources == corpus.sources)
        #expect(read.sources[0].facts.dateOrigin == .content)
        #expect(read.sources[1].facts.date?.formatted == "2021-05-06")
        // Shown under another path: what came from the path is read again, the content's stays.
        read.setPath("2022-07-08 c.vtt", ofSource: 0)
        read.setPath("2022-07-08 c.vtt", ofSource: 1)
        #expect(read.sources[0].facts == fromContent)
        #expect(read.sources[1].facts.date?.formatted == "2022-07-08")
        #expect(read.sources[1].facts.title == "c")
    }
}
