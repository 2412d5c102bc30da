import Testing
import TranscriptModel
@testable import TranscriptFormats

/// Speech-to-text JSON that no named reader claims, read by its shape: one test per family,
/// each written from the vendor's documented response (field names, nesting and units as the
/// documentation shows them; the words are ours). Rows' text, start times within a second, and
/// speakers where the file has them.
struct JSONShapeFamiliesTests {
    /// Expects `result`'s rows to be `texts`, starting within a second of `starts` (seconds).
    func expectRows(_ result: LoadResult, _ texts: [String], starts: [Double], speakers: [String?]? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.texts == texts, sourceLocation: sourceLocation)
        let actual = result.starts
        #expect(actual.count == starts.count, sourceLocation: sourceLocation)
        for (got, want) in zip(actual, starts) {
            #expect(got.map { abs(Double($0) / 1000 - want) < 1 } == true, "start \(String(describing: got)) ms, expected \(want) s", sourceLocation: sourceLocation)
        }
        if let speakers { #expect(result.speakers == speakers, sourceLocation: sourceLocation) }
    }

    /// The unit warnings' assumed units.
    func assumedUnits(_ result: LoadResult) -> [String] {
        result.warnings.compactMap { if case .timeUnitGuess(let assumed, _) = $0.kind { assumed } else { nil } }
    }

    // MARK: Speechmatics

    static func speechmaticsWord(_ word: String, _ start: Double, _ end: Double, _ speaker: String, punctuation: Bool = false) -> String {
        let type = punctuation ? #""type": "punctuation", "attaches_to": "previous", "is_eos": true"# : #""type": "word""#
        return #"{"alternatives": [{"confidence": 1.0, "content": "\#(word)", "language": "en", "speaker": "\#(speaker)"}], "end_time": \#(end), "start_time": \#(start), \#(type)}"#
    }

    static let speechmaticsResults = [
        speechmaticsWord("Morning", 0.36, 0.84, "S1"), speechmaticsWord("all", 0.84, 1.1, "S1"), speechmaticsWord(".", 1.1, 1.1, "S1", punctuation: true),
        speechmaticsWord("Budget", 1.9, 2.3, "S2"), speechmaticsWord("first", 2.3, 2.7, "S2"), speechmaticsWord("?", 2.7, 2.7, "S2", punctuation: true),
    ].joined(separator: ",\n")

    @Test func speechmaticsJSONv2ReadsWordsByTurnWithPunctuationAttached() throws {
        let result = try load("""
        {"format": "2.9", "job": {"created_at": "2024-01-01T10:00:00.000Z", "data_name": "standup.wav", "duration": 3, "id": "abc"},
         "metadata": {"created_at": "2024-01-01T10:00:00.000Z", "type": "transcription", "transcription_config": {"language": "en", "diarization": "speaker"}},
         "results": [\(Self.speechmaticsResults)]}
        """, as: "speechmatics.json")
        expectRows(result, ["Morning all.", "Budget first?"], starts: [0.36, 1.9], speakers: ["S1", "S2"])
        #expect(assumedUnits(result) == ["seconds"])
    }

    @Test func speechmaticsRealTimeMessagesSkipPartialsAndReadTheFinalWords() throws {
        let result = try load("""
        [{"message": "RecognitionStarted", "id": "807670e9"},
         {"message": "AddPartialTranscript", "format": "2.9", "metadata": {"start_time": 0.36, "end_time": 0.84, "transcript": "Morning"},
          "results": [\(Self.speechmaticsWord("Morning", 0.36, 0.84, "S1"))]},
         {"message": "AddTranscript", "format": "2.9", "metadata": {"start_time": 0.36, "end_time": 2.7, "transcript": "Morning all. Budget first?"},
          "results": [\(Self.speechmaticsResults)]},
         {"message": "EndOfTranscript"}]
        """, as: "rt.json")
        expectRows(result, ["Morning all.", "Budget first?"], starts: [0.36, 1.9], speakers: ["S1", "S2"])
    }

