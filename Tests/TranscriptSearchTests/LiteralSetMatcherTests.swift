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
            let pairs = try #require(LiteralSetMatcher(query, alternatives: pattern.components(separatedBy: "|"), setScan: .probePairs))
            for text in Self.texts {
                #expect(fast.ranges(in: text) == reference.ranges(in: text), "\(pattern) in \(text)")
                #expect(pairs.ranges(in: text) == reference.ranges(in: text), "\(pattern) in \(text), probe pairs")
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

    /// The nibble-table scanner reports, per run and in ascending order, exactly the places its
    /// filter passes (checked one place at a time), among them every place the whole run
    /// occurs: on random texts of few letters (many candidates, full batches, the tail).
    @Test(.enabled(if: TeddyScanner.isAvailable), arguments: [1, 2, 3, 8])
    func teddyScannerReportsEveryPlaceItsFilterPasses(_ runCount: Int) {
        var state: UInt64 = UInt64(runCount) &+ 99
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let alphabet = Array("abAB @`qQ".utf8)
        let bytes = (0..<20_000).map { _ in alphabet[next() % alphabet.count] }
        let folds = next() % 2 == 0
        let runs: [[LiteralPattern.CharacterPattern]] = (0..<runCount).map { _ in
            (0..<(1 + next() % 6)).map { _ in
                var pattern = LiteralPattern.CharacterPattern()
                let letter = Array("abq @".utf8)[next() % 5]
                pattern.insertASCII(UInt32(letter))
                if folds && letter >= UInt8(ascii: "a") { pattern.insertASCII(UInt32(letter - 0x20)) }
                return pattern
            }
        }
        Self.expectTeddyPlaces(runs, bytes, ranges: [(0, bytes.count), (7, 40), (13, 5_013), (3, 3), (5, 70), (1, 130)])
    }

    /// The same for the runs of every alternative set above, over the hard texts joined.
    @Test(.enabled(if: TeddyScanner.isAvailable), arguments: optionGrid)
    func teddyScannerReportsEveryPlaceForTheAlternativeSets(_ options: SearchOptions) throws {
        let bytes = Array((Self.texts + Self.texts.map { $0.uppercased() }).joined(separator: " ").utf8)
        for pattern in Self.patterns {
            let matcher = try #require(LiteralSetMatcher(try Query(pattern, options: options), alternatives: pattern.components(separatedBy: "|")))
            for group in matcher.runGroups {
                let runs = group.compactMap { index -> [LiteralPattern.CharacterPattern]? in
                    guard case .asciiRun(let run, _) = matcher.alternatives[index].pattern.anchor else { return nil }
                    return Array(matcher.alternatives[index].pattern.characters[run])
                }
                Self.expectTeddyPlaces(runs, bytes, ranges: [(0, bytes.count), (5, 77)])
            }
        }
    }

    /// Scans `bytes` in each of `ranges` with a `TeddyScanner` for `runs` and expects, per run,
    /// the places the filter passes one at a time, a superset of the run's occurrences.
    static func expectTeddyPlaces(_ runs: [[LiteralPattern.CharacterPattern]], _ bytes: [UInt8], ranges: [(Int, Int)]) {
        for vectorBytes in TeddyScanner.vectorWidths {
            expectTeddyPlaces(TeddyScanner(runs: runs.map { $0[...] }, vectorBytes: vectorBytes), runs, bytes, ranges: ranges)
        }
    }

    /// The same with `scanner` (one vector width).
    static func expectTeddyPlaces(
        _ scanner: TeddyScanner, _ runs: [[LiteralPattern.CharacterPattern]], _ bytes: [UInt8], ranges: [(Int, Int)]
    ) {
        let vector = "\(scanner.vectorBytes)-byte vectors"
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress.unsafelyUnwrapped
            for (from, to) in ranges {
                var found = [[Int]](repeating: [], count: runs.count)
                scanner.scan(base, from: from, to: to) { run, places in found[run] += places }
                for (number, run) in runs.enumerated() {
                    let starts = from..<max(from, to - run.count + 1)
                    let expected = starts.filter { scanner.passes(base, run: number, at: $0) }
                    #expect(found[number] == expected, "run \(number) of \(runs.count) in \(from)..<\(to), \(vector)")
                    let occurrences = starts.filter { start in run.indices.allSatisfy { run[$0].accepts(UInt32(bytes[start + $0])) } }
                    #expect(Set(occurrences).isSubset(of: expected), "run \(number) of \(runs.count) in \(from)..<\(to), \(vector)")
                }
            }
        }
    }
}
