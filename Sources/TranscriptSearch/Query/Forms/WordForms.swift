// WordForms: which words are forms of one another, for searching by word forms (`--forms`).
//
//   word ──► case-folded (’ read as ')
//     │
//     ├─ an irregular form? (children, went, bought; also children's)  ──► stem of its lemma
//     │     IrregularForms: child/children, go/goes/went/gone, …          (children → child)
//     └─ otherwise ──► EnglishStemmer (Porter2)                             (budgeting → budget)
//
// Two words are forms of one another when their keys are equal: budget, budgets, budgeted and
// budgeting all have the key "budget"; child and children the key "child". A key is a stem, not a
// word to show. Like any stemmer this conflates some unrelated words (`universe` and `university`
// share "univers") and misses some related ones (`goes` → "goe" on its own, which is why go's forms
// are listed); search by forms is for recall, the exact search stays exact.
//
// Languages: English only for now (nil, "en", "en-…", "en_…"); any other language is an error
// (`WordFormsError`), never a silent fall back to exact words.
//
// Cost: `key(of:)` is one lowercasing, one dictionary lookup and one stemming: O(n) in the word's
// length, a few small allocations. The irregular table is built once, on first use.

/// Word forms for one language: which words are inflections of one another (`budget`, `budgets`,
/// `budgeted`, `budgeting`; `child`, `children`; `go`, `went`, `gone`).
///
/// ```swift
/// let forms = try WordForms(language: "en")
/// forms.key(of: "Budgeting")              // "budget"
/// forms.matches("children", "child")      // true
/// ```
public struct WordForms: Sendable, Equatable {
    /// The languages that have word forms, as codes (`"en"`).
    public static let availableLanguages = ["en"]

    enum Language: Sendable, Equatable {
        case english
    }

    let language: Language

    /// Word forms for `language`, a language code such as `"en"` or `"en-GB"`.
    ///
    /// - Parameter language: nil, `"en"`, or `"en-…"` / `"en_…"` (any region, any case) for
    ///   English, the only language with word forms for now.
    /// - Throws: `WordFormsError.noStemmer(language)` for any other language (also `""`).
    public init(language: String?) throws(WordFormsError) {
        guard let language else {
            self.language = .english
            return
        }
        let code = language.lowercased()
        guard code == "en" || code.hasPrefix("en-") || code.hasPrefix("en_") else {
            throw WordFormsError.noStemmer(language)
        }
        self.language = .english
    }

    /// The key `word` shares with its other forms: the stem of its lemma.
    ///
    /// The word is case-folded first; it should be one word (no spaces). Irregular forms take their
    /// lemma's key (`children` → `child`, `went` → `go`, also with `'s`: `children's` → `child`);
    /// any other word takes its Porter2 stem (`budgeting` → `budget`, `team's` → `team`).
    /// - Complexity: O(n) in the word's length.
    public func key(of word: String) -> String {
        var folded = word.lowercased()
        if folded.unicodeScalars.contains("\u{2019}") {
            folded = String(String.UnicodeScalarView(folded.unicodeScalars.map { $0 == "\u{2019}" ? "'" : $0 }))
        }
        if let key = IrregularForms.key(of: folded) { return key }
        return EnglishStemmer.stem(folded)
    }

    /// Whether `a` and `b` are forms of one word: their keys are equal.
    /// - Complexity: O(n) in the words' lengths.
    public func matches(_ a: String, _ b: String) -> Bool {
        key(of: a) == key(of: b)
    }
}

/// Why word forms cannot be had; its `description` is the message to show.
public struct WordFormsError: Error, Equatable, Sendable, CustomStringConvertible {
    enum Kind: Equatable, Sendable {
        case noStemmer(String)
    }

    let kind: Kind

    /// There are no word forms for `language` (the code as given).
    public static func noStemmer(_ language: String) -> WordFormsError {
        WordFormsError(kind: .noStemmer(language))
    }

    /// The message, naming the languages that have word forms:
    /// `no word forms for language "fr": available: en (English, also en-GB, en-US, …)`.
    public var description: String {
        switch kind {
        case .noStemmer(let language):
            "no word forms for language \"\(language)\": available: en (English, also en-GB, en-US, …)"
        }
    }
}
