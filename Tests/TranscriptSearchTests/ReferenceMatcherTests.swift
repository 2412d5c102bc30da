import Testing
import TranscriptModel
@testable import TranscriptSearch

/// The reference matcher's behaviour, pinned: expected hits are marked in the text with brackets.
/// These are the semantics every faster matcher must copy exactly.
struct ReferenceMatcherTests {
    /// Checking a request and then searching it compile its pattern once: the pattern kept from the
    /// call before is reused when it and the case are the same, and a bad pattern is not kept.
    @Test func aPatternIsCompiledOnceForCheckingAndSearching() throws {
        let compiled = RegexMatcher.CompiledPattern()
        _ = try compiled.regex("budget\\s+\\w+", caseMatching: .insensitive)
        _ = try compiled.regex("budget\\s+\\w+", caseMatching: .insensitive)
        #expect(compiled.compilations == 1)
        _ = try compiled.regex("budget\\s+\\w+", caseMatching: .sensitive)
        #expect(compiled.compilations == 2)
        #expect(throws: (any Error).self) { try compiled.regex("budget(", caseMatching: .sensitive) }
        #expect(throws: (any Error).self) { try compiled.regex("budget(", caseMatching: .sensitive) }
        #expect(compiled.compilations == 4)
        let apostrophe = try compiled.regex("can't", caseMatching: .insensitive)
        #expect("we can’t".contains(apostrophe), "the kept pattern has the apostrophe class")
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let marked: String
        let query: String
        let caseMatching: CaseMatching
        var testDescription: String { "\(query) in \(marked) (\(caseMatching))" }
    }

    static let insensitive: [Case] = [
        .init(marked: "the [Cat] sat on the [cat]", query: "CAT", caseMatching: .insensitive),
        .init(marked: "[aa][aa]a", query: "aa", caseMatching: .insensitive),
        .init(marked: "Stra[ß]e STRASSE [ẞ]", query: "ß", caseMatching: .insensitive),
        .init(marked: "Straße STRA[SS]E", query: "ss", caseMatching: .insensitive),
        .init(marked: "[Σ] ς [σ]", query: "σ", caseMatching: .insensitive),
        .init(marked: "[\u{212A}]elvin", query: "k", caseMatching: .insensitive),
        .init(marked: "[ǅ] [Ǆ] [ǆ]", query: "ǆ", caseMatching: .insensitive),
        .init(marked: "caf[e\u{301}] caf[é] caf[É]", query: "é", caseMatching: .insensitive),
        .init(marked: "café caf[e]", query: "e", caseMatching: .insensitive),
        .init(marked: "[İ] i I", query: "İ", caseMatching: .insensitive),
        .init(marked: "İ ı [I] [i]", query: "i", caseMatching: .insensitive),
        .init(marked: "👍🏽 [👍] 👍🏽", query: "👍", caseMatching: .insensitive),
        .init(marked: "[👍🏽] 👍", query: "👍🏽", caseMatching: .insensitive),
        .init(marked: "今日の[予算]会議、[予算]は", query: "予算", caseMatching: .insensitive),
        .init(marked: "👨‍👩‍👧‍👦 [👨‍👩‍👧]", query: "👨‍👩‍👧", caseMatching: .insensitive),
        .init(marked: "[a.b] axb", query: "a.b", caseMatching: .insensitive),
        .init(marked: "no hit here", query: "budget", caseMatching: .insensitive),
    ]

    static let sensitive: [Case] = [
        .init(marked: "the Cat sat on the [cat]", query: "cat", caseMatching: .sensitive),
        .init(marked: "[ß] ẞ", query: "ß", caseMatching: .sensitive),
        .init(marked: "Σ ς [σ]", query: "σ", caseMatching: .sensitive),
        .init(marked: "caf[e\u{301}] caf[é] cafÉ", query: "é", caseMatching: .sensitive),
        .init(marked: "[aa][aa]a", query: "aa", caseMatching: .sensitive),
        .init(marked: "👍🏽 [👍]", query: "👍", caseMatching: .sensitive),
    ]

    @Test(arguments: insensitive + sensitive)
    func hitsAreExactlyTheMarkedOnes(_ test: Case) throws {
        try assertHits(test.marked, query: test.query, caseMatching: test.caseMatching)
    }

    /// Every case-insensitive expectation, searched case-sensitively, finds a subset of the same
    /// hits: exactly those whose text equals the query's characters.
    @Test(arguments: insensitive)
    func caseSensitiveHitsAreTheExactSubset(_ test: Case) throws {
        let (text, expected) = unmark(test.marked)
        let matcher = try RegexMatcher(try Query(test.query, options: SearchOptions(caseMatching: .sensitive)))
        let found = matcher.ranges(in: text)
        #expect(found.allSatisfy { expected.contains($0) })
        #expect(found.allSatisfy { text[$0] == test.query })
    }

    @Test func whitespaceRunsInTheQueryMatchOneSpaceAsInRowText() throws {
        #expect(try Query("TO  FIND").text == "TO FIND")
        #expect(try Query("quarterly\nbudget").text == "quarterly budget")
        #expect(try Query(" budget").text == " budget")
        try assertHits("the quarterly [budget review]", query: "budget \t review")
    }

    @Test func emptyQueryIsAnErrorNotMatchEverything() {
        #expect(throws: QueryError(kind: .empty)) { try Query("") }
    }
}

/// Checks that the reference matcher finds exactly the bracketed spans of `marked`.
func assertHits(
    _ marked: String, query: String, caseMatching: CaseMatching = .insensitive,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let (text, expected) = unmark(marked)
    let matcher = try RegexMatcher(try Query(query, options: SearchOptions(caseMatching: caseMatching)))
    let found = matcher.ranges(in: text).map { String(text[$0]) + "@" + String(text.distance(from: text.startIndex, to: $0.lowerBound)) }
    let wanted = expected.map { String(text[$0]) + "@" + String(text.distance(from: text.startIndex, to: $0.lowerBound)) }
    #expect(found == wanted, "hits of \(query) in \(marked)", sourceLocation: sourceLocation)
}

/// `"the [Cat] sat"` → ("the Cat sat", [range of "Cat"]). Brackets are markers, never text.
func unmark(_ marked: String) -> (String, [Range<String.Index>]) {
    var text = ""
    var offsets: [(Int, Int)] = []
    var open: Int?
    for character in marked {
        switch character {
        case "[": open = text.count
        case "]":
            if let start = open { offsets.append((start, text.count)) }
            open = nil
        default: text.append(character)
        }
    }
    let ranges = offsets.map { start, end in
        text.index(text.startIndex, offsetBy: start)..<text.index(text.startIndex, offsetBy: end)
    }
    return (text, ranges)
}
