import Testing
import TranscriptModel
@testable import TranscriptSearch

/// Queries of several words (`QuerySyntax.boolean`): the grammar, its errors, and windows of term
/// hits within each scope, the fast search against the plain reference (`WindowReference`).
struct BooleanQueryTests {
    // MARK: Grammar

    @Test(arguments: [
        ("pricing EU", "pricing EU"),
        ("budget|forecast", "(budget|forecast)"),
        ("a b|c", "a (b|c)"),
        ("pricing -travel", "pricing -travel"),
        ("pricing NOT travel", "pricing -travel"),
        ("a AND b OR c", "a (b|c)"),
        ("\"action item\" (deadline|review)", "\"action item\" (deadline|review)"),
        ("budg* load-testing", "budg* load-testing"),
        ("\"a | b\" c", "\"a | b\" c"),
        ("-(x|y) z", "-(x|y) z"),
        ("((a))", "a"),
    ])
    func parses(_ text: String, _ normalised: String) throws {
        #expect(try BooleanQuery(parsing: text).description == normalised)
    }

    /// The flat program decides a query as the tree does, for every assignment of its terms.
    @Test(arguments: ["a b", "a|b c", "a -b c", "(a|b) -(c d) e", "(a b)|(c (d|e))", "a"])
    func theProgramDecidesAsTheTreeDoes(_ text: String) throws {
        let query = try BooleanQuery(parsing: text)
        let count = query.terms.count
        var stack: [Bool] = []
        for assignment in 0..<(1 << count) {
            let found = { (term: Int) in assignment & (1 << term) != 0 }
            #expect(query.program.evaluate(found, stack: &stack) == query.isSatisfied(by: found), "\(text) \(assignment)")
        }
    }

    @Test func operatorsInsideQuotesAreText() throws {
        let query = try BooleanQuery(parsing: "\"-a (b|c)\"")
        #expect(query == .term(.init("-a (b|c)")))
    }

    @Test(arguments: [
        ("", "no word"),
        ("-travel", "only NOT"),
        ("NOT a NOT b", "only NOT"),
        ("(a b", "( opened here is never closed"),
        ("a b)", ") closes nothing"),
        ("\"a b", "quote \" opened here is never closed"),
        ("a |", "| needs a word"),
        ("| a", "| needs a word before it"),
        ("a | -b", "may only stand beside"),
        ("a -(b -c)", "may only stand beside"),
        ("a ()", "holds no words"),
        ("a \"\"", "hold no words"),
        ("*", "* ends a word"),
        ("a -", "needs a word after it"),
    ])
    func badQueriesSayWhatIsWrong(_ text: String, _ message: String) {
        #expect(throws: QueryError.self) { try BooleanQuery(parsing: text) }
        do {
            _ = try BooleanQuery(parsing: text)
        } catch {
            #expect(error.description.contains(message), "\(text): \(error.description)")
        }
    }

    @Test func anUnclosedParenthesisIsNamedWhereItOpens() {
        do {
            _ = try BooleanQuery(parsing: "budget (hiring")
            Issue.record("no error")
        } catch {
            #expect(error.kind == .badQuery(position: 7, message: "the parenthesis ( opened here is never closed"))
        }
    }

    @Test(arguments: ["row", "turn", "file", "30s", "20w", "1s", "meeting"])
    func scopesParseAndPrintBack(_ text: String) throws {
        let scope = try #require(WindowScope(parsing: text))
        #expect(WindowScope(parsing: scope.description) == scope)
    }

    @Test(arguments: ["", "0s", "-3w", "3m", "words", "10"])
    func badScopesAreRefused(_ text: String) {
        #expect(WindowScope(parsing: text) == nil)
    }

    // MARK: Windows, by hand

