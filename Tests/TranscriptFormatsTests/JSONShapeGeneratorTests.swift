import Testing
import TranscriptModel
@testable import TranscriptFormats

/// Timed text in shapes no test was written for: one transcript, rearranged by a seeded generator
/// into twenty vendor-like responses (member names from the shape reader's lists, nesting one to
/// four deep, phrases or words, times in seconds, milliseconds, 100-ns ticks or "1.5s" strings).
/// Each must read with every row's start within a second of the truth, or say why it could not.
struct JSONShapeGeneratorTests {
    /// SplitMix64: the same shapes on every run.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick<T>(_ choices: [T]) -> T { choices[Int(next() % UInt64(choices.count))] }
    }

    /// The truth: six sentences, two speakers, 0.35 s a word and 1.5 s between sentences.
    static let sentences: [(speaker: String, words: [String])] = [
        ("A", ["Morning", "everyone,", "shall", "we", "start?"]),
        ("B", ["The", "budget", "review", "comes", "first", "today."]),
        ("A", ["Fine,", "who", "has", "the", "numbers?"]),
        ("B", ["I", "do,", "they", "arrived", "last", "night."]),
        ("A", ["Then", "let's", "go", "through", "them."]),
        ("B", ["Page", "one", "is", "the", "hiring", "plan."]),
    ]

    struct Word { var text: String; var start: Double; var end: Double; var speaker: String }

    static let words: [[Word]] = {
        var time = 0.5
        return sentences.map { sentence in
            let words = sentence.words.map { word -> Word in
                defer { time += 0.35 }
                return Word(text: word, start: time, end: time + 0.3, speaker: sentence.speaker)
            }
            time += 1.5
            return words
        }
    }()

    enum Unit: CaseIterable { case seconds, milliseconds, ticks, durationStrings }

    /// One generated document, and how it was made (for the message).
    static func document(_ generator: inout Generator) -> (json: String, recipe: String) {
        let unit = generator.pick(Unit.allCases)
        let times = generator.pick([("start", "end"), ("start_time", "end_time"), ("startTime", "endTime"), ("offset", "duration"),
                                    ("from", "to"), ("begin", "end"), ("ts", "end_ts"), ("timestamp", "")])
        let textName = generator.pick(["text", "content", "transcript", "display", "value", "alternatives[0].content", "alternatives[0].transcript"])
        let wordTextName = generator.pick(["word", "text", "punctuated_word", "content", "alternatives[0].content"])
        let speakerName = generator.pick(["speaker", "speaker_id", "speaker_label", "speakerTag", "channel", "participant", ""])
        let wrappers = (0..<Int(generator.next() % 4)).map { _ in generator.pick(["result", "data", "response", "output", "transcription", "job"]) }
        let arrayName = generator.pick(["utterances", "segments", "sentences", "phrases", "items", "results", "chunks", "lines", "monologue"])
        let byWords = generator.next() % 3 == 0
        func time(_ seconds: Double) -> String {
            switch unit {
            case .seconds: return String(Double((seconds * 1000).rounded()) / 1000)
            case .milliseconds: return String(Int((seconds * 1000).rounded()))
            case .ticks: return String(Int((seconds * 1000).rounded()) * 10_000)
            case .durationStrings: return "\"\(Double((seconds * 1000).rounded()) / 1000)s\""
            }
        }
        func element(text: String, textName: String, start: Double, end: Double, speaker: String) -> String {
            var members: [String] = []
            if textName.hasPrefix("alternatives[0].") {
                members.append(#""alternatives": [{"confidence": 0.9, "\#(textName.dropFirst(16))": "\#(text)"}]"#)
            } else {
                members.append(#""\#(textName)": "\#(text)""#)
            }
            switch times {
            case ("timestamp", _): members.append(#""timestamp": [\#(time(start)), \#(time(end))]"#)
            case ("offset", "duration"): members.append(#""offset": \#(time(start)), "duration": \#(time(end - start))"#)
            default: members.append(#""\#(times.0)": \#(time(start)), "\#(times.1)": \#(time(end))"#)
            }
            if !speakerName.isEmpty { members.append(#""\#(speakerName)": "\#(speaker)""#) }
            members.append(#""confidence": 0.93"#)
            return "{" + members.joined(separator: ", ") + "}"
        }
        let elements: [String]
        if byWords {
            elements = words.joined().map { element(text: $0.text, textName: wordTextName, start: $0.start, end: $0.end, speaker: $0.speaker) }
        } else {
            elements = words.map { sentence in
                element(text: sentence.map(\.text).joined(separator: " "), textName: textName, start: sentence[0].start,
                        end: sentence[sentence.count - 1].end, speaker: sentence[0].speaker)
            }
        }
        var json = #"{"\#(arrayName)": [\#(elements.joined(separator: ",\n"))], "language": "en"}"#
        for wrapper in wrappers.reversed() { json = #"{"id": "x1", "\#(wrapper)": \#(json)}"# }
        let recipe = "\(unit) \(times) text \(byWords ? wordTextName : textName) speaker \(speakerName) in \(wrappers + [arrayName])"
        return (json, recipe)
    }

    @Test func twentyGeneratedShapesReadWithTheRightTimesOrSayWhyNot() throws {
        // Seed 12's twentieth shape is word-level elements under a root `segments`, read as the
        // Whisper segments they resemble: a row per word, its milliseconds named in a warning.
        var generator = Generator(state: 12)
        let expectedStarts = Self.words.map { $0[0].start }
        let expectedTexts = Self.words.map { $0.map(\.text).joined(separator: " ") }
        var right = 0
        var failures: [String] = []
        for _ in 0..<20 {
            let (json, recipe) = Self.document(&generator)
            do {
                let result = try load(json, as: "generated.json")
                let starts = result.starts.map { $0.map { Double($0) / 1000 } }
                let timesRight = starts.count == expectedStarts.count
                    && zip(starts, expectedStarts).allSatisfy { got, want in got.map { abs($0 - want) < 1 } == true }
                if timesRight && result.texts == expectedTexts {
                    right += 1
                } else {
                    // A shape read wrong must say why: a warning about its times.
                    #expect(!result.warnings.isEmpty, "read wrong without a word: \(recipe): \(result.texts) \(starts)")
                    failures.append(recipe + ": " + result.warnings.map(\.message).joined(separator: "; "))
                }
            } catch {
                failures.append(recipe + ": " + String(describing: error))
            }
        }
        #expect(right == 19, "\(failures)")
        #expect(failures.count == 1)
        #expect(failures.first?.contains("read as milliseconds") == true)
    }
}
