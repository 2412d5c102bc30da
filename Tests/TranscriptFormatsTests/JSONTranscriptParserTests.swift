import Testing
import TranscriptModel
@testable import TranscriptFormats

struct JSONTranscriptParserTests {
    @Test func whisperSegments() throws {
        let result = try load("""
        {"text": " Hi. The budget.", "segments": [
          {"id": 0, "start": 0.0, "end": 1.5, "text": " Hi.", "words": [{"word": " Hi.", "start": 0.0, "end": 1.5}]},
          {"id": 1, "start": 1.5, "end": 3.25, "text": " The budget."}
        ], "language": "en"}
        """, as: "w.json")
        #expect(result.texts == ["Hi.", "The budget."])
        #expect(result.starts == [0, 1500])
        #expect(result.ends == [1500, 3250])
        #expect(result.lines == [2, 3])
        #expect(result.speakers == [nil, nil])
    }

    @Test func whisperXSpeakers() throws {
        let result = try load(#"{"segments": [{"start": 1.23, "end": 4.56, "text": "Hello", "speaker": "SPEAKER_00"}]}"#, as: "x.json")
        #expect(result.speakers == ["SPEAKER_00"])
        #expect(result.starts == [1230])
    }

    @Test func plainArrayWithStringTimes() throws {
        let result = try load("""
        [{"start": "00:01:02.500", "end": "00:01:05", "speaker": "Alice", "text": "one"},
         {"start": "06:32", "end": 400.25, "speaker": "Bob", "text": "two"},
         {"start": "392.5", "text": "three"}]
        """, as: "a.json")
        #expect(result.texts == ["one", "two", "three"])
        #expect(result.starts == [62_500, 392_000, 392_500])
        #expect(result.ends == [65_000, 400_250, nil])
        #expect(result.speakers == ["Alice", "Bob", nil])
    }

    @Test func transcriptionRows() throws {
        let result = try load(#"[{"startTime": "06:32", "context": "the budget"}, {"startTime": "07:01", "context": "more"}]"#, as: "n.json")
        #expect(result.texts == ["the budget", "more"])
        #expect(result.starts == [392_000, 421_000])
    }

    @Test func badSegmentsAreWarningsWithLines() throws {
        let result = try load("""
        [
          {"start": 1, "text": "ok"},
          {"start": 2},
          {"start": "soon", "text": "kept untimed"},
          42
        ]
        """, as: "b.json")
        #expect(result.texts == ["ok", "kept untimed"])
        #expect(result.starts == [1000, nil])
        #expect(result.warningLines == [3, 4, 5])
    }

    @Test func syntaxErrorNamesTheLine() {
        let error = loadError(Array("{\"segments\": [\n  {\"text\": \"a\"},\n  {\"text\": \"b\"\n]}".utf8), as: "c.json")
        #expect(error?.line == 4)
        #expect(error?.description == #"c.json:4: expected ',' or '}' after an object member, found "]}""#)
    }

    @Test func plainTextResponseIsOneRowPerLine() throws {
        let result = try load(#"{"text": "First line about the budget.\nSecond line."}"#, as: "t.json")
        #expect(result.texts == ["First line about the budget.", "Second line."])
        #expect(result.starts == [nil, nil])
    }

    @Test func otherShapesAreAnErrorSayingWhatTheFileHoldsAndWhatIsRead() throws {
        let error = try #require(loadError(Array(#"{"captions": [], "meta": {"lang": "en"}}"#.utf8), as: "d.json"))
        #expect(error.description.hasPrefix(#"d.json:1: expected one of the JSON transcripts tsearch reads: Whisper or WhisperX"#))
        #expect(error.description.hasSuffix(
            #"; found an object with the members "captions", "meta"; no array of objects with a time and a text was found: the document holds no array of objects"#))
        for family in ["AWS Transcribe", "Deepgram", "Rev.ai", "Google Speech-to-Text", "whisper.cpp", "AssemblyAI", "YouTube json3"] {
            #expect(error.message.contains(family), "\(family)")
        }
        #expect(error.isNotATranscript)
    }

    @Test func anEmptyVendorResponseHoldsNoRows() {
        #expect(loadError(Array(#"{"results": []}"#.utf8), as: "d.json")?.isEmptySource == true)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let error = loadError(Array((String(repeating: "[", count: 100_000)).utf8), as: "e.json")
        #expect(error?.message.contains("levels of nesting") == true)
    }

    @Test func escapesAndSurrogatePairs() throws {
        let result = try load(#"[{"text": "caf\u00e9 \ud83d\udc4d \"q\" \\ \/"}]"#, as: "f.json")
        #expect(result.texts == ["café 👍 \"q\" \\ /"])
    }
}

struct PlainTextParserTests {
    @Test func oneRowPerNonEmptyLineWithSpeakerPrefixes() throws {
        let result = try load("Marta: hello there\n\n  José:   the   budget  \n[line went quiet]\nMarta: bye\n", as: "c.txt")
        // Three of four lines start with a name: a transcript, so José counts although he speaks once.
        #expect(result.texts == ["hello there", "the budget", "[line went quiet]", "bye"])
        #expect(result.speakers == ["Marta", "José", nil, "Marta"])
        #expect(result.lines == [1, 3, 4, 5])
    }
}
