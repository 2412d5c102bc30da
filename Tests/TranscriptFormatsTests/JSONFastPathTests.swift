import Foundation
import Testing
import TranscriptModel
@testable import TranscriptFormats

/// The shortcuts the JSON reader takes for the common case, each checked against what it
/// stands in for: numbers read without a string (against `Double(String)`), strings without escapes
/// made straight from their bytes (against Foundation's JSON reader), and segment text collapsed
/// straight into the columns (against `TextCleanup.collapsingWhitespace` + `appendRow(text:)`).
struct JSONFastPathTests {
    typealias Generator = ByteReadingTests.Generator

    /// Number shapes: the simple ones the shortcut reads, and every other one it must leave alone.
    @Test func simpleDecimalsReadAsDoubleReadsThem() {
        var generator = Generator(state: 11)
        var numbers = ["0", "-0", "007", "1.", ".5", "1e5", "1E-3", "-", "--1", "1.2.3", "+1", "0.1", "-0.0",
                       "123456789012345", "1234567890123456", "0.000000000000001", "9007199254740993",
                       "999999999999999", "0.30000000000000004", "1.5", "392.5", "-12.25", "1.0000000000000002",
                       "18446744073709551615", "18446744073709551616", "99999999999999999999", "1.999999999999999999999",
                       "3.14159265358979323846264338327950288", "-0.25000000000000000000001", "0.00000000000000000000000001"]
        for _ in 0..<20_000 {
            // Up to 40 digits: far past what 64 bits hold.
            let digits = (0..<(1 + generator.next(generator.next(4) == 0 ? 40 : 17))).map { _ in String(generator.next(10)) }.joined()
            let cut = generator.next(digits.count + 1)
            let sign = generator.next(4) == 0 ? "-" : ""
            let dot = cut == 0 || cut == digits.count ? "" : "."
            numbers.append(sign + digits.prefix(cut) + dot + digits.dropFirst(cut))
        }
        var read = 0
        for number in numbers {
            let fast = Array(number.utf8).withUnsafeBufferPointer(JSONParser.simpleDecimal)
            if let fast {
                read += 1
                let reference = Double(number)
                #expect(fast.bitPattern == reference?.bitPattern, "\(number): \(fast) against \(String(describing: reference))")
            }
        }
        // The shortcut took most of them (else it is not tested).
        #expect(read > 12_000)
        // And it declines what it cannot read as `Double(String)` does.
        for number in ["1.", ".5", "1e5", "+1", "1234567890123456", "-", "", "18446744073709551616", "-0.25000000000000000000001"] {
            #expect(Array(number.utf8).withUnsafeBufferPointer(JSONParser.simpleDecimal) == nil, "\(number)")
        }
    }

    /// Numbers of any length in a transcript read as before: a time too long for the shortcut is
    /// still read (or warned about), any other member ignored, broken JSON still reported.
    @Test func transcriptsWithLongNumbersReadAsBefore() throws {
        let file = #"{"segments":[{"start":18446744073709551616,"end":2.5,"text":" hi","avg_logprob":-0.25000000000000000000001},"#
            + #"{"start":3.14159265358979323846264338327950288,"end":99999999999999999999,"text":"there"}]}"#
        let rows = try JSONTranscriptParser().parse(file, file: "long.json").rows
        #expect(rows.map(\.text) == ["hi", "there"])
        #expect(rows.map(\.start?.milliseconds) == [Timestamp(seconds: 18446744073709551616)?.milliseconds, 3142])
        #expect(throws: FormatError.self) {
            try JSONTranscriptParser().parse(#"[{"start": 99999999999999999999, "end": 1, "text": "x"},]"#, file: "broken.json")
        }
    }