    /// Alice (0–5 s), Bob (6–8 s), Bob again 40 s later (a turn of Bob's), Alice (43–48 s).
    static let meeting: Corpus = corpus([[
        ("Alice", 1_000, "We need to talk about the budget for next year."),
        ("Alice", 3_500, "Hiring is the biggest line in it."),
        ("Bob", 6_000, "Travel costs went up, and the budget for travel too."),
        ("Bob", 40_000, "Hiring freeze starts in May."),
        ("Alice", 43_000, "The pricing for the EU is settled, no travel needed."),
        ("Alice", 46_000, "Pricing in the US next week."),
    ]])

    static func corpus(_ sources: [[(String?, Int64?, String)]]) -> Corpus {
        Corpus(sources.enumerated().map { source, rows in
            Transcript(source: SourceInfo(path: "m\(source).vtt", format: "vtt", encoding: "UTF-8"), rows: rows.enumerated().map { index, row in
                Row(id: RowID(source: source, index: index), text: row.2, start: row.1.map { Timestamp(milliseconds: $0) },
                    end: row.1.map { Timestamp(milliseconds: $0 + 1_500) }, speaker: row.0, locator: Locator(file: "m\(source).vtt"))
            })
        })
    }

    /// The windows of `query` as `[row: [term texts]]`, after checking the fast search against
    /// the reference.
    static func windows(_ query: String, _ options: SearchOptions = SearchOptions(syntax: .boolean), in corpus: Corpus = meeting) throws -> [[String]] {
        let index = try SearchRequest(text: query, options: options).runner().search(corpus)
        let reference = try WindowReference(BooleanQuery(parsing: query), options: options).search(corpus)
        #expect(index == reference, "\(query) within \(options.within)")
        #expect(index.isConsistent(with: corpus))
        return (0..<index.count).map { position in
            index.segments(ofHitAt: position, in: corpus).map { segment in
                let text = corpus.text(ofRow: segment.row)
                return "\(segment.row):" + text[segment.range(in: text)]
            }
        }
    }

    static func within(_ scope: WindowScope) -> SearchOptions { SearchOptions(syntax: .boolean, within: scope) }

    @Test func andWithinATurnIsOneHitPerTurnEachTermHighlighted() throws {
        #expect(try Self.windows("budget hiring") == [["0:budget", "1:Hiring"], ["2:budget", "3:Hiring"]])
        #expect(try Self.windows("budget hiring", Self.within(.row)) == [])
        #expect(try Self.windows("budget hiring", Self.within(.seconds(30))) == [["0:budget", "1:Hiring"]])
        #expect(try Self.windows("budget hiring", Self.within(.file)) == [["0:budget", "1:Hiring"], ["2:budget", "3:Hiring"]])
    }

    @Test func theSmallestWindowEndingFirstIsTheHit() throws {
        // budget (0), Travel budget travel (2), travel (4), within a file: the window that ends
        // first is budget (0) … Travel (2); the next one starts after it: budget … travel (2);
        // travel (4) has no budget after it.
        #expect(try Self.windows("travel budget", Self.within(.file)) == [["0:budget", "2:Travel"], ["2:budget", "2:travel"]])
    }

    @Test func notExcludesTheScopeThatHoldsIt() throws {
        #expect(try Self.windows("pricing -travel") == [], "Alice's turn says travel")
        #expect(try Self.windows("pricing -travel", Self.within(.row)) == [["5:Pricing"]])
        #expect(try Self.windows("pricing -travel", Self.within(.seconds(2))) == [["5:Pricing"]])
        #expect(try Self.windows("pricing -travel", Self.within(.seconds(3))) == [])
        #expect(try Self.windows("pricing -(travel|visa)", Self.within(.row)) == [["5:Pricing"]])
        #expect(try Self.windows("pricing -(travel US)", Self.within(.row)) == [["4:pricing"], ["5:Pricing"]])
    }

