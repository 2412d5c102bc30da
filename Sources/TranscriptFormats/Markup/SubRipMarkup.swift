/// Strips the markup SubRip files carry: HTML-like tags (`<i>`, `</b>`, `<font color="…">`, `<u>`,
/// `<s>`), ASS override blocks (`{\an8}`, `{\i1}`), and character references (`&amp;`).
///
/// Only tag-shaped text is removed: `<` followed by a letter or `/` and a letter, up to the next `>`
/// before another `<`; `x < y` and `<3` stay.
enum SubRipMarkup {
    static func plainText(_ text: String) -> String {
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

    /// The index past the `>` of a tag starting at `start`, or nil if the text there is no tag.
    private static func tagEnd(_ scalars: Substring.UnicodeScalarView, from start: Substring.Index) -> Substring.Index? {
        var index = scalars.index(after: start)
        if index != scalars.endIndex, scalars[index] == "/" { index = scalars.index(after: index) }
        guard index != scalars.endIndex, scalars[index].isASCII, scalars[index].properties.isAlphabetic
        else { return nil }
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
