import Testing
import TranscriptModel
@testable import TranscriptFormats

struct SubRipParserTests {
    @Test func numberedCuesWithMarkupAndWrappedLines() throws {
        let result = try load("""
        1
        00:00:01,000 --> 00:00:04,500
        <i>We need the quarterly</i>
        <b>budget</b> review.

        2
        00:00:05,000 --> 00:00:07,000 X1:100 X2:200 Y1:10 Y2:20
        {\\an8}<font color="#ffcc00">Top</font> line &amp; more

        """, as: "a.srt")
        #expect(result.texts == ["We need the quarterly budget review.", "Top line & more"])
        #expect(result.starts == [1000, 5000])
        #expect(result.ends == [4500, 7000])
        #expect(result.lines == [1, 6])
        #expect(result.transcript.rows.map(\.locator.cue) == ["1", "2"])
        #expect(result.warnings.isEmpty)
    }

    @Test func unnumberedCuesDotMillisecondsLongHoursExtraBlankLinesNoFinalNewline() throws {
        let result = try load("\n\n00:00:01.5 --> 00:00:02.25\nfirst\n\n\n\n123:00:00,000 --> 123:00:01,000\nsecond", as: "b.srt")
        #expect(result.texts == ["first", "second"])
        #expect(result.starts == [1500, 442_800_000])
        #expect(result.ends == [2250, 442_801_000])
    }

    @Test(arguments: ["\r\n", "\r", "\n"])
    func lineEndings(_ end: String) throws {
        let text = ["1", "00:00:01,000 --> 00:00:02,000", "one", "two", "", "2", "00:00:03,000 --> 00:00:04,000", "three"]
            .joined(separator: end)
        let result = try load(text, as: "c.srt")
        #expect(result.texts == ["one two", "three"])
    }

    @Test func cueWithoutBlankLineBeforeTheNext() throws {
        let result = try load("1\n00:00:01,000 --> 00:00:02,000\none\n2\n00:00:03,000 --> 00:00:04,000\ntwo\n", as: "d.srt")
        #expect(result.texts == ["one", "two"])
    }

    @Test func paragraphAfterABlankLineBelongsToThePreviousCue() throws {
        let result = try load("1\n00:00:01,000 --> 00:00:02,000\none\n\nstill one\n\n2\n00:00:03,000 --> 00:00:04,000\ntwo\n", as: "e.srt")
        #expect(result.texts == ["one still one", "two"])
        #expect(result.warnings.isEmpty)
    }

    @Test func badTimestampSkipsOnlyThatCueWithAWarningNamingTheLine() throws {
        let result = try load("""
        1
        00:00:01,000 --> 00:00:02,000
        good one

        2
        00:01:02,5x0 --> 00:01:04,000
        lost cue

        3
        00:00:05,000 --> 00:00:06,000
        good budget
        """, as: "f.srt")
        #expect(result.texts == ["good one", "good budget"])
        #expect(result.warningLines == [6])
        #expect(result.warnings.first?.description
            == #"f.srt:6: expected a timing line like "00:01:02,500 --> 00:01:04,000", found "00:01:02,5x0 --> 00:01:04,000""#)
    }

    @Test func cueNumberWithoutTimingIsAWarning() throws {
        let result = try load("1\n00:00:01,000 --> 00:00:02,000\none\n\n2\nno timing here\n\n3\n00:00:03,000 --> 00:00:04,000\nthree\n", as: "g.srt")
        #expect(result.texts == ["one", "three"])
        #expect(result.warningLines == [5])
    }

    @Test func truncatedFileKeepsEveryCompleteCue() throws {
        let result = try load("1\n00:00:01,000 --> 00:00:02,000\none\n\n2\n00:00:03,0", as: "h.srt")
        #expect(result.texts == ["one"])
        #expect(result.warningLines == [5])  // cue number 2 has no timing line
        let cut = try load("1\n00:00:01,000 --> 00:00:02,000\none\n\n2\n00:00:03,000 --> 0", as: "h.srt")
        #expect(cut.warningLines == [6])
    }

    @Test func speakerLabelsFollowTheConvention() throws {
        let result = try load("""
        1
        00:00:01,000 --> 00:00:02,000
        Dana: first

        2
        00:00:03,000 --> 00:00:04,000
        Dana: second

        3
        00:00:05,000 --> 00:00:06,000
        MAN 2: in capitals, once

        4
        00:00:07,000 --> 00:00:08,000
        Digo: a one-off word with a colon stays text

        5
        00:00:09,000 --> 00:00:10,000
        Car j'ai 3 spécialités: not a name

        6
        00:00:11,000 --> 00:00:12,000
        Most lines of a film have no label,

        7
        00:00:13,000 --> 00:00:14,000
        so a one-off label is not trusted

        8
        00:00:15,000 --> 00:00:16,000
        while fewer than half

        9
        00:00:17,000 --> 00:00:18,000
        of the cues carry one.
        """, as: "i.srt")
        #expect(result.speakers == ["Dana", "Dana", "MAN 2", nil, nil, nil, nil, nil, nil])
        #expect(result.texts[0] == "first")
        #expect(result.texts[3] == "Digo: a one-off word with a colon stays text")
    }

    @Test func everyoneSpeakingOnceIsStillATranscript() throws {
        let result = try load("1\n00:00:01,000 --> 00:00:02,000\nAlice: one\n\n2\n00:00:03,000 --> 00:00:04,000\nBob: two\n\n3\n00:00:05,000 --> 00:00:06,000\nno label\n", as: "m.srt")
        #expect(result.speakers == ["Alice", "Bob", nil])
    }

    @Test func assLineBreaksAndHardSpacesBecomeSpaces() throws {
        let result = try load("1\n00:00:01,000 --> 00:00:02,000\nfirst\\Nsecond\\hthird \\n stays\n", as: "n.srt")
        #expect(result.texts == ["first second third \\n stays"])
    }

    @Test func onlyKnownTagsAreStripped() throws {
        let result = try load("1\n00:00:01,000 --> 00:00:02,000\n< i>x</ i > <LAUGHING> a < b <3 <blink>y</blink>\n", as: "j.srt")
        #expect(result.texts == ["x <LAUGHING> a < b <3 <blink>y</blink>"])
    }

    @Test func colonBeforeMillisecondsIsAccepted() throws {
        let result = try load("1\n00:00:07,000 --> 00:00:11:890\ntext\n", as: "k.srt")
        #expect(result.ends == [11_890])
    }

    @Test func emptyCuesAreDropped() throws {
        let result = try load("1\n00:00:01,000 --> 00:00:02,000\n\n2\n00:00:03,000 --> 00:00:04,000\n<i></i>\n\n3\n00:00:05,000 --> 00:00:06,000\nthree\n", as: "l.srt")
        #expect(result.texts == ["three"])
    }
}
