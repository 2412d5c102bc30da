import Foundation
import Testing
import TranscriptModel
@testable import TranscriptSearch

/// Accents off folds every Latin letter with a diacritic to its base letters, decomposable or not
/// (`ł` → `l`, `æ` → `ae`, `ß` → `ss`), in the reference and on every fast path alike; name
/// matching (speakers, suggestions) folds the same letters.
struct LetterFoldingTests {
    /// Latin-1 Supplement's letters, Latin Extended-A and Latin Extended-B.
    static let latinLetters: [Unicode.Scalar] = (UInt32(0xC0)...0x24F).compactMap(Unicode.Scalar.init).filter {
        switch $0.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter: return true
        default: return false
        }
    }

    /// Letters of those blocks that are letters of their own, not a letter with a diacritic: they
    /// keep themselves.
    static let lettersOfTheirOwn: Set<Character> = [
        "Ð", "ð", "Þ", "þ", "ĸ", "ŉ", "Ŋ", "ŋ", "Ƅ", "ƅ", "Ɔ", "Ɖ", "ƍ", "Ǝ", "ǝ", "Ə", "Ɛ", "Ɣ", "ƕ", "Ƕ", "Ɩ",
        "ƛ", "Ɯ", "Ƣ", "ƣ", "Ʀ", "Ƨ", "ƨ", "Ʃ", "ƪ", "Ʊ", "Ʒ", "Ǯ", "ǯ", "Ƹ", "ƹ", "ƺ", "Ƽ", "ƽ", "ƾ", "ƿ",
        "Ƿ", "Ȝ", "ȝ", "Ȣ", "ȣ", "Ɂ", "ɂ", "Ʌ",
    ]

    static let accentsOff = TextFolding(SearchOptions(diacritics: .insensitive))

    @Test func everyLatinLetterWithADiacriticFoldsToASCIILetters() {
        var unfolded: [String] = []
        for scalar in Self.latinLetters {
            let character = Character(scalar)
            let folded = Self.accentsOff.fold(character)
            let isASCIILetters = !folded.isEmpty && folded.unicodeScalars.allSatisfy { $0.isASCII && $0.properties.isAlphabetic }
            if Self.lettersOfTheirOwn.contains(character) {
                #expect(!isASCIILetters, "\(character) U+\(String(scalar.value, radix: 16)) is a letter of its own, folded to \(folded)")
            } else if !isASCIILetters {
                unfolded.append("\(character) U+\(String(scalar.value, radix: 16, uppercase: true)) → \(folded)")
            }
        }
        #expect(unfolded.isEmpty, "not folded to ASCII letters: \(unfolded)")
    }

    @Test func theFindingsLettersFoldToTheirBaseLetters() {
        let expected: [(Character, String)] = [
            ("ł", "l"), ("Ł", "L"), ("ø", "o"), ("Ø", "O"), ("đ", "d"), ("ħ", "h"), ("ı", "i"), ("ŀ", "l"),
            ("æ", "ae"), ("Æ", "AE"), ("œ", "oe"), ("ß", "ss"), ("ẞ", "SS"), ("ǿ", "o"), ("ǣ", "ae"), ("ĳ", "ij"),
            ("ﬁ", "fi"), ("ǆ", "dz"), ("é", "e"), ("ð", "ð"), ("þ", "þ"),
        ]
        for (letter, base) in expected {
            #expect(Self.accentsOff.fold(letter) == base, "\(letter)")
        }
        // Turkic case keeps the dotless i a letter of its own.
        #expect(TextFolding(SearchOptions(diacritics: .insensitive, language: "tr")).fold("ı") == "ı")
        #expect(LatinLetterFolding.fold("Łukasz Yılmaz Straße") == "Lukasz Yilmaz Strasse")
    }

    static let options: [SearchOptions] = [
        SearchOptions(diacritics: .insensitive), SearchOptions(caseMatching: .sensitive, diacritics: .insensitive),
        SearchOptions(diacritics: .insensitive, words: .wholeWords),
        SearchOptions(caseMatching: .sensitive, diacritics: .insensitive, words: .wholeWords),
        SearchOptions(diacritics: .insensitive, spanning: .acrossRows),
        SearchOptions(diacritics: .insensitive, language: "tr"),
        SearchOptions(diacritics: .insensitive, syntax: .regularExpression),
    ]

    /// Rows holding every letter of the three blocks, composed and (when it has one) decomposed,
    /// alone, inside words, next to marks, and beside the ASCII spelling of its folding.
    static let rows: [String] = latinLetters.flatMap { scalar -> [String] in
        let letter = String(scalar)
        let decomposed = letter.decomposedStringWithCanonicalMapping
        let folded = accentsOff.fold(Character(scalar))
        return [
            "\(letter) x\(letter)y \(letter)\(letter) \(folded) \(folded.uppercased())",
            "\(decomposed)ukasz \(letter)\u{301}a \(letter)-\(letter)'s \(folded)\(letter)\(folded)",
        ]
    } + ["Łukasz Yılmaz Straße STRASSE strasse Æsir aesir œuvre oeuvre ĳs ijs ﬁle file", "ae æ a e ææ aeae"]

    @Test(arguments: options)
    func everyFastPathEqualsTheReferenceOverLatinExtended(_ options: SearchOptions) throws {
        let corpus = FastPathsTests.corpus(Self.rows + FastPathsTests.generatedRows(2_000))
        var queries = Set(["lukasz", "yilmaz", "strasse", "ss", "ae", "a", "e", "oe", "ij", "fi", "file", "dz", "l", "o", "d", "h", "i"])
        // Every letter's folding (every row holds every letter); one letter in five as typed.
        for (number, scalar) in Self.latinLetters.enumerated() {
            let folded = Self.accentsOff.fold(Character(scalar))
            queries.insert(folded)
            if number % 5 == 0 { queries.insert(String(scalar)) }
        }
        for query in queries.sorted() {
            let text = options.syntax == .regularExpression ? query + "|budget" : query
            try Self.expectSameHits(text, options, corpus)
        }
    }

    @Test func theLiteralMatcherTakesFoldedQueries() throws {
        for query in ["lukasz", "Łukasz", "strasse", "yilmaz", "we'll"] {
            #expect(LiteralMatcher(try Query(query, options: SearchOptions(diacritics: .insensitive))) != nil, "\(query)")
        }
    }

    @Test func accentsOffFindsLettersThatDoNotDecompose() throws {
        let corpus = FastPathsTests.corpus(["Łukasz said so", "Yılmaz agreed", "the Straße", "Søren and Æsa"])
        func found(_ query: String) throws -> [String] {
            let hits = try SearchRequest(text: query, options: SearchOptions(diacritics: .insensitive)).runner().search(corpus)
            return (0..<hits.count).map { position in
                let hit = hits.hit(at: position)
                let text = corpus.text(ofRow: hit.row)
                return String(text[hit.range(in: text)])
            }
        }
        #expect(try found("lukasz") == ["Łukasz"])
        #expect(try found("yilmaz") == ["Yılmaz"])
        #expect(try found("strasse") == ["Straße"])
        #expect(try found("soren") == ["Søren"])
        #expect(try found("aesa") == ["Æsa"])
    }

    @Test func speakerNamesAndSuggestionsFoldLettersThatDoNotDecompose() throws {
        #expect(NamePattern("lukasz").matches("Łukasz Nowak"))
        #expect(NamePattern("yilmaz").matches("Ayşe Yılmaz"))
        #expect(NamePattern("soren").matches("Søren Kierkegaard"))
        #expect(NamePattern("\"lukasz nowak\"").matches("Łukasz Nowak"))
        let catalog = SuggestionCatalog(speakers: [(name: "Łukasz Nowak", rows: 3), (name: "Lucy", rows: 2), (name: "Bob", rows: 1)])
        let names = catalog.suggestions(for: "speaker:lu").map(\.value)
        #expect(names.contains("Łukasz Nowak") && names.contains("Lucy"), "\(names)")
    }

    /// The fast paths' hits against the reference's, reporting only the counts when they differ.
    static func expectSameHits(_ text: String, _ options: SearchOptions, _ corpus: Corpus) throws {
        let found = try SearchRequest(text: text, options: options).runner().search(corpus)
        let expected = SearchRunner(try RegexMatcher(try Query(text, options: options)), spanning: options.spanning).search(corpus)
        if found != expected {
            let first = (0..<max(found.count, expected.count)).first { position in
                position >= found.count || position >= expected.count || found.hit(at: position) != expected.hit(at: position)
            } ?? 0
            let row = first < expected.count ? expected.hit(at: first).row : found.hit(at: first).row
            Issue.record("\(text) (\(options)): \(found.count) hits, reference \(expected.count); first difference in \(corpus.text(ofRow: row))")
        }
    }
}
