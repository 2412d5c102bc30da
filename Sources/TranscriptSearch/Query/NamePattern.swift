import Foundation

/// A name as a person types it to pick a speaker (or a section, or a file): `Alice` for
/// "Alice Johnson", `jose` for "José García", `Alice J` for "Alice Johnson", `"Alice Johnson"`
/// (in double quotes) for exactly that name.
///
/// Both sides are cut into *name parts* (runs of letters and digits; spaces, hyphens, dots and
/// other punctuation separate them) and folded (case and accents ignored: `José` ≡ `jose`,
/// `ZOË` ≡ `zoe`). Then:
///
/// ```
///  typed       Ali  J             name parts   alice  johnson  (folded)
///  .nameParts  each typed word is a prefix of a part, the words on consecutive parts in order:
///              "Ali J" ✓  "Johnson" ✓  "J Ali" ✗  "lice" ✗
///  .wholeName  the same parts, all of them, each whole: only "alice johnson" (any case, accents,
///              punctuation between parts)
/// ```
///
/// Text with no letters or digits (`?`) is one part of itself, so it still matches only itself.
public struct NamePattern: Hashable, Sendable {
    /// How much of a name the typed words must cover.
    public enum Extent: Hashable, Sendable {
        /// Each word is the start of a name part, on consecutive parts: `Ali` matches "Alice Johnson".
        case nameParts
        /// The words are all the name's parts, each whole: `"Alice Johnson"` matches only that name.
        case wholeName
    }

    /// The typed words, folded.
    public let words: [String]
    /// Whether the words are starts of name parts or the whole name.
    public let extent: Extent

    /// The pattern for `typed`: a value in double quotes (`"Alice Johnson"`, as a query token keeps
    /// it) matches the whole name, anything else by name parts.
    public init(_ typed: String) {
        if typed.count >= 2, typed.hasPrefix("\""), typed.hasSuffix("\"") {
            self.init(words: Self.parts(of: String(typed.dropFirst().dropLast())), extent: .wholeName)
        } else {
            self.init(words: Self.parts(of: typed), extent: .nameParts)
        }
    }

    /// A pattern of already folded `words` (as `parts(of:)` gives them).
    public init(words: [String], extent: Extent) {
        self.words = words
        self.extent = extent
    }

    /// Whether `name` is one this pattern picks. - Complexity: O(length of name) to fold it; use
    /// `matches(parts:)` with parts folded once when testing many times.
    public func matches(_ name: String) -> Bool {
        matches(parts: Self.parts(of: name))
    }

    /// Whether a name whose folded parts are `parts` is one this pattern picks.
    public func matches(parts: [String]) -> Bool {
        switch extent {
        case .wholeName:
            return parts == words
        case .nameParts:
            guard !words.isEmpty, words.count <= parts.count else { return false }
            return (0...(parts.count - words.count)).contains { start in
                words.indices.allSatisfy { parts[start + $0].hasPrefix(words[$0]) }
            }
        }
    }

    /// `name` folded (case and accents) and cut into its parts: `"José García-López"` →
    /// `["jose", "garcia", "lopez"]`. Text with no letter or digit is one part of itself, folded.
    public static func parts(of name: String) -> [String] {
        let folded = fold(name)
        let parts = folded.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        if parts.isEmpty {
            let trimmed = folded.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? [] : [trimmed]
        }
        return parts
    }

    /// `text` without case or accents (`"Zoë"` → `"zoe"`, `"İlkay"` → `"ilkay"`), letters that have
    /// no decomposition included (`"Łukasz"` → `"lukasz"`, `"Yılmaz"` → `"yilmaz"`).
    public static func fold(_ text: String) -> String {
        LatinLetterFolding.fold(text).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}
