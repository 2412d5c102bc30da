import Foundation
import Testing
import TranscriptModel
@testable import TranscriptFormats

/// Meeting apps' text exports load with their times and speakers; anything else stays plain text.
struct MeetingTextTests {
    /// One expected row: start in milliseconds (nil: untimed), speaker, the text's beginning.
    typealias Expected = (start: Int64?, speaker: String?, text: String)

    static func check(_ result: LoadResult, _ expected: [Expected], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.transcript.rows.count == expected.count, sourceLocation: sourceLocation)
        for (row, want) in zip(result.transcript.rows, expected) {
            #expect(row.start?.milliseconds == want.start, "\(row.text)", sourceLocation: sourceLocation)
            #expect(row.speaker == want.speaker, "\(row.text)", sourceLocation: sourceLocation)
            #expect(row.text.hasPrefix(want.text), "\(row.text)", sourceLocation: sourceLocation)
        }
    }

    @Test func otterHeadingsThenParagraphs() throws {
        let result = try SampleFilesTests.loadSample("design-review.otter.txt")
        Self.check(result, [
            (nil, nil, "Design review Wed, Mar 4"),
            (3_000, "Dana", "Thanks for joining."), (21_000, "Chen Wei", "I looked at the flows"),
            (37_000, "Dana", "Agreed."), (65_000, "Alice", "How much of the illustration budget"),
            (78_000, "Dana", "About a third."), (164_000, "Chen Wei", "Then let's keep them static"),
            (3_723_000, "Alice", "Late addition"), (nil, nil, "Transcribed by https://otter.ai"),
        ])
        #expect(result.warnings.isEmpty)
        #expect(result.lines == [1, 4, 7, 10, 13, 16, 19, 22, 25])
    }

    @Test func revHeadingsInBothShapes() throws {
        Self.check(try SampleFilesTests.loadSample("customer-interview.rev.txt"), [
            (0, "Speaker 1", "Thanks for making time"), (9_000, "Speaker 2", "Sure."),
            (31_000, "Speaker 1", "And where"), (3_727_000, "Speaker 2", "Honestly"),
        ])
    }

    @Test func googleMeetMarkersTimeTheLabelledRowsAfterThem() throws {
        Self.check(try SampleFilesTests.loadSample("budget-sync.meet.txt"), [
            (nil, nil, "Budget sync - Transcript"), (nil, nil, "Attendees"), (nil, nil, "Alice, Bob, José"),
            (0, "Alice", "Morning all."), (0, "Bob", "I sent the numbers"), (0, "José", "Sales travel"),
            (300_000, "Alice", "Can we move"), (300_000, "José", "One of them"), (300_000, "Bob", "Then the budget"),
            (300_000, nil, "Meeting ended after 00:07:12"),
        ])
    }

    @Test func zoomChatInTheRecordingsShapeAndTheSavedShape() throws {
        Self.check(try SampleFilesTests.loadSample("workshop-chat.zoom.txt"), [
            (41_000, "Alice", "Hi all"), (65_000, "Bob", "Can someone"), (72_000, "Chen Wei", "https://example.com"),
            (150_000, "José", "Thanks! 👍🏽"),
        ])
        let older = try load("10:00:01 From Alice to Everyone : Budget first\n10:00:09 From Bob to Alice(Direct Message) : ok\n", as: "chat.txt")
        #expect(older.speakers == ["Alice", "Bob"])
        #expect(older.texts == ["Budget first", "ok"])
        let saved = try SampleFilesTests.loadSample("offsite-chat.zoom.txt")
        Self.check(saved, [
            (36_083_000, "Dana", "Reminder: the budget review moved"), (36_125_000, "Alice", "Thanks Dana I'll update the invite"),
            (36_220_000, "Bob", "Is the budget sheet shared"),
        ])
    }

    @Test func premiereTimecodeBlocksCountFramesAtAnAssumedRate() throws {
        let result = try SampleFilesTests.loadSample("quarterly-update.premiere.txt")
        Self.check(result, [
            (0, "Alice", "Welcome"), (4_400, "Bob", "The API migration"), (9_000, "Alice", "Which frees"),
            (15_600, nil, "Music plays"),
        ])
        #expect(result.ends == [4_400, 9_000, 15_600, 20_000])
        #expect(result.warnings.map(\.description) == [
            "quarterly-update.premiere.txt:1: timecodes count frames and the file does not say how many per second:"
                + " read at 30 frames per second (a guess; a time may be off by a fraction of a second)",
        ])
        // A frame number of 30 or more says the rate is higher.
        let fast = try load("00:00:01:40 - 00:00:02:00\nAlice\nHello\n\n00:00:02:00 - 00:00:03:00\nBob\nHi\n", as: "f.txt")
        #expect(fast.starts == [1_800, 2_000])
        #expect(fast.warnings.first?.kind == .assumedFrameRate(50))
    }

    @Test func newerPremiereSemicolonTimecodesAndDefaultSpeakerNames() throws {
        // Newer Premiere versions separate with `;` and name speakers in the interface's language.
        let text = "00;01;23;54 - 00;01;36;04\n話者 1\n本日は予算の話です。\n\n00;02;34;30 - 00;02;36;22\n話者 2\nよろしくお願いします\n"
        let result = try load(text, as: "premiere-ja.txt")
        #expect(result.speakers == ["話者 1", "話者 2"])
        // A frame number of 54 says 60 frames per second: 54 frames are 900 ms.
        #expect(result.starts == [83_900, 154_500])
        #expect(result.ends == [96_067, 156_367])
        #expect(result.warnings.first?.kind == .assumedFrameRate(60))
    }

    @Test func descriptBracketedTimesInlineOrAboveTheSpeaker() throws {
        Self.check(try SampleFilesTests.loadSample("podcast.descript.txt"), [
            (2_000, "Alice", "This is episode twelve"), (9_000, "Chen Wei", "I still think"),
            (15_000, "Alice", "Rewrites always cost"), (90_000, "José", "Let's ask"),
        ])
    }

    @Test func teamsCueBlocksWithArrows() throws {
        let text = "0:0:0.0 --> 0:0:3.600\nAlice Chen\nGood morning.\n\n0:0:3.600 --> 0:0:7.125\nBob\nMorning. The budget is ready.\n"
        let result = try load(text, as: "teams.txt")
        #expect(result.starts == [0, 3_600])
        #expect(result.ends == [3_600, 7_125])
        #expect(result.speakers == ["Alice Chen", "Bob"])
        #expect(result.warnings.isEmpty)
    }

    @Test func subRipInATextFileDropsItsCueNumbers() throws {
        let result = try load("1\n00:00:01,000 --> 00:00:02,000\nHello there.\n\n2\n00:00:03,000 --> 00:00:04,500\nGeneral budget.\n", as: "sub.txt")
        #expect(result.texts == ["Hello there.", "General budget."])
        #expect(result.starts == [1_000, 3_000])
    }

    @Test(arguments: [
        "We met at 10:30 and again at 11:45.\nThen lunch.\nNothing else happened.\n",
        "Alice: hi\nBob: hello\nAlice: the budget is fine\n",
        "Total  12:30\nA long paragraph of prose follows here.\nAnd another one.\nAnd more.\nAnd more still.\nThe end.\nReally.\n",
        "3:15 pm: coffee\n4:00 pm: budget\n",
    ])
    func prosePlainLinesAndLabelsStayPlainText(_ text: String) throws {
        let result = try load(text, as: "notes.txt")
        #expect(result.starts.allSatisfy { $0 == nil })
        #expect(result.transcript.rows.count == text.split(separator: "\n").count)
    }

    @Test func stdinIsDetectedByContentToo() throws {
        // `[` first looks like JSON; it is not, so the text layouts are tried.
        let bytes = Array("[00:00:02] Alice: budget first.\n[00:00:09] Bob: Then hiring.\n".utf8)
        let result = try TranscriptLoader.load(bytes: bytes, path: "<stdin>")
        #expect(result.starts == [2_000, 9_000])
        #expect(result.speakers == ["Alice", "Bob"])
    }

    @Test func theFastTextPathAndTheStringPathAgree() throws {
        // `loadCorpus` reads a `.txt` in place unless it is in a meeting layout; both ways give the same rows.
        for name in ["design-review.otter.txt", "budget-sync.meet.txt", "call-log.txt", "podcast.descript.txt"] {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: samplesDirectory + "/" + name)))
            let columns = try bytes.withUnsafeBytes { try TranscriptLoader.loadCorpus(bytes: $0, path: name, options: LoadOptions()) }
            let corpus = try #require(columns).corpus
            let rows = corpus.rows(ofSource: 0).map { corpus.row(at: $0) }
            let viaString = try TranscriptLoader.load(bytes: bytes, path: name).transcript.rows
            #expect(rows.map(\.text) == viaString.map(\.text), "\(name)")
            #expect(rows.map(\.start) == viaString.map(\.start), "\(name)")
            #expect(rows.map(\.speaker) == viaString.map(\.speaker), "\(name)")
        }
    }

    @Test func anAbsurdTimeIsAWarningNamingItsLineAndTheRowKeepsItsText() throws {
        let result = try load("Alice  0:03\nHello.\n\nBob  99999999:00:00\nThe budget.\n\nAlice  0:09\nBye.\n", as: "o.txt")
        #expect(result.texts == ["Hello.", "The budget.", "Bye."])
        #expect(result.starts == [3_000, nil, 9_000])
        #expect(result.warnings.map(\.line) == [4])
        #expect(result.warnings.first?.description == #"o.txt:4: expected a timestamp like 0:03 or 1:02:03, under a million hours, found "99999999:00:00""#)
    }

    @Test func aTenMegabyteParagraphLoadsWhole() throws {
        let long = String(repeating: "budget talk ", count: 900_000)
        let result = try load("Alice  0:03\n\(long)\n\nBob  0:09\nShort.\n", as: "long.txt")
        #expect(result.transcript.rows.count == 2)
        #expect(result.transcript.rows[0].text.utf8.count == long.utf8.count - 1)
        #expect(result.starts == [3_000, 9_000])
    }
}

/// A frame rate that moves no time is no guess: timecodes whose frame numbers are all 0 load
/// without the warning.
struct WholeSecondTimecodeTests {
    @Test func framesAllZeroNeedNoRate() throws {
        let text = "00:00:00:00 - 00:00:04:00\nAlice\nThe budget first.\n\n00:00:04:00 - 00:00:09:00\nBob\nThen the roadmap.\n"
        let result = try TranscriptLoader.load(bytes: Array(text.utf8), path: "whole.txt")
        #expect(result.transcript.rows.map { $0.start?.milliseconds } == [0, 4_000])
        #expect(result.warnings.isEmpty)
    }
}