    @Test func speechmaticsV1ReadsNamesAsWordsAndTheSpeakerList() throws {
        let result = try load("""
        {"format": "1.0", "job": {"lang": "en", "name": "standup.wav", "id": 1, "duration": 4},
         "speakers": [{"duration": "1.0", "confidence": null, "name": "M1", "time": "0.5"}, {"duration": "1.5", "confidence": null, "name": "F2", "time": "2.0"}],
         "words": [{"duration": "0.4", "confidence": "0.9", "name": "Morning", "time": "0.5"}, {"duration": "0.3", "confidence": "0.9", "name": "all", "time": "1.0"},
                   {"duration": "0.0", "confidence": "NaN", "name": ".", "time": "1.3"},
                   {"duration": "0.5", "confidence": "0.9", "name": "Budget", "time": "2.0"}, {"duration": "0.5", "confidence": "0.9", "name": "first", "time": "2.5"}]}
        """, as: "v1.json")
        expectRows(result, ["Morning all.", "Budget first"], starts: [0.5, 2.0], speakers: ["M1", "F2"])
    }

    // MARK: IBM Watson

    static let watsonResults = """
    [{"final": true, "alternatives": [{"transcript": "morning all ", "confidence": 0.9,
        "timestamps": [["morning", 0.68, 1.1], ["all", 1.1, 1.4]]}]},
     {"final": true, "alternatives": [{"transcript": "budget first ", "confidence": 0.9,
        "timestamps": [["budget", 2.9, 3.3], ["first", 3.3, 3.8]]}]}]
    """

    @Test func watsonAsyncJobWithSpeakerLabelsGivesEachWordItsSpeaker() throws {
        let result = try load("""
        {"created": "2024-01-01T10:00:00.000Z", "id": "job", "status": "completed", "results": [{"result_index": 0,
          "results": \(Self.watsonResults),
          "speaker_labels": [{"from": 0.68, "to": 1.1, "speaker": 2, "confidence": 0.4, "final": false},
                             {"from": 1.1, "to": 1.4, "speaker": 2, "confidence": 0.4, "final": false},
                             {"from": 2.9, "to": 3.3, "speaker": 1, "confidence": 0.5, "final": false},
                             {"from": 3.3, "to": 3.8, "speaker": 1, "confidence": 0.5, "final": true}]}]}
        """, as: "watson.json")
        expectRows(result, ["morning all", "budget first"], starts: [0.68, 2.9], speakers: ["Speaker 2", "Speaker 1"])
    }

