import Testing
import TranscriptModel
@testable import TranscriptFormats

/// Transcripts as tables (CSV and TSV with a header, columns found by their names) and two text
/// exports: Zoom's saved closed captions and Rev.ai's plain text.
struct TableAndCaptionTextTests {
    @Test func whisperCppCSVIsMillisecondsAsItsManualSays() throws {
        let result = try load("start,end,text\n0,3200,\" Let us walk through the budget.\"\n3200,6850,\" Travel is down, twenty percent.\"\n", as: "talk.csv")
        #expect(result.texts == ["Let us walk through the budget.", "Travel is down, twenty percent."])
        #expect(result.starts == [0, 3200])
        #expect(result.ends == [3200, 6850])
        #expect(result.warnings.isEmpty)
    }

    @Test func aSpreadsheetOfStartEndSpeakerTextInSeconds() throws {
        let result = try load("""
        start,end,speaker,text
        1.5,4.2,Alice,"Morning all, the budget first."
        5.0,7.5,Bob,"Fine; ""numbers"" are ready."
        """, as: "sheet.csv")
        #expect(result.texts == ["Morning all, the budget first.", #"Fine; "numbers" are ready."#])
        #expect(result.starts == [1500, 5000])
        #expect(result.speakers == ["Alice", "Bob"])
        #expect(result.warnings.map(\.message) == [
            "the times carry no unit; read as seconds, a guess: the columns start, end, speaker, text name no unit;"
                + " as seconds a word lasts 0.63 s on median, as people speak",
        ])
    }

    @Test func premiereStyleCSVWithClockTimesAndNamedColumns() throws {
        let result = try load("""
        Speaker Name,Start Time,End Time,Text
        Alice Chen,00:00:01.500,00:00:04.000,The budget review comes first.
        Bob Stone,00:00:05.250,00:00:07.000,"Agreed, then hiring."
        """, as: "premiere.csv")
        #expect(result.starts == [1500, 5250])
        #expect(result.speakers == ["Alice Chen", "Bob Stone"])
        #expect(result.warnings.isEmpty)
    }

    @Test func descriptStyleTimecodesCountFramesAtAnAssumedRate() throws {
        let result = try load("Speaker;Start;End;Transcript\nAlice;00:00:01:15;00:00:03:00;Budget first.\n", as: "descript.csv")
        #expect(result.starts == [1500])
        #expect(result.warnings.map(\.kind.description) == ["assumedFrameRate(30)"])
    }

    @Test func aTSVTableWithItsOwnHeaderIsReadByColumnNames() throws {
        let result = try load("Speaker\tStart_ms\tText\nAlice\t1500\tThe budget first.\nBob\t4000\tAgreed.\n", as: "export.tsv")
        #expect(result.texts == ["The budget first.", "Agreed."])
        #expect(result.starts == [1500, 4000])
        #expect(result.speakers == ["Alice", "Bob"])
        #expect(result.warnings.isEmpty)
    }

    @Test func aCSVThatNamesNoTimeAndTextIsNotATranscript() throws {
        let error = try #require(loadError(Array("name,amount\nbudget,3\n".utf8), as: "money.csv"))
        #expect(error.isNotATranscript)
    }

    @Test func zoomSavedCaptionsNameTheSpeakerInBracketsAboveTheText() throws {
        let result = try load("""
        [Alice Smith] 10:02:15
        Good morning everyone, the budget is first.

        [Bob Jones] 10:02:21
        Morning! I have the budget numbers.
        """, as: "closed_caption.txt")
        #expect(result.texts == ["Good morning everyone, the budget is first.", "Morning! I have the budget numbers."])
        #expect(result.starts == [36_135_000, 36_141_000])
        #expect(result.speakers == ["Alice Smith", "Bob Jones"])
    }

    @Test func revAIPlainTextHasSpeakerTimeAndTextOnOneLine() throws {
        let result = try load("""
        Speaker 0    00:00:01    Morning all, shall we look at the budget?

        Speaker 1    00:00:05    Yes, the budget first, then hiring.
        """, as: "revai.txt")
        #expect(result.texts == ["Morning all, shall we look at the budget?", "Yes, the budget first, then hiring."])
        #expect(result.starts == [1000, 5000])
        #expect(result.speakers == ["Speaker 0", "Speaker 1"])
    }
}

private extension FormatError.Kind {
    var description: String { String(describing: self) }
}

/// A DFXP converted from a Zoom transcript: each paragraph begins with its speaker's name.
struct ZoomDFXPTests {
    @Test func paragraphsThatBeginWithANameTakeItAsTheSpeaker() throws {
        let result = try load("""
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xml:lang="en"><body><div>
          <p begin="00:00:01.500" end="00:00:04.000">Alice Smith: Good morning, the budget is first.</p>
          <p begin="00:00:05.000" end="00:00:07.000">Bob Jones: I have the budget numbers.</p>
          <p begin="00:00:08.000" end="00:00:09.000">Alice Smith: Thanks.</p>
        </div></body></tt>
        """, as: "zoom.dfxp")
        #expect(result.texts == ["Good morning, the budget is first.", "I have the budget numbers.", "Thanks."])
        #expect(result.speakers == ["Alice Smith", "Bob Jones", "Alice Smith"])
        #expect(result.starts == [1500, 5000, 8000])
    }
}
