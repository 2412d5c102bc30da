import Foundation
import Testing
import TranscriptModel
@testable import TranscriptSearch

/// Whole words, regular expressions and hits across cues on the fast paths, against the `Regex`
/// reference: hand-made hard cases and generated corpora per option combination. Any difference
/// is a failure.
struct FastPathsTests {
    static let wordOptions: [SearchOptions] = [
        SearchOptions(words: .wholeWords), SearchOptions(caseMatching: .sensitive, words: .wholeWords),
    ]

    /// Texts where word boundaries are hard: apostrophes, full stops, colons and commas between
    /// letters or digits, hyphens, underscores, marks and joiners next to a word, CJK, emoji.
    static let boundaryTexts: [String] = [
        "can't cant can 't can' t", "e.g. e.g eg. e:g e: g", "3.14 3,14 3;14 3'14 3:14 3. 14",
        "well-known well known -well- known-", "budget's budget'budget 'budget' budget'",
        "_budget budget_ budget2 2budget budget budget", "art start party art. (art) art-art",
        "budget\u{301} budget\u{200D} \u{301}budget budget\u{1F3FD} 👍budget budget👍",
        "会议budget budget会议 会议 budget 会议", "Straße STRASSE ß ẞ ss", "İstanbul ı I i",
        "\u{212A}elvin kelvin \u{212A}", "café cafe\u{301} CAFÉ cafe", "σοφία ΣΟΦΙΑ σοφίας",
        "a a a  a\ta", "a.a.a a'a'a 1.2.3 1,2,3", "x\r\ny x\ny x\u{0B}y", "q3 Q3 q3budget Q3 budget",
        "  budget  ", "'", "budget", "", "naïve nai\u{308}ve naive", "a1_b2 a1 _ b2",
        "forecast|budget budget|forecast budgetforecast forecast budget",
        "Zürichbudget budgetü ñart artñ Москваbudget budgetΣ σart art·x art\u{387}x art\u{37E}",
        "会议'budget é'budget budget'é budget'会议 art。art 、art 会art议 々art", "3.١٤ ١.3 ×art art÷ ªart",
    ]

    static let wordQueries: [String] = [
        "budget", "art", "can't", "can", "t", "e.g", "e", "g", "3.14", "3", "14", "well", "known", "-", "'",
        "budget's", "_budget", "a", "a a", " budget", "budget ", "ß", "ss", "i", "ı", "k", "café", "cafe",
        "σοφία", "会议", "q3", "x", "y", "1", "b2", "naïve",
    ]

    @Test(arguments: wordOptions)
    func wholeWordsEqualTheReferenceOnHardCases(_ options: SearchOptions) throws {
        for query in Self.wordQueries {
            let parsed = try Query(query, options: options)
            let reference = try RegexMatcher(parsed)
            let fast = try SearchRequest.matcher(for: parsed)
            for text in Self.boundaryTexts {
                #expect(fast.ranges(in: text) == reference.ranges(in: text), "\(query) in \(text)")
            }
        }
    }

    @Test(arguments: wordOptions)
    func wholeWordsEqualTheReferenceOnAGeneratedCorpus(_ options: SearchOptions) throws {
        let corpus = Self.corpus(Self.generatedRows(20_000))
        for query in ["budget", "can't", "e.g", "3.14", "art", "café", "ß", "k", "会议", "review budget", "a"] {
            try Self.expectSameHits(query, options, corpus)
        }
    }

    static let foldingOptions: [SearchOptions] = [
        SearchOptions(diacritics: .insensitive), SearchOptions(caseMatching: .sensitive, diacritics: .insensitive),
        SearchOptions(diacritics: .insensitive, words: .wholeWords), SearchOptions(language: "tr"),
        SearchOptions(words: .wholeWords, language: "tr"), SearchOptions(diacritics: .insensitive, language: "tr"),
        SearchOptions(diacritics: .insensitive, spanning: .acrossRows),
    ]

    static let foldingTexts: [String] = LiteralMatcherTests.hardTexts + boundaryTexts + [
        "İstanbul istanbul ISTANBUL Istanbul ıstanbul I\u{307}stanbul i\u{307}stanbul I\u{301}stanbul",
        "resume résumé re\u{301}sume\u{301} RÉSUMÉ ŕesume", "Zürich Zurich Zu\u{308}rich ZÜRICH",
        "ça va ç c\u{327} Ç", "e\u{301}\u{302} e\u{302}\u{301} ệ e\u{903} e\u{20DD}", "\u{301}cafe cafe\u{301}\u{200D}",
        "Ǆ ǆ ǅ DZ\u{30C}", "Ωmega \u{2126}mega ωmega", "naïve nai\u{308}ve NAÏVE naive",
    ]

