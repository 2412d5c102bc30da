/// A token a search field can offer for what the user has typed (SwiftUI's suggested tokens, a
/// shell's completion): a speaker, a section or a file of the corpus, with how many rows it has
/// and, given a search's hits, how many of them are in it.
public struct Suggestion: Hashable, Sendable {
    /// What a suggestion names; the raw value is its query token's key (`speaker:`).
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// A row's speaker (`speaker:`).
        case speaker
        /// A row's section title (`section:`).
        case section
        /// A source file's path (`file:`).
        case file
    }

    /// Whether this names a speaker, a section or a file.
    public var kind: Kind
    /// The speaker's name, the section's title or the file's path, as the corpus has it.
    public var value: String
    /// Rows with this speaker, in this section or in this file.
    public var rows: Int
    /// Hits of the search given to `SuggestionCatalog.suggestions(for:hits:)` in those rows; nil
    /// when no search was given.
    public var hits: Int?
    /// For a speaker: every spelling the corpus has for this person, most rows first (one, the
    /// value, when the person has one spelling; see `SpeakerGroups`). Empty for sections and files.
    public var spellings: [String]

    /// A suggestion of `kind` for `value`.
    public init(kind: Kind, value: String, rows: Int, hits: Int? = nil, spellings: [String] = []) {
        self.kind = kind
        self.value = value
        self.rows = rows
        self.hits = hits
        self.spellings = spellings
    }

    /// The query token that picks exactly this one, to put in a query or show as a chip:
    /// `speaker:"Alice Johnson"` (quoted: the whole name, see `NamePattern`), `section:"Budget"`,
    /// `file:"notes/standup.vtt"` (the whole path as a glob; a path holding `*`, `?` or `[` may
    /// pick a few more files).
    public var token: String {
        "\(kind.rawValue):\"\(value)\""
    }
}
