import Testing
import TranscriptModel
@testable import TranscriptFormats

struct WebVTTParserTests {
    @Test func blocksVoicesMarkupAndEntities() throws {
        let result = try load("""
        WEBVTT - Weekly standup
        Kind: captions

        NOTE This is a note
        over two lines

        STYLE
        ::cue { color: yellow }

        REGION
        id:speakers width:40%

        intro
        00:01.000 --> 00:04.000 align:start position:10%
        <v Alice>We need the <c.highlight>budget</c> &amp; the <b>plan</b></v>

        00:05.000 --> 00:08.000
        <v.loud Bob>Fine &lt;really&gt;&nbsp;fine &#233;t&#xE9;</v>

        01:00:00.000 --> 01:00:02.500
        <ruby>漢<rt>かん</rt></ruby>字 <lang fr>café</lang> <00:00:06.000>now <i>and</i> <u>then</u>
        """, as: "s.vtt")
        #expect(result.texts == [
            "We need the budget & the plan",
            "Fine <really> fine été",
            "漢字 café now and then",
        ])
        #expect(result.speakers == ["Alice", "Bob", nil])
        #expect(result.starts == [1000, 5000, 3_600_000])
        #expect(result.ends == [4000, 8000, 3_602_500])
        #expect(result.transcript.rows.map(\.locator.cue) == ["intro", nil, nil])
        #expect(result.lines == [13, 17, 20])
        #expect(result.warnings.isEmpty)
    }

    @Test func missingHeaderStillLoadsWithAWarning() throws {
        let result = try load("00:00:01.000 --> 00:00:02.000\nhello\n", as: "t.vtt")
        #expect(result.texts == ["hello"])
        #expect(result.warnings.map(\.description) == [#"t.vtt:1: expected "WEBVTT" on the first line, found "00:00:01.000 --> 00:00:02.000""#])
    }

    @Test func cueRightAfterTheHeaderWithoutABlankLine() throws {
        let result = try load("WEBVTT\n00:00:01.000 --> 00:00:02.000\nhello\n", as: "u.vtt")
        #expect(result.texts == ["hello"])
    }

    @Test func badTimingAndStrayTextAreWarningsAndTheRestLoads() throws {
        let result = try load("WEBVTT\n\n00:00:1d.890 --> 00:00:02.000\nlost\n\nstray words\n\n00:00:03.000 --> 00:00:04.000\nkept\n", as: "v.vtt")
        #expect(result.texts == ["kept"])
        #expect(result.warningLines == [3, 6])
    }

    @Test func lineWithArrowEndsTheCueText() throws {
        let result = try load("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\none\n00:00:03.000 --> 00:00:04.000\ntwo\n", as: "w.vtt")
        #expect(result.texts == ["one", "two"])
    }

    @Test func unclosedAngleBracketIsKeptAsText() throws {
        let result = try load("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\na <b>bold</b> and a < lone\n", as: "x.vtt")
        #expect(result.texts == ["a bold and a < lone"])
    }
}
