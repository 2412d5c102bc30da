import Foundation
import Testing
import TranscriptModel
@testable import TranscriptSearch

/// The literal matcher against the `Regex` reference: hand-made hard cases, and generated corpora
/// of 100,000 rows per option combination it implements. Any difference is a failure.
struct LiteralMatcherTests {
    static let optionGrid: [SearchOptions] = [SearchOptions(), SearchOptions(caseMatching: .sensitive)]

    /// Texts that put every rule of the matcher to the test: case pairs that change length,
    /// canonical equivalents, marks after a hit, joiners, Hangul, flags, prepended marks.
    static let hardTexts: [String] = [
        "Straße STRASSE strasse ẞ ß ss", "İstanbul ISTANBUL istanbul ı I i̇",
        "ΣΟΦΙΑ σοφία σοφίας ς Σ σ", "\u{212A}elvin Kelvin kelvin", "ﬁle file FILE",
        "café cafe\u{301} CAFÉ CAFE\u{301} cafe", "e\u{301} é É e E\u{301}",
        "budget\u{301} budget budgeting", "ệ \u{1EB9}\u{302} e\u{323}\u{302} e\u{302}\u{323} Ệ",
        "한국어 \u{1112}\u{1161}\u{11AB}국어 한", "👍 👍🏽 👨‍👩‍👧 🇯🇵🇯🇵", "x\u{200D}y", "\u{0600}5 5",
        "क्ष क ष", "神 \u{FA19} 會議 会议", "Ω \u{2126} ω", "Å \u{212B} å", "aaaa aaa", "a\u{301}a a",
        "ſ s S", "ǅ Ǆ ǆ", "", "a", "\u{301}budget", "budget\u{200D}", "\u{1F3FD}budget",
        "cafe\u{301}\u{327} cafe\u{327}\u{301} cafe\u{301}s", "\u{212A}\u{301} ḱ k\u{301} K\u{301} Ḱ",
        "e\u{301}e\u{301} éé", "\u{1F71} \u{3AC} α\u{301}",
        "afe\u{301} ca", "cafe\u{301} cafe\u{301}", "xe\u{301}yz",
    ]

    static let hardQueries: [String] = [
        "budget", "straße", "ss", "ß", "ẞ", "i", "İ", "ı", "σοφια", "σ", "Σ", "ς", "k", "kelvin",
        "\u{212A}", "ﬁ", "fi", "café", "cafe\u{301}", "é", "e", "ệ", "한", "한국어", "👍", "神", "會議", "会",
        "ω", "Ω", "å", "aa", "a", "s", "ǆ", "5", "क", "y", "t b", "elvin K", "ḱ", "éé", "ά", "cafés", "afé ca", "café café", "xéyz",
    ]

    @Test(arguments: optionGrid)
    func hardCasesEqualTheReference(_ options: SearchOptions) throws {
        var declined: [String] = []
        for query in Self.hardQueries {
            let parsed = try Query(query, options: options)
            guard let literal = LiteralMatcher(parsed) else {
                declined.append(query)
                continue
            }
            let reference = try RegexMatcher(parsed)
            for text in Self.hardTexts {
                #expect(literal.ranges(in: text) == reference.ranges(in: text), "\(query) in \(text)")
            }
        }
        // Only queries with nothing to anchor on (no plain character) are left to the reference.
        #expect(Set(declined).isSubset(of: ["한", "한국어", "👍"]), "declined: \(declined)")
    }

    /// Every hard text joined into one corpus, searched as a corpus (pieces, hazards, merging).
    @Test(arguments: optionGrid)
    func hardCasesAsACorpus(_ options: SearchOptions) throws {
        let rows = (0..<40).flatMap { round in Self.hardTexts.map { round % 2 == 0 ? $0 : $0 + " " + $0 } }
        let corpus = Self.corpus(rows)
        for query in Self.hardQueries {
            let parsed = try Query(query, options: options)
            guard let literal = LiteralMatcher(parsed) else { continue }
            #expect(SearchRunner(literal).search(corpus) == SearchRunner(try RegexMatcher(parsed)).search(corpus), "\(query)")
        }
    }

    /// 100,000 generated rows per option combination: meeting words, accents in NFC and NFD, CJK,
    /// emoji with modifiers and joiners, ß/ẞ, İ/ı, Σ/ς, the Kelvin sign, marks and joiners glued
    /// to words.
    @Test(arguments: optionGrid)
    func generatedCorpusEqualsTheReference(_ options: SearchOptions) throws {
        let corpus = Self.corpus(Self.generatedRows(100_000))
        for query in ["budget", "café", "traße", "ΣΟΦΙΑ", "ς", "会议", "k", "e", "review budget", "café budget", "ß", "zqxj"] {
            let parsed = try Query(query, options: options)
            let literal = try #require(LiteralMatcher(parsed), "\(query)")
            let expected = SearchRunner(try RegexMatcher(parsed)).search(corpus)
            let found = SearchRunner(literal).search(corpus)
            #expect(expected.count > 0 || query == "zqxj", "the corpus holds \(query)")
            #expect(found == expected, "\(query) (\(options.caseMatching)): \(found.count) hits, reference \(expected.count)")
        }
    }