    @Test func wordsCountFromTheFirstTermsFirstWordToTheLastTermsLast() throws {
        // "budget for next year. Hiring" and "budget for travel too. Hiring": 5 words each.
        #expect(try Self.windows("budget hiring", Self.within(.words(5))) == [["0:budget", "1:Hiring"], ["2:budget", "3:Hiring"]])
        #expect(try Self.windows("budget hiring", Self.within(.words(4))) == [])
        #expect(try Self.windows("\"next year\" hiring", Self.within(.words(4))) == [["0:next year", "1:Hiring"]])
        #expect(try Self.windows("\"next year\" hiring", Self.within(.words(2))) == [])
    }

    @Test func prefixesPhrasesAndOrs() throws {
        // Travel budget travel: the window that ends first is Travel budget; travel has no budget after it.
        #expect(try Self.windows("budg* (hiring|travel)", Self.within(.row)) == [["2:Travel", "2:budget"]])
        #expect(try Self.windows("pric*", Self.within(.row)) == [["4:pricing"], ["5:Pricing"]])
        #expect(try Self.windows("\"year. hiring\"", Self.within(.turn)) == [["0:year.", "1:Hiring"]], "a phrase across cues")
    }

    @Test func oneWordIsTodaysSearch() throws {
        for word in ["budget", "the", "é", "pricing"] {
            let today = try SearchRequest(text: word).runner().search(Self.meeting)
            var options = SearchOptions(syntax: .boolean)
            for scope in [WindowScope.row, .turn, .file, .seconds(5), .words(3)] {
                options.within = scope
                #expect(try SearchRequest(text: word, options: options).runner().search(Self.meeting) == today, "\(word) \(scope)")
            }
        }
    }

    @Test func unicodeWordsUnderTheOptionsInForce() throws {
        let corpus = Self.corpus([[
            ("Zoë", 0, "Le café est fermé, İstanbul attend."),
            ("Zoë", 1_000, "预算 会议 明天"),
            ("Ilker", 2_000, "ılık istanbul résumé"),
        ]])
        var options = SearchOptions(syntax: .boolean, within: .row)
        #expect(try Self.windows("cafe ferme", options, in: corpus) == [])
        options.diacritics = .insensitive
        #expect(try Self.windows("cafe ferme", options, in: corpus) == [["0:café", "0:fermé"]])
        // Each ideograph is a word: 预 算 会 议 明 天 are six.
        options.within = .words(5)
        #expect(try Self.windows("预算 明天", options, in: corpus) == [])
        options.within = .words(6)
        #expect(try Self.windows("预算 明天", options, in: corpus) == [["1:预算", "1:明天"]])
        options = SearchOptions(syntax: .boolean, language: "tr", within: .row)
        #expect(try Self.windows("istanbul ılık", options, in: corpus) == [["2:ılık", "2:istanbul"]])
    }

    // MARK: Windows, generated, against the reference

    @Test(arguments: [
        WindowScope.row, .turn, .file, .seconds(4), .seconds(20), .words(3), .words(12),
    ])
    func theSearchEqualsTheReferenceOnGeneratedMeetings(_ scope: WindowScope) throws {
        let corpus = Self.generated(seed: 11)
        let queries = [
            "budget", "budget hiring", "budget|forecast hiring", "budget -travel", "\"the budget\" review",
            "(budget|review) -(travel|café)", "budg* rev*", "café résumé", "a b c", "budget budget", "hiring -hiring budget",
            "\"budget review\" -\"travel budget\"", "ılık İstanbul", "预算 会议",
            // Not words or ORs of words: decided by the program, not the tally of parts.
            "(budget hiring)|(review café)", "a (b|(c budget))",
        ]
        for query in queries {
            for options in [
                SearchOptions(syntax: .boolean, within: scope),
                SearchOptions(caseMatching: .sensitive, syntax: .boolean, within: scope),
                SearchOptions(diacritics: .insensitive, words: .wholeWords, syntax: .boolean, within: scope),
                SearchOptions(syntax: .boolean, language: "tr", within: scope),
            ] {
                let fast = try SearchRequest(text: query, options: options).runner().search(corpus)
                let reference = try WindowReference(BooleanQuery(parsing: query), options: options).search(corpus)
                #expect(fast == reference, "\(query) within \(scope), \(options)")
                #expect(fast.isConsistent(with: corpus))
            }
        }
    }

