/// A hit in its surroundings, as Readium's `Locator.Text`: the text `before` it, the `highlight`
/// itself, and the text `after` it, for a one-line preview.
public struct Snippet: Hashable, Sendable {
    /// The text before the hit: up to the snippet's length, on to a word's start, whitespace runs as one
    /// space.
    public var before: String
    /// The hit's own text.
    public var highlight: String
    /// The text after the hit, cut as `before` is.
    public var after: String

    /// A snippet from its three parts.
    public init(before: String, highlight: String, after: String) {
        self.before = before
        self.highlight = highlight
        self.after = after
    }

    /// The snippet of `range` in `text`: up to `length` characters on each side, extended to the
    /// nearest word boundary (at most `length` characters more) so no word is cut, whitespace collapsed.
    public init(text: String, range: Range<String.Index>, length: Int) {
        let window = Self.window(around: range, in: text, length: length)
        self.init(
            before: Self.collapsed(text[window.lowerBound..<range.lowerBound]),
            highlight: String(text[range]),
            after: Self.collapsed(text[range.upperBound..<window.upperBound])
        )
    }

    /// The part of `text` a snippet of `range` shows: up to `length` characters on each side,
    /// extended to the nearest whitespace (at most `length` characters more). Shared with the
    /// attributed snippets of `TranscriptRendering`, so both cut at the same place.
    public static func window(around range: Range<String.Index>, in text: String, length: Int) -> Range<String.Index> {
        precondition(length >= 0, "a snippet length is never negative")
        var lower = text.index(range.lowerBound, offsetBy: -length, limitedBy: text.startIndex) ?? text.startIndex
        var extra = 0
        while lower > text.startIndex, extra < length, !text[text.index(before: lower)].isWhitespace {
            lower = text.index(before: lower)
            extra += 1
        }
        var upper = text.index(range.upperBound, offsetBy: length, limitedBy: text.endIndex) ?? text.endIndex
        extra = 0
        while upper < text.endIndex, extra < length, !text[upper].isWhitespace {
            upper = text.index(after: upper)
            extra += 1
        }
        return lower..<upper
    }

    /// Runs of whitespace as one space; ends kept (a space next to the highlight matters).
    private static func collapsed(_ text: Substring) -> String {
        var out = ""
        var inSpace = false
        for character in text {
            if character.isWhitespace {
                if !inSpace { out.append(" ") }
                inSpace = true
            } else {
                out.append(character)
                inSpace = false
            }
        }
        return out
    }
}
