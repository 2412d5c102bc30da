/// Splits HTML-like text into tags and text runs, with line numbers; comments, doctypes and
/// processing instructions are skipped. Never fails: a `<` that opens no tag is text.
///
/// Complexity: O(length). The scan only moves forward, and the one search that could look ahead
/// again and again (for the `>` that closes a tag) remembers what it found: a `<` that opens no
/// tag is text without a search, and the next `>` is looked for once for all the `<` before it.
/// `examined` counts the scalars looked at, so a test can hold the scan to its linear bound.
struct MarkupScanner {
    enum Token {
        /// A tag: lower-cased name, attributes (lower-cased names, values unquoted), whether it is
        /// an end tag, the 1-based line it starts on.
        case tag(String, [String: String], isEnd: Bool, line: Int)
        case text(String)
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    /// The last search for `>`: no `>` lies in `from..<found` (nil found: none up to the end), so a
    /// later search from inside that range has its answer without looking again.
    private var lastClose: (from: Int, found: Int?) = (Int.max, nil)
    /// Scalars looked at so far (each search and text run counted): at most a few times the
    /// text's length, whatever the text.
    private(set) var examined = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    private mutating func advance(to end: Int) {
        while index < end {
            if scalars[index] == "\n" { line += 1 }
            index += 1
        }
    }

    /// The end of a comment: the first `-->` from `start`.
    private mutating func commentEnd(from start: Int) -> Int? {
        var position = start
        while position + 3 <= scalars.count {
            examined += 1
            if scalars[position] == "-", scalars[position + 1] == "-", scalars[position + 2] == ">" { return position }
            position += 1
        }
        return nil
    }

    /// The first `>` at or after `start`. Remembered: a search from inside the range the last one
    /// covered is answered without looking again, so each scalar is looked at about once.
    private mutating func close(from start: Int) -> Int? {
        if start >= lastClose.from, start <= lastClose.found ?? scalars.count { return lastClose.found }
        var position = start
        while position < scalars.count, scalars[position] != ">" {
            examined += 1
            position += 1
        }
        let found = position < scalars.count ? position : nil
        lastClose = (start, found)
        return found
    }

    /// Whether a comment (`<!--`) starts at `index`.
    private var isAtComment: Bool {
        index + 3 < scalars.count && scalars[index] == "<" && scalars[index + 1] == "!" && scalars[index + 2] == "-"
            && scalars[index + 3] == "-"
    }

    /// The next tag or text run; nil at the end.
    mutating func next() -> Token? {
        // `<! … >` (not a comment) and `<? … >`: skipped, in a loop (thousands may follow each other).
        while index + 1 < scalars.count, scalars[index] == "<", scalars[index + 1] == "?" || scalars[index + 1] == "!" && !isAtComment {
            let close = close(from: index) ?? scalars.count - 1
            advance(to: close + 1)
        }
        guard index < scalars.count else { return nil }
        if scalars[index] != "<" {
            var end = index
            while end < scalars.count, scalars[end] != "<" { end += 1 }
            examined += end - index
            let text = String(String.UnicodeScalarView(scalars[index..<end]))
            advance(to: end)
            return .text(text)
        }
        // `<!-- … -->`: skipped.
        if isAtComment {
            // A comment inside <STYLE> holds the CSS: give its inside as text.
            let close = commentEnd(from: index + 4) ?? scalars.count
            let inside = String(String.UnicodeScalarView(scalars[(index + 4)..<close]))
            advance(to: min(scalars.count, close + 3))
            return .text(inside.contains("{") ? inside : "")
        }
        let nameStart = index + 1 + (index + 1 < scalars.count && scalars[index + 1] == "/" ? 1 : 0)
        // A `<` that opens no tag is text, without looking for a `>`.
        guard nameStart < scalars.count, scalars[nameStart].properties.isAlphabetic, let close = close(from: nameStart) else {
            advance(to: index + 1)
            return .text("<")
        }
        let isEnd = nameStart == index + 2
        let inside = String(String.UnicodeScalarView(scalars[nameStart..<close]))
        let tagLine = line
        advance(to: close + 1)
        let name = String(inside.prefix { !$0.isWhitespace && $0 != "/" }).lowercased()
        return .tag(name, Self.attributes(inside.dropFirst(name.count)), isEnd: isEnd, line: tagLine)
    }

    /// `Start=1000 Class="ENUSCC"` → `["start": "1000", "class": "ENUSCC"]`.
    static func attributes(_ text: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = text
        while true {
            rest = rest.drop { $0.isWhitespace || $0 == "/" }
            let name = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != "/" }
            guard !name.isEmpty else { return result }
            rest = rest[name.endIndex...].drop { $0.isWhitespace }
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop { $0.isWhitespace }
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let body = rest.dropFirst().prefix { $0 != quote }
                    value = String(body)
                    rest = rest[body.endIndex...].dropFirst()
                } else {
                    let body = rest.prefix { !$0.isWhitespace }
                    value = String(body)
                    rest = rest[body.endIndex...]
                }
            }
            result[name.lowercased()] = value
        }
    }
}
