import Foundation
import TranscriptFormats
import TranscriptModel

/// The speech-to-text vendors' JSON in the load section: for each family, a file of 100,000
/// segments (rows) made as the vendor writes them, every word with its times where the vendor gives
/// words, loaded as `tsearch` loads (`loadCorpus`), next to a Whisper JSON file of the same
/// sentences. Each family's speed is given as rows/s and MB/s and as a fraction of the Whisper
/// reader's rows/s; a family whose row count is wrong stops the benchmark.
///
/// The files are made in memory (about 20 to 150 MB each) from `CorpusGenerator`'s sentences, in
/// a few seconds, and not written to disk.
enum VendorJSONBench {
    static let segments = 100_000

    /// What each row's words are made of: its sentence, split at spaces, with times.
    struct Segment {
        var speaker: Int
        var start: Double
        var words: [(text: String, start: Double, end: Double)]
        var text: String
        var end: Double { words.last?.end ?? start }
    }

    static func makeSegments(_ count: Int) -> [Segment] {
        var generator = CorpusGenerator(seed: 1818)
        var time = 0.5
        return (0..<count).map { index in
            let text = generator.sentence()
            let words = text.split(separator: " ").map(String.init)
            let start = time
            let timed = words.enumerated().map { offset, word in
                (text: word, start: start + Double(offset) * 0.3, end: start + Double(offset) * 0.3 + 0.25)
            }
            time = start + Double(words.count) * 0.3 + 0.7
            return Segment(speaker: index % 3, start: start, words: timed, text: text)
        }
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func seconds(_ value: Double) -> String { String(format: "%.2f", value) }
    static func milliseconds(_ value: Double) -> String { String(Int((value * 1000).rounded())) }

    /// Each family's file, by name.
    static func files(_ segments: [Segment]) -> [(name: String, bytes: [UInt8])] {
        var whisper = "{\"text\": \"…\", \"segments\": [\n"
        var aws = "{\"jobName\": \"bench\", \"results\": {\"transcripts\": [{\"transcript\": \"…\"}], \"speaker_labels\": {\"speakers\": 3, \"segments\": [\n"
        var awsItems: [String] = []
        var deepgramWords: [String] = [], paragraphs: [String] = [], utterances: [String] = []
        var rev: [String] = []
        var googleResults: [String] = [], googleTagged: [String] = []
        var whisperCpp: [String] = []
        var assemblyWords: [String] = [], assemblyUtterances: [String] = []
        var json3: [String] = []
        for (index, segment) in segments.enumerated() {
            let comma = index + 1 < segments.count ? ",\n" : "\n"
            whisper += "{\"id\": \(index), \"start\": \(seconds(segment.start)), \"end\": \(seconds(segment.end)), \"speaker\": \"SPEAKER_0\(segment.speaker)\", \"text\": \(quoted(" " + segment.text))}" + comma
            aws += "{\"start_time\": \"\(seconds(segment.start))\", \"end_time\": \"\(seconds(segment.end))\", \"speaker_label\": \"spk_\(segment.speaker)\", \"items\": []}" + comma
            var deepgramSegmentWords: [String] = []
            var revElements: [String] = []
            var googleWords: [String] = []
            for (offset, word) in segment.words.enumerated() {
                let bare = word.text.hasSuffix(".") || word.text.hasSuffix("。") ? String(word.text.dropLast()) : word.text
                awsItems.append("{\"start_time\": \"\(seconds(word.start))\", \"end_time\": \"\(seconds(word.end))\", \"alternatives\": [{\"confidence\": \"0.99\", \"content\": \(quoted(bare))}], \"type\": \"pronunciation\"}")
                if bare != word.text { awsItems.append("{\"alternatives\": [{\"confidence\": \"0.0\", \"content\": \".\"}], \"type\": \"punctuation\"}") }
                deepgramSegmentWords.append("{\"word\": \(quoted(bare.lowercased())), \"start\": \(seconds(word.start)), \"end\": \(seconds(word.end)), \"confidence\": 0.99, \"speaker\": \(segment.speaker), \"speaker_confidence\": 0.8, \"punctuated_word\": \(quoted(word.text))}")
                revElements.append("{\"type\": \"text\", \"value\": \(quoted(bare)), \"ts\": \(seconds(word.start)), \"end_ts\": \(seconds(word.end)), \"confidence\": 0.99}")
                if bare != word.text { revElements.append("{\"type\": \"punct\", \"value\": \".\"}") }
                if offset + 1 < segment.words.count { revElements.append("{\"type\": \"punct\", \"value\": \" \"}") }
                googleWords.append("{\"startTime\": \"\(seconds(word.start))s\", \"endTime\": \"\(seconds(word.end))s\", \"word\": \(quoted(word.text))}")
                googleTagged.append("{\"startTime\": \"\(seconds(word.start))s\", \"endTime\": \"\(seconds(word.end))s\", \"word\": \(quoted(word.text)), \"speakerTag\": \(segment.speaker + 1)}")
                assemblyWords.append("{\"text\": \(quoted(word.text)), \"start\": \(milliseconds(word.start)), \"end\": \(milliseconds(word.end)), \"confidence\": 0.99, \"speaker\": \"\(["A", "B", "C"][segment.speaker])\"}")
            }
            let dgWords = deepgramSegmentWords.joined(separator: ", ")
            deepgramWords.append(dgWords)
            paragraphs.append("{\"sentences\": [{\"text\": \(quoted(segment.text)), \"start\": \(seconds(segment.start)), \"end\": \(seconds(segment.end))}], \"speaker\": \(segment.speaker), \"num_words\": \(segment.words.count), \"start\": \(seconds(segment.start)), \"end\": \(seconds(segment.end))}")
            utterances.append("{\"start\": \(seconds(segment.start)), \"end\": \(seconds(segment.end)), \"confidence\": 0.99, \"channel\": 0, \"transcript\": \(quoted(segment.text)), \"words\": [\(dgWords)], \"speaker\": \(segment.speaker), \"id\": \"u\(index)\"}")
            rev.append("{\"speaker\": \(segment.speaker), \"elements\": [\(revElements.joined(separator: ", "))]}")
            googleResults.append("{\"alternatives\": [{\"transcript\": \(quoted(segment.text)), \"confidence\": 0.9, \"words\": [\(googleWords.joined(separator: ", "))]}], \"resultEndTime\": \"\(seconds(segment.end + 0.1))s\", \"languageCode\": \"en-us\"}")
            whisperCpp.append("{\"timestamps\": {\"from\": \"00:00:00,000\", \"to\": \"00:00:00,000\"}, \"offsets\": {\"from\": \(milliseconds(segment.start)), \"to\": \(milliseconds(segment.end))}, \"text\": \(quoted(" " + segment.text))}")
            let assemblySpeaker = ["A", "B", "C"][segment.speaker]
            assemblyUtterances.append("{\"speaker\": \"\(assemblySpeaker)\", \"text\": \(quoted(segment.text)), \"confidence\": 0.99, \"start\": \(milliseconds(segment.start)), \"end\": \(milliseconds(segment.end)), \"words\": []}")
            json3.append("{\"tStartMs\": \(milliseconds(segment.start)), \"dDurationMs\": \(milliseconds(segment.end - segment.start)), \"wWinId\": 1, \"segs\": [\(segment.words.enumerated().map { "{\"utf8\": \(quoted(($0.offset > 0 ? " " : "") + $0.element.text)), \"tOffsetMs\": \($0.offset * 300)}" }.joined(separator: ", "))]}")
        }
        whisper += "], \"language\": \"en\"}\n"
        aws += "]}, \"items\": [\n" + awsItems.joined(separator: ",\n") + "]}, \"status\": \"COMPLETED\"}\n"
        let deepgram = "{\"metadata\": {\"channels\": 1}, \"results\": {\"channels\": [{\"alternatives\": [{\"transcript\": \"…\", \"confidence\": 0.99, \"words\": [\n"
            + deepgramWords.joined(separator: ",\n") + "],\n\"paragraphs\": {\"transcript\": \"…\", \"paragraphs\": [\n" + paragraphs.joined(separator: ",\n")
            + "]}}]}],\n\"utterances\": [\n" + utterances.joined(separator: ",\n") + "]}}\n"
        let google = "{\"results\": [\n" + googleResults.joined(separator: ",\n") + ",\n{\"alternatives\": [{\"words\": [\n" + googleTagged.joined(separator: ",\n") + "]}]}]}\n"
        let assembly = "{\"id\": \"bench\", \"status\": \"completed\", \"text\": \"…\", \"words\": [\n" + assemblyWords.joined(separator: ",\n")
            + "],\n\"utterances\": [\n" + assemblyUtterances.joined(separator: ",\n") + "]}\n"
        return [
            ("whisper.json", Array(whisper.utf8)),
            ("aws.json", Array(aws.utf8)),
            ("deepgram.json", Array(deepgram.utf8)),
            ("revai.json", Array(("{\"monologues\": [\n" + rev.joined(separator: ",\n") + "]}\n").utf8)),
            ("google.json", Array(google.utf8)),
            ("whispercpp.json", Array(("{\"result\": {\"language\": \"en\"}, \"transcription\": [\n" + whisperCpp.joined(separator: ",\n") + "]}\n").utf8)),
            ("assemblyai.json", Array(assembly.utf8)),
            ("utterances.json", Array(("[\n" + assemblyUtterances.joined(separator: ",\n") + "]\n").utf8)),
            ("youtube.json3", Array(("{\"wireMagic\": \"pb3\", \"events\": [\n" + json3.joined(separator: ",\n") + "]}\n").utf8)),
        ]
    }

    /// Prints the families' load times; exits with status 1 when a family's rows are not the
    /// segments it was made of.
    static func run(runs: Int) throws {
        let segments = makeSegments(Self.segments)
        let made = files(segments)
        print("\nload, speech-to-text JSON (\(Self.segments) segments each)  rows/s      MB/s      MB   of Whisper's rows/s")
        var whisperRate = 0.0
        for file in made {
            var loaded: Corpus?
            let seconds = try median(runs) {
                loaded = try file.bytes.withUnsafeBytes { try TranscriptLoader.loadCorpus(bytes: $0, path: file.name, options: LoadOptions()) }?.corpus
            }
            let rows = loaded?.rowCount ?? 0
            // Consecutive segments have different speakers, so each speaker turn is one segment.
            guard rows == Self.segments else {
                print("  \(file.name): \(rows) rows, expected \(Self.segments)")
                exit(1)
            }
            let rate = Double(rows) / seconds
            if file.name == "whisper.json" { whisperRate = rate }
            print("  \(file.name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(format(seconds))  \(String(format: "%10.0f", rate))  \(String(format: "%8.1f", Double(file.bytes.count) / seconds / 1e6))  \(String(format: "%6.1f", Double(file.bytes.count) / 1e6))   \(String(format: "%5.2f", rate / whisperRate))")
        }
    }
}