    @Test func watsonSynchronousResponseReadsTheTimestamps() throws {
        let result = try load(#"{"result_index": 0, "results": \#(Self.watsonResults)}"#, as: "watson.json")
        expectRows(result, ["morning all", "budget first"], starts: [0.68, 2.9])
    }

    // MARK: Azure

    @Test func azureBatchReadsRecognizedPhrasesWithTheirSpeakersAndStatedTimes() throws {
        let result = try load("""
        {"source": "https://example.com/standup.wav", "timestamp": "2024-01-01T10:00:00Z", "durationInTicks": 41200000, "duration": "PT4.12S",
         "combinedRecognizedPhrases": [{"channel": 0, "lexical": "morning all budget first", "itn": "morning all budget first",
            "maskedITN": "morning all budget first", "display": "Morning all. Budget first?"}],
         "recognizedPhrases": [
          {"recognitionStatus": "Success", "channel": 0, "speaker": 1, "offset": "PT0.07S", "duration": "PT1.59S",
           "offsetInTicks": 700000.0, "durationInTicks": 15900000.0,
           "nBest": [{"confidence": 0.9, "lexical": "morning all", "itn": "morning all", "maskedITN": "morning all", "display": "Morning all.",
             "words": [{"word": "morning", "offset": "PT0.07S", "duration": "PT0.5S", "offsetInTicks": 700000.0, "durationInTicks": 5000000.0, "confidence": 0.9}]}]},
          {"recognitionStatus": "Success", "channel": 0, "speaker": 2, "offset": "PT2.1S", "duration": "PT2S",
           "offsetInTicks": 21000000.0, "durationInTicks": 20000000.0,
           "nBest": [{"confidence": 0.9, "lexical": "budget first", "display": "Budget first?", "words": []}]}]}
        """, as: "azure.json")
        expectRows(result, ["Morning all.", "Budget first?"], starts: [0.07, 2.1], speakers: ["Speaker 1", "Speaker 2"])
        #expect(assumedUnits(result).isEmpty)
    }

    @Test func azureRealTimeDetailedResultsReadTicksAndSayTheUnit() throws {
        let result = try load("""
        [{"Id": "a1", "RecognitionStatus": "Success", "Offset": 5000000, "Duration": 15000000, "DisplayText": "Morning all, good to see you.",
          "NBest": [{"Confidence": 0.9, "Lexical": "morning all good to see you", "ITN": "", "MaskedITN": "", "Display": "Morning all, good to see you.",
            "Words": [{"Word": "morning", "Offset": 5000000, "Duration": 4000000}]}]},
         {"Id": "a2", "RecognitionStatus": "Success", "Offset": 26000000, "Duration": 12000000, "DisplayText": "The budget comes first today.",
          "NBest": [{"Confidence": 0.9, "Lexical": "the budget comes first today", "Display": "The budget comes first today.", "Words": []}]}]
        """, as: "azure-rt.json")
        expectRows(result, ["Morning all, good to see you.", "The budget comes first today."], starts: [0.5, 2.6])
        #expect(assumedUnits(result) == ["100-ns ticks"])
    }

    // MARK: ElevenLabs, OpenAI

    @Test func elevenLabsScribeSkipsSpacingAndKeepsSecondsNotMilliseconds() throws {
        let result = try load("""
        {"language_code": "en", "language_probability": 0.98, "text": "Morning all. Budget first?",
         "words": [{"text": "Morning", "start": 0.119, "end": 0.84, "type": "word", "speaker_id": "speaker_0", "logprob": -0.1},
                   {"text": " ", "start": 0.84, "end": 0.9, "type": "spacing", "speaker_id": "speaker_0", "logprob": 0},
                   {"text": "all.", "start": 0.9, "end": 1.2, "type": "word", "speaker_id": "speaker_0", "logprob": -0.1},
                   {"text": " ", "start": 1.2, "end": 1.9, "type": "spacing", "speaker_id": "speaker_0", "logprob": 0},
                   {"text": "Budget", "start": 1.9, "end": 2.3, "type": "word", "speaker_id": "speaker_1", "logprob": -0.1},
                   {"text": " ", "start": 2.3, "end": 2.3, "type": "spacing", "speaker_id": "speaker_1", "logprob": 0},
                   {"text": "first?", "start": 2.3, "end": 2.8, "type": "word", "speaker_id": "speaker_1", "logprob": -0.1}]}
        """, as: "scribe.json")
        expectRows(result, ["Morning all.", "Budget first?"], starts: [0.119, 1.9], speakers: ["speaker_0", "speaker_1"])
    }

    @Test func openAIVerboseJSONReadsItsSegments() throws {
        let result = try load("""
        {"task": "transcribe", "language": "english", "duration": 5.2, "text": "Morning all. Budget first?",
         "segments": [{"id": 0, "seek": 0, "start": 0.0, "end": 1.4, "text": " Morning all.", "tokens": [1, 2], "temperature": 0.0,
                       "avg_logprob": -0.2, "compression_ratio": 1.1, "no_speech_prob": 0.01},
                      {"id": 1, "seek": 0, "start": 1.9, "end": 2.8, "text": " Budget first?", "tokens": [3], "temperature": 0.0,
                       "avg_logprob": -0.2, "compression_ratio": 1.1, "no_speech_prob": 0.01}],
         "words": [{"word": "Morning", "start": 0.0, "end": 0.5}]}
        """, as: "verbose.json")
        expectRows(result, ["Morning all.", "Budget first?"], starts: [0, 1.9])
    }

    @Test func openAIDiarizedJSONReadsItsSpeakers() throws {
        let result = try load("""
        {"task": "transcribe", "duration": 5.2, "text": "Morning all. Budget first?",
         "segments": [{"type": "transcript.text.segment", "id": "seg_001", "start": 0.0, "end": 1.4, "text": "Morning all.", "speaker": "A"},
                      {"type": "transcript.text.segment", "id": "seg_002", "start": 1.9, "end": 2.8, "text": "Budget first?", "speaker": "B"}],
         "usage": {"type": "duration", "seconds": 6}}
        """, as: "diarized.json")
        expectRows(result, ["Morning all.", "Budget first?"], starts: [0, 1.9], speakers: ["A", "B"])
    }

    // MARK: Gladia, Soniox, Vosk

    @Test func gladiaReadsItsUtterancesNotTheirWords() throws {
        let result = try load("""
        {"id": "45463597", "status": "done", "file": {"filename": "standup.wav", "audio_duration": 5.2},
         "result": {"metadata": {"audio_duration": 5.2, "number_of_distinct_channels": 1},
          "transcription": {"full_transcript": "Morning all. Budget first?", "languages": ["en"],
           "utterances": [{"language": "en", "start": 0.2, "end": 1.4, "confidence": 0.9, "channel": 0, "speaker": 0, "text": " Morning all.",
                           "words": [{"word": " Morning", "start": 0.2, "end": 0.8, "confidence": 0.9}, {"word": " all.", "start": 0.8, "end": 1.4, "confidence": 0.9}]},
                          {"language": "en", "start": 1.9, "end": 2.8, "confidence": 0.9, "channel": 0, "speaker": 1, "text": " Budget first?",
                           "words": [{"word": " Budget", "start": 1.9, "end": 2.3, "confidence": 0.9}, {"word": " first?", "start": 2.3, "end": 2.8, "confidence": 0.9}]}]}}}
        """, as: "gladia.json")
        expectRows(result, ["Morning all.", "Budget first?"], starts: [0.2, 1.9], speakers: ["Speaker 0", "Speaker 1"])
    }

    @Test func sonioxJoinsTokensThatCarryTheirOwnSpaces() throws {
        let result = try load("""
        {"id": "t1", "text": "Morning all. Budget first?",
         "tokens": [{"text": "Mor", "start_ms": 120, "end_ms": 300, "confidence": 0.9, "speaker": "1", "language": "en"},
                    {"text": "ning", "start_ms": 300, "end_ms": 600, "confidence": 0.9, "speaker": "1", "language": "en"},
                    {"text": " all", "start_ms": 660, "end_ms": 900, "confidence": 0.9, "speaker": "1", "language": "en"},
                    {"text": ".", "start_ms": 900, "end_ms": 960, "confidence": 0.9, "speaker": "1", "language": "en"},
                    {"text": " Budget", "start_ms": 1900, "end_ms": 2300, "confidence": 0.9, "speaker": "2", "language": "en"},
                    {"text": " first?", "start_ms": 2300, "end_ms": 2800, "confidence": 0.9, "speaker": "2", "language": "en"}]}
        """, as: "soniox.json")
        expectRows(result, ["Morning all.", "Budget first?"], starts: [0.12, 1.9], speakers: ["Speaker 1", "Speaker 2"])
        #expect(assumedUnits(result).isEmpty)
    }

    @Test func voskReadsItsResultWordsNotTheUntimedText() throws {
        let result = try load("""
        {"result": [{"conf": 1.0, "end": 1.02, "start": 0.42, "word": "morning"}, {"conf": 1.0, "end": 1.5, "start": 1.02, "word": "all"},
                    {"conf": 0.9, "end": 3.3, "start": 2.9, "word": "budget"}, {"conf": 1.0, "end": 3.8, "start": 3.3, "word": "first"}],
         "text": "morning all budget first"}
        """, as: "vosk.json")
        expectRows(result, ["morning all", "budget first"], starts: [0.42, 2.9])
    }

    // MARK: Whisper tools

    @Test func insanelyFastWhisperReadsDiarisedSpeakersOverChunks() throws {
        let result = try load("""
        {"speakers": [{"speaker": "SPEAKER_00", "text": " Morning all.", "timestamp": [0.0, 1.4]},
                      {"speaker": "SPEAKER_01", "text": " Budget first?", "timestamp": [1.9, 2.8]}],
         "chunks": [{"timestamp": [0.0, 1.4], "text": " Morning all."}, {"timestamp": [1.9, 2.8], "text": " Budget first?"}],
         "text": " Morning all. Budget first?"}
        """, as: "ifw.json")
        expectRows(result, ["Morning all.", "Budget first?"], starts: [0, 1.9], speakers: ["SPEAKER_00", "SPEAKER_01"])
    }

    @Test func insanelyFastWhisperWithoutDiarisationReadsChunks() throws {
        let result = try load("""
        {"speakers": [], "chunks": [{"timestamp": [0.0, 1.4], "text": " Morning all."}, {"timestamp": [1.9, 2.8], "text": " Budget first?"}],
         "text": " Morning all. Budget first?"}
        """, as: "ifw.json")
        expectRows(result, ["Morning all.", "Budget first?"], starts: [0, 1.9])
    }

    @Test func stableTSReadsItsSegments() throws {
        let result = try load("""
        {"text": " Morning all. Budget first?", "segments": [
          {"start": 0.0, "end": 1.4, "text": " Morning all.", "seek": 0, "id": 0, "tokens": [1], "temperature": 0.0, "avg_logprob": -0.2,
           "words": [{"word": " Morning", "start": 0.0, "end": 0.6, "probability": 0.9, "tokens": [1]}, {"word": " all.", "start": 0.6, "end": 1.4, "probability": 0.9, "tokens": [2]}]},
          {"start": 1.9, "end": 2.8, "text": " Budget first?", "seek": 0, "id": 1, "words": []}],
         "language": "en", "time_scale": null, "ori_dict": {"text": " Morning all. Budget first?", "segments": []}}
        """, as: "stable.json")
        expectRows(result, ["Morning all.", "Budget first?"], starts: [0, 1.9])
    }

    // MARK: Amazon

    @Test func amazonCallAnalyticsReadsItsTranscriptWithParticipantRoles() throws {
        let result = try load("""
        {"JobStatus": "COMPLETED", "LanguageCode": "en-US",
         "Transcript": [{"LoudnessScores": [78.1, 80.2], "Content": "Thanks for calling, how can I help?", "Id": "a1", "BeginOffsetMillis": 460,
                         "EndOffsetMillis": 2190, "Sentiment": "POSITIVE", "ParticipantRole": "AGENT"},
                        {"LoudnessScores": [70.0], "Content": "I have a question about my bill.", "Id": "a2", "BeginOffsetMillis": 2900,
                         "EndOffsetMillis": 4800, "Sentiment": "NEUTRAL", "ParticipantRole": "CUSTOMER"}],
         "Categories": {"MatchedCategories": [], "MatchedDetails": {}},
         "ConversationCharacteristics": {"NonTalkTime": {"Instances": [], "TotalTimeMillis": 0}, "TotalConversationDurationMillis": 5000}}
        """, as: "call.json")
        expectRows(result, ["Thanks for calling, how can I help?", "I have a question about my bill."], starts: [0.46, 2.9], speakers: ["AGENT", "CUSTOMER"])
        #expect(result.warnings.isEmpty)
    }

    @Test func amazonContactLensReadsParticipantIDs() throws {
        let result = try load("""
        {"Version": "1.1.0", "AccountId": "123456789012", "Channel": "VOICE", "ContentMetadata": {"Output": "Raw", "RedactionTypes": []},
         "JobStatus": "COMPLETED", "LanguageCode": "en-US", "Participants": [{"ParticipantId": "CUSTOMER"}, {"ParticipantId": "AGENT"}],
         "Transcript": [{"BeginOffsetMillis": 0, "Content": "Hello, this is the help desk.", "EndOffsetMillis": 2100, "Id": "c1", "ParticipantId": "AGENT",
                         "Sentiment": "NEUTRAL", "LoudnessScore": [75.1]},
                        {"BeginOffsetMillis": 2600, "Content": "My laptop will not start.", "EndOffsetMillis": 4300, "Id": "c2", "ParticipantId": "CUSTOMER",
                         "Sentiment": "NEGATIVE", "LoudnessScore": [70.2]}]}
        """, as: "contactlens.json")
        expectRows(result, ["Hello, this is the help desk.", "My laptop will not start."], starts: [0, 2.6], speakers: ["AGENT", "CUSTOMER"])
    }

    @Test func awsPostCallAnalyticsReadsSpeechSegments() throws {
        let result = try load("""
        {"ConversationAnalytics": {"Agent": "spk_0", "LanguageCode": "en-US", "Duration": "6.2"},
         "SpeechSegments": [{"SegmentStartTime": 0.5, "SegmentEndTime": 2.2, "SegmentSpeaker": "spk_0", "OriginalText": "hello how can i help",
                             "DisplayText": "Hello, how can I help?", "TextEdited": 0, "LoudnessScores": [71.0], "SentimentIsPositive": 0,
                             "WordConfidence": [{"Text": "Hello,", "Confidence": 0.99, "StartTime": 0.5, "EndTime": 0.9}]},
                            {"SegmentStartTime": 2.9, "SegmentEndTime": 4.1, "SegmentSpeaker": "spk_1", "OriginalText": "my bill is wrong",
                             "DisplayText": "My bill is wrong.", "TextEdited": 0, "LoudnessScores": [65.0], "WordConfidence": []}]}
        """, as: "pca.json")
        expectRows(result, ["Hello, how can I help?", "My bill is wrong."], starts: [0.5, 2.9], speakers: ["spk_0", "spk_1"])
    }

    @Test func awsTranscribeWithChannelIdentificationNamesTheChannel() throws {
        let item = VendorJSONTests.awsItem
        let result = try load("""
        {"jobName": "call", "results": {"transcripts": [{"transcript": "Hello. Hi there."}],
          "channel_labels": {"channels": [
            {"channel_label": "ch_0", "items": [\(item("Hello", "0.5", "0.9", nil)), \(VendorJSONTests.awsPunctuation("."))]},
            {"channel_label": "ch_1", "items": [\(item("Hi", "1.5", "1.7", nil)), \(item("there", "1.7", "2.0", nil))]}],
           "number_of_channels": 2},
          "items": [\(item("Hello", "0.5", "0.9", nil)), \(VendorJSONTests.awsPunctuation(".")), \(item("Hi", "1.5", "1.7", nil)), \(item("there", "1.7", "2.0", nil))]},
         "status": "COMPLETED"}
        """, as: "aws-channels.json")
        expectRows(result, ["Hello.", "Hi there"], starts: [0.5, 1.5], speakers: ["ch_0", "ch_1"])
    }

    // MARK: Meeting services and editors

    @Test func firefliesReadsSentencesWithSpeakerNames() throws {
        let result = try load("""
        {"data": {"transcript": {"id": "t1", "title": "Weekly sync", "date": 1704103200000,
          "sentences": [{"index": 0, "speaker_name": "Alice", "speaker_id": 0, "text": "Morning all.", "raw_text": "morning all",
                         "start_time": 0.12, "end_time": 1.4, "ai_filters": {"task": null, "question": null}},
                        {"index": 1, "speaker_name": "Bob", "speaker_id": 1, "text": "Budget first?", "raw_text": "budget first",
                         "start_time": 1.9, "end_time": 2.8, "ai_filters": {"task": null, "question": "Budget first?"}}]}}}
        """, as: "fireflies.json")
        expectRows(result, ["Morning all.", "Budget first?"], starts: [0.12, 1.9], speakers: ["Alice", "Bob"])
    }

    @Test func trintStyleParagraphsOfWordsInMillisecondsSayTheirUnit() throws {
        // Trint publishes no schema for its JSON export; this is a paragraph-of-words shape with
        // millisecond times, as editors of that kind write.
        let result = try load("""
        {"title": "Weekly sync", "paragraphs": [
          {"speaker": "Alice", "words": [{"text": "Morning", "start": 120, "end": 600}, {"text": "all.", "start": 600, "end": 1100}]},
          {"speaker": "Bob", "words": [{"text": "Budget", "start": 1900, "end": 2300}, {"text": "first?", "start": 2300, "end": 2800}]}]}
        """, as: "trint.json")
        expectRows(result, ["Morning all.", "Budget first?"], starts: [0.12, 1.9])
        #expect(assumedUnits(result) == ["milliseconds"])
    }

    @Test func bbcKaldiReadsPunctuatedWords() throws {
        let result = try load("""
        {"action": "audio-transcribe", "retval": {"status": true, "wonid": "octo:2692ea33", "punct": "Morning all. Budget first?",
          "words": [{"start": 0.42, "confidence": 0.68, "end": 1.02, "word": "morning", "punct": "Morning", "index": 0},
                    {"start": 1.02, "confidence": 0.9, "end": 1.5, "word": "all", "punct": "all.", "index": 1},
                    {"start": 2.9, "confidence": 0.9, "end": 3.3, "word": "budget", "punct": "Budget", "index": 2},
                    {"start": 3.3, "confidence": 0.9, "end": 3.8, "word": "first", "punct": "first?", "index": 3}]}}
        """, as: "kaldi.json")
        expectRows(result, ["Morning all.", "Budget first?"], starts: [0.42, 2.9])
    }

    @Test func autoEditTakesSpeakersFromItsParagraphs() throws {
        let result = try load("""
        {"words": [{"id": 0, "start": 0.42, "end": 1.02, "text": "Morning"}, {"id": 1, "start": 1.02, "end": 1.5, "text": "all"},
                   {"id": 2, "start": 1.6, "end": 2.0, "text": "budget"}, {"id": 3, "start": 2.0, "end": 2.4, "text": "first"}],
         "paragraphs": [{"id": 0, "start": 0.42, "end": 1.5, "speaker": "Alice"}, {"id": 1, "start": 1.6, "end": 2.4, "speaker": "Bob"}]}
        """, as: "autoedit.json")
        expectRows(result, ["Morning all", "budget first"], starts: [0.42, 1.6], speakers: ["Alice", "Bob"])
    }

    // MARK: AssemblyAI

    @Test func assemblyAISentencesResponseReadsInMilliseconds() throws {
        let result = try load("""
        {"sentences": [{"text": "Morning all.", "start": 250, "end": 1400, "confidence": 0.9, "speaker": "A",
                        "words": [{"text": "Morning", "start": 250, "end": 800, "confidence": 0.9, "speaker": "A"}]},
                       {"text": "Budget first?", "start": 1900, "end": 2800, "confidence": 0.9, "speaker": "B", "words": []}],
         "id": "6dfmw0r4", "confidence": 0.9, "audio_duration": 3}
        """, as: "sentences.json")
        expectRows(result, ["Morning all.", "Budget first?"], starts: [0.25, 1.9], speakers: ["A", "B"])
        #expect(result.warnings.isEmpty)
    }
}
