import Foundation
import TranscriptFormats
import TranscriptModel

/// The speech-to-text vendors' JSON in the load section: for each family (and three read by the
/// shape reader: Speechmatics, ElevenLabs, Gladia), a file of 100,000
/// segments (rows) made as the vendor writes them, every word with its times where the vendor gives
/// words, loaded as `tsearch` loads (`loadCorpus`), next to a Whisper JSON file of the same
/// sentences. Each family's speed is given as rows/s and MB/s and as a fraction of the Whisper
/// reader's rows/s; a family whose row count is wrong stops the benchmark.
///
/// The files are made in memory (about 20 to 450 MB each) from `CorpusGenerator`'s sentences, in
/// a few seconds, one at a time, and not written to disk. Rows/s compares the files per segment;
/// MB/s per byte read, which is the fairer measure of the reader: a word-level vendor file holds
/// ten to twenty-five times the bytes of a Whisper file of the same segments (every word an
/// object with its times), and a reader cannot be faster than it reads them.
enum VendorJSONBench {
    static let segments = 100_000

    /// What each row's words are made of: its sentence, split at spaces, with times in
    /// milliseconds (a word every 300 ms, 700 ms between segments).
    struct Segment {
        var speaker: Int
        var words: [(text: String, start: Int, end: Int)]
        var text: String
        var start: Int { words.first?.start ?? 0 }
        var end: Int { words.last?.end ?? 0 }
    }

    static func makeSegments(_ count: Int) -> [Segment] {
        var generator = CorpusGenerator(seed: 1818)
        var time = 500
        return (0..<count).map { index in
            let text = generator.sentence()
            let words = text.split(separator: " ").enumerated().map { offset, word in
                (text: String(word), start: time + offset * 300, end: time + offset * 300 + 250)
            }
            time = (words.last?.end ?? time) + 700
            return Segment(speaker: index % 3, words: words, text: text)
        }
    }

    /// A JSON text written straight into bytes (the benchmark's files are hundreds of MB: no
    /// `String(format:)` per number, no array of a million strings).
    struct Writer {
        var bytes: [UInt8] = []

        mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

        /// `text` as a JSON string literal.
        mutating func string(_ text: String) {
            bytes.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }

        mutating func int(_ value: Int) { raw(String(value)) }

