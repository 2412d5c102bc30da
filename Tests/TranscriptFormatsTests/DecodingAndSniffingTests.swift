import Testing
import TranscriptModel
@testable import TranscriptFormats

struct DecodingAndSniffingTests {
    static let srt = "1\n00:00:01,000 --> 00:00:02,000\nStraße café 预算 👍🏽\n"

    static func utf16(_ text: String, littleEndian: Bool, bom: Bool) -> [UInt8] {
        var bytes: [UInt8] = bom ? (littleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]) : []
        for unit in text.utf16 {
            let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            bytes += littleEndian ? pair : pair.reversed()
        }
        return bytes
    }

    static let encodings: [(String, [UInt8])] = {
        let utf32: [UInt8] = [0xFF, 0xFE, 0, 0] + srt.unicodeScalars.flatMap { scalar -> [UInt8] in
            (0..<4).map { UInt8(truncatingIfNeeded: scalar.value >> (8 * $0)) }
        }
        let plain: [UInt8] = Array(srt.utf8)
        return [
            ("UTF-8", plain),
            ("UTF-8 with BOM", [0xEF, 0xBB, 0xBF] + plain),
            ("UTF-16LE", utf16(srt, littleEndian: true, bom: true)),
            ("UTF-16BE", utf16(srt, littleEndian: false, bom: true)),
            ("UTF-16LE", utf16(srt, littleEndian: true, bom: false)),
            ("UTF-32LE", utf32),
        ]
    }()

    @Test(arguments: encodings)
    func unicodeEncodings(_ encoding: String, _ bytes: [UInt8]) throws {
        let result = try TranscriptLoader.load(bytes: bytes, path: "k.srt")
        #expect(result.transcript.source.encoding == encoding)
        #expect(result.texts == ["Straße café 预算 👍🏽"])
    }

    @Test func windows1252Fallback() throws {
        // "Café — 5 €" in Windows-1252: é = E9, — = 97, € = 80.
        let bytes: [UInt8] = Array("1\n00:00:01,000 --> 00:00:02,000\nCaf".utf8) + [0xE9, 0x20, 0x97, 0x20, 0x35, 0x20, 0x80, 0x0A]
        let result = try TranscriptLoader.load(bytes: bytes, path: "w.srt")
        #expect(result.transcript.source.encoding == "windows-1252")
        #expect(result.texts == ["Café — 5 €"])
    }

    @Test(arguments: [
        ("WEBVTT\n\n00:01.000 --> 00:02.000\nx", TranscriptFormat.vtt),
        ("  [{\"text\": \"x\"}]", .json),
        ("{\"segments\": []}", .json),
        ("1\n00:00:01,000 --> 00:00:02,000\nx", .srt),
        ("00:00:01.000 --> 00:00:02.000\nx", .vtt),
        ("Alice: hello\nBob: hi", .txt),
    ])
    func sniffing(_ text: String, _ format: TranscriptFormat) {
        #expect(TranscriptFormat.sniff(text) == format)
    }

    @Test func oneStrayByteSpoilsOneLineNotTheFile() throws {
        let bytes: [UInt8] = Array("café budget\n".utf8) + [0x4E, 0x61, 0xEF, 0x76, 0x65, 0x0A] + Array("Straße\n".utf8)
        let result = try TranscriptLoader.load(bytes: bytes, path: "m.txt")
        #expect(result.texts == ["café budget", "Naïve", "Straße"])
        #expect(result.transcript.source.encoding == "UTF-8 with windows-1252 lines")
    }

    @Test(arguments: ["[Music]\nAlice: we talked budget\n", "{laughs} budget\n", "WEBVTT is a format; budget\n"])
    func sniffedFormatThatReadsNothingFallsBackToText(_ text: String) throws {
        let result = try TranscriptLoader.load(bytes: Array(text.utf8), path: "<stdin>")
        #expect(result.transcript.source.format == "txt")
        #expect(result.texts.joined(separator: " ").contains("budget"))
    }

    @Test func aNamedExtensionNeverFallsBack() {
        #expect(loadError(Array("[Music] budget\n".utf8), as: "x.json") != nil)
    }

    @Test func unknownExtensionIsSniffed() throws {
        let result = try TranscriptLoader.load(bytes: Array("1\n00:00:01,000 --> 00:00:02,000\nsniffed\n".utf8), path: "<stdin>")
        #expect(result.transcript.source.format == "srt")
        #expect(result.texts == ["sniffed"])
    }

    @Test(arguments: ["a.SRT", "b.vtt", "c.WebVTT", "d.json", "e.txt"])
    func extensions(_ path: String) {
        #expect(TranscriptFormat(path: path) != nil)
    }

    @Test func noExtensionOrForeignExtension() {
        #expect(TranscriptFormat(path: "README") == nil)
        #expect(TranscriptFormat(path: "movie.mkv") == nil)
        #expect(TranscriptFormat(path: "dir.srt/file") == nil)
    }
}

