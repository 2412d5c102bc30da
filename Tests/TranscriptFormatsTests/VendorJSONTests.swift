import Foundation
import Testing
import TranscriptModel
@testable import TranscriptFormats

/// The speech-to-text vendors' JSON: rows are the unit a person reads, times in each vendor's unit,
/// speakers as the vendor labels them, and no word counted twice.
struct VendorJSONTests {
    // MARK: AWS Transcribe

    static func awsItem(_ word: String, _ start: String, _ end: String, speaker: String? = nil) -> String {
        let label = speaker.map { #", "speaker_label": "\#($0)""# } ?? ""
        return #"{"start_time": "\#(start)", "end_time": "\#(end)", "type": "pronunciation", "alternatives": [{"confidence": "0.9", "content": "\#(word)"}]\#(label)}"#
    }

    static func awsPunctuation(_ mark: String) -> String {
        #"{"type": "punctuation", "alternatives": [{"confidence": "0.0", "content": "\#(mark)"}]}"#
    }

    @Test func awsSpeakerLabelsMakeOneRowPerTurnFromTheSegments() throws {
        let items = [
            Self.awsItem("Hello", "0.5", "0.9"), Self.awsPunctuation(","), Self.awsItem("all", "1.0", "1.4"), Self.awsPunctuation("."),
            Self.awsItem("The", "2.0", "2.2"), Self.awsItem("budget", "2.2", "2.7"), Self.awsPunctuation("?"),
            Self.awsItem("Approved", "3.5", "4.0"), Self.awsPunctuation("."),
        ]
        let result = try load("""
        {"jobName": "j", "results": {"transcripts": [{"transcript": "Hello, all. The budget? Approved."}],
         "speaker_labels": {"speakers": 2, "segments": [
           {"start_time": "0.5", "end_time": "2.7", "speaker_label": "spk_0", "items": [{"start_time": "0.5", "end_time": "0.9", "speaker_label": "spk_0"}]},
           {"start_time": "3.5", "end_time": "4.0", "speaker_label": "spk_1", "items": []}]},
         "items": [\(items.joined(separator: ",\n"))]}, "status": "COMPLETED"}
        """, as: "aws.json")
        #expect(result.texts == ["Hello, all. The budget?", "Approved."])
        #expect(result.starts == [500, 3500])
        #expect(result.ends == [2700, 4000])
        #expect(result.speakers == ["spk_0", "spk_1"])
        #expect(result.warnings.isEmpty)
    }

    @Test func awsItemsWithTheirOwnSpeakerLabelsNeedNoSegments() throws {
        let items = [Self.awsItem("Yes", "0.1", "0.3", speaker: "spk_1"), Self.awsPunctuation("."), Self.awsItem("No", "1.0", "1.2", speaker: "spk_0")]
        let result = try load(#"{"results": {"items": [\#(items.joined(separator: ","))]}}"#, as: "aws.json")
        #expect(result.texts == ["Yes.", "No"])
        #expect(result.speakers == ["spk_1", "spk_0"])
    }

    @Test func awsWithoutSpeakersMakesOneRowPerSentence() throws {
        let items = [
            Self.awsItem("Hello", "0.5", "0.9"), Self.awsPunctuation("."), Self.awsItem("Budget", "1.0", "1.4"),
            Self.awsItem("now", "1.5", "1.8"), Self.awsPunctuation("!"), Self.awsItem("trailing", "2.0", "2.5"),
        ]
        let result = try load(#"{"results": {"transcripts": [{"transcript": "x"}], "items": [\#(items.joined(separator: ","))]}}"#, as: "aws.json")
        #expect(result.texts == ["Hello.", "Budget now!", "trailing"])
        #expect(result.starts == [500, 1000, 2000])
        #expect(result.speakers == [nil, nil, nil])
    }

    @Test func awsAudioSegmentsAloneAreRows() throws {
        let result = try load("""
        {"results": {"audio_segments": [
          {"id": 0, "transcript": "First part.", "start_time": "0.04", "end_time": "3.5", "speaker_label": "spk_0", "items": [0, 1]},
          {"id": 1, "transcript": "Second part.", "start_time": "3.9", "end_time": "6.0", "items": [2, 3]}]}}
        """, as: "aws.json")
        #expect(result.texts == ["First part.", "Second part."])
        #expect(result.starts == [40, 3900])
        #expect(result.speakers == ["spk_0", nil])
    }

    @Test func awsAudioSegmentsBesideItemsAreNotCountedTwice() throws {
        let result = try load("""
        {"results": {"items": [\(Self.awsItem("budget", "0.5", "0.9"))],
         "audio_segments": [{"id": 0, "transcript": "budget", "start_time": "0.5", "end_time": "0.9", "items": [0]}]}}
        """, as: "aws.json")
        #expect(result.texts == ["budget"])
    }

    // MARK: Deepgram

    static let deepgramWords = """
    [{"word": "hello", "start": 0.08, "end": 0.3, "speaker": 0, "punctuated_word": "Hello."},
     {"word": "budget", "start": 1.0, "end": 1.4, "speaker": 1, "punctuated_word": "Budget?"},
     {"word": "yes", "start": 2.0, "end": 2.2, "speaker": 0, "punctuated_word": "Yes."}]
    """

    @Test func deepgramUtterancesAreTheRows() throws {
        let result = try load("""
        {"metadata": {"channels": 1}, "results": {"channels": [{"alternatives": [{"transcript": "hello budget yes",
          "words": \(Self.deepgramWords),
          "paragraphs": {"transcript": "…", "paragraphs": [{"sentences": [{"text": "Hello.", "start": 0.08, "end": 0.3}], "speaker": 0, "start": 0.08, "end": 0.3}]}}]}],
         "utterances": [{"start": 0.08, "end": 0.3, "transcript": "Hello.", "speaker": 0, "channel": 0, "words": []},
                        {"start": 1.0, "end": 1.4, "transcript": "Budget?", "speaker": 1, "channel": 0, "words": []},
                        {"start": 2.0, "end": 2.2, "transcript": "Yes.", "speaker": 0, "channel": 0, "words": []}]}}
        """, as: "dg.json")
        #expect(result.texts == ["Hello.", "Budget?", "Yes."])
        #expect(result.starts == [80, 1000, 2000])
        #expect(result.speakers == ["Speaker 0", "Speaker 1", "Speaker 0"])
    }

    @Test func deepgramParagraphsWithoutUtterancesJoinTheirSentences() throws {
        let result = try load("""
        {"results": {"channels": [{"alternatives": [{"transcript": "x", "words": \(Self.deepgramWords),
          "paragraphs": {"transcript": "…", "paragraphs": [
            {"sentences": [{"text": "Hello.", "start": 0.08, "end": 0.3}, {"text": "Again.", "start": 0.4, "end": 0.6}], "speaker": 0, "start": 0.08, "end": 0.6},
            {"sentences": [{"text": "Budget?", "start": 1.0, "end": 1.4}], "speaker": 1, "start": 1.0, "end": 1.4}]}},
          {"transcript": "a worse alternative", "words": []}]}]}}
        """, as: "dg.json")
        #expect(result.texts == ["Hello. Again.", "Budget?"])
        #expect(result.starts == [80, 1000])
        #expect(result.ends == [600, 1400])
        #expect(result.speakers == ["Speaker 0", "Speaker 1"])
    }

    @Test func deepgramWordsAloneMakeSpeakerTurns() throws {
        let result = try load(#"{"results": {"channels": [{"alternatives": [{"transcript": "x", "words": \#(Self.deepgramWords)}]}]}}"#, as: "dg.json")
        #expect(result.texts == ["Hello.", "Budget?", "Yes."])
        #expect(result.speakers == ["Speaker 0", "Speaker 1", "Speaker 0"])
    }

    @Test func deepgramTranscriptAloneIsOneUntimedRow() throws {
        let result = try load(#"{"results": {"channels": [{"alternatives": [{"transcript": "the budget", "confidence": 0.9}]}]}}"#, as: "dg.json")
        #expect(result.texts == ["the budget"])
        #expect(result.starts == [nil])
    }

    // MARK: Rev.ai

    @Test func revMonologuesAreRowsWithNamedOrNumberedSpeakers() throws {
        let result = try load("""
        {"monologues": [
          {"speaker": 0, "speaker_name": "Alice", "elements": [
            {"type": "text", "value": "Hello", "ts": 0.5, "end_ts": 0.9, "confidence": 1}, {"type": "punct", "value": ","},
            {"type": "punct", "value": " "}, {"type": "text", "value": "budget", "ts": 1.0, "end_ts": 1.5}, {"type": "punct", "value": "."}]},
          {"speaker": 1, "elements": [{"type": "text", "value": "Yes", "ts": 2.25, "end_ts": 2.5}, {"type": "punct", "value": "."}]}]}
        """, as: "rev.json")
        #expect(result.texts == ["Hello, budget.", "Yes."])
        #expect(result.starts == [500, 2250])
        #expect(result.ends == [1500, 2500])
        #expect(result.speakers == ["Alice", "Speaker 1"])
    }

    // MARK: Google Speech-to-Text

    @Test func googleResultsWithoutSpeakersAreRowsEndingAtTheirResultEndTime() throws {
        let result = try load("""
        {"results": [
          {"alternatives": [{"transcript": "hello all", "confidence": 0.9, "words": [{"startTime": "0.100s", "endTime": "0.5s", "word": "hello"}]}], "resultEndTime": "1.200s"},
          {"alternatives": [{"transcript": " the budget"}, {"transcript": "the fudge it"}], "resultEndTime": "3s"}]}
        """, as: "g.json")
        #expect(result.texts == ["hello all", "the budget"])
        #expect(result.starts == [100, 1200])
        #expect(result.ends == [1200, 3000])
    }

    @Test func googleDiarisationReadsTheLastResultsWordsOnce() throws {
        let result = try load("""
        {"results": [
          {"alternatives": [{"transcript": "hello all", "words": [{"startTime": "0.1s", "endTime": "0.5s", "word": "hello"}, {"startTime": "0.6s", "endTime": "0.9s", "word": "all"}]}]},
          {"alternatives": [{"transcript": "budget", "words": [{"startTime": "1.5s", "endTime": "2s", "word": "budget"}]}]},
          {"alternatives": [{"words": [
            {"startTime": "0.1s", "endTime": "0.5s", "word": "hello", "speakerTag": 1}, {"startTime": "0.6s", "endTime": "0.9s", "word": "all", "speakerTag": 1},
            {"startTime": "1.5s", "endTime": "2s", "word": "budget", "speakerTag": 2}]}]}]}
        """, as: "g.json")
        #expect(result.texts == ["hello all", "budget"])
        #expect(result.starts == [100, 1500])
        #expect(result.speakers == ["Speaker 1", "Speaker 2"])
    }

    @Test func googleClientLibraryDictsWithSecondsAndNanos() throws {
        let result = try load("""
        {"results": [{"alternatives": [{"transcript": "budget", "words": [
          {"start_time": {"seconds": 1, "nanos": 500000000}, "end_time": {"seconds": "2"}, "word": "budget", "speaker_tag": 3}]}]}]}
        """, as: "g.json")
        #expect(result.texts == ["budget"])
        #expect(result.starts == [1500])
        #expect(result.ends == [2000])
        #expect(result.speakers == ["Speaker 3"])
    }

    // MARK: whisper.cpp

    @Test func whisperCppOffsetsAreMilliseconds() throws {
        let result = try load("""
        {"systeminfo": "AVX = 1", "model": {"type": "base"}, "params": {"language": "en"}, "result": {"language": "en"},
         "transcription": [
          {"timestamps": {"from": "00:00:00,000", "to": "00:00:03,120"}, "offsets": {"from": 0, "to": 3120}, "text": " Hello all."},
          {"timestamps": {"from": "00:00:03,120", "to": "00:00:05,000"}, "text": " The budget.", "tokens": [{"text": " The", "p": 0.9}]}]}
        """, as: "wc.json")
        #expect(result.texts == ["Hello all.", "The budget."])
        #expect(result.starts == [0, 3120])
        #expect(result.ends == [3120, 5000])
        #expect(result.warnings.isEmpty)
    }

    @Test func whisperCppStereoDiarisationNamesSpeakersAndKnowsWhenItIsUnsure() throws {
        let result = try load("""
        {"transcription": [
          {"offsets": {"from": 0, "to": 1000}, "text": " One.", "speaker": "0"},
          {"offsets": {"from": 1000, "to": 2000}, "text": " Two.", "speaker": "1"},
          {"offsets": {"from": 2000, "to": 3000}, "text": " Three.", "speaker": "?"}]}
        """, as: "wc.json")
        #expect(result.speakers == ["Speaker 0", "Speaker 1", nil])
    }

    // MARK: AssemblyAI

    @Test func assemblyAIUtterancesAreRowsInMilliseconds() throws {
        let result = try load("""
        {"id": "x", "status": "completed", "text": "Hello all. The budget.",
         "words": [{"text": "Hello", "start": 80, "end": 300, "speaker": "A"}, {"text": "all.", "start": 310, "end": 600, "speaker": "A"},
                   {"text": "The", "start": 1000, "end": 1100, "speaker": "B"}, {"text": "budget.", "start": 1100, "end": 1500, "speaker": "B"}],
         "utterances": [{"speaker": "A", "start": 80, "end": 600, "text": "Hello all.", "words": []},
                        {"speaker": "B", "start": 1000, "end": 1500, "text": "The budget.", "words": []}]}
        """, as: "aai.json")
        #expect(result.texts == ["Hello all.", "The budget."])
        #expect(result.starts == [80, 1000])
        #expect(result.ends == [600, 1500])
        #expect(result.speakers == ["A", "B"])
        #expect(result.warnings.isEmpty)
    }

    @Test func assemblyAIWithoutSpeakerLabelsMakesSentencesOfItsWords() throws {
        let result = try load("""
        {"id": "x", "status": "completed", "text": "Hello all. The budget.", "utterances": null,
         "words": [{"text": "Hello", "start": 80, "end": 300}, {"text": "all.", "start": 310, "end": 600},
                   {"text": "The", "start": 1000, "end": 1100}, {"text": "budget.", "start": 1100, "end": 1500}]}
        """, as: "aai.json")
        #expect(result.texts == ["Hello all.", "The budget."])
        #expect(result.starts == [80, 1000])
    }

    // MARK: Plain arrays: the unit decided from the values

    @Test func wholeNumbersThatWouldBeMinutesLongAreMillisecondsWithAWarning() throws {
        let result = try load("""
        [{"speaker": "A", "start": 250, "end": 4210, "text": "Hello all.", "confidence": 0.9, "words": []},
         {"speaker": "B", "start": 4800, "end": 9000, "text": "The budget."}]
        """, as: "utterances.json")
        #expect(result.starts == [250, 4800])
        #expect(result.ends == [4210, 9000])
        #expect(result.speakers == ["A", "B"])
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.message.contains("read as milliseconds") == true)
    }

    @Test func smallWholeNumbersAreSecondsWithAWarning() throws {
        let result = try load(#"[{"start": 0, "end": 4, "text": "one"}, {"start": 4, "end": 9, "text": "two"}]"#, as: "a.json")
        #expect(result.starts == [0, 4000])
        #expect(result.warnings.map(\.message).first?.contains("read as seconds") == true)
    }

    @Test func fractionsAndClockStringsAreSecondsWithoutAGuess() throws {
        #expect(try load(#"[{"start": 0.5, "end": 4, "text": "one"}]"#, as: "a.json").warnings.isEmpty)
        #expect(try load(#"[{"start": "00:00:01", "end": 4000, "text": "one"}]"#, as: "a.json").starts == [1000])
    }

    @Test func segmentsOfWholeNumbersSayTheUnitTheyAreReadIn() throws {
        let result = try load(#"{"segments": [{"start": 250, "end": 4210, "text": "long"}]}"#, as: "w.json")
        #expect(result.starts == [250])
        #expect(result.warnings.first?.message.contains("read as milliseconds") == true)
        let fractions = try load(#"{"segments": [{"start": 250, "end": 4210.5, "text": "long"}]}"#, as: "w.json")
        #expect(fractions.starts == [250_000])
        #expect(fractions.warnings.isEmpty)
    }

    // MARK: YouTube json3

    @Test func json3EventsWithTextAreRows() throws {
        let result = try load("""
        {"wireMagic": "pb3", "events": [
          {"tStartMs": 0, "dDurationMs": 5000, "id": 1, "wWinId": 1},
          {"tStartMs": 80, "dDurationMs": 2920, "wWinId": 1, "segs": [{"utf8": "hello", "acAsrConf": 0}, {"utf8": " budget", "tOffsetMs": 240}]},
          {"tStartMs": 1500, "dDurationMs": 10, "wWinId": 1, "aAppend": 1, "segs": [{"utf8": "\\n"}]},
          {"tStartMs": 3000, "dDurationMs": 1000, "segs": [{"utf8": "two\\nlines"}]}]}
        """, as: "v.en.json3")
        #expect(result.texts == ["hello budget", "two lines"])
        #expect(result.starts == [80, 3000])
        #expect(result.ends == [3000, 4000])
        #expect(result.transcript.source.format == "json")
    }

    // MARK: Detection by content

    @Test func everyShapeIsFoundByContentUnderAnyName() throws {
        for name in ["design-review.aws.json", "budget-call.deepgram.json", "vendor-call.revai.json", "roadmap.google.json",
                     "demo.whispercpp.json", "support-call.assemblyai.json", "allhands.en.json3"] {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: samplesDirectory + "/" + name)))
            let named = try TranscriptLoader.load(bytes: bytes, path: name)
            let sniffed = try TranscriptLoader.load(bytes: bytes, path: "<stdin>")
            #expect(sniffed.transcript.source.format == "json", "\(name)")
            #expect(sniffed.texts == named.texts, "\(name)")
            #expect(named.transcript.rows.count >= 4, "\(name)")
        }
    }

    // MARK: Bad input

    @Test func truncatedVendorJSONIsAnErrorWithItsLine() throws {
        let text = try String(contentsOfFile: samplesDirectory + "/budget-call.deepgram.json", encoding: .utf8)
        let cut = String(text.prefix(text.utf8.count / 2))
        let error = try #require(loadError(Array(cut.utf8), as: "dg.json"))
        #expect(error.line == cut.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(error.message.contains("found the end of the file"))
    }

    @Test func absurdTimesAreWarningsNamingTheJSONPath() throws {
        let result = try load("""
        {"monologues": [{"speaker": 0, "elements": [
          {"type": "text", "value": "budget", "ts": -5, "end_ts": 1e300}]}]}
        """, as: "rev.json")
        #expect(result.texts == ["budget"])
        #expect(result.starts == [nil])
        #expect(result.warnings.map(\.description) == [
            "rev.json:2: expected monologues[0].elements[0].ts to be a time in seconds (the text is kept, untimed), found the number -5.0",
            "rev.json:2: expected monologues[0].elements[0].end_ts to be a time in seconds (the text is kept, untimed), found the number 1e+300",
        ])
    }

    @Test func wordsThatAreOnlyCheckedAreStillCheckedStrictly() throws {
        let broken = """
        {"segments": [{"start": 0, "end": 1, "text": "budget", "words": [
          {"word": "budget", "start": 0, "end": 1, "note": "unterminated}
        ]}]}
        """
        let error = try #require(loadError(Array(broken.utf8), as: "w.json"))
        #expect(error.line == 2)
        #expect(error.message.hasPrefix(#"expected a closing '"' before the end of the line"#))
        let escaped = #"[{"start": 0.5, "text": "ok", "words": [{"w": "a\"b\u00e9", "n": [1, -2.5e3, true, null, {}]}]}]"#
        #expect(try load(escaped, as: "a.json").texts == ["ok"])
        let badNumber = #"[{"start": 0.5, "text": "ok", "words": [{"n": 01x}]}]"#
        #expect(loadError(Array(badNumber.utf8), as: "a.json") != nil)
    }

    @Test func aHugeSpeakerNumberIsNoCrash() throws {
        #expect(try load(#"[{"start": 1.5, "speaker": 1e300, "text": "budget"}]"#, as: "a.json").speakers == ["1e+300"])
        #expect(try load(#"{"results": {"utterances": [{"start": 1, "transcript": "budget", "speaker": -1e300}]}}"#, as: "dg.json").speakers == [nil])
        let google = #"{"results": [{"alternatives": [{"words": [{"startTime": "1s", "word": "budget", "speakerTag": 1e300}]}]}]}"#
        #expect(try load(google, as: "g.json").texts == ["budget"])
    }

    @Test func aMissingFieldIsAWarningNamingTheJSONPath() throws {
        let result = try load(#"{"results": {"utterances": [{"start": 1, "end": 2}, {"start": 3, "end": 4, "transcript": "budget"}]}}"#, as: "dg.json")
        #expect(result.texts == ["budget"])
        #expect(result.warnings.map(\.message) == ["expected results.utterances[0].transcript to be a string, found no such member"])
    }

    @Test func aTenMegabyteFieldLoads() throws {
        let big = String(repeating: "budget ", count: 10_000_000 / 7)
        let result = try load(#"{"transcription": [{"offsets": {"from": 0, "to": 1000}, "text": "\#(big)"}]}"#, as: "wc.json")
        #expect(result.transcript.rows.count == 1)
        #expect(result.texts.first?.utf8.count == big.utf8.count - 1)
    }

    @Test func deepNestingInsideAStreamedArrayIsAnError() throws {
        let deep = String(repeating: "[", count: 10_000)
        let error = try #require(loadError(Array(#"{"results": {"items": [\#(deep)"#.utf8), as: "aws.json"))
        #expect(error.message.contains("levels of nesting"))
    }

    /// Every sample cut short and with bytes changed, 300 ways each (a fixed sequence): rows or a
    /// FormatError naming the file, never a crash.
    @Test func damagedSamplesLoadOrFailCleanly() throws {
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        let marks: [UInt8] = Array("{}[]\",:0123456789-.eE nul\\".utf8)
        for name in ["design-review.aws.json", "budget-call.deepgram.json", "vendor-call.revai.json", "roadmap.google.json",
                     "demo.whispercpp.json", "support-call.assemblyai.json", "support-call.utterances.json", "allhands.en.json3"] {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: samplesDirectory + "/" + name)))
            for round in 0..<300 {
                var damaged = bytes
                if round % 3 == 0 {
                    damaged = Array(damaged.prefix(next(damaged.count)))
                } else {
                    for _ in 0...next(4) { damaged[next(damaged.count)] = marks[next(marks.count)] }
                }
                if let error = loadError(damaged, as: name) { #expect(error.file == name) }
            }
        }
    }

    @Test func theInPlaceReaderMakesTheSameRowsAsTheStringReader() throws {
        for name in ["design-review.aws.json", "budget-call.deepgram.json", "vendor-call.revai.json", "roadmap.google.json",
                     "demo.whispercpp.json", "support-call.assemblyai.json", "support-call.utterances.json", "allhands.en.json3"] {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: samplesDirectory + "/" + name)))
            let rows = try TranscriptLoader.load(bytes: bytes, path: name)
            let corpus = try #require(try bytes.withUnsafeBytes { try TranscriptLoader.loadCorpus(bytes: $0, path: name, options: LoadOptions()) })
            #expect(Corpus([rows.transcript]).serialized() == corpus.corpus.serialized(), "\(name)")
            #expect(rows.warnings == corpus.warnings, "\(name)")
        }
    }
}
