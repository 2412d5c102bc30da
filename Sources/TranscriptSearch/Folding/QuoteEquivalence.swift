/// The apostrophes and quotation marks that case-insensitive search treats as one: a query's `'`
/// finds `’` (as Otter and word processors write "we’ll") and the reverse, and `"` finds `“ ” „`.
/// Case-sensitive search (`-s`) matches each exactly.
///
/// ```
///  apostrophes  '  U+0027   ’ U+2019   ‘ U+2018   ʼ U+02BC   ‛ U+201B   ′ U+2032
///  quotes       "  U+0022   “ U+201C   ” U+201D   „ U+201E
/// ```
///
/// The reference matcher puts a class of the set where the query has one of them; the fast
/// matchers accept every member for such a query character.
enum QuoteEquivalence {
    /// The apostrophe-like characters, the ASCII one first.
    static let apostrophes: [Unicode.Scalar] = ["\u{27}", "\u{2019}", "\u{2018}", "\u{2BC}", "\u{201B}", "\u{2032}"]
    /// The double quotation marks, the ASCII one first.
    static let quotes: [Unicode.Scalar] = ["\u{22}", "\u{201C}", "\u{201D}", "\u{201E}"]

    /// The smallest and largest non-ASCII member of either set: a scalar outside is none of them.
    static let nonASCIISpan: ClosedRange<UInt32> = {
        let values = (apostrophes + quotes).map(\.value).filter { $0 >= 0x80 }
        return (values.min() ?? 0x80)...(values.max() ?? 0x80)
    }()

    /// The set `character` belongs to (itself among them), or nil when it is none of them.
    static func equivalents(of character: Character) -> [Unicode.Scalar]? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return nil }
        return equivalents(of: scalar.value)
    }

    /// The set the scalar `value` belongs to, or nil.
    static func equivalents(of value: UInt32) -> [Unicode.Scalar]? {
        if apostrophes.contains(where: { $0.value == value }) { return apostrophes }
        if quotes.contains(where: { $0.value == value }) { return quotes }
        return nil
    }

    /// The ASCII member of the set `value` belongs to (`'` or `"`), or nil.
    static func asciiRepresentative(of value: UInt32) -> UInt8? {
        equivalents(of: value).map { UInt8($0[0].value) }
    }
}

extension QuoteEquivalence {
    /// A regular expression's `pattern` with each apostrophe or quotation mark outside brackets
    /// (escaped or not; inside `\Q…\E` too) replaced by a class of its set, or nil when it has none.
    /// Inside a bracketed class the marks stay as written.
    static func widened(pattern: String) -> String? {
        guard pattern.contains(where: { equivalents(of: $0) != nil }) else { return nil }
        let characters = Array(pattern)
        var out = ""
        var depth = 0
        var quoting = false
        var index = 0
        func set(_ members: [Unicode.Scalar]) -> String { "[" + String(String.UnicodeScalarView(members)) + "]" }
        while index < characters.count {
            let character = characters[index]
            let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
            if quoting {
                if character == "\\" && next == "E" {
                    quoting = false
                    out += "\\E"
                    index += 2
                } else {
                    out += equivalents(of: character).map { "\\E" + set($0) + "\\Q" } ?? String(character)
                    index += 1
                }
                continue
            }
            if character == "\\", let escaped = next {
                if depth == 0, let members = equivalents(of: escaped) {
                    out += set(members)
                } else {
                    out += "\\" + String(escaped)
                    if escaped == "Q" && depth == 0 { quoting = true }
                }
                index += 2
                continue
            }
            if character == "[" {
                depth += 1
            } else if character == "]" && depth > 0 {
                depth -= 1
            }
            out += depth == 0 ? (equivalents(of: character).map(set) ?? String(character)) : String(character)
            index += 1
        }
        return out
    }
}
