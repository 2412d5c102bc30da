import Testing
import TranscriptModel
@testable import TranscriptFormats

/// No silent unit: times a file writes as bare numbers are read in the unit their lengths imply,
/// and a warning names it; times implausible in every unit are dropped, with a warning, and the
/// text kept.
struct JSONShapeUnitTests {
    /// Words of one phrase, 0.3 s each from 1.5 s, written `scale` numbers a second.
    static func words(perSecond scale: Double, fractions: Bool = false) -> String {
        let words = ["the", "budget", "review", "comes", "first", "today."]
        let elements = words.enumerated().map { index, word in
            let start = (1.5 + Double(index) * 0.3) * scale, end = start + 0.25 * scale
            let shown = { (value: Double) in fractions ? String(value) : String(Int(value.rounded())) }
            return #"{"word": "\#(word)", "from": \#(shown(start)), "to": \#(shown(end))}"#
        }
        return #"{"recognition": {"words": [\#(elements.joined(separator: ", "))]}}"#
    }

    static func unitWarnings(_ result: LoadResult) -> [String] {
        result.warnings.compactMap { if case .timeUnitGuess(let assumed, _) = $0.kind { assumed } else { nil } }
    }

    @Test(arguments: [
        (1.0, "seconds"), (100.0, "10-ms frames"), (1000.0, "milliseconds"), (10_000_000.0, "100-ns ticks"),
    ])
    func bareNumbersAreReadInTheUnitTheirLengthsImplyAndTheWarningNamesIt(perSecond: Double, unit: String) throws {
        let result = try load(Self.words(perSecond: perSecond, fractions: perSecond == 1), as: "words.json")
        #expect(result.texts == ["the budget review comes first today."])
        #expect(result.starts == [1500])
        #expect(result.ends == [1500 + 1750])
        #expect(Self.unitWarnings(result) == [unit])
        #expect(result.warnings.first?.message.contains("recognition.words[] (from, to) says no unit") == true)
    }

    @Test(arguments: [1, 2, 3, 10, 101, 1000])
    func theMedianSelectedIsTheOneASortGives(count: Int) {
        var generator = SplitMix(seed: UInt64(count))
        // Few distinct values, so runs of equal samples (as whole-number times give) are covered.
        let samples = (0..<count).map { _ in Double(generator.next() % 17) * 0.25 }
        for rank in Set([0, count / 2, count - 1]) {
            var values = samples
            #expect(JSONShapeUnit.selecting(rank, in: &values) == samples.sorted()[rank])
        }
    }

    /// A small deterministic generator for the samples above.
    struct SplitMix {
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

    @Test func aUnitInTheMemberNameIsStatedAndNeedsNoWarning() throws {
        let result = try load(#"{"items": [{"text": "budget", "start_ms": 1500, "end_ms": 1800}, {"text": "first", "start_ms": 1800, "end_ms": 2100}]}"#, as: "ms.json")
        #expect(result.starts == [1500])
        #expect(result.warnings.isEmpty)
    }

    @Test func durationStringsAndClocksAreStated() throws {
        let strings = try load(#"{"items": [{"text": "budget", "startOffset": "1.5s", "endOffset": "1.8s"}, {"text": "first", "startOffset": "1.8s", "endOffset": "2.1s"}]}"#, as: "s.json")
        #expect(strings.starts == [1500])
        #expect(strings.warnings.isEmpty)
        let clocks = try load(#"{"cues": [{"caption": "budget first", "begin": "00:00:01.500", "end": "00:00:02.100"}]}"#, as: "c.json")
        #expect(clocks.starts == [1500])
        #expect(clocks.warnings.isEmpty)
        let protobuf = try load(#"{"items": [{"text": "budget first", "startTime": {"seconds": 1, "nanos": 500000000}, "endTime": {"seconds": 2}}]}"#, as: "p.json")
        #expect(protobuf.starts == [1500])
        #expect(protobuf.warnings.isEmpty)
    }

    @Test func timesImplausibleInEveryUnitLoadUntimedWithAWarning() throws {
        // Every word starts and ends at the same moment: no unit makes that speech.
        let result = try load(#"{"words": [{"word": "budget", "from": 7, "to": 7}, {"word": "first", "from": 7, "to": 7}], "lang": "en"}"#, as: "flat.json")
        #expect(result.texts == ["budget first"])
        #expect(result.starts == [nil])
        #expect(result.warnings.map(\.message) == [
            "the times of words[] (from, to) are implausible in every unit (a word would last 0 s as seconds, 0 s as 10-ms frames,"
                + " 0 s as milliseconds, 0 s as 100-ns ticks on median); its text is loaded untimed",
        ])
    }

    @Test func absurdlyLongWordsAreImplausibleToo() throws {
        // 10^15 a word: a million years as ticks.
        let result = try load(#"{"words": [{"word": "budget", "from": 0, "to": 1e15}, {"word": "first", "from": 1e15, "to": 2e15}]}"#, as: "long.json")
        #expect(result.starts == [nil])
        #expect(result.warnings.first?.message.contains("implausible in every unit") == true)
    }
}
