import Testing
import TranscriptModel
@testable import TranscriptSearch

/// Every option against the reference semantics on a grid of texts.
struct SearchOptionsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let marked: String
        let query: String
        let options: SearchOptions
        var testDescription: String { "\(query) in \(marked)" }
    }

    static let accents = SearchOptions(diacritics: .insensitive)
    static let words = SearchOptions(words: .wholeWords)
    static let regex = SearchOptions(syntax: .regularExpression)
    static let turkish = SearchOptions(language: "tr")

    static let grid: [Case] = [
        // Accents ignored: NFC and NFD text, NFC and NFD queries, whole characters of the original.
        .init(marked: "[café] [cafe] [Café] [cafe\u{301}] [café]s? [café]s", query: "cafe", options: accents),
        .init(marked: "[café] [cafe] [cafe\u{301}]", query: "café", options: accents),
        .init(marked: "[café] [cafe]", query: "cafe\u{301}", options: accents),
        .init(marked: "[Zürich] [Zurich] [ZÜRICH]", query: "Zurich", options: accents),
        .init(marked: "n[aï]ve", query: "ai", options: accents),
        .init(marked: "[Straße] [strasse] Łukasz", query: "straße", options: accents),
        .init(marked: "[Łukasz] [lukasz] [ŁUKASZ] Lucas", query: "lukasz", options: accents),
        .init(marked: "[ß] [ss] s", query: "ss", options: accents),
        .init(marked: "[한국] 한", query: "한국", options: accents),
        .init(marked: "[预算] 👍🏽 👍", query: "预算", options: accents),
        .init(marked: "cafe [café]", query: "café", options: SearchOptions(diacritics: .sensitive)),
        // Whole words: Unicode boundaries; a CJK ideograph is a word of its own.
        .init(marked: "[cat] catalog concat [Cat]. l'cat [cat]-like", query: "cat", options: words),
        .init(marked: "[预算]会议 [预算]", query: "预算", options: words),
        .init(marked: "[quarterly budget] quarterly budgets", query: "quarterly budget", options: words),
        .init(marked: "[Straße] Straßen", query: "straße", options: words),
        // Regular expressions, case still folded unless case-sensitive.
        .init(marked: "[budget] [BUDGET] [bud.et] bud-et!", query: "bud[.g]et", options: regex),
        .init(marked: "[Q3] [q4] Q", query: "q[0-9]", options: regex),
        .init(marked: "[Q3] q4", query: "Q[0-9]", options: SearchOptions(caseMatching: .sensitive, syntax: .regularExpression)),
        .init(marked: "[cat] catalog", query: "c.t", options: SearchOptions(words: .wholeWords, syntax: .regularExpression)),
        // Turkish: dotted and dotless i are different letters with their own capitals.
        .init(marked: "[İ]stanbul [i]lk Irmak ırmak", query: "i", options: turkish),
        .init(marked: "İstanbul ilk [I]rmak [ı]rmak", query: "ı", options: turkish),
        .init(marked: "İstanbul ilk [I]rmak [ı]rmak", query: "I", options: turkish),
        .init(marked: "İstanbul [i]lk [I]rmak ırmak", query: "i", options: SearchOptions()),
        .init(marked: "[İ]stanbul ilk Irmak ırmak", query: "İ", options: SearchOptions(caseMatching: .sensitive, language: "tr")),
        .init(marked: "[İ]stanbul [i]lk Irmak", query: "i", options: SearchOptions(diacritics: .insensitive, language: "tr")),
        // Everything at once.
        .init(marked: "[Café] cafeteria [cafe\u{301}]", query: "CAFE", options: SearchOptions(diacritics: .insensitive, words: .wholeWords)),
    ]

    @Test(arguments: grid)
    func hitsAreExactlyTheMarkedOnes(_ test: Case) throws {
        let (text, expected) = unmark(test.marked)
        let found = try RegexMatcher(try Query(test.query, options: test.options)).ranges(in: text)
        #expect(found.map { String(text[$0]) } == expected.map { String(text[$0]) })
        #expect(found == expected)
    }

    /// Accent-insensitive ranges always cover whole characters of the original row.
    @Test func accentInsensitiveRangesAreWholeCharacters() throws {
        let pieces = ["a", "e", "é", "e\u{301}", "e\u{301}\u{323}", "ï", "c", " ", "ß", "ẞ", "预", "👍🏽", "\u{301}", "Å", "A\u{30A}"]
        var state: UInt64 = 99
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        for _ in 0..<600 {
            let text = (0..<(1 + next(10))).map { _ in pieces[next(pieces.count)] }.joined()
            let query = ["e", "a", "ae", "ec", "e ", "c", "ea"][next(7)]
            let matcher = try RegexMatcher(try Query(query, options: Self.accents))
            let boundaries = Set(text.indices).union([text.endIndex])
            var previousEnd = text.startIndex
            for range in matcher.ranges(in: text) {
                #expect(boundaries.contains(range.lowerBound) && boundaries.contains(range.upperBound), "\(text.unicodeScalars.map { $0.value })")
                #expect(range.lowerBound >= previousEnd)
                previousEnd = range.upperBound
            }
        }
    }

    /// `supportedOptions` is true to the implementation: flipping each option changes the
    /// result on a text built to show it.
    @Test(arguments: SearchOptions.Option.allCases)
    func everySupportedOptionChangesResults(_ option: SearchOptions.Option) throws {
        #expect(SearchOptions.supportedOptions[option] != nil)
        if option == .boolean || option == .wordForms || option == .fuzzy {
            let corpus = Corpus([Transcript(source: SourceInfo(path: "a.srt", format: "srt", encoding: "UTF-8"), rows: [
                Row(id: RowID(source: 0, index: 0), text: "the budget and the hiring", locator: Locator(file: "a.srt")),
            ])])
            let flipped = option == .boolean ? SearchOptions(syntax: .boolean) : option == .fuzzy ? SearchOptions(fuzzy: true) : SearchOptions(forms: true)
            let query = option == .boolean ? "hiring budget" : option == .fuzzy ? "budgit" : "budgets"
            let plain = try SearchRequest(text: query).runner().search(corpus)
            let changed = try SearchRequest(text: query, options: flipped).runner().search(corpus)
            #expect(plain.count == 0 && changed.count == 1)
            return
        }
        if option == .acrossRows {
            let corpus = Corpus([Transcript(source: SourceInfo(path: "a.srt", format: "srt", encoding: "UTF-8"), rows: [
                Row(id: RowID(source: 0, index: 0), text: "cut the", locator: Locator(file: "a.srt")),
                Row(id: RowID(source: 0, index: 1), text: "budget", locator: Locator(file: "a.srt")),
            ])])
            let plain = try SearchRequest(text: "the budget").runner().search(corpus)
            let changed = try SearchRequest(text: "the budget", options: SearchOptions(spanning: .acrossRows)).runner().search(corpus)
            #expect(plain.count == 0 && changed.count == 1)
            return
        }
        let (text, query, flipped): (String, String, SearchOptions) = switch option {
        case .caseSensitive: ("Budget budget", "budget", SearchOptions(caseMatching: .sensitive))
        case .diacriticSensitive: ("café", "cafe", SearchOptions(diacritics: .insensitive))
        case .wholeWord: ("catalog cat", "cat", SearchOptions(words: .wholeWords))
        case .regularExpression: ("axb a.b", "a.b", SearchOptions(syntax: .regularExpression))
        case .language: ("Irmak", "ı", SearchOptions(language: "tr"))
        case .acrossRows, .boolean, .wordForms, .fuzzy: ("", "", SearchOptions())  // above: they need rows
        }
        let plain = try RegexMatcher(try Query(query)).ranges(in: text)
        let changed = try RegexMatcher(try Query(query, options: flipped)).ranges(in: text)
        #expect(plain != changed)
    }

    @Test func badPatternsAreBadQueriesWithAPosition() {
        #expect(throws: QueryError(kind: .badQuery(position: 6, message: "expected ')'"))) {
            try RegexMatcher(try Query("abc(de", options: Self.regex))
        }
        #expect(throws: QueryError.self) { try RegexMatcher(try Query("[a", options: Self.regex)) }
        #expect(QueryError(kind: .badQuery(position: 6, message: "expected ')'")).description == "bad query at character 7: expected ')'")
    }
}

