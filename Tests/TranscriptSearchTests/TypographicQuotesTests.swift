import Foundation
import Testing
import TranscriptModel
@testable import TranscriptSearch

/// Ignoring case (the default), `'` `’` `‘` `ʼ` `‛` `′` match each other and `"` `“` `”` `„` match
/// each other; case-sensitive search matches each exactly. The reference defines it (a class of the
/// set in place of each such query character) and every fast path agrees.
struct TypographicQuotesTests {
    static let apostrophes = ["'", "\u{2019}", "\u{2018}", "\u{2BC}", "\u{201B}", "\u{2032}"]
    static let quotes = ["\"", "\u{201C}", "\u{201D}", "\u{201E}"]

    /// Rows of contractions, possessives and quotations written with every member of both sets,
    /// next to letters, digits, spaces, marks and the row's ends.
    static let rows: [String] = {
        var rows: [String] = []
        for mark in apostrophes {
            rows.append("we\(mark)ll revisit in Q3, it\(mark)s Łukasz\(mark)s call")
            rows.append("\(mark)budget\(mark) don\(mark)t 5\(mark)10 \(mark) \(mark)\(mark) we\(mark)\u{301}ll rock\(mark)n\(mark)roll")
        }
        for mark in quotes {
            rows.append("she said \(mark)ship it\(mark) and \(mark)café\(mark) \(mark)\(mark)")
        }
        for (left, right) in [("\u{201C}", "\u{201D}"), ("\u{201E}", "\u{201C}"), ("\u{2018}", "\u{2019}")] {
            rows.append("\(left)we\u{2019}ll ship it\(right), they said; Q3\(right)s plan")
        }
        return rows
    }()

    static let queries: [String] = apostrophes.flatMap { mark in
        ["we\(mark)ll", "\(mark)", "it\(mark)s", "don\(mark)t", "\(mark)budget\(mark)", "5\(mark)10", "rock\(mark)n\(mark)roll", "\(mark)\(mark)", "łukasz\(mark)s"]
    } + quotes.flatMap { mark in ["\(mark)ship it\(mark)", "\(mark)", "said \(mark)", "\(mark)café\(mark)"] }
        + ["we'll ship it", "Q3's", "\"we'll", "budget"]

    static let options: [SearchOptions] = [
        SearchOptions(), SearchOptions(caseMatching: .sensitive), SearchOptions(words: .wholeWords),
        SearchOptions(caseMatching: .sensitive, words: .wholeWords), SearchOptions(diacritics: .insensitive),
        SearchOptions(diacritics: .insensitive, words: .wholeWords), SearchOptions(spanning: .acrossRows),
        SearchOptions(language: "tr"),
    ]

    @Test(arguments: options)
    func everyFastPathEqualsTheReference(_ options: SearchOptions) throws {
        let corpus = FastPathsTests.corpus(Self.rows + FastPathsTests.generatedRows(3_000))
        for query in Self.queries {
            try LetterFoldingTests.expectSameHits(query, options, corpus)
        }
    }

    @Test(arguments: [SearchOptions(syntax: .regularExpression), SearchOptions(caseMatching: .sensitive, syntax: .regularExpression)])
    func regularExpressionsEqualTheReference(_ options: SearchOptions) throws {
        let corpus = FastPathsTests.corpus(Self.rows + FastPathsTests.generatedRows(2_000))
        for pattern in ["we'll|it's", "we\u{2019}ll", "don't\\s+\\d", "[']budget", "\\'budget", "\\Qwe'll\\E", "\"ship it\"|budget", "(we|it)'(ll|s)"] {
            try LetterFoldingTests.expectSameHits(pattern, options, corpus)
        }
    }

    @Test func aStraightApostropheFindsATypographicOneUnlessCaseCounts() throws {
        let corpus = FastPathsTests.corpus(["we\u{2019}ll revisit in Q3", "we'll revisit", "we\u{2018}ll", "she said \u{201C}ship it\u{201D}"])
        func count(_ query: String, _ options: SearchOptions = SearchOptions()) throws -> Int {
            try SearchRequest(text: query, options: options).runner().search(corpus).count
        }
        #expect(try count("we'll revisit in Q3") == 1)
        #expect(try count("we'll") == 3)
        #expect(try count("we\u{2019}ll") == 3)
        #expect(try count("we'll", SearchOptions(caseMatching: .sensitive)) == 1)
        #expect(try count("\"ship it\"") == 1)
        #expect(try count("\"ship it\"", SearchOptions(caseMatching: .sensitive)) == 0)
        #expect(try count("we'll|nothing", SearchOptions(syntax: .regularExpression)) == 3)
    }

    @Test func patternsWidenQuotesOutsideBrackets() {
        #expect(QuoteEquivalence.widened(pattern: "budget") == nil)
        #expect(QuoteEquivalence.widened(pattern: "we'll") == "we['’‘ʼ‛′]ll")
        #expect(QuoteEquivalence.widened(pattern: "[']x") == "[']x")
        #expect(QuoteEquivalence.widened(pattern: "\\'x") == "['’‘ʼ‛′]x")
        #expect(QuoteEquivalence.widened(pattern: "\\Qa'b\\E") == "\\Qa\\E['’‘ʼ‛′]\\Qb\\E")
        #expect(QuoteEquivalence.widened(pattern: "\u{201C}x") == "[\"“”„]x")
    }

    /// A store's prefilter (the server's SQL) keeps every row with a hit.
    @Test(arguments: [SearchOptions(), SearchOptions(words: .wholeWords), SearchOptions(diacritics: .insensitive)])
    func theRowPrefilterKeepsEveryRowWithAHit(_ options: SearchOptions) throws {
        let corpus = FastPathsTests.corpus(Self.rows)
        for query in Self.queries {
            let request = SearchRequest(text: query, options: options)
            guard let prefilter = RowPrefilter(request) else { continue }
            let hits = try request.runner().search(corpus)
            for position in 0..<hits.count {
                let text = Array(corpus.text(ofRow: hits.hit(at: position).row).utf8)
                let kept = prefilter.needles.contains { needle in
                    text.indices.contains { start in
                        start + needle.bytes.count <= text.count && needle.bytes.indices.allSatisfy { offset in
                            let byte = text[start + offset], wanted = needle.bytes[offset]
                            return byte == wanted || needle.asciiCase == .insensitive && byte | 0x20 == wanted | 0x20 && (wanted | 0x20) >= 0x61 && (wanted | 0x20) <= 0x7A
                        }
                    }
                }
                #expect(kept, "\(query): \(String(decoding: text, as: UTF8.self))")
            }
        }
    }
}