    /// Strings with and without escapes, short and long, read as Foundation reads them.
    @Test func stringsReadAsFoundationReadsThem() throws {
        var generator = Generator(state: 12)
        let pieces = ["a", "Hello", " ", "é", "会议", "👍🏽", "\\\"", "\\\\", "\\/", "\\n", "\\t", "\\u00e9", "\\ud83d\\ude00",
                      "\\u0000", "’", "<i>", "&amp;", "\u{7F}", "\u{85}"]
        for _ in 0..<2_000 {
            let count = generator.next(40)
            let body = (0..<count).map { _ in generator.pick(generator.next(3) == 0 ? pieces : Array(pieces.prefix(6))) }.joined()
            let json = "[\"\(body)\", \"\(body)x\"]"
            let ours = try JSONParser.parse(json, file: "t.json")
            let theirs = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]) as? [String])
            guard case .array(let elements) = ours.value else {
                Issue.record("not an array: \(json)")
                continue
            }
            let strings = elements.compactMap { element -> String? in
                if case .string(let text) = element.value { return text }
                return nil
            }
            // Compared as scalars: Foundation and Swift may differ in nothing here, not even normalization.
            #expect(strings.map { Array($0.unicodeScalars) } == theirs.map { Array($0.unicodeScalars) }, "\(json)")
        }
        // A raw line feed inside a string is still an error, with or without an escape before it.
        for text in ["[\"ab\ncd\"]", "[\"a\\\"b\ncd\"]"] {
            #expect(throws: FormatError.self) { try JSONParser.parse(text, file: "t.json") }
        }
    }

    /// Segment text collapsed straight into the columns makes the columns the string path makes,
    /// over texts of ASCII and non-ASCII whitespace, controls, C1, escapes and plain words; and it
    /// declines exactly the texts that hold a control character, a non-ASCII space or a C1 control.
    @Test func textCollapsedFromBytesEqualsTheStringPath() {
        var generator = Generator(state: 13)
        let pieces = ["word", "Alice:", " ", "  ", "\t", "\n", "\r\n", "\u{0B}", "\u{0C}", "\u{A0}", "\u{2003}", "\u{3000}",
                      "\u{1680}", "\u{85}", "\u{9F}", "\u{1}", "\u{1B}[31m", "\u{7F}", "é", "’", "—", "€", "£", "\u{1E9E}",
                      "会", "👍🏽", "e\u{301}", "<i>", "&", "\\"]
        var declined = 0
        for round in 0..<5_000 {
            let text = (0..<generator.next(12)).map { _ in generator.pick(pieces) }.joined()
            let speaker: String? = round % 3 == 0 ? generator.pick(["Bob", " Ann  Lee ", "\u{1B}[1mX"]) : nil
            let start = Timestamp(milliseconds: Int64(round))
            var fast = ParsedColumns()
            var slow = ParsedColumns()
            var bytes = text
            let taken = bytes.withUTF8 { fast.appendRow(collapsing: $0, start: start, end: nil, speaker: speaker, line: round) }
            slow.appendRow(text: TextCleanup.collapsingWhitespace(text), start: start, end: nil, speaker: speaker, line: round)
            let needsStrings = text.unicodeScalars.contains {
                $0.value < 0x20 && !(0x09...0x0D).contains($0.value) || (0x7F...0x9F).contains($0.value)
                    || $0.value > 0x7F && $0.properties.isWhitespace
            }
            #expect(taken == !needsStrings, "\(Array(text.unicodeScalars))")
            if !taken {
                declined += 1
                #expect(fast.columns.rowCount == 0 && fast.columns.textBytes.isEmpty)
                continue
            }
            #expect(fast.columns.textBytes == slow.columns.textBytes, "\(Array(text.unicodeScalars))")
            #expect(fast.columns.textOffsets == slow.columns.textOffsets)
            #expect(fast.columns.speakerIDs == slow.columns.speakerIDs && fast.columns.strings == slow.columns.strings)
            #expect(fast.columns.startTimes == slow.columns.startTimes && fast.columns.lines == slow.columns.lines)
        }
        #expect(declined > 500 && declined < 4_500)
    }

    /// The definition the binary check on bytes stands for, over the decoded text's scalars: NUL
    /// anywhere, or more than a tenth of the first 4,096 scalars control characters other than tab,
    /// line ends, form feed and escape.
    static func looksBinaryByScalars(_ text: String) -> Bool {
        if text.unicodeScalars.contains("\u{0}") { return true }
        let first = text.unicodeScalars.prefix(4096)
        let controls = first.filter { $0.value < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D, 0x1B].contains($0.value) || $0.value == 0x7F }
        return !first.isEmpty && controls.count * 10 > first.count
    }

    /// The binary check on bytes (the fast loader's, and the decoded text's) says what the
    /// definition over scalars says, for texts with a few or many control characters, NUL, and a
    /// cut inside a character.
    @Test func binaryCheckOnBytesAgreesWithTheTextCheck() {
        var generator = Generator(state: 14)
        let pieces = ["a", "word ", "é", "会", "👍🏽", "\u{1}", "\u{7F}", "\t", "\n", "\r", "\u{C}", "\u{1B}", "\u{85}", "\u{0}"]
        var binary = 0
        for round in 0..<3_000 {
            let weights = round % 2 == 0 ? pieces.prefix(5) : pieces[...]
            var text = (0..<generator.next(3_000)).map { _ in generator.pick(Array(weights)) }.joined()
            if round % 7 == 0 { text = String(repeating: "x", count: 16_383) + "é" + text }  // cut inside é
            let bytes = Array(text.utf8.prefix(16_384))
            let decoded = String(decoding: bytes, as: UTF8.self)
            let fromText = Self.looksBinaryByScalars(decoded)
            #expect(bytes.withUnsafeBufferPointer { TextDecoding.looksBinary(utf8: $0) } == fromText, "round \(round)")
            #expect(TextDecoding.looksBinary(decoded) == fromText, "round \(round)")
            if fromText { binary += 1 }
        }
        #expect(binary > 300 && binary < 2_700)
    }
}