        /// Milliseconds as seconds with three decimals: `12.340`.
        mutating func seconds(_ milliseconds: Int) {
            int(milliseconds / 1000)
            let fraction = milliseconds % 1000
            bytes.append(UInt8(ascii: "."))
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / 100))
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
            bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10))
        }

        /// The quoted form AWS writes (`"12.340"`), or Google's duration (`"12.340s"`).
        mutating func secondsString(_ milliseconds: Int, suffix: String = "") {
            bytes.append(UInt8(ascii: "\""))
            seconds(milliseconds)
            raw(suffix + "\"")
        }
    }

    /// A word without its sentence's full stop.
    static func bare(_ word: String) -> String {
        word.hasSuffix(".") || word.hasSuffix("。") ? String(word.dropLast()) : word
    }

    static let names = ["whisper.json", "aws.json", "deepgram.json", "revai.json", "google.json", "whispercpp.json",
                        "assemblyai.json", "utterances.json", "youtube.json3",
                        // Read by their shape (no named reader): word level, and utterances with their words.
                        "speechmatics.json", "elevenlabs.json", "gladia.json"]

    /// Family `name`'s file of `segments`.
    static func file(_ name: String, _ segments: [Segment]) -> [UInt8] {
        var out = Writer()
        func each(_ body: (Int, Segment) -> Void) {
            for (index, segment) in segments.enumerated() {
                if index > 0 { out.raw(",\n") }
                body(index, segment)
            }
        }
        func words(_ segment: Segment, _ body: (Int, (text: String, start: Int, end: Int)) -> Void) {
            for (offset, word) in segment.words.enumerated() {
                if offset > 0 { out.raw(", ") }
                body(offset, word)
            }
        }
        let letters = ["A", "B", "C"]
        switch name {
        case "whisper.json":
            out.raw("{\"text\": \"…\", \"segments\": [\n")
            each { index, segment in
                out.raw("{\"id\": \(index), \"start\": "); out.seconds(segment.start); out.raw(", \"end\": "); out.seconds(segment.end)
                out.raw(", \"speaker\": \"SPEAKER_0\(segment.speaker)\", \"text\": "); out.string(" " + segment.text); out.raw("}")
            }
            out.raw("], \"language\": \"en\"}\n")
        case "aws.json":
            out.raw("{\"jobName\": \"bench\", \"results\": {\"transcripts\": [{\"transcript\": \"…\"}], \"speaker_labels\": {\"speakers\": 3, \"segments\": [\n")
            each { _, segment in
                out.raw("{\"start_time\": "); out.secondsString(segment.start); out.raw(", \"end_time\": "); out.secondsString(segment.end)
                out.raw(", \"speaker_label\": \"spk_\(segment.speaker)\", \"items\": []}")
            }
            out.raw("]}, \"items\": [\n")
            each { _, segment in
                words(segment) { _, word in
                    out.raw("{\"start_time\": "); out.secondsString(word.start); out.raw(", \"end_time\": "); out.secondsString(word.end)
                    out.raw(", \"alternatives\": [{\"confidence\": \"0.99\", \"content\": "); out.string(bare(word.text)); out.raw("}], \"type\": \"pronunciation\"}")
                    if bare(word.text) != word.text { out.raw(", {\"alternatives\": [{\"confidence\": \"0.0\", \"content\": \".\"}], \"type\": \"punctuation\"}") }
                }
            }
            out.raw("]}, \"status\": \"COMPLETED\"}\n")
        case "deepgram.json":
            func word(_ speaker: Int, _ word: (text: String, start: Int, end: Int)) {
                out.raw("{\"word\": "); out.string(bare(word.text).lowercased()); out.raw(", \"start\": "); out.seconds(word.start)
                out.raw(", \"end\": "); out.seconds(word.end); out.raw(", \"confidence\": 0.99, \"speaker\": \(speaker), \"speaker_confidence\": 0.8, \"punctuated_word\": ")
                out.string(word.text); out.raw("}")
            }
            out.raw("{\"metadata\": {\"channels\": 1}, \"results\": {\"channels\": [{\"alternatives\": [{\"transcript\": \"…\", \"confidence\": 0.99, \"words\": [\n")
            each { _, segment in words(segment) { word(segment.speaker, $1) } }
            out.raw("],\n\"paragraphs\": {\"transcript\": \"…\", \"paragraphs\": [\n")
            each { _, segment in
                out.raw("{\"sentences\": [{\"text\": "); out.string(segment.text); out.raw(", \"start\": "); out.seconds(segment.start)
                out.raw(", \"end\": "); out.seconds(segment.end); out.raw("}], \"speaker\": \(segment.speaker), \"num_words\": \(segment.words.count), \"start\": ")
                out.seconds(segment.start); out.raw(", \"end\": "); out.seconds(segment.end); out.raw("}")
            }
            out.raw("]}}]}],\n\"utterances\": [\n")
            each { index, segment in
                out.raw("{\"start\": "); out.seconds(segment.start); out.raw(", \"end\": "); out.seconds(segment.end)
                out.raw(", \"confidence\": 0.99, \"channel\": 0, \"transcript\": "); out.string(segment.text); out.raw(", \"words\": [")
                words(segment) { word(segment.speaker, $1) }
                out.raw("], \"speaker\": \(segment.speaker), \"id\": \"u\(index)\"}")
            }
            out.raw("]}}\n")
        case "revai.json":
            out.raw("{\"monologues\": [\n")
            each { _, segment in
                out.raw("{\"speaker\": \(segment.speaker), \"elements\": [")
                words(segment) { offset, word in
                    out.raw("{\"type\": \"text\", \"value\": "); out.string(bare(word.text)); out.raw(", \"ts\": "); out.seconds(word.start)
                    out.raw(", \"end_ts\": "); out.seconds(word.end); out.raw(", \"confidence\": 0.99}")
                    if bare(word.text) != word.text { out.raw(", {\"type\": \"punct\", \"value\": \".\"}") }
                    if offset + 1 < segment.words.count { out.raw(", {\"type\": \"punct\", \"value\": \" \"}") }
                }
                out.raw("]}")
            }
            out.raw("]}\n")
        case "google.json":
            func word(_ word: (text: String, start: Int, end: Int), tag: Int?) {
                out.raw("{\"startTime\": "); out.secondsString(word.start, suffix: "s"); out.raw(", \"endTime\": "); out.secondsString(word.end, suffix: "s")
                out.raw(", \"word\": "); out.string(word.text)
                if let tag { out.raw(", \"speakerTag\": \(tag)") }
                out.raw("}")
            }
            out.raw("{\"results\": [\n")
            each { _, segment in
                out.raw("{\"alternatives\": [{\"transcript\": "); out.string(segment.text); out.raw(", \"confidence\": 0.9, \"words\": [")
                words(segment) { word($1, tag: nil) }
                out.raw("]}], \"resultEndTime\": "); out.secondsString(segment.end + 100, suffix: "s"); out.raw(", \"languageCode\": \"en-us\"}")
            }
            out.raw(",\n{\"alternatives\": [{\"words\": [\n")
            each { _, segment in words(segment) { word($1, tag: segment.speaker + 1) } }
            out.raw("]}]}]}\n")
        case "whispercpp.json":
            out.raw("{\"result\": {\"language\": \"en\"}, \"transcription\": [\n")
            each { _, segment in
                out.raw("{\"timestamps\": {\"from\": \"00:00:00,000\", \"to\": \"00:00:00,000\"}, \"offsets\": {\"from\": \(segment.start), \"to\": \(segment.end)}, \"text\": ")
                out.string(" " + segment.text); out.raw("}")
            }
            out.raw("]}\n")
        case "assemblyai.json", "utterances.json":
            let alone = name == "utterances.json"
            if !alone {
                out.raw("{\"id\": \"bench\", \"status\": \"completed\", \"text\": \"…\", \"words\": [\n")
                each { _, segment in
                    words(segment) { _, word in
                        out.raw("{\"text\": "); out.string(word.text); out.raw(", \"start\": \(word.start), \"end\": \(word.end), \"confidence\": 0.99, \"speaker\": \"\(letters[segment.speaker])\"}")
                    }
                }
                out.raw("],\n\"utterances\": ")
            }
            out.raw("[\n")
            each { _, segment in
                out.raw("{\"speaker\": \"\(letters[segment.speaker])\", \"text\": "); out.string(segment.text)
                out.raw(", \"confidence\": 0.99, \"start\": \(segment.start), \"end\": \(segment.end), \"words\": [")
                words(segment) { _, word in
                    out.raw("{\"text\": "); out.string(word.text); out.raw(", \"start\": \(word.start), \"end\": \(word.end), \"confidence\": 0.99, \"speaker\": \"\(letters[segment.speaker])\"}")
                }
                out.raw("]}")
            }
            out.raw(alone ? "]\n" : "]}\n")
        case "speechmatics.json":
            out.raw("{\"format\": \"2.9\", \"job\": {\"id\": \"bench\"}, \"results\": [\n")
            each { _, segment in
                words(segment) { _, word in
                    out.raw("{\"alternatives\": [{\"confidence\": 0.99, \"content\": "); out.string(bare(word.text))
                    out.raw(", \"language\": \"en\", \"speaker\": \"S\(segment.speaker + 1)\"}], \"end_time\": "); out.seconds(word.end)
                    out.raw(", \"start_time\": "); out.seconds(word.start); out.raw(", \"type\": \"word\"}")
                    if bare(word.text) != word.text {
                        out.raw(", {\"alternatives\": [{\"confidence\": 1.0, \"content\": \".\", \"language\": \"en\", \"speaker\": \"S\(segment.speaker + 1)\"}], \"attaches_to\": \"previous\", \"end_time\": ")
                        out.seconds(word.end); out.raw(", \"is_eos\": true, \"start_time\": "); out.seconds(word.end); out.raw(", \"type\": \"punctuation\"}")
                    }
                }
            }
            out.raw("]}\n")
        case "elevenlabs.json":
            out.raw("{\"language_code\": \"en\", \"language_probability\": 0.98, \"text\": \"…\", \"words\": [\n")
            each { _, segment in
                words(segment) { offset, word in
                    if offset > 0 {
                        out.raw("{\"text\": \" \", \"start\": "); out.seconds(word.start - 50); out.raw(", \"end\": "); out.seconds(word.start)
                        out.raw(", \"type\": \"spacing\", \"speaker_id\": \"speaker_\(segment.speaker)\", \"logprob\": 0}, ")
                    }
                    out.raw("{\"text\": "); out.string(word.text); out.raw(", \"start\": "); out.seconds(word.start); out.raw(", \"end\": "); out.seconds(word.end)
                    out.raw(", \"type\": \"word\", \"speaker_id\": \"speaker_\(segment.speaker)\", \"logprob\": -0.1}")
                }
            }
            out.raw("]}\n")
        case "gladia.json":
            out.raw("{\"id\": \"bench\", \"status\": \"done\", \"result\": {\"metadata\": {\"audio_duration\": 1}, \"transcription\": {\"full_transcript\": \"…\", \"utterances\": [\n")
            each { _, segment in
                out.raw("{\"language\": \"en\", \"start\": "); out.seconds(segment.start); out.raw(", \"end\": "); out.seconds(segment.end)
                out.raw(", \"confidence\": 0.9, \"channel\": 0, \"speaker\": \(segment.speaker), \"words\": [")
                words(segment) { _, word in
                    out.raw("{\"word\": "); out.string(" " + word.text); out.raw(", \"start\": "); out.seconds(word.start)
                    out.raw(", \"end\": "); out.seconds(word.end); out.raw(", \"confidence\": 0.9}")
                }
                out.raw("], \"text\": "); out.string(" " + segment.text); out.raw("}")
            }
            out.raw("]}}}\n")
        default:
            out.raw("{\"wireMagic\": \"pb3\", \"events\": [\n")
            each { _, segment in
                out.raw("{\"tStartMs\": \(segment.start), \"dDurationMs\": \(segment.end - segment.start), \"wWinId\": 1, \"segs\": [")
                words(segment) { offset, word in
                    out.raw("{\"utf8\": "); out.string((offset > 0 ? " " : "") + word.text); out.raw(", \"tOffsetMs\": \(offset * 300)}")
                }
                out.raw("]}")
            }
            out.raw("]}\n")
        }
        return out.bytes
    }

    /// The CPU time this process has used, in seconds: on a machine shared with other work, the
    /// `CPU MB/s` column compares the readers where wall-clock times mostly measure the others.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Prints the families' load times; exits with status 1 when a family's rows are not the
    /// segments it was made of.
    static func run(runs: Int) throws {
        let segments = makeSegments(Self.segments)
        print("\nload, speech-to-text JSON (\(Self.segments) segments each)  rows/s      MB/s      MB   of Whisper's rows/s   MB/s   CPU MB/s")
        var whisperRate = 0.0, whisperBytesRate = 0.0
        for name in names {
            let file = (name: name, bytes: Self.file(name, segments))
            var loaded: Corpus?
            var cpuSeconds: [Double] = []
            let seconds = try median(runs) {
                let cpuStart = processCPUSeconds()
                loaded = try file.bytes.withUnsafeBytes { try TranscriptLoader.loadCorpus(bytes: $0, path: file.name, options: LoadOptions()) }?.corpus
                cpuSeconds.append(processCPUSeconds() - cpuStart)
            }
            let cpu = cpuSeconds.sorted()[cpuSeconds.count / 2]
            let rows = loaded?.rowCount ?? 0
            // Consecutive segments have different speakers, so each speaker turn is one segment.
            guard rows == Self.segments else {
                print("  \(file.name): \(rows) rows, expected \(Self.segments)")
                exit(1)
            }
            let rate = Double(rows) / seconds
            let bytesRate = Double(file.bytes.count) / seconds
            if file.name == "whisper.json" { (whisperRate, whisperBytesRate) = (rate, bytesRate) }
            print("  \(file.name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(format(seconds))  \(String(format: "%10.0f", rate))  \(String(format: "%8.1f", bytesRate / 1e6))  \(String(format: "%6.1f", Double(file.bytes.count) / 1e6))   \(String(format: "%5.2f", rate / whisperRate))               \(String(format: "%5.2f", bytesRate / whisperBytesRate))  \(String(format: "%8.1f", Double(file.bytes.count) / cpu / 1e6))")
        }
    }
}