    /// Rare words in many rows: the search narrows the later parts to the rows near the first
    /// (a few in a hundred), and still finds the reference's windows.
    @Test(arguments: [WindowScope.row, .turn, .words(6), .words(25), .seconds(10)])
    func narrowedSearchesEqualTheReferenceWhereWordsAreRare(_ scope: WindowScope) throws {
        var state: UInt64 = 99
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        let filler = ["the", "we", "need", "to", "talk", "about", "it", "and", "then", "some"]
        let rare = ["zanzibar", "quokka", "Zanzibar", "quokkas"]
        let speakers: [String?] = ["Ana", "Bo", nil]
        let corpus = Self.corpus((0..<2).map { _ in
            var time: Int64 = 0
            var speaker = speakers[0]
            return (0..<1_500).map { _ in
                if next(4) == 0 { speaker = speakers[next(speakers.count)] }
                time += Int64([800, 1_500, 3_000][next(3)])
                var words = (0..<(4 + next(8))).map { _ in filler[next(filler.count)] }
                if next(40) == 0 { words.insert(rare[next(rare.count)], at: next(words.count + 1)) }
                return (speaker, time, words.joined(separator: " "))
            }
        })
        for query in ["zanzibar quokka", "quokka zanzibar -talk", "zanzibar (quokka|quokkas) -need", "zanzib* quokka", "zanzibar -quokka"] {
            let options = SearchOptions(syntax: .boolean, within: scope)
            let fast = try SearchRequest(text: query, options: options).runner().search(corpus)
            let reference = try WindowReference(BooleanQuery(parsing: query), options: options).search(corpus)
            #expect(fast == reference, "\(query) within \(scope): \(fast.count) hits, the reference \(reference.count)")
        }
    }

    @Test func aFilterAppliesToEveryTerm() throws {
        let corpus = Self.generated(seed: 5)
        var filter = RowFilter()
        filter.speakers = ["Ana"]
        let options = SearchOptions(syntax: .boolean, within: .turn)
        let fast = try SearchRequest(text: "budget hiring", options: options, filter: filter).runner().search(corpus)
        let reference = try WindowReference(BooleanQuery(parsing: "budget hiring"), options: options, filter: filter).search(corpus)
        #expect(fast == reference)
        for position in 0..<fast.count {
            for segment in fast.segments(ofHitAt: position, in: corpus) { #expect(corpus.speaker(ofRow: segment.row) == "Ana") }
        }
    }

    /// Three files of meetings: runs of one speaker, gaps of 0.5–40 s, some rows without times,
    /// a vocabulary that makes every scope matter.
    static func generated(seed: UInt64) -> Corpus {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        let words = ["the", "budget", "Budget", "hiring", "review", "forecast", "travel", "café", "cafe", "résumé", "İstanbul",
                     "ılık", "istanbul", "预算", "会议", "a", "b", "c", "and", "budgeting", "reviews", "BUDGET", "travelled"]
        let speakers: [String?] = ["Ana", "Bo", nil, "Chen Wei"]
        return corpus((0..<3).map { _ in
            var time: Int64 = 0
            var speaker = speakers[0]
            return (0..<60).map { _ in
                if next(3) == 0 { speaker = speakers[next(speakers.count)] }
                time += Int64([500, 1_000, 2_500, 6_000, 40_000][next(5)])
                let text = (0..<(1 + next(9))).map { _ in words[next(words.count)] }.joined(separator: [" ", " ", ", ", ". "][next(4)])
                return (speaker, next(10) == 0 ? nil : time, text)
            }
        })
    }
}
