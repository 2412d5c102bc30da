import Testing
import TranscriptModel
@testable import TranscriptSearch

/// `--sounds-like` searches (`FuzzyComparison.sound`): a name is found spelt another way when it
/// sounds alike (a Double Metaphone code in common) within twice the edit budget, marked with its
/// edits, and the fast matcher gives exactly the plain definition's hits (`FuzzyReference`).
struct SoundsLikeSearchTests {
    static func options(edits: Int? = nil, _ change: (inout SearchOptions) -> Void = { _ in }) -> SearchOptions {
        var options = SearchOptions(fuzzy: true, fuzzyEdits: edits, fuzzyComparison: .sound)
        change(&options)
        return options
    }

    static func found(_ query: String, in texts: [String], options: SearchOptions = options()) throws -> [String] {
        try FuzzySearchTests.found(query, in: texts, options: options)
    }

    @Test func katherineFindsCatherineAndNotKathy() throws {
        let texts = ["Katherine, Catherine and Kathy met Kathryn."]
        let bySound = try Self.found("katherine", in: texts)
        // Kathryn sounds alike too (K0RN) within twice the budget (3 of 4 edits); Kathy (K0) does not.
        #expect(bySound == ["Katherine", "Catherine≈1", "Kathryn≈3"], "\(bySound)")
        // By spelling Kathryn is past the budget of 2.
        let bySpelling = try FuzzySearchTests.found("katherine", in: texts)
        #expect(bySpelling == ["Katherine", "Catherine≈1"], "\(bySpelling)")
    }

    @Test func pritchardAndPritchartSoundAlike() throws {
        #expect(try Self.found("pritchard", in: ["Ms Pritchart said so."]) == ["Pritchart≈1"])
        #expect(try Self.found("Pritchart", in: ["Ms Pritchard said so."]) == ["Pritchard≈1"])
    }

    @Test func twiceTheBudgetButOnlyWhatSoundsAlike() throws {
        // Schmitt → Schmidt: 1 edit of 7 letters, codes XMT/SMT in common.
        #expect(try Self.found("schmitt", in: ["Dr. Schmidt arrived."]) == ["Schmidt≈1"])
        // Jon → John: a name of 3 letters matches only as spelt.
        #expect(try Self.found("jon", in: ["John and Jon"]) == ["Jon"])
        // Within 2 edits of "thomas" (6 letters: twice 1) but not sounding alike: TMS against TNS.
        let thomas = try Self.found("thomas", in: ["Tomas, Thames and Thomas, not Tonas"])
        #expect(thomas == ["Tomas≈1", "Thames≈2", "Thomas"], "\(thomas)")
        #expect(try Self.found("thomas", in: ["Thomas"], options: Self.options(edits: 0)) == ["Thomas"])
        // A word without a code (digits) is still found as written, and only so.
        #expect(try Self.found("2024", in: ["In 2024, not 2025"]) == ["2024"])
    }

    @Test func aNameAtTheStartAndTheEndOfARow() throws {
        #expect(try Self.found("katherine", in: ["Catherine", "catherine.", "Hi Catherine", "Catherine: hi"]) ==
                ["Catherine≈1", "catherine≈1", "Catherine≈1", "Catherine≈1"])
    }

    @Test func accentsAndCaseFollowTheOptions() throws {
        // The codes ignore accents and case; the edits follow the options in force.
        let texts = ["José and Jose"]
        #expect(try Self.found("jose", in: texts) == ["José≈1", "Jose"])
        #expect(try Self.found("jose", in: texts, options: Self.options { $0.diacritics = .insensitive }) == ["José", "Jose"])
        #expect(try Self.found("Katherine", in: ["katherine and Catherine"], options: Self.options { $0.caseMatching = .sensitive }) ==
                ["katherine≈1", "Catherine≈1"])
        #expect(try Self.found("istanbul", in: ["İstanbul, ISTANBUL"], options: Self.options { $0.language = "tr" }) == ["İstanbul", "ISTANBUL≈1"])
    }

    @Test func phrasesSplitsAndJoinsBySound() throws {
        #expect(try Self.found("katherine pritchard", in: ["Catherine Pritchart spoke."]) == ["Catherine Pritchart≈2"])
        #expect(try Self.found("vandyke", in: ["Mr Van Dyke"]) == ["Van Dyke≈1"])
        #expect(try Self.found("van dyke", in: ["Mr Vandike"]) == ["Vandike≈2"])
    }

    @Test func aRegularExpressionIsAQueryError() throws {
        #expect(throws: QueryError.self) {
            try SearchRequest(text: "kath.*", options: SearchOptions(syntax: .regularExpression, fuzzy: true, fuzzyComparison: .sound)).validate()
        }
    }

    /// Generated text of names with misspellings, splits and joins injected; every query's search
    /// equals the reference under every option grid.
    @Test func theSearchEqualsTheReferenceOnGeneratedText() throws {
        let vocabulary = ["Catherine", "Katherine", "Kathy", "Kathryn", "Pritchard", "Pritchart", "Schmidt", "Smith", "Schmitt",
                          "Thomas", "Tomas", "José", "Jose", "Michael", "Michal", "Wright", "Xavier", "Ghislaine", "Zürich",
                          "İstanbul", "Van", "Dyke", "Vandyke", "the", "budget", "review", "會議", "👍🏽", "Jon", "John", "x", "2024", "2025"]
        let texts = FuzzySearchTests.textsWithMisspellings(of: vocabulary, seed: 11, longestRow: 10)
        let corpus = FuzzySearchTests.corpus(texts)
        let queries = ["katherine", "pritchard", "schmidt", "thomas", "jose", "michael", "catherine pritchart", "vandyke",
                       "van dyke", "zurich", "istanbul", "jon", "ghislane", "xavier smith", "2024"]
        let grids: [SearchOptions] = [
            Self.options(), Self.options(edits: 0), Self.options(edits: 3), Self.options { $0.caseMatching = .sensitive },
            Self.options { $0.diacritics = .insensitive }, Self.options { $0.language = "tr" },
        ]
        for query in queries {
            for options in grids {
                let fast = try SearchRequest(text: query, options: options).runner().search(corpus)
                let reference = try SearchRunner(FuzzyReference(Query(query, options: options))).search(corpus)
                #expect(fast == reference, "\(query) \(options): \(fast.count) hits, the reference \(reference.count)")
            }
        }
    }
}
