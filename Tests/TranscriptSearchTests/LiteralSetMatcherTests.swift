import Foundation
import Testing
import TranscriptModel
@testable import TranscriptSearch

/// A regular expression of literal alternatives (`budget|forecast`), found in one scan of the text,
/// against the `Regex` reference: alternatives that overlap, share a prefix, differ in length, are
/// not ASCII or are more than one scan pass takes, with whole words, case-sensitive and across
/// cues, on the hard texts and on generated corpora. Any difference is a failure.
struct LiteralSetMatcherTests {
    /// Alternatives chosen to disagree: the leftmost wins, at one place the first in pattern order
    /// (`bud|budget` takes `bud`, `budget|bud` takes `budget`), hits do not overlap.
    static let patterns: [String] = [
        "budget|forecast", "bud|budget", "budget|bud", "get|budget", "budget|get", "budget|budgeting|bud",
        "budgeting|budget", "a|aa", "aa|a", "a|budget", "e|forecast|review", "t|can't|can", "can't|t",
        "well-known|known|well", "3,14|14|3", "café|cafe", "cafe|café", "é|e", "caf|afé",
        "会议|预算", "会议|budget", "budget|会议", "ß|ss|ẞ", "ss|ß", "k|\u{212A}elvin", "kelvin|elvin",
        "σοφία|σ|ς", "σοφίας|σοφία", "İstanbul|ı|i", "naïve|naive", "x|y|z", "Q3|q3 budget",
        "budget|forecast|review|plan|team|party|start|art|colour|color",
        "a|b|c|d|e|f|g|h|i|k|l|m|n|o|p|r|s|t",
    ]

    static let optionGrid: [SearchOptions] = [
        SearchOptions(syntax: .regularExpression),
        SearchOptions(caseMatching: .sensitive, syntax: .regularExpression),
        SearchOptions(words: .wholeWords, syntax: .regularExpression),
        SearchOptions(caseMatching: .sensitive, words: .wholeWords, syntax: .regularExpression),
    ]

    static let texts: [String] = LiteralMatcherTests.hardTexts + FastPathsTests.boundaryTexts + [
        "budgetbudget budgeting bud budgetforecastbudget forecastbudget BUDGET Budget bUdGeT",
        "aaaaaaa a aa aaa", "the budget\u{301} and forecast\u{200D} and review\u{1F3FD}",
        "\u{301}budget forecast\u{301} 会议budget预算 budget会议", "ſtart \u{212A}elvin kelvin KELVIN",
    ]

    @Test(arguments: optionGrid)
    func alternativesEqualTheReferenceOnHardCases(_ options: SearchOptions) throws {
        for pattern in Self.patterns {
            let query = try Query(pattern, options: options)
            let reference = try RegexMatcher(query)
            let fast = try SearchRequest.matcher(for: query)
            for text in Self.texts {
                #expect(fast.ranges(in: text) == reference.ranges(in: text), "\(pattern) in \(text)")
            }
        }
    }

    /// Whole corpora: the scan's 32-place blocks, batches of candidates, rows the scan is unsure
    /// of (sent to the reference) next to rows it decides.
    @Test(arguments: optionGrid)
    func alternativesEqualTheReferenceOnAGeneratedCorpus(_ options: SearchOptions) throws {
        let rows = FastPathsTests.generatedRows(6_000) + LiteralMatcherTests.generatedRows(6_000) + Self.texts
        let corpus = FastPathsTests.corpus(rows + [rows.prefix(400).joined(separator: " ")])
        for pattern in Self.patterns {
            try FastPathsTests.expectSameHits(pattern, options, corpus)
        }
    }

    /// Across cues: each transcript's joined text, with phrases cut by a cue boundary and marks at
    /// the start of a cue.
    @Test(arguments: [
        SearchOptions(syntax: .regularExpression, spanning: .acrossRows),
        SearchOptions(words: .wholeWords, syntax: .regularExpression, spanning: .acrossRows),
        SearchOptions(caseMatching: .sensitive, syntax: .regularExpression, spanning: .acrossRows),
    ])
    func alternativesAcrossCuesEqualTheReference(_ options: SearchOptions) throws {
        let rows = FastPathsTests.generatedRows(3_000) + ["we need to cut the", "budget by ten", "\u{301}percent", "can'", "t stop", "fore", "cast"]
        let transcripts = stride(from: 0, to: rows.count, by: 400).enumerated().map { number, start in
            Transcript(
                source: SourceInfo(path: "t\(number).txt", format: "txt", encoding: "UTF-8"),
                rows: rows[start..<min(rows.count, start + 400)].enumerated().map {
                    Row(id: RowID(source: number, index: $0.offset), text: $0.element, locator: Locator(file: "t\(number).txt"))
                })
        }
        let corpus = Corpus(transcripts)
        for pattern in ["the budget|ten percent", "budget|forecast", "bud|budget by", "can't|t stop|can", "café|e|会议"] {
            try FastPathsTests.expectSameHits(pattern, options, corpus)
        }
    }

    /// The patterns above are searched by the set scan (not handed whole to the reference), and
    /// more alternatives than one pass takes are split into passes.
    @Test func literalAlternativesTakeTheSetScan() throws {
        let options = SearchOptions(syntax: .regularExpression)
        for pattern in Self.patterns {
            #expect(try SearchRequest.matcher(for: try Query(pattern, options: options)) is LiteralSetMatcher, "\(pattern)")
        }
        let many = try #require(try SearchRequest.matcher(for: try Query(Self.patterns.last ?? "", options: options)) as? LiteralSetMatcher)
        #expect(many.runGroups.map(\.count) == [8, 8, 2])
        let mixed = try #require(try SearchRequest.matcher(for: try Query("会议|budget|预算|forecast", options: options)) as? LiteralSetMatcher)
        #expect(mixed.runGroups == [[1, 3]])
    }

    /// The scanner reports exactly the places where both of a run's probes match, per run in
    /// ascending order, across batches and the tail, whatever the number of runs.
    @Test(arguments: [1, 2, 3, 9])
    func pairSetScannerReportsEveryPlaceBothProbesMatch(_ runCount: Int) {
        var state: UInt64 = UInt64(runCount)
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let alphabet = Array("abAB @`".utf8)
        let bytes = (0..<10_000).map { _ in alphabet[next() % alphabet.count] }
        let pairs = (0..<runCount).map { _ in
            (first: PairScanner.Probe(offset: next() % 3, value: UInt8(ascii: "a"), folds: next() % 2 == 0),
             second: PairScanner.Probe(offset: 3 + next() % 5, value: next() % 2 == 0 ? UInt8(ascii: "b") : UInt8(ascii: " "), folds: false))
        }
        func matches(_ probe: PairScanner.Probe, _ place: Int) -> Bool {
            (bytes[place + probe.offset] | (probe.folds ? 0x20 : 0)) == probe.value
        }
        var found = [[Int]](repeating: [], count: runCount)
        for (from, to) in [(0, bytes.count), (7, 40), (13, 5_013)] {
            for run in found.indices { found[run] = [] }
            bytes.withUnsafeBufferPointer { buffer in
                PairSetScanner(pairs: pairs).scan(buffer.baseAddress.unsafelyUnwrapped, from: from, to: to) { run, places in
                    found[run] += places
                }
            }
            for (run, pair) in pairs.enumerated() {
                let span = max(pair.first.offset, pair.second.offset)
                let expected = (from..<max(from, to - span)).filter { matches(pair.first, $0) && matches(pair.second, $0) }
                #expect(found[run] == expected, "run \(run) of \(runCount) in \(from)..<\(to)")
            }
        }
    }
}
