import Foundation
import Testing
import TranscriptModel
@testable import TranscriptRendering

struct JSONObjectWriterTests {
    @Test func escapesEverythingJSONRequiresAndControlCharacters() {
        var object = JSONObjectWriter()
        object.add("text", "q\"b\\s\n\t\u{1B}[2J\u{9B}é👍🏽")
        object.add("none", nil as String?)
        object.add("n", 3)
        object.add("yes", true)
        object.add("nested") { $0.add("start", 0) }
        #expect(object.finished == #"{"text":"q\"b\\s\n\t\u001b[2J\u009bé👍🏽","none":null,"n":3,"yes":true,"nested":{"start":0}}"#)
    }

    /// Random text (plain most of the time, as real rows are, which the writer copies whole; with
    /// quotes, backslashes, C0 and C1 controls, DEL and characters led by 0xC2 otherwise) reads back
    /// through Foundation's JSON reader as itself, and no raw control byte reaches the output.
    @Test func anyTextReadsBackAndNoControlByteIsWritten() throws {
        var state: UInt64 = 21
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let plain = ["budget", " ", "é", "会议", "👍🏽", "£", "\u{A0}", "’", "e\u{301}"]
        let odd = ["\"", "\\", "\n", "\t", "\r", "\u{0}", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{9F}", "\u{80}"]
        for round in 0..<3_000 {
            let pieces = round % 3 == 0 ? plain + odd : plain
            let text = (0..<next(20)).map { _ in pieces[next(pieces.count)] }.joined()
            var object = JSONObjectWriter()
            object.add("text", text)
            object.add("n", round)
            let line = object.finished
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(line)")
            let read = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect((read["text"] as? String).map { Array($0.unicodeScalars) } == Array(text.unicodeScalars), "\(line)")
            #expect(read["n"] as? Int == round)
        }
    }

    /// The listing's clock (`00:06:32`) is the timestamp's own formatting without milliseconds,
    /// past 99 hours too.
    @Test func theListingClockIsTheFormattedTimeWithoutMilliseconds() {
        var values: [Int64] = [0, 999, 1000, 59_999, 60_000, 3_599_999, 3_600_000, 359_999_999, 360_000_000, 444_444_444_444, .max]
        var state: UInt64 = 5
        for _ in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Int64(state >> 36))
        }
        for value in values {
            let time = Timestamp(milliseconds: value)
            let formatted = time.formatted
            #expect(RowFormatting.clock(time) == String(formatted[..<formatted.lastIndex(of: ".")!]), "\(value)")
        }
    }
}
