import Testing
import TranscriptModel
@testable import TranscriptSearch

/// `--forms` searches (`SearchOptions.forms`): the fast prefiltered search against the plain
/// definition (`FormsReference`), and the forms people expect found both ways.
struct FormsSearchTests {
    static func corpus(_ texts: [String]) -> Corpus {
        Corpus([Transcript(source: SourceInfo(path: "f.srt", format: "srt", encoding: "UTF-8"), rows: texts.enumerated().map { index, text in
            Row(id: RowID(source: 0, index: index), text: text, start: Timestamp(milliseconds: Int64(index) * 1_000), locator: Locator(file: "f.srt"))
        })])
    }

    /// The texts of `query`'s hits with forms on, after checking the search equals the reference.
    static func found(_ query: String, in texts: [String], options: SearchOptions = SearchOptions(forms: true)) throws -> [String] {
        let corpus = corpus(texts)
        let index = try SearchRequest(text: query, options: options).runner().search(corpus)
        let reference = try SearchRunner(FormsReference(Query(query, options: options))).search(corpus)
        #expect(index == reference, "\(query): \(index.count) hits, the reference \(reference.count)")
        return (0..<index.count).map { index.matchedText(ofHitAt: $0, in: corpus) }
    }

    @Test(arguments: ["budget", "budgets", "budgeted", "budgeting", "Budgeting"])
    func everyFormOfBudgetFindsEveryOther(_ query: String) throws {
        #expect(try Self.found(query, in: ["The budgets were budgeted after budgeting the BUDGET; budgetary is another word."])
            == ["budgets", "budgeted", "budgeting", "BUDGET"])
    }

    @Test func irregularFormsAndPossessives() throws {
        // A word is a run of letters and digits: the apostrophe ends "children" in "children's".
        let texts = ["The children's room, one child, the meetings we met at, a meeting.", "He went home; we go; it goes; gone."]
        #expect(try Self.found("child", in: texts) == ["children", "child"])
        #expect(try Self.found("children", in: texts) == ["children", "child"])
        #expect(try Self.found("meeting", in: texts) == ["meetings", "met", "meeting"])
        #expect(try Self.found("go", in: texts) == ["went", "go", "goes", "gone"])
        #expect(try Self.found("dying", in: ["The plant is dying; plants die and died."]) == ["dying", "die", "died"])
    }

    @Test func phrasesMatchWordByWord() throws {
        let texts = ["We reviewed the budgets. Budget review: budgeting reviews, budget  reviewing."]
        #expect(try Self.found("budget review", in: texts) == ["Budget review", "budgeting reviews"])
    }

    @Test func accentsFoldAsTheOptionsSay() throws {
        let texts = ["Les cafés et le café; cafe"]
        #expect(try Self.found("cafe", in: texts) == ["cafe"])
        #expect(try Self.found("cafe", in: texts, options: SearchOptions(diacritics: .insensitive, forms: true)) == ["cafés", "café", "cafe"])
    }

    @Test func aLanguageWithoutFormsIsAnError() {
        #expect(throws: QueryError.self) { try SearchRequest(text: "budget", options: SearchOptions(language: "tr", forms: true)).runner() }
        #expect(throws: QueryError.self) { try SearchRequest(text: "budget", options: SearchOptions(language: "tr", forms: true)).validate() }
        #expect(throws: Never.self) { try SearchRequest(text: "budget", options: SearchOptions(language: "en-GB", forms: true)).runner() }
    }

    /// Many words and their forms, generated; every query word's search equals the reference.
    @Test func theSearchEqualsTheReferenceOnGeneratedText() throws {
        let stems = ["budget", "review", "meet", "hope", "happy", "relate", "general", "able", "sing", "run", "child", "go", "die",
                     "nation", "care", "early", "fly", "stop", "tendency", "conditional", "fortunate", "agree"]
        let endings = ["", "s", "ed", "ing", "ly", "ness", "ation", "al", "ally", "ies", "er", "est", "ful", "ible", "ity", "ment", "'s"]
        var state: UInt64 = 3
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        let texts = (0..<300).map { _ in
            (0..<(2 + next(10))).map { _ in
                let word = stems[next(stems.count)] + endings[next(endings.count)]
                return next(5) == 0 ? word.uppercased() : word
            }.joined(separator: [" ", " ", ", ", "; "][next(4)])
        } + ["children went; a child goes", "dying, lying, tying, skies, skis, news", "generous generously generation"]
        let corpus = Self.corpus(texts)
        let queries = stems + stems.map { $0 + "s" } + stems.map { $0 + "ing" } + ["children", "went", "skies", "budget review", "happy meeting"]
        for query in queries {
            for options in [SearchOptions(forms: true), SearchOptions(diacritics: .insensitive, words: .wholeWords, forms: true)] {
                let fast = try SearchRequest(text: query, options: options).runner().search(corpus)
                let reference = try SearchRunner(FormsReference(Query(query, options: options))).search(corpus)
                #expect(fast == reference, "\(query): \(fast.count) hits, the reference \(reference.count)")
            }
        }
    }

    @Test func boolQueriesTakeFormsWordByWord() throws {
        let corpus = Self.corpus(["The budgets grew.", "Hiring froze.", "We budgeted for hires."])
        let options = SearchOptions(syntax: .boolean, within: .row, forms: true)
        let index = try SearchRequest(text: "budget hire", options: options).runner().search(corpus)
        let reference = try WindowReference(BooleanQuery(parsing: "budget hire"), options: options).search(corpus)
        #expect(index == reference)
        #expect((0..<index.count).map { index.matchedText(ofHitAt: $0, in: corpus) } == ["budgeted … hires"])
    }
}
