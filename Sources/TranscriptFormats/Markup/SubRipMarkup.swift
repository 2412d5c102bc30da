/// Strips the markup SubRip files carry: HTML-like tags (`<i>`, `</b>`, `<font color="…">`, `<u>`,
/// `<s>`), ASS override blocks (`{\an8}`, `{\i1}`), and character references (`&amp;`); the ASS
/// line break `\N` and hard space `\h` that converted files carry become spaces.
///
/// Only the tags SubRip players know are removed (`i`, `b`, `u`, `s`, `font`, and `v`, `c`, `lang`,
/// `ruby`, `rt`, `span`, `br` from converted WebVTT), in any case and with stray spaces (`< /i >`),
/// up to the next `>` on the line. Other angle-bracket text stays, as players show it: sound
/// descriptions such as `<LAUGHING>`, `x < y`, `<3`.
enum SubRipMarkup {
    static func plainText(_ text: String) -> String {
        guard text.utf8.contains(where: {
            $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "\\")
        }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let whole = Substring(text)
        let scalars = whole.unicodeScalars
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "<", let end = tagEnd(scalars, from: index) {
                index = end
            } else if scalar == "{", let end = overrideBlockEnd(scalars, from: index) {
                index = end
            } else if scalar == "\\", let next = scalars.index(index, offsetBy: 1, limitedBy: scalars.endIndex),
                      next != scalars.endIndex, scalars[next] == "N" || scalars[next] == "h" {
                out += " "
                index = scalars.index(after: next)
            } else if scalar == "&", let (value, end) = Entities.decode(in: whole, at: index) {
                out += value
                index = end
            } else {
                out.unicodeScalars.append(scalar)
                index = scalars.index(after: index)
            }
        }
        return out
    }

    /// `text` without ASS override blocks (`{\an8}`), which files converted from SubRip carry into
    /// other formats (pycaption writes them into DFXP and SAMI as text).
    static func withoutOverrideBlocks(_ text: String) -> String {
        guard text.contains("{\\") else { return text }
        var out = ""
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index != scalars.endIndex {
            if scalars[index] == "{", let end = overrideBlockEnd(Substring(text).unicodeScalars, from: index) {
                index = end
            } else {
                out.unicodeScalars.append(scalars[index])
                index = scalars.index(after: index)
            }
        }
        return out
    }

    static let knownTags: Set<String> = ["i", "b", "u", "s", "font", "v", "c", "lang", "ruby", "rt", "span", "br"]

    /// The index past the `>` of a known tag starting at `start`, or nil if the text there is none.
    private static func tagEnd(_ scalars: Substring.UnicodeScalarView, from start: Substring.Index) -> Substring.Index? {
        var index = scalars.index(after: start)
        func skipSpaces() { while index != scalars.endIndex, scalars[index] == " " { index = scalars.index(after: index) } }
        skipSpaces()
        if index != scalars.endIndex, scalars[index] == "/" { index = scalars.index(after: index) }
        skipSpaces()
        var name = ""
        while index != scalars.endIndex, scalars[index].isASCII, scalars[index].properties.isAlphabetic {
            name.unicodeScalars.append(scalars[index])
            index = scalars.index(after: index)
        }
        guard knownTags.contains(name.lowercased()), index != scalars.endIndex,
              [">", " ", ".", "/", "\t"].contains(scalars[index]) else { return nil }
        while index != scalars.endIndex {
            switch scalars[index] {
            case ">": return scalars.index(after: index)
            case "<", "\n", "\r": return nil
            default: index = scalars.index(after: index)
            }
        }
        return nil
    }

    /// The index past the `}` of an override block `{\…}` starting at `start`, or nil.
    private static func overrideBlockEnd(_ scalars: Substring.UnicodeScalarView, from start: Substring.Index) -> Substring.Index? {
        let next = scalars.index(after: start)
        guard next != scalars.endIndex, scalars[next] == "\\" else { return nil }
        var index = next
        while index != scalars.endIndex {
            if scalars[index] == "}" { return scalars.index(after: index) }
            if scalars[index] == "{" || scalars[index] == "\n" { return nil }
            index = scalars.index(after: index)
        }
        return nil
    }
}