    /// Filters, refinement candidates and a deadline work as with the reference.
    @Test func filtersAndCandidatesApply() throws {
        var transcript = Transcript(source: SourceInfo(path: "a.srt", format: "srt", encoding: "UTF-8"), rows: [])
        for (index, text) in ["budget one", "no", "budget two budget", "budget three"].enumerated() {
            transcript.rows.append(Row(id: RowID(source: 0, index: index), text: text, speaker: index == 2 ? "Bob" : "Ann", locator: Locator(file: "a.srt")))
        }
        let corpus = Corpus([transcript])
        let query = try Query("budget")
        let filter = RowFilter(speakers: ["Bob"])
        let literal = try #require(LiteralMatcher(query))
        #expect(SearchRunner(literal, filter: filter).search(corpus) == SearchRunner(try RegexMatcher(query), filter: filter).search(corpus))
        let limited = try SearchRunner(literal).search(corpus, until: nil, candidates: [0, 3], isCancelled: { false })
        #expect(limited.rowsWithHits == [0, 3])
        #expect(throws: SearchRunner.Interruption.cancelled) {
            try SearchRunner(literal).search(corpus, until: nil, isCancelled: { true })
        }
    }

    /// Regression (found while testing hits across cues): a decomposed accented character before
    /// the anchor run made the step back to the hit's start land one character short, and the hit
    /// was lost. Now such a row goes to the reference.
    @Test(arguments: ["afé ca", "café caf", "café café"])
    func decomposedTextBeforeTheAnchorKeepsItsHits(_ query: String) throws {
        let text = query.decomposedStringWithCanonicalMapping
        let parsed = try Query(query)
        let reference = try RegexMatcher(parsed).ranges(in: text)
        #expect(reference.count == 1)
        #expect(try #require(LiteralMatcher(parsed)).ranges(in: text) == reference)
    }

    /// Refining: searching only the rows a shorter query hit gives exactly the full search's hits
    /// (few candidates take the row-by-row path, many the whole-buffer one).
    @Test func refiningEqualsAFullSearch() throws {
        let corpus = Self.corpus(Self.generatedRows(20_000))
        for (previous, query) in [("b", "budget"), ("caf", "café"), ("会", "会议"), ("budget", "budgeting"), ("k", "kick")] {
            let previousMatcher = try #require(LiteralMatcher(try Query(previous)))
            let shorter = SearchRunner(previousMatcher).search(corpus)
            let literal = try #require(LiteralMatcher(try Query(query)))
            let refined = try SearchRunner(literal).search(corpus, until: nil, candidates: shorter.rowsWithHits, isCancelled: { false })
            #expect(refined == SearchRunner(literal).search(corpus), "\(previous) → \(query)")
            #expect(refined == SearchRunner(try RegexMatcher(try Query(query))).search(corpus), "\(query)")
        }
    }

    /// The engine picks the fastest exact matcher for each option (the table in `LiteralMatcher`).
    @Test func requestsPickTheFastestExactMatcher() throws {
        #expect(try SearchRequest(text: "budget").runner().matcher is LiteralMatcher)
        #expect(try SearchRequest(text: "budget", options: SearchOptions(caseMatching: .sensitive)).runner().matcher is LiteralMatcher)
        #expect(try SearchRequest(text: "budget", options: SearchOptions(words: .wholeWords)).runner().matcher is LiteralMatcher)
        #expect(try SearchRequest(text: "budget", options: SearchOptions(spanning: .acrossRows)).runner().matcher is LiteralMatcher)
        #expect(try SearchRequest(text: "Q3 budget", options: SearchOptions(syntax: .regularExpression)).runner().matcher is LiteralMatcher)
        #expect(try SearchRequest(text: "budget|forecast", options: SearchOptions(syntax: .regularExpression)).runner().matcher is LiteralSetMatcher)
        #expect(try SearchRequest(text: "b.dget", options: SearchOptions(syntax: .regularExpression)).runner().matcher is PrefilteredRegexMatcher)
        #expect(try SearchRequest(text: "\\d+\\s\\w+", options: SearchOptions(syntax: .regularExpression)).runner().matcher is RegexMatcher)
        #expect(try SearchRequest(text: "cafe", options: SearchOptions(diacritics: .insensitive)).runner().matcher is LiteralMatcher)
        #expect(try SearchRequest(text: "istanbul", options: SearchOptions(language: "tr")).runner().matcher is LiteralMatcher)
    }

    // MARK: Helpers

    static func corpus(_ texts: [String]) -> Corpus {
        let rows = texts.enumerated().map { Row(id: RowID(source: 0, index: $0.offset), text: $0.element, locator: Locator(file: "generated.txt")) }
        return Corpus([Transcript(source: SourceInfo(path: "generated.txt", format: "txt", encoding: "UTF-8"), rows: rows)])
    }

    /// Deterministic rows (SplitMix64), short so the reference's pass over 100,000 stays quick.
    static func generatedRows(_ count: Int) -> [String] {
        let words = [
            "the", "we", "need", "to", "review", "budget", "Budget", "BUDGET", "budgeting", "plan", "team",
            "café", "cafe\u{301}", "CAFÉ", "naïve", "nai\u{308}ve", "Straße", "STRASSE", "strasse", "ẞ",
            "İstanbul", "ıi", "ΣΟΦΙΑ", "σοφία", "σοφίας", "预算", "会议", "會議", "神", "\u{FA19}",
            "\u{212A}elvin", "ſ", "ﬁle", "Ω", "\u{2126}", "한국어", "👍", "👍🏽", "👨‍👩‍👧", "🇯🇵", "ệ",
            "\u{1EB9}\u{302}", "e\u{302}\u{323}", "\u{0600}5", "क्ष", "kick", "zebra", "42",
        ]
        let separators = [" ", " ", " ", " ", " ", "", "-", "\u{301}", "\u{200D}", "\u{1F3FD}"]
        var state: UInt64 = 8
        func next() -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
        }
        return (0..<count).map { _ in
            var text = ""
            for index in 0..<(3 + next() % 6) {
                if index > 0 { text += separators[next() % separators.count] }
                text += words[next() % words.count]
            }
            return text
        }
    }
}
