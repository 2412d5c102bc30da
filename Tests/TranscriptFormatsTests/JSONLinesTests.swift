import Testing
import TranscriptModel
@testable import TranscriptFormats

/// JSON Lines (`.jsonl`, `.ndjson`, or a `.json` file of one value a line): each line's value is
/// read as an element of one top-level array would be, by the named readers or the shape reader;
/// a bad line is an error naming the file and that line.
struct JSONLinesTests {
    @Test(arguments: ["stream.jsonl", "stream.ndjson", "stream.json"])
    func segmentsOneALineReadAsAnArrayOfSegments(path: String) throws {
        let result = try load("""
        {"start": 0.0, "end": 2.5, "speaker": "Alice", "text": "Morning all."}
        {"start": 2.5, "end": 4.0, "speaker": "Bob", "text": "Budget first?"}

        {"start": 4.0, "end": 6.0, "speaker": "Alice", "text": "Yes, the budget."}
        """, as: path)
        #expect(result.texts == ["Morning all.", "Budget first?", "Yes, the budget."])
        #expect(result.starts == [0, 2500, 4000])
        #expect(result.speakers == ["Alice", "Bob", "Alice"])
        #expect(result.lines == [1, 2, 4])
    }

    @Test func speechmaticsRealTimeMessagesSavedOneALineSkipPartials() throws {
        let words = [
            JSONShapeFamiliesTests.speechmaticsWord("Morning", 0.36, 0.84, "S1"), JSONShapeFamiliesTests.speechmaticsWord("all", 0.84, 1.2, "S1"),
            JSONShapeFamiliesTests.speechmaticsWord(".", 1.2, 1.2, "S1", punctuation: true),
            JSONShapeFamiliesTests.speechmaticsWord("Budget", 1.9, 2.3, "S2"), JSONShapeFamiliesTests.speechmaticsWord("first", 2.3, 2.7, "S2"),
        ]
        let result = try load("""
        {"message": "RecognitionStarted", "id": "807670e9"}
        {"message": "AddPartialTranscript", "format": "2.9", "metadata": {"start_time": 0.36, "end_time": 0.84, "transcript": "Morning"}, "results": [\(words[0])]}
        {"message": "AddTranscript", "format": "2.9", "metadata": {"start_time": 0.36, "end_time": 1.2, "transcript": "Morning all."}, "results": [\(words[0...2].joined(separator: ", "))]}
        {"message": "AddTranscript", "format": "2.9", "metadata": {"start_time": 1.9, "end_time": 2.7, "transcript": "Budget first"}, "results": [\(words[3...4].joined(separator: ", "))]}
        {"message": "EndOfTranscript"}
        """, as: "rt.jsonl")
        #expect(result.texts == ["Morning all.", "Budget first"])
        #expect(result.starts == [360, 1900])
        #expect(result.speakers == ["S1", "S2"])
    }

    @Test func deepgramLiveResultsKeepOnlyTheFinalOnes() throws {
        func message(_ transcript: String, start: Double, final: Bool) -> String {
            let words = transcript.split(separator: " ").enumerated().map { index, word in
                #"{"word": "\#(word.lowercased())", "start": \#(start + Double(index) * 0.4), "end": \#(start + Double(index) * 0.4 + 0.3), "confidence": 0.9, "punctuated_word": "\#(word)"}"#
            }
            return #"{"type": "Results", "channel_index": [0, 1], "duration": 1.5, "start": \#(start), "is_final": \#(final), "speech_final": \#(final), "channel": {"alternatives": [{"transcript": "\#(transcript)", "confidence": 0.9, "words": [\#(words.joined(separator: ", "))]}]}}"#
        }
        let result = try load([
            #"{"type": "Metadata", "request_id": "1f2e", "channels": 1}"#,
            message("Morning", start: 0.5, final: false),
            message("Morning all.", start: 0.5, final: true),
            message("Budget", start: 3.0, final: false),
            message("Budget first?", start: 3.0, final: true),
        ].joined(separator: "\n"), as: "live.ndjson")
        #expect(result.texts == ["Morning all.", "Budget first?"])
        #expect(result.starts == [500, 3000])
    }

    @Test func aBadLineIsAnErrorNamingTheFileAndThatLine() throws {
        let error = try #require(loadError(Array("""
        {"start": 0.0, "end": 2.5, "text": "Morning all."}
        {"start": 2.5, "end": 4.0, "text": "Budget first?"}
        {"start": 4.0, "end": 6.0, "text": "Yes, the budget.}
        {"start": 6.0, "end": 7.0, "text": "Good."}
        """.utf8), as: "stream.jsonl"))
        #expect(error.file == "stream.jsonl")
        #expect(error.line == 3)
    }

    @Test func twoValuesOnOneLineAreAnErrorNamingTheLine() throws {
        let error = try #require(loadError(Array("""
        {"start": 0.0, "end": 2.5, "text": "Morning all."}
        {"start": 2.5, "end": 4.0, "text": "Budget first?"} {"start": 4.0, "end": 6.0, "text": "Yes."}
        """.utf8), as: "stream.jsonl"))
        #expect(error.line == 2)
        #expect(error.message.contains("one value a line"))
    }

    @Test(arguments: [
        ("{\"segments\": [{\"start\": 0, \"end\": 1, \"text\": \"one line\"}]}", JSONLinesLayout.document),
        ("{\n  \"segments\": []\n}\n", .document),
        ("[{\"text\": \"a\"}]\n", .document),
        ("{\"text\": \"a\"}\n{\"text\": \"b\"}\n", .lines),
        ("  {\"text\": \"a \\\" } {\"}\r\n\n[1]", .lines),
        ("{\"text\": \"a\"} \n\"b\"\n", .document),
    ])
    func theLayoutIsFoundFromTheFirstLine(text: String, layout: JSONLinesLayout) {
        var text = text
        #expect(text.withUTF8 { JSONLinesLayout.of($0) } == layout)
    }
}
