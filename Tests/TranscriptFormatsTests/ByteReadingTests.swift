#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import TranscriptModel
@testable import TranscriptFormats

/// The pieces of the fast loader: SubRip read in place from bytes, in pieces on several
/// threads, straight into columns. Each piece is checked against the string-based code it stands in
/// for, which is the reference.
struct ByteReadingTests {
    /// A deterministic generator (a linear congruential one: the same files on every run).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }
    }

    /// Lines a SubRip file may hold, the odd ones included: labels of every kind, markup, control
    /// characters, non-ASCII spaces, stray numbers, bad timings, arrows in text.
    static let textLines = [
        "Hello world", "ALICE: hi there", "Alice: hello", "Bob: yes  sir", "José: olá", "Jose\u{301}: ola", "Zoë: hi",
        "<i>italic</i> text", "{\\an8}top", "a &amp; b", "x < y", "tab\there", "nbsp\u{A0}here", "ideo\u{3000}space",
        "ctrl\u{7}bell", "esc\u{1B}[31mred", "- dash line", "-- not arrow", "text --> arrow", "\u{600}x: prepend",
        "Dr. Chen: fine", "SPEAKER_01: ok", "Note: something", "3 words: here now", "He said: \u{301}mark", "trailing  ",
        "  leading", "multi   space", "emoji 👍🏽 ok", "会议: 开始", "C1\u{85}nel", "’quoted’ text", "AL: \u{E9}t\u{E9}",
        "Kim: \u{1100}\u{1161} jamo", "Ann: ", "12", " 7 ",
    ]

    static func subRip(seed: UInt64, cues: Int, lineEnd: String) -> String {
        var generator = Generator(state: seed)
        var lines: [String] = []
        for cue in 1...cues {
            switch generator.next(20) {
            case 0: lines.append("\(cue)")  // a number with no timing
            case 1: lines.append(generator.pick(textLines))  // a stray or a paragraph
            case 2: lines += ["\(cue)", "00:00:61,000 --> 00:00:62,000"]  // a bad timing
            default:
                if generator.next(6) != 0 { lines.append("\(cue)") }
                let start = cue * 2000 + generator.next(900)
                let clock = { (ms: Int) in
                    func padded(_ value: Int, _ width: Int) -> String {
                        String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
                    }
                    return "\(padded(ms / 3_600_000, 2)):\(padded(ms / 60000 % 60, 2)):\(padded(ms / 1000 % 60, 2)),\(padded(ms % 1000, 3))"
                }
                lines.append(generator.next(10) == 0 ? "0:\(start / 1000 % 60).5 --> 0:\(start / 1000 % 60 + 1)" : "\(clock(start)) --> \(clock(start + 1500))")
            }
            for _ in 0..<generator.next(4) { lines.append(generator.pick(textLines)) }
            for _ in 0..<(generator.next(8) == 0 ? 0 : 1 + generator.next(2)) { lines.append(generator.pick(["", "", " ", "\t"])) }
        }
        return lines.joined(separator: lineEnd) + (generator.next(2) == 0 ? lineEnd : "")
    }

    static func parse(_ text: String, pieces: Int) -> ParsedColumns {
        var text = text
        return text.withUTF8 { SubRipParser().parse(ByteText(bytes: $0), file: "g.srt", pieces: pieces) }
    }

    /// Cut into pieces read apart on several threads and put together, a file reads exactly as in
    /// one piece: rows, times, speakers, line numbers, cue numbers and warnings.
    @Test(arguments: ["\n", "\r\n", "\r"])
    func piecesReadAsOne(_ lineEnd: String) {
        for seed in UInt64(1)...6 {
            let text = Self.subRip(seed: seed, cues: 600, lineEnd: lineEnd)
            let whole = Self.parse(text, pieces: 1)
            var cut = 0
            for pieces in [2, 3, 7] {
                var bytes = text
                let starts = bytes.withUTF8 { PieceReading.pieceStarts(ByteText(bytes: $0), pieces: pieces) }
                cut = max(cut, starts.count - 2)
                let parsed = Self.parse(text, pieces: pieces)
                #expect(parsed.columns.rows(file: "g.srt") == whole.columns.rows(file: "g.srt"), "seed \(seed), \(pieces) pieces")
                #expect(parsed.warnings == whole.warnings, "seed \(seed), \(pieces) pieces")
                #expect(parsed.columns.strings == whole.columns.strings)
            }
            // CR-only files have no line feed to cut after: one piece, as it should be.
            #expect(lineEnd == "\r" ? cut == 0 : cut > 0, "seed \(seed): the file was cut")
            #expect(!whole.warnings.isEmpty && whole.columns.rowCount > 300)
        }
    }

    /// The speaker labels judged on columns (once per distinct label, from bytes) equal the rows'
    /// judgement (`ParsedRows.assignSpeakerLabels`, string by string): which rows get a speaker,
    /// which text they keep, and the speakers' interning order.
    @Test func speakerLabelsOnColumnsEqualTheRows() {
        for seed in UInt64(1)...20 {
            var generator = Generator(state: seed)
            let labels = ["ALICE", "Alice", "Bob", "José", "Jose\u{301}", "Dr. Chen", "Digo", "SPEAKER_01", "陈伟", "\u{600}x",
                          "Car j'ai 3 spécialités", "Ann Lee Ray Sue Bo", "Kim", "MAN 2", "X"]
            let bodies = ["hello", "\u{301}mark", "\u{1100}\u{1161}", "été", "ok then", "👍🏽", "a"]
            var rows = ParsedRows()
            var columns = CorpusColumns()
            let count = 1 + generator.next(40)
            for index in 0..<count {
                let text = generator.next(5) == 0
                    ? generator.pick(bodies)
                    : generator.pick(labels) + generator.pick([": ", ":", " : "]) + generator.pick(bodies)
                let voice = generator.next(7) == 0 ? "Voice" : nil
                rows.rows.append(Row(id: RowID(source: 0, index: index), text: text, speaker: voice, locator: Locator(file: "f")))
                columns.textBytes.append(contentsOf: text.utf8)
                columns.endRow(start: -1, end: -1, speaker: voice.map { columns.intern($0) } ?? -1, line: 0, cue: nil)
            }
            rows.assignSpeakerLabels()
            columns.assignSpeakerLabels()
            #expect(columns.rows(file: "f").map(\.text) == rows.rows.map(\.text), "seed \(seed)")
            #expect(columns.rows(file: "f").map(\.speaker) == rows.rows.map(\.speaker), "seed \(seed)")
            #expect(Corpus(source: SourceInfo(path: "f", format: "srt", encoding: "UTF-8"), columns: columns).serialized()
                == Corpus([Transcript(source: SourceInfo(path: "f", format: "srt", encoding: "UTF-8"), rows: rows.rows)]).serialized())
        }
    }

    /// Lines joined and collapsed from bytes equal `TextCleanup.collapsingWhitespace` of the lines
    /// joined with line ends, whenever the byte path does not decline; it declines only for markup,
    /// control characters and non-ASCII spaces.
    @Test func plainRowTextEqualsTheStringCleanup() {
        let pieces = ["a", "word", " ", "  ", "\t", "é", "e\u{301}", "’", "…", "—", "\u{A0}", "\u{2009}", "\u{3000}", "\u{85}",
                      "<", "&", "{", "\\", "\u{7}", "会", "👍🏽", "\u{202F}", "\u{200B}", "\u{2060}"]
        var generator = Generator(state: 42)
        var declined = 0
        for _ in 0..<3000 {
            let lines = (0..<(1 + generator.next(3))).map { _ in (0..<generator.next(7)).map { _ in generator.pick(pieces) }.joined() }
            var joined = lines.joined(separator: "\n")
            let expected = TextCleanup.collapsingWhitespace(joined)
            var out: [UInt8] = []
            let accepted = joined.withUTF8 { bytes in
                var ranges: [Range<Int>] = []
                var start = 0
                for line in lines {
                    ranges.append(start..<start + line.utf8.count)
                    start += line.utf8.count + 1
                }
                return PlainRowText.append(ranges, of: ByteText(bytes: bytes), to: &out)
            }
            let needsString = lines.joined().unicodeScalars.contains {
                "<{&\\".unicodeScalars.contains($0) || $0.value < 0x20 && $0 != "\t" || (0x7F...0x9F).contains($0.value)
                    || $0.value > 0x7F && $0.properties.isWhitespace
            }
            #expect(accepted == !needsString, "\(lines)")
            if accepted { #expect(String(decoding: out, as: UTF8.self) == expected, "\(lines)") } else { declined += 1; #expect(out.isEmpty) }
        }
        #expect(declined > 100)
    }

    /// Every scalar: the byte test for non-ASCII spaces, C1 controls and bidirectional formatting
    /// agrees with Unicode's White_Space property (and the C1 and formatting ranges), and no such
    /// scalar starts with another lead byte.
    @Test func nonASCIISpacesC1AndBidiFormattingExhaustivelyByLeadByte() {
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = scalar.properties.isWhitespace || (0x80...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            let bytes = Array(String(scalar).utf8)
            let found = bytes.withUnsafeBufferPointer { PlainRowText.isSpaceOrC1($0, at: 0) }
            if found != expected { Issue.record("U+\(String(value, radix: 16)): \(found)") }
            if expected { #expect([0xC2, 0xE1, 0xE2, 0xE3].contains(bytes[0])) }
        }
    }

    /// The common timing line read from bytes equals the general reader on every shape tried.
    @Test func commonTimingEqualsTheGeneralReader() {
        var generator = Generator(state: 9)
        let parts = ["00", "0", "123", "59", "60", "99", "1", "7"]
        for _ in 0..<20000 {
            func clock() -> String {
                generator.pick(parts) + ":" + generator.pick(parts) + ":" + generator.pick(parts) + generator.pick([",", ".", ":"])
                    + generator.pick(["000", "5", "1234", "999", "x00"])
            }
            let line = clock() + generator.pick([" --> ", "-->", " -> ", " -->  "]) + clock() + generator.pick(["", " X1:4", "\tline:0", "x"])
            let general = TimestampParsing.timing(Substring(line))
            var copy = line
            let common = copy.withUTF8 { TimestampParsing.commonTiming($0) }
            if let common { #expect(common.start == general?.start && common.end == general?.end, "\(line)") }
            var again = line
            let viaBytes = again.withUTF8 { bytes in ByteText(bytes: bytes).timing(ByteLine(start: 0, end: bytes.count, next: bytes.count)) }
            #expect(viaBytes?.start == general?.start && viaBytes?.end == general?.end, "\(line)")
        }
    }

    /// `loadCorpus` (bytes read in place for SubRip) gives what `load` and its rows give, for UTF-8
    /// with and without a byte-order mark, for a file with no cue (the same error), and for bytes
    /// it leaves to `load` (another encoding, a named encoding, another format).
    /// `text` in ISO 8859-1 (every scalar below U+0100 one byte; others as `?`).
    static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { $0.value < 0x100 ? UInt8($0.value) : UInt8(ascii: "?") }
    }

    @Test func loadCorpusEqualsLoad() throws {
        let text = Self.subRip(seed: 3, cues: 200, lineEnd: "\r\n")
        let cases: [(bytes: [UInt8], path: String, options: LoadOptions)] = [
            (Array(text.utf8), "a.srt", LoadOptions()),
            ([0xEF, 0xBB, 0xBF] + Array(text.utf8), "a.srt", LoadOptions()),
            (Array(text.utf8), "a.txt", LoadOptions(format: .srt)),
            (Array(text.utf8), "a.srt", LoadOptions(format: .txt)),
            (Array(text.utf8), "a.srt", LoadOptions(encoding: TextEncoding(named: "utf-8"))),
            (Array("1\n00:00:01,000 --> 00:00:02,000\nCaf\u{E9}\n".unicodeScalars.map { UInt8($0.value) }), "latin.srt", LoadOptions()),
            (Array("1\n00:00:01,000 --> 00:00:02,000\n".utf8), "empty.srt", LoadOptions()),
            (Array("1\n00:00:01,000 --> 00:00:02,000\nzero\u{0}byte\n".utf8), "nul.srt", LoadOptions()),
            (Array(Self.webVTT(seed: 2, cues: 200, lineEnd: "\n").utf8), "b.vtt", LoadOptions()),
            (Array(Self.webVTT(seed: 2, cues: 200, lineEnd: "\n", carryAt: 50).utf8), "rolls.vtt", LoadOptions()),
            (Array("WEBVTT\n\nNOTE only\n".utf8), "empty.vtt", LoadOptions()),
            // Legacy encodings are decoded once and read in place too (the rows must not change).
            (Self.latin1(Self.subRip(seed: 5, cues: 120, lineEnd: "\n")), "legacy.srt", LoadOptions()),
            (Self.latin1(Self.webVTT(seed: 6, cues: 120, lineEnd: "\n")), "legacy.vtt", LoadOptions()),
            (Self.latin1(Self.webVTT(seed: 6, cues: 120, lineEnd: "\n", carryAt: 30)), "legacy-rolls.vtt", LoadOptions()),
            (Self.latin1("[{\"start\": 1, \"end\": 2, \"text\": \"Caf\u{E9} budget\"}]"), "legacy.json", LoadOptions()),
            (Self.latin1("Dana  0:03\nCaf\u{E9} first.\n\nBob  0:09\nThen the budget.\n"), "legacy-otter.txt", LoadOptions()),
            (Self.latin1("Caf\u{E9} one\nbudget two\n"), "legacy.txt", LoadOptions()),
            (Array(text.utf8), "named.srt", LoadOptions(encoding: TextEncoding(named: "cp1251"))),
        ]
        for (bytes, path, options) in cases {
            let slow = Result { () throws(FormatError) in try TranscriptLoader.load(bytes: bytes, path: path, options: options) }
            let fast: Result<(corpus: Corpus, warnings: [FormatError]), FormatError> = bytes.withUnsafeBytes { raw in
                do throws(FormatError) {
                    guard let loaded = try TranscriptLoader.loadCorpus(bytes: raw, path: path, options: options) else {
                        Issue.record("\(path): no result without a release")
                        return .failure(FormatError(file: path, kind: .binary))
                    }
                    return .success(loaded)
                } catch {
                    return .failure(error)
                }
            }
            // Given a `release`, a rolling WebVTT asks to be read again whole.
            let asksAgain = bytes.withUnsafeBytes { raw in
                do throws(FormatError) {
                    return try TranscriptLoader.loadCorpus(bytes: raw, path: path, options: options) { _ in } == nil
                } catch {
                    return false
                }
            }
            #expect(asksAgain == (path == "rolls.vtt"), "\(path)")  // legacy text is decoded first: never asked again
            switch (slow, fast) {
            case (.success(let slow), .success(let fast)):
                #expect(fast.corpus.serialized() == Corpus([slow.transcript]).serialized(), "\(path)")
                #expect(fast.warnings == slow.warnings, "\(path)")
            case (.failure(let slow), .failure(let fast)):
                #expect(fast == slow, "\(path)")
            default:
                Issue.record("\(path): \(slow) but \(fast)")
            }
        }
    }

    /// WebVTT lines, the odd ones included: voice tags of every shape, other markup, blocks that
    /// are no cues, bad timings, identifiers, lines of spaces.
    static let webVTTLines = [
        "Hello world", "<v Bob>hi there", "<v.loud Alice>shout</v>", "<V Carol>up", "<v>anon", "<vx Bob>not", "<v Bob>a &amp; b",
        "<v  Dan  Lee >spaced", "<v Eve\tTab>x", "<c.yellow>colour</c> word", "<00:00:01.200><c> timed</c>", "x < y", "a & b",
        "{\\an8}x", "ALICE: hi", "Alice: hello", "José: olá", "Jose\u{301}: ola", "ctrl\u{7}bell", "nbsp\u{A0}x", "tab\there",
        "ruby <ruby>漢<rt>kan</rt></ruby>", "emoji 👍🏽", "  leading", "trailing  ", "<v Zoë>Zoë: both",
    ]

    static func webVTT(seed: UInt64, cues: Int, lineEnd: String, carryAt carry: Int? = nil) -> String {
        var generator = Generator(state: seed)
        var lines = [generator.pick(["WEBVTT", "WEBVTT - title", "WEBVTT\tx"]), generator.pick(["", "Kind: captions"]), ""]
        var previousLast = "nothing yet"
        for cue in 0..<cues {
            switch cue == carry ? 25 : generator.next(25) {
            case 0: lines += ["NOTE a note", "more", ""]
            case 1: lines += ["STYLE", "::cue { color: red }", ""]
            case 2: lines += ["00:00:61.000 --> 00:00:62.000", "lost", ""]
            case 3: lines += ["stray text", ""]
            default:
                if generator.next(4) == 0 { lines.append(generator.pick(["id-\(cue)", "\(cue)", "cue:\(cue)"])) }
                let seconds = 2 * cue
                lines.append("00:\(seconds / 600 % 6)\(seconds / 60 % 10):\(seconds % 60 / 10)\(seconds % 10).000 --> 00:00:00.500"
                    + generator.pick(["", " align:start position:0%", " line:0"]))
                var text = (0..<(1 + generator.next(2))).map { _ in generator.pick(webVTTLines) }
                if cue == carry { text = [previousLast, "and a new line"] } else if text.count >= 2, text[0] == previousLast { text[0] += "!" }
                lines += text
                previousLast = text[text.count - 1]
                lines.append("")
            }
        }
        return lines.joined(separator: lineEnd)
    }

    static func parseWebVTT(_ text: String, pieces: Int) -> ParsedColumns? {
        var text = text
        return text.withUTF8 { WebVTTParser().parseInPlace(ByteText(bytes: $0), file: "g.vtt", pieces: pieces) }
    }

    /// WebVTT read in place equals the string reading (`WebVTTMarkup` per cue, as WebVTT was
    /// read before it was read in place), in one piece or several.
    @Test(arguments: ["\n", "\r\n"])
    func webVTTInPlaceEqualsTheStringReading(_ lineEnd: String) throws {
        for seed in UInt64(1)...6 {
            var text = Self.webVTT(seed: seed, cues: 500, lineEnd: lineEnd)
            let reference = text.withUTF8 { WebVTTParser().parseRolling(ByteText(bytes: $0), file: "g.vtt") }
            for pieces in [1, 2, 5] {
                let parsed = try #require(Self.parseWebVTT(text, pieces: pieces), "seed \(seed), \(pieces) pieces")
                #expect(parsed.columns.rows(file: "g.vtt") == reference.rows, "seed \(seed), \(pieces) pieces")
                #expect(parsed.warnings == reference.warnings, "seed \(seed), \(pieces) pieces")
            }
            #expect(reference.rows.contains { $0.speaker == "Bob" } && reference.rows.count > 300 && !reference.warnings.isEmpty)
        }
    }

    /// A file where one cue carries the line the cue before ended with (what rolling captions do)
    /// is left to the string reading, also when that cue is the first of a piece.
    @Test func webVTTCarryIsSeenAcrossPieces() throws {
        var first = Self.webVTT(seed: 7, cues: 60, lineEnd: "\n")
        #expect(Self.parseWebVTT(first, pieces: 1) != nil)
        let carried = Self.webVTT(seed: 7, cues: 60, lineEnd: "\n", carryAt: 30)
        #expect(Self.parseWebVTT(carried, pieces: 1) == nil)
        #expect(Self.parseWebVTT(carried, pieces: 3) == nil)

        // The carrying cue starts the second piece: the cut falls right before it. Without the
        // carry (a first line of the same length that differs), the pieces read in place.
        let last = String(first.split(separator: "\n").last { !$0.isEmpty }!)
        var second = "00:01:00.000 --> 00:01:01.000\n\u{0}\nand a new line\n\n"
        first += "\n\n"
        while second.utf8.count < first.utf8.count { second += "00:02:00.000 --> 00:02:01.000\nfiller\n\n" }
        second = second.replacingFirst("\u{0}", with: last)
        let padding = second.utf8.count + 4 - first.utf8.count - "NOTE \n\n".utf8.count
        try #require(padding >= 0)
        first = first.replacingFirst("\n\n", with: "\n\nNOTE \(String(repeating: "x", count: padding))\n\n")
        let whole = first + second
        var bytes = whole
        let starts = bytes.withUTF8 { PieceReading.pieceStarts(ByteText(bytes: $0), pieces: 2) }
        try #require(starts == [0, first.utf8.count, whole.utf8.count])
        #expect(Self.parseWebVTT(whole, pieces: 2) == nil)
        let different = String(repeating: "q", count: last.utf8.count)
        #expect(Self.parseWebVTT(first + second.replacingFirst(last, with: different), pieces: 2) != nil)
    }
}

/// What a parser reads after telling that it is done with some bytes: nothing. The released bytes
/// are overwritten with quotes (which would break any of the formats) as soon as they are given
/// up, on several threads at once, and every format still reads exactly as without releasing.
struct ReleaseTests {
    /// A buffer the release closure scribbles over (threads scribble disjoint ranges).
    final class Scribbled: @unchecked Sendable {
        let bytes: UnsafeMutableBufferPointer<UInt8>
        var released: [Range<Int>] = []
        let lock = NSLockLike()
        init(_ text: String) {
            bytes = .allocate(capacity: text.utf8.count)
            _ = bytes.initialize(from: text.utf8)
        }
        deinit { bytes.deallocate() }
        func release(_ range: Range<Int>) {
            for index in range { bytes[index] = 0x22 }
            lock.locked { released.append(range) }
        }
        var text: ByteText { ByteText(bytes: UnsafeBufferPointer(bytes)) }
    }

    /// A tiny lock over a pthread mutex (Foundation-free).
    final class NSLockLike: @unchecked Sendable {
        private var mutex = pthread_mutex_t()
        init() { pthread_mutex_init(&mutex, nil) }
        deinit { pthread_mutex_destroy(&mutex) }
        func locked<T>(_ body: () -> T) -> T {
            pthread_mutex_lock(&mutex)
            defer { pthread_mutex_unlock(&mutex) }
            return body()
        }
    }

    static func big(_ piece: (Int) -> String, bytes: Int) -> String {
        var text = ""
        var index = 0
        while text.utf8.count < bytes {
            text += piece(index)
            index += 1
        }
        return text
    }

    @Test func releasedBytesAreNeverReadAgain() throws {
        let size = 9 << 20
        let srt = Self.big({ "\($0 + 1)\n00:00:01,000 --> 00:00:02,000\nAlice: line \($0) of the budget\nsecond line\n\n" }, bytes: size)
        let vtt = "WEBVTT\n\n" + Self.big({ "00:00:01.000 --> 00:00:02.000\n<v Bob>cue \($0) with the budget\n\n" }, bytes: size)
        let txt = Self.big({ "Carol: line \($0) of plain text about the budget\n" }, bytes: size)
        let json = "{\"text\": \"all\", \"segments\": [" + Self.big({ "{\"start\": \($0), \"end\": \($0 + 1), \"text\": \" seg \($0)\"}, " }, bytes: size)
            + "{\"start\": 0, \"end\": 1, \"text\": \"last\"}]}"
        let readers: [(name: String, text: String, read: (ByteText, @escaping @Sendable (Range<Int>) -> Void) throws -> ParsedColumns?)] = [
            ("srt", srt, { SubRipParser().parse($0, file: "f", pieces: 2, release: $1) }),
            ("vtt", vtt, { WebVTTParser().parseInPlace($0, file: "f", pieces: 2, release: $1) }),
            ("txt", txt, { PlainTextParser().parse($0, file: "f", pieces: 2, release: $1) }),
            ("json", json, { try JSONTranscriptParser().parse($0, file: "f", release: $1) }),
        ]
        for reader in readers {
            let plain = Scribbled(reader.text)
            let expected = try #require(try reader.read(plain.text) { _ in })
            let scribbled = Scribbled(reader.text)
            let read = try #require(try reader.read(scribbled.text) { scribbled.release($0) })
            #expect(read.columns.rows(file: "f") == expected.columns.rows(file: "f"), "\(reader.name)")
            #expect(read.warnings == expected.warnings, "\(reader.name)")
            let released = scribbled.released.reduce(0) { $0 + $1.count }
            #expect(released > size / 2, "\(reader.name): \(released) bytes given back")
            #expect(expected.columns.rowCount > 50_000, "\(reader.name)")
        }
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
