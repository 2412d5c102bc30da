import Foundation
import Testing
@testable import TranscriptSearch

/// Word forms: which words `--forms` treats as one (`WordForms`), the Porter2 stemmer under it
/// (`EnglishStemmer`), and the stemmer word for word against Snowball's reference implementation.
struct WordFormsTests {
    let forms: WordForms

    init() throws {
        forms = try WordForms(language: "en")
    }

    // MARK: Forms that find each other

    @Test(arguments: [
        ["budget", "budgets", "budgeted", "budgeting", "Budget", "BUDGETING", "budget's"],
        ["meeting", "meetings", "meet", "meets", "met"],
        ["child", "children", "child's", "children's", "Children"],
        ["consign", "consigned", "consigning", "consignment"],
        ["generous", "generously"],
        ["knight", "knightly", "knights"],
        ["team", "teams", "team's", "teams'", "team\u{2019}s"],
        ["happy", "happiness"],
        ["hope", "hoping", "hoped", "hopes"],
        ["run", "runs", "running", "ran"],
    ])
    func formsShareOneKey(_ words: [String]) {
        for a in words {
            for b in words {
                #expect(forms.matches(a, b), "\(a) (\(forms.key(of: a))) and \(b) (\(forms.key(of: b)))")
            }
        }
    }