struct MalformedInputTests {
    @Test func emptyFileIsAnEmptySourceError() {
        #expect(loadError([], as: "empty.srt")?.description == "empty.srt: holds no cue, segment or line of text")
        #expect(loadError([], as: "empty.srt")?.isEmptySource == true)
        #expect(loadError(Array("WEBVTT\n".utf8), as: "empty.vtt") != nil)
        #expect(loadError(Array("[]".utf8), as: "empty.json") != nil)
        #expect(loadError(Array("\n\n  \n".utf8), as: "empty.txt") != nil)
    }

    @Test func binaryGarbageIsAnError() {
        var generator = SplitMix64(seed: 7)
        let bytes = (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        #expect(loadError(bytes, as: "garbage.srt")?.description == "garbage.srt: binary file, not a transcript; " + TranscriptFormat.whatIsRead)
    }

    @Test func fileWhoseEveryCueIsBrokenNamesThem() {
        let error = loadError(Array("1\n00:00:0x,000 --> 00:00:02,000\nlost\n".utf8), as: "all-bad.srt")
        guard case .noRows(let skipped)? = error?.kind else {
            Issue.record("expected noRows, got \(String(describing: error))")
            return
        }
        #expect(skipped.map(\.line) == [2])
    }

    /// Totality: any byte sequence loads or gives an error, for every format, and never crashes or
    /// hangs. Random bytes, random mutations of valid files, and truncations at every length.
    @Test(arguments: TranscriptFormat.allCases)
    func everyByteSequenceLoadsOrErrors(_ format: TranscriptFormat) {
        let seeds: [String] = [
            "1\n00:00:01,000 --> 00:00:02,000\n<i>Alice: budget</i> &amp;\n\n2\n00:00:03,000 --> 00:00:04,000\ntwo\n",
            "WEBVTT\n\nNOTE x\n\nid\n00:01.000 --> 00:02.000 align:start\n<v Bob>hi <ruby>漢<rt>かん</rt></ruby> &#x1F44D;\n",
            #"{"segments": [{"start": 1.5, "end": 2, "text": " hi \u00e9", "speaker": "A"}]}"#,
            "Alice: one\nBob: two\n",
        ]
        let alphabet = Array("<>&;:-->{}[]\"\\\n\r,.".utf8)
        var generator = SplitMix64(seed: UInt64(format.rawValue.utf8.count))
        let path = "fuzz." + format.extensions[0]
        for seed in seeds {
            let bytes = Array(seed.utf8)
            for length in 0...bytes.count {
                _ = try? TranscriptLoader.load(bytes: Array(bytes.prefix(length)), path: path)
            }
            for _ in 0..<300 {
                var mutated = bytes
                for _ in 0..<Int(generator.next() % 4 + 1) {
                    let position = Int(generator.next() % UInt64(mutated.count))
                    switch generator.next() % 3 {
                    case 0: mutated[position] = UInt8(truncatingIfNeeded: generator.next())
                    case 1: mutated.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
                    default: mutated.remove(at: position)
                    }
                    if mutated.isEmpty { break }
                }
                do {
                    let result = try TranscriptLoader.load(bytes: mutated, path: path)
                    #expect(!result.transcript.rows.isEmpty)
                    #expect(result.transcript.rows.allSatisfy { !$0.text.isEmpty })
                } catch {
                    #expect(error.file == path)
                }
            }
        }
    }
}

/// A small deterministic random number generator, so fuzz cases repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