struct FilterTests {
    static let corpus: Corpus = {
        let rows = [("Alice", 0, "budget one"), ("Bob", 60_000, "budget two"), ("Alice", 600_000, "three"), ("Chen Wei", 700_000, "budget four")]
        func transcript(_ path: String, title: String?) -> Transcript {
            Transcript(source: SourceInfo(path: path, format: "srt", encoding: "UTF-8"), rows: rows.enumerated().map { index, row in
                Row(id: RowID(source: 0, index: index), text: row.2, start: Timestamp(milliseconds: Int64(row.1)),
                    end: Timestamp(milliseconds: Int64(row.1 + 5_000)), speaker: row.0, title: title, locator: Locator(file: path))
            })
        }
        return Corpus([transcript("a/standup.srt", title: "Budget"), transcript("b/retro.vtt", title: nil)])
    }()

    static func count(_ query: String, _ filter: RowFilter = RowFilter()) throws -> Int {
        try SearchRequest(parsing: query, filter: filter).runner().search(corpus).count
    }

    @Test func filtersAndTokensCombine() throws {
        #expect(try Self.count("budget") == 6)
        #expect(try Self.count("speaker:alice budget") == 2)
        #expect(try Self.count("budget", RowFilter(speakers: ["Alice", "Bob"])) == 4)
        #expect(try Self.count("speaker:\"Chen Wei\" budget") == 2)
        #expect(try Self.count("after:00:00:30 budget") == 4)
        #expect(try Self.count("before:1:00 budget") == 2)
        #expect(try Self.count("file:*.vtt budget") == 3)
        #expect(try Self.count("file:a/* budget") == 3)
        #expect(try Self.count("section:budg budget") == 3)
        #expect(try Self.count("speaker:Alice") == 4)  // tokens only: the matching rows
        #expect(throws: QueryError.self) { try Self.count("after:soon budget") }
        #expect(throws: QueryError(kind: .empty)) { try SearchRequest(parsing: "").runner() }
    }

