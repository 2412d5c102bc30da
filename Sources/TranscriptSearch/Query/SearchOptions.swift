import Foundation

/// Whether letter case must match.
public enum CaseMatching: String, Sendable, CaseIterable, Codable {
    /// `Budget` finds `budget` and `BUDGET` (simple case folding per character, as `Regex.ignoresCase()`).
    case insensitive
    /// `Budget` finds only `Budget`.
    case sensitive
}

/// Whether accents (and other combining marks) must match.
public enum DiacriticMatching: String, Sendable, CaseIterable, Codable {
    /// `café` finds only `café` (and `cafe` + U+0301, its canonical equivalent).
    case sensitive
    /// `cafe` finds `café`, `Zurich` finds `Zürich`: marks are removed from query and text (after
    /// canonical decomposition) and hits are mapped back to whole characters of the original text.
    case insensitive
}

/// Whether a hit must be a whole word.
public enum WordMatching: String, Sendable, CaseIterable, Codable {
    /// A hit may start and end anywhere, inside words too (`cat` finds `concatenate`).
    case anywhere
    /// Hits must start and end on Unicode (UAX #29) word boundaries; a CJK ideograph is a word.
    case wholeWords
}

/// How the query text is read.
public enum QuerySyntax: String, Sendable, CaseIterable, Codable {
    /// Every character stands for itself (`a.b` finds only `a.b`).
    case verbatim
    /// A Swift `Regex` pattern; case folding still applies unless case-sensitive.
    case regularExpression
    /// Words and operators (`BooleanQuery`: `pricing EU -travel "action item" budg*`): each hit a
    /// window of the terms, within `SearchOptions.within`.
    case boolean
}

/// Whether a hit may run from one row into the next (`--across-cues`).
public enum RowSpanning: String, Sendable, CaseIterable, Codable {
    /// Each row is searched on its own: a hit lies inside one row.
    case withinRows
    /// Each transcript is searched as one text, its rows joined by one space, so a sentence cut
    /// over two cues ("we need to cut the" / "budget by ten percent") is found. A hit is recorded
    /// against the row it starts in, its range running on into the following rows (see `Hit`).
    /// Never across two transcripts. A row filter applies to the row a hit starts in.
    case acrossRows
}

/// How a `fuzzy` search compares a query word with a word of the text.
public enum FuzzyComparison: String, Sendable, CaseIterable, Codable {
    /// By spelling (`--fuzzy`): within the word's edit budget.
    case spelling
    /// By sound as well (`--sounds-like`, for names): the two share a Double Metaphone code (primary
    /// or alternate; accents and case do not count) and lie within twice the edit budget, so
    /// `katherine` finds `Catherine` (1 edit, K0RN) but not `Kathy` (K0). A word of 1–3 letters
    /// still has a budget of 0: a short name is found only as spelt.
    case sound
}

/// How a query matches, as Readium's `SearchOptions`. Frozen at construction of a matcher.
public struct SearchOptions: Hashable, Sendable, Codable {
    /// Whether letter case must match; insensitive by default.
    public var caseMatching: CaseMatching
    /// Whether accents must match; they must by default.
    public var diacritics: DiacriticMatching
    /// Whether hits must be whole words; not by default.
    public var words: WordMatching
    /// Whether the text is verbatim (the default) or a regular expression.
    public var syntax: QuerySyntax
    /// A BCP 47 language whose case rules apply (`tr`, `az`: dotted and dotless i), or nil.
    public var language: String?
    /// Whether hits may cross from one row into the next; a search option, not a matcher's: the
    /// `SearchRunner` decides what text a matcher sees.
    public var spanning: RowSpanning
    /// Where a `.boolean` query's terms must fall together (`--within`); `turn` by default.
    /// Other syntaxes ignore it.
    public var within: WindowScope
    /// Whether each word also finds its forms (`--forms`: budget finds budgets, budgeted,
    /// budgeting; child finds children), in any case, by `WordForms` for `language` (English when
    /// nil); a language without word forms is a `QueryError`. Off by default; for verbatim words
    /// and phrases and a `.boolean` query's words (not prefixes, not regular expressions).
    public var forms: Bool
    /// Whether words match approximately (`--fuzzy`): each word of the query finds the words of
    /// the text within its edit budget (0 edits for 1–3 characters, 1 for 4–7, 2 for 8 or more;
    /// `fuzzyEdits` for 4 or more when set), a word split in two or two words joined, each hit
    /// carrying its edits. Off by default; for verbatim words and phrases and a `.boolean`
    /// query's words.
    public var fuzzy: Bool
    /// The budget of every query word of 4 or more characters under `fuzzy` (`--edits N`, 0–3),
    /// or nil for the length rule.
    public var fuzzyEdits: Int?
    /// How `fuzzy` compares words: by spelling (the default) or by sound (`--sounds-like`).
    /// Ignored without `fuzzy`.
    public var fuzzyComparison: FuzzyComparison