    @Test func everyIrregularFormTakesItsLemmasKey() {
        var seen: [String: String] = [:]
        for line in IrregularForms.groups.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            let lemma = words[0]
            #expect(words.count >= 2, "\(lemma) lists no form")
            for form in words.dropFirst() {
                #expect(seen[form] == nil, "\(form) is listed under \(seen[form] ?? "") and \(lemma)")
                seen[form] = lemma
                #expect(forms.key(of: form) == forms.key(of: lemma), "\(form) → \(forms.key(of: form))")
                #expect(forms.matches(form + "'s", lemma), "\(form)'s")
                #expect(forms.matches(form.uppercased(), lemma), "\(form.uppercased())")
            }
        }
        #expect(seen.count >= 140, "\(seen.count) irregular forms")
    }

    @Test(arguments: [
        ("go", ["goes", "going", "went", "gone"]),
        ("say", ["says", "said", "saying"]),
        ("buy", ["buys", "bought", "buying"]),
        ("take", ["takes", "took", "taken", "taking"]),
        ("write", ["writes", "wrote", "written", "writing"]),
        ("speak", ["speaks", "spoke", "spoken", "speaking"]),
        ("pay", ["pays", "paid", "paying"]),
        ("leave", ["leaves", "left", "leaving"]),
        ("think", ["thinks", "thought", "thinking"]),
        ("person", ["people", "persons"]),
        ("woman", ["women", "women's"]),
        ("mouse", ["mice"]), ("foot", ["feet"]), ("tooth", ["teeth"]), ("goose", ["geese"]),
    ])
    func irregularVerbsAndNouns(lemma: String, others: [String]) {
        for other in others {
            #expect(forms.matches(lemma, other), "\(lemma) (\(forms.key(of: lemma))) and \(other) (\(forms.key(of: other)))")
        }
    }

    // MARK: Words kept apart

    @Test(arguments: [
        ("news", "new"), ("generous", "generate"), ("communication", "community"), ("arsenal", "arsenic"),
        ("skis", "skies"), ("inning", "inn"), ("outing", "out"), ("herring", "her"), ("proceed", "proce"),
        ("meet", "meat"), ("children", "chill"), ("met", "metal"), ("left", "leftist"),
        ("does", "doe") /* does is listed under do; doe is a deer */,
    ])
    func unrelatedWordsKeepTheirOwnKeys(_ a: String, _ b: String) {
        #expect(!forms.matches(a, b), "\(a) and \(b) share \(forms.key(of: a))")
    }

    /// Porter2's known conflations, stated so a change of algorithm is seen: Snowball 3.0 keeps
    /// these apart, the Porter2 of this stemmer does not.
    @Test func porter2JoinsSomeUnrelatedWords() {
        #expect(forms.matches("universe", "university"))
        #expect(forms.key(of: "universe") == "univers")
        #expect(forms.matches("past", "paste"))
        #expect(forms.matches("even", "evening"))
    }

    // MARK: Languages

    @Test(arguments: [nil, "en", "EN", "en-GB", "en-us", "en_US.UTF-8"] as [String?])
    func englishIsAvailable(_ language: String?) throws {
        let forms = try WordForms(language: language)
        #expect(forms.key(of: "budgeting") == "budget")
    }

    @Test(arguments: ["fr", "de-DE", "", "eng", "english", "e"])
    func otherLanguagesAreAnError(_ language: String) {
        #expect(throws: WordFormsError.noStemmer(language)) { try WordForms(language: language) }
    }

    @Test func theErrorNamesTheLanguagesThereAre() {
        let message = WordFormsError.noStemmer("fr").description
        #expect(message == "no word forms for language \"fr\": available: en (English, also en-GB, en-US, …)")
        #expect(WordForms.availableLanguages == ["en"])
    }

    // MARK: The stemmer, from the algorithm's description

    @Test(arguments: [
        // Suffixes of steps 1 to 5 (the algorithm's sample vocabulary).
        ("consign", "consign"), ("consigned", "consign"), ("consigning", "consign"), ("consignment", "consign"),
        ("consistency", "consist"), ("consistently", "consist"), ("consolation", "consol"),
        ("consolatory", "consolatori"), ("consolidating", "consolid"), ("consolingly", "consol"),
        ("conspicuously", "conspicu"), ("conspiracy", "conspiraci"), ("conspirators", "conspir"),
        ("constable", "constabl"), ("constancy", "constanc"), ("knack", "knack"),
        ("knackeries", "knackeri"), ("kneaded", "knead"), ("kneeled", "kneel"), ("knightly", "knight"),
        ("knitting", "knit"), ("knives", "knive"), ("knocker", "knocker"),
        // Regions: gener-, commun-, arsen- start R1 after themselves.
        ("generous", "generous"), ("generously", "generous"), ("generate", "generat"),
        ("communication", "communic"), ("arsenal", "arsenal"),
        // Step 1a: sses, ies after one or more letters, s after a vowel-bearing part, us and ss.
        ("caresses", "caress"), ("cries", "cri"), ("ties", "tie"), ("gaps", "gap"), ("gas", "gas"),
        ("kiwis", "kiwi"), ("ponies", "poni"),
        // Step 1b: eed in R1, ed/ing then +e, undoubling, +e on a short word.
        ("agreed", "agre"), ("feed", "feed"), ("bled", "bled"), ("hoping", "hope"), ("hopping", "hop"),
        ("sing", "sing"),
        // Step 1c and y as a consonant.
        ("happy", "happi"), ("says", "say"), ("cry", "cri"), ("by", "by"),
        // Exceptional forms, and words left as step 1a made them.
        ("skis", "ski"), ("skies", "sky"), ("dying", "die"), ("lying", "lie"), ("tying", "tie"),
        ("idly", "idl"), ("gently", "gentl"), ("ugly", "ugli"), ("early", "earli"), ("only", "onli"),
        ("singly", "singl"), ("news", "news"), ("howe", "howe"), ("atlas", "atlas"), ("cosmos", "cosmos"),
        ("bias", "bias"), ("andes", "andes"), ("innings", "inning"), ("outings", "outing"),
        ("canning", "canning"), ("herring", "herring"), ("earrings", "earring"), ("proceed", "proceed"),
        ("exceed", "exceed"), ("succeed", "succeed"), ("proceeded", "proceed"),
        // Apostrophes.
        ("team's", "team"), ("teams'", "team"), ("'tis", "tis"), ("team\u{2019}s", "team"),
    ])
    func stemsFromTheDescription(word: String, stem: String) {
        #expect(EnglishStemmer.stem(word) == stem)
    }

    @Test func lettersOutsideASCIIAreNonVowelsKeptAsTheyAre() {
        #expect(EnglishStemmer.stem("café") == "café")
        #expect(EnglishStemmer.stem("cafés") == "café")
        #expect(EnglishStemmer.stem("naïvely") == "naïv")
        #expect(EnglishStemmer.stem("über") == "über")
        #expect(EnglishStemmer.stem("ab") == "ab")
        #expect(EnglishStemmer.stem("") == "")
    }

    // MARK: Every word of the reference vocabulary

    static let referenceData = ProcessInfo.processInfo.environment["TSEARCH_WORDFORMS_DATA"]

    /// `TSEARCH_WORDFORMS_DATA=DIR` (made by `bash Scripts/wordforms/fetch.sh DIR`: voc.txt and the
    /// stems Snowball's own implementation gives, output.txt): every word must stem the same.
    @Test(.enabled(if: referenceData != nil,
                   "TSEARCH_WORDFORMS_DATA is not set (bash Scripts/wordforms/fetch.sh DIR makes it): the reference vocabulary is skipped"))
    func everyReferenceWordStemsAsSnowballDoes() throws {
        let directory = URL(fileURLWithPath: try #require(Self.referenceData))
        let words = try Self.lines(of: directory.appendingPathComponent("voc.txt"))
        let stems = try Self.lines(of: directory.appendingPathComponent("output.txt"))
        try #require(words.count == stems.count, "voc.txt has \(words.count) lines, output.txt \(stems.count)")
        try #require(words.count > 100_000, "only \(words.count) words")
        var mismatches: [String] = []
        var mismatchCount = 0
        for (word, expected) in zip(words, stems) {
            let stem = EnglishStemmer.stem(word)
            if stem != expected {
                mismatchCount += 1
                if mismatches.count < 10 { mismatches.append("\(word) → \(stem), expected \(expected)") }
            }
        }
        #expect(mismatchCount == 0,
                "\(mismatchCount) of \(words.count) words differ, first: \(mismatches.joined(separator: "; "))")
    }

    /// The `--forms` scan finds a word by the prefixes of its key (`FormsMatcher.prefixes`): every
    /// word of the reference vocabulary (without apostrophes) starts with one of its own key's
    /// prefixes.
    @Test(.enabled(if: referenceData != nil,
                   "TSEARCH_WORDFORMS_DATA is not set (bash Scripts/wordforms/fetch.sh DIR makes it): the reference vocabulary is skipped"))
    func everyReferenceWordStartsWithAPrefixOfItsKey() throws {
        let directory = URL(fileURLWithPath: try #require(Self.referenceData))
        let forms = try WordForms(language: "en")
        var misses: [String] = []
        var missCount = 0
        var prefixes: [String: [String]] = [:]
        // The search's words are runs of letters and digits (`\w+`): an apostrophe ends one.
        let words = try Self.lines(of: directory.appendingPathComponent("voc.txt")).filter { $0.allSatisfy { $0.isLetter || $0.isNumber } }
        try #require(words.count > 100_000, "only \(words.count) words")
        for word in words {
            let folded = word.lowercased()
            let key = forms.key(of: folded)
            let own = prefixes[key] ?? FormsMatcher.prefixes(ofKey: key)
            prefixes[key] = own
            if !own.contains(where: { folded.hasPrefix($0) }) {
                missCount += 1
                if misses.count < 10 { misses.append("\(word) (key \(key), prefixes \(own))") }
            }
        }
        #expect(missCount == 0, "\(missCount) of \(words.count) words start with none of their key's prefixes: \(misses.joined(separator: "; "))")
    }

    static func lines(of file: URL) throws -> [String] {
        let text = try String(contentsOf: file, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