    @Test func facetsCountHitsWhereTheyAre() throws {
        let index = try SearchRequest(parsing: "budget").runner().search(Self.corpus)
        let facets = Facets(index: index, corpus: Self.corpus)
        #expect(facets.speakers.map(\.value) == ["Alice", "Bob", "Chen Wei"])
        #expect(facets.speakers.map(\.hits) == [2, 2, 2])
        #expect(facets.files.map(\.hits).reduce(0, +) == index.count)
        #expect(facets.sections.first { $0.value == "Budget" }?.hits == 3)
        #expect(facets.sections.first { $0.value == nil }?.hits == 3)
    }

    @Test(arguments: [("*.srt", "a.srt", true), ("*.srt", "a.vtt", false), ("a?c", "abc", true), ("[a-c]x", "bx", true), ("[!a]x", "ax", false), ("*", "", true), ("a*b*c", "aXbYc", true), ("a*b", "aXbY", false)])
    func globs(_ pattern: String, _ text: String, _ matches: Bool) {
        #expect(Glob.matches(pattern, text) == matches)
    }
}

/// Checking a request before loading (`validate`) refuses exactly what making its runner refuses,
/// with the same error, without making the runner (which, for a non-ASCII query, builds the table
/// of Unicode equivalents; `prepareInBackground` builds it while the corpus loads).
struct RequestValidationTests {
    @Test func validateRefusesWhatRunnerRefuses() {
        var regex = SearchOptions()
        regex.syntax = .regularExpression
        var words = SearchOptions()
        words.words = .wholeWords
        var across = SearchOptions()
        across.spanning = .acrossRows
        let requests: [SearchRequest] = [
            SearchRequest(text: ""),
            SearchRequest(text: "", filter: RowFilter(speakers: ["Alice"])),
            SearchRequest(text: "café"),
            SearchRequest(text: "会议", options: words),
            SearchRequest(text: "budget (review", options: regex),
            SearchRequest(text: "a{2,1}", options: regex),
            SearchRequest(text: "budget (review|plan)", options: regex),
            SearchRequest(text: "budget", options: across),
            SearchRequest(text: "(", options: across.with(syntax: .regularExpression)),
        ]
        var refused = 0
        for request in requests {
            let byRunner = Result { () throws(QueryError) in _ = try request.runner() }
            let byValidate = Result { () throws(QueryError) in try request.validate() }
            switch (byRunner, byValidate) {
            case (.success, .success): break
            case (.failure(let runner), .failure(let validate)):
                #expect(runner == validate, "\(request)")
                refused += 1
            default: Issue.record("\(request): runner \(byRunner), validate \(byValidate)")
            }
            request.prepareInBackground()
        }
        #expect(refused == 4)
    }
}

private extension SearchOptions {
    func with(syntax: QuerySyntax) -> SearchOptions {
        var options = self
        options.syntax = syntax
        return options
    }
}

