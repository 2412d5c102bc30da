/// Highlight markup, both ways, as Algolia's `HighlightRenderer` reads it: text with each hit wrapped
/// in a pre tag and a post tag (`<em>budget</em>`).
///
/// Encoding escapes `&`, `<` and `>` in the text (as HTML), so text that itself contains a tag can
/// never be mistaken for a highlight; decoding undoes exactly that. Ranges are UTF-8 byte offsets
/// into the plain text, the same as on every other wire.
public struct HighlightMarkup: Hashable, Sendable {
    /// The text written before each hit (`<em>` by default); never empty.
    public var preTag: String
    /// The text written after each hit (`</em>` by default); never empty.
    public var postTag: String

    /// Markup with the given tags; an empty tag is a programming error (it traps).
    public init(preTag: String = "<em>", postTag: String = "</em>") {
        precondition(!preTag.isEmpty && !postTag.isEmpty, "highlight tags are never empty")
        self.preTag = preTag
        self.postTag = postTag
    }

    /// `text` with each of `ranges` (UTF-8 offsets, in order, not overlapping) wrapped in the tags.
    public func encode(_ text: String, ranges: [Range<Int>]) -> String {
        let bytes = Array(text.utf8)
        var out = ""
        var cursor = 0
        for range in ranges {
            precondition(range.lowerBound >= cursor && range.upperBound <= bytes.count, "highlight ranges are in order and inside the text")
            out += Self.escaped(bytes[cursor..<range.lowerBound]) + preTag + Self.escaped(bytes[range]) + postTag
            cursor = range.upperBound
        }
        return out + Self.escaped(bytes[cursor...])
    }

    /// The plain text and the highlighted ranges (UTF-8 offsets into it) of `markup`; nil when the
    /// tags are unbalanced (a post tag with no pre tag, a pre tag inside a highlight or left open).
    public func decode(_ markup: String) -> (text: String, ranges: [Range<Int>])? {
        var text: [UInt8] = []
        var ranges: [Range<Int>] = []
        var open: Int?
        let bytes = Array(markup.utf8)
        let pre = Array(preTag.utf8), post = Array(postTag.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index...].starts(with: pre) {
                guard open == nil else { return nil }
                open = text.count
                index += pre.count
            } else if bytes[index...].starts(with: post) {
                guard let start = open else { return nil }
                ranges.append(start..<text.count)
                open = nil
                index += post.count
            } else if bytes[index] == UInt8(ascii: "&"), let (byte, length) = Self.entity(bytes, at: index) {
                text.append(byte)
                index += length
            } else {
                text.append(bytes[index])
                index += 1
            }
        }
        guard open == nil, let plain = String(validating: text, as: UTF8.self) else { return nil }
        return (plain, ranges)
    }

    private static func escaped(_ bytes: ArraySlice<UInt8>) -> String {
        var out = ""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func entity(_ bytes: [UInt8], at index: Int) -> (UInt8, Int)? {
        for (name, byte) in [("&amp;", UInt8(ascii: "&")), ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">"))]
        where bytes[index...].starts(with: name.utf8) {
            return (byte, name.utf8.count)
        }
        return nil
    }
}
