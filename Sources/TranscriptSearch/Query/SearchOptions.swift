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
}

/// How a query matches, as Readium's `SearchOptions`. Frozen at construction of a matcher.
public struct SearchOptions: Hashable, Sendable, Codable {
    public var caseMatching: CaseMatching
    public var diacritics: DiacriticMatching
    public var words: WordMatching
    public var syntax: QuerySyntax
    /// A BCP 47 language whose case rules apply (`tr`, `az`: dotted and dotless i), or nil.
    public var language: String?

    public init(
        caseMatching: CaseMatching = .insensitive, diacritics: DiacriticMatching = .sensitive,
        words: WordMatching = .anywhere, syntax: QuerySyntax = .verbatim, language: String? = nil
    ) {
        self.caseMatching = caseMatching
        self.diacritics = diacritics
        self.words = words
        self.syntax = syntax
        self.language = language
    }

    /// The options a query can set, as `supportedOptions` reports them.
    public enum Option: String, Sendable, CaseIterable {
        case caseSensitive, diacriticSensitive, wholeWord, regularExpression, language
    }

    /// Every option this build implements, with its default: what a UI may offer (as Readium's
    /// `searchOptions`). A test flips each one and sees the results change.
    public static let supportedOptions: [Option: String] = [
        .caseSensitive: "false", .diacriticSensitive: "true", .wholeWord: "false",
        .regularExpression: "false", .language: "none (tr and az tailor i/İ/ı/I)",
    ]

    /// Languages whose case folding differs from the default: Turkish and Azerbaijani.
    var usesTurkicCase: Bool {
        guard let language else { return false }
        let primary = language.lowercased().split(separator: "-").first.map(String.init) ?? ""
        return primary == "tr" || primary == "az"
    }
}