    static let foldingQueries: [String] = [
        "cafe", "café", "resume", "résumé", "zurich", "Zürich", "istanbul", "İstanbul", "Istanbul", "ıstanbul",
        "i", "I", "ı", "İ", "c", "ç", "e", "é", "naive", "k", "ß", "ss", "σοφια", "ω", "ǆ", "会议", "budget", "a a", "can't",
    ]

    @Test(arguments: foldingOptions)
    func foldingEqualsTheReferenceOnHardCases(_ options: SearchOptions) throws {
        let corpus = Self.corpus(Self.foldingTexts + Self.foldingTexts.map { $0 + " " + $0 })
        var declined: [String] = []
        for query in Self.foldingQueries {
            let parsed = try Query(query, options: options)
            if LiteralMatcher(parsed) == nil { declined.append(query) }
            try Self.expectSameHits(query, options, corpus)
        }
        #expect(declined.isEmpty, "declined: \(declined)")
    }

    @Test(arguments: foldingOptions)
    func foldingEqualsTheReferenceOnAGeneratedCorpus(_ options: SearchOptions) throws {
        let corpus = Self.corpus(Self.generatedRows(4_000) + LiteralMatcherTests.generatedRows(4_000))
        for query in ["cafe", "café", "istanbul", "i", "ı", "budget", "naive", "e", "strasse"] {
            try Self.expectSameHits(query, options, corpus)
        }
    }

    /// Rows made of the pieces a folded hit can be made of, next to ones it cannot: the query's
    /// letters, letters folding to one or two of them (`é`, `æ`, `ß`, `ﬃ`, the Kelvin sign), quotes,
    /// marks, letters of other scripts, emoji and carriage returns. Accents off for a query that
    /// folds to ASCII passes over a row unfolded when no stretch of it can give the query's letters;
    /// queries at exactly that bound (`æb` for `aeb`, `ß` for `ss`, `ﬃ` for `ffi`, `’` for `'`) and
    /// hits covering part of a character's folding (`eb` in `æb`) must still be found.
    @Test(arguments: [
        SearchOptions(diacritics: .insensitive), SearchOptions(caseMatching: .sensitive, diacritics: .insensitive),
        SearchOptions(diacritics: .insensitive, words: .wholeWords),
    ])
    func rowsPassedOverUnfoldedHaveNoHits(_ options: SearchOptions) throws {
        let pieces = [
            "c", "a", "f", "e", "b", "s", "i", "t", "o", "l", "k", "C", "A", "E", "x", "z", " ", " ", "'",
            "é", "É", "è", "æ", "Æ", "œ", "ß", "ẞ", "ﬃ", "ﬁ", "Ł", "ł", "ø", "ĳ", "\u{212A}", "’", "“", "”",
            "\u{301}", "\u{327}", "会", "议", "👍🏽", "\u{200D}", "\r\n", "ǆ", "\u{20E3}",
        ]
        var state: UInt64 = 7
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let rows = (0..<6_000).map { _ in (0..<(1 + next() % 12)).map { _ in pieces[next() % pieces.count] }.joined() }
        let corpus = Self.corpus(rows)
        for query in ["cafe", "aeb", "eb", "ae", "ss", "s", "ffi", "fi", "it's", "oe", "ij", "lo", "kb", "k", "dz", "e b", "a\"b"] {
            try Self.expectSameHits(query, options, corpus)
        }
    }

    static let patterns: [String] = [
        "budget|forecast", "budget|budgeting", "budgeting|budget", "Q3 budget", "bud|budget", "a|aa", "aa|a",
        "café|cafe", "art|start", "can't|can", "budget\\s+\\w+", "bud(get|dy)", "colou?r", "[Bb]udget review",
        "\\d+ budget", "budget.*forecast", "(?i)budget", "b.dget", "会议|budget", "ß|ss", "k|\u{212A}",
        "^budget", "budget$", "(budget)+", "x{2}budget", "budget\\.", "e\\.g", "budget (review|plan)",
        "(can't|art)|\\d+", "(?:budget|café)s?\\b", "(a|b)|(c|d)", "\\bart(s|y)?\\b",
    ]

    static let patternOptions: [SearchOptions] = [
        SearchOptions(syntax: .regularExpression),
        SearchOptions(caseMatching: .sensitive, syntax: .regularExpression),
        SearchOptions(words: .wholeWords, syntax: .regularExpression),
    ]

    @Test(arguments: patternOptions)
    func regularExpressionsEqualTheReference(_ options: SearchOptions) throws {
        let corpus = Self.corpus(Self.boundaryTexts + Self.generatedRows(10_000))
        for pattern in Self.patterns {
            try Self.expectSameHits(pattern, options, corpus)
        }
    }