    /// Options with the defaults of `tsearch` without flags: case-insensitive, accents count, anywhere in
    /// words, verbatim, no language, within rows.
    public init(
        caseMatching: CaseMatching = .insensitive, diacritics: DiacriticMatching = .sensitive,
        words: WordMatching = .anywhere, syntax: QuerySyntax = .verbatim, language: String? = nil,
        spanning: RowSpanning = .withinRows, within: WindowScope = .turn, forms: Bool = false,
        fuzzy: Bool = false, fuzzyEdits: Int? = nil, fuzzyComparison: FuzzyComparison = .spelling
    ) {
        self.caseMatching = caseMatching
        self.diacritics = diacritics
        self.words = words
        self.syntax = syntax
        self.language = language
        self.spanning = spanning
        self.within = within
        self.forms = forms
        self.fuzzy = fuzzy
        self.fuzzyEdits = fuzzyEdits
        self.fuzzyComparison = fuzzyComparison
    }

    enum CodingKeys: String, CodingKey {
        case caseMatching, diacritics, words, syntax, language, spanning, within, forms, fuzzy, fuzzyEdits, fuzzyComparison
    }

    /// Reads options saved before `spanning` existed as `withinRows`, before `within` as `turn`,
    /// before `forms` without forms, before `fuzzy` exact, before `fuzzyComparison` by spelling.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        caseMatching = try container.decode(CaseMatching.self, forKey: .caseMatching)
        diacritics = try container.decode(DiacriticMatching.self, forKey: .diacritics)
        words = try container.decode(WordMatching.self, forKey: .words)
        syntax = try container.decode(QuerySyntax.self, forKey: .syntax)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        spanning = try container.decodeIfPresent(RowSpanning.self, forKey: .spanning) ?? .withinRows
        within = try container.decodeIfPresent(WindowScope.self, forKey: .within) ?? .turn
        forms = try container.decodeIfPresent(Bool.self, forKey: .forms) ?? false
        fuzzy = try container.decodeIfPresent(Bool.self, forKey: .fuzzy) ?? false
        fuzzyEdits = try container.decodeIfPresent(Int.self, forKey: .fuzzyEdits)
        fuzzyComparison = try container.decodeIfPresent(FuzzyComparison.self, forKey: .fuzzyComparison) ?? .spelling
    }

    /// The options a query can set, as `supportedOptions` reports them.
    public enum Option: String, Sendable, CaseIterable {
        /// One per option: `-s`, accents (`--ignore-accents` turns them off), `-w`, `-E`, `--language`,
        /// `--across-cues`, `--bool` (with `--within`), `--forms`, `--fuzzy` (with `--edits`).
        case caseSensitive, diacriticSensitive, wholeWord, regularExpression, language, acrossRows, boolean, wordForms, fuzzy
    }

    /// Every option this build implements, with its default: what a UI may offer (as Readium's
    /// `searchOptions`). A test flips each one and sees the results change.
    public static let supportedOptions: [Option: String] = [
        .caseSensitive: "false", .diacriticSensitive: "true", .wholeWord: "false",
        .regularExpression: "false", .language: "none (tr and az tailor i/İ/ı/I)", .acrossRows: "false",
        .boolean: "false (within: turn, row, file, Ns, Nw)", .wordForms: "false (English)",
        .fuzzy: "false (edits: 0 for 1–3 characters, 1 for 4–7, 2 for 8 or more; by spelling, or by sound with twice the edits)",
    ]

    /// Whether `code` is a BCP 47 language tag whose language is a known ISO 639 code (`tr`,
    /// `az-Latn`, `en_US`, `fil`): what `language` may be. `turkish` or `xx` are not.
    public static func isKnownLanguage(_ code: String) -> Bool {
        guard let first = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first,
              (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return Locale.LanguageCode(String(first).lowercased()).isISOLanguage
    }

    /// Languages whose case folding differs from the default: Turkish and Azerbaijani.
    var usesTurkicCase: Bool {
        guard let language else { return false }
        let primary = language.lowercased().split(separator: "-").first.map(String.init) ?? ""
        return primary == "tr" || primary == "az"
    }
}