    /// Across cues: the fast matchers over each transcript's joined text, rows cut inside
    /// phrases and next to marks.
    @Test(arguments: [
        SearchOptions(spanning: .acrossRows), SearchOptions(words: .wholeWords, spanning: .acrossRows),
        SearchOptions(syntax: .regularExpression, spanning: .acrossRows),
    ])
    func acrossCuesEqualsTheReference(_ options: SearchOptions) throws {
        let rows = Self.generatedRows(4_000) + ["we need to cut the", "budget by ten", "\u{301}percent", "can'", "t stop"]
        let transcripts = stride(from: 0, to: rows.count, by: 500).enumerated().map { number, start in
            Transcript(
                source: SourceInfo(path: "t\(number).txt", format: "txt", encoding: "UTF-8"),
                rows: rows[start..<min(rows.count, start + 500)].enumerated().map {
                    Row(id: RowID(source: number, index: $0.offset), text: $0.element, locator: Locator(file: "t\(number).txt"))
                })
        }
        let corpus = Corpus(transcripts)
        let queries = options.syntax == .regularExpression
            ? ["the budget|ten percent", "cut the\\s+budget", "budget|forecast"]
            : ["the budget", "budget by", "ten percent", "can't", "budget", "café budget"]
        for query in queries { try Self.expectSameHits(query, options, corpus) }
    }

    @Test func regexPlansReadOnlyWhatIsCertain() {
        #expect(RegexPlan("budget|forecast") == .literals(["budget", "forecast"]))
        #expect(RegexPlan("Q3 budget") == .literals(["Q3 budget"]))
        #expect(RegexPlan("budget|") == .none)
        #expect(RegexPlan("budget\\s+\\d+") == .requiredLiterals(["budget"]))
        #expect(RegexPlan("colou?r review") == .requiredLiterals(["r review"]))
        #expect(RegexPlan("budget (review|plan)") == .requiredLiterals(["budget review", "budget plan"]))
        #expect(RegexPlan("(?:budget|plan) review\\b") == .requiredLiterals(["budget review", "plan review"]))
        #expect(RegexPlan("(budget|plan)+ review") == .requiredLiterals([" review"]))
        #expect(RegexPlan("[abc]+ budget x{2,3}") == .requiredLiterals([" budget "]))
        #expect(RegexPlan("(budget|plan)|review") == .requiredLiterals(["budget", "plan", "review"]))
        #expect(RegexPlan("budget\\d|\\w+") == .none)
        #expect(RegexPlan("(?x) budget") == .none)
        #expect(RegexPlan("\\Qa.b\\E") == .none)
        #expect(RegexPlan(".*") == .none)
    }

    // MARK: Helpers

    static func expectSameHits(_ text: String, _ options: SearchOptions, _ corpus: Corpus) throws {
        let request = SearchRequest(text: text, options: options)
        let found = try request.runner().search(corpus)
        let expected = SearchRunner(try RegexMatcher(try Query(text, options: options)), spanning: options.spanning).search(corpus)
        #expect(found == expected, "\(text) (\(options)): \(found.count) hits, reference \(expected.count)")
    }

    static func corpus(_ texts: [String]) -> Corpus {
        LiteralMatcherTests.corpus(texts)
    }

    /// Deterministic rows (SplitMix64) of words with apostrophes, full stops, digits, hyphens,
    /// CJK and emoji, glued by separators that are and are not word boundaries.
    static func generatedRows(_ count: Int) -> [String] {
        let words = [
            "budget", "Budget", "BUDGET", "budgeting", "forecast", "review", "art", "start", "party", "can't",
            "can", "t", "e.g", "e", "g", "3.14", "3", "14", "1,000", "Q3", "q3", "a", "aa", "well", "known",
            "café", "cafe\u{301}", "CAFÉ", "Straße", "ß", "ss", "İstanbul", "ı", "\u{212A}elvin", "k",
            "σοφία", "σοφίας", "会议", "预算", "👍", "👍🏽", "👨‍👩‍👧", "naïve", "colour", "color", "_", "x",
        ]
        let separators = [" ", " ", " ", " ", " ", "", "-", "'", ".", ":", ",", "_", "\u{301}", "\u{200D}", "\u{1F3FD}", "  ", "\t"]
        var state: UInt64 = 24
        func next() -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
        }
        return (0..<count).map { _ in
            var text = next() % 8 == 0 ? separators[next() % separators.count] : ""
            for index in 0..<(2 + next() % 7) {
                if index > 0 { text += separators[next() % separators.count] }
                text += words[next() % words.count]
            }
            if next() % 8 == 0 { text += separators[next() % separators.count] }
            return text
        }
    }
}
