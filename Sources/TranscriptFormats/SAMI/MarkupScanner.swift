/// Splits HTML-like text into tags and text runs, with line numbers; comments, doctypes and
/// processing instructions are skipped. Never fails: a `<` that opens no tag is text.
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
    /// Where a search for `>` last found none: none follows any later position either, which
    /// keeps a text full of `<` linear instead of quadratic.
    private var noCloseFrom = Int.max

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    private mutating func advance(to end: Int) {
        while index < end {
            if scalars[index] == "\n" { line += 1 }
            index += 1
        }
    }

    private func find(_ pattern: String, from start: Int) -> Int? {
        let wanted = Array(pattern.unicodeScalars)
        var position = start
        while position + wanted.count <= scalars.count {
            if scalars[position] == wanted[0], Array(scalars[position..<(position + wanted.count)]) == wanted { return position }
            position += 1
        }
        return nil
    }

    mutating func next() -> Token? {
        guard index < scalars.count else { return nil }
        if scalars[index] != "<" {
            var end = index
            while end < scalars.count, scalars[end] != "<" { end += 1 }
            let text = String(String.UnicodeScalarView(scalars[index..<end]))
            advance(to: end)
            return .text(text)
        }
        // `<!-- … -->`, `<! … >`, `<? … >`: skipped.
        if index + 3 < scalars.count, scalars[index + 1] == "!", scalars[index + 2] == "-", scalars[index + 3] == "-" {
            // A comment inside <STYLE> holds the CSS: give its inside as text.
            let close = find("-->", from: index + 4) ?? scalars.count
            let inside = String(String.UnicodeScalarView(scalars[(index + 4)..<close]))
            advance(to: min(scalars.count, close + 3))
            return .text(inside.contains("{") ? inside : "")
        }
        if index + 1 < scalars.count, scalars[index + 1] == "!" || scalars[index + 1] == "?" {
            let close = scalars[index...].firstIndex(of: ">") ?? scalars.count - 1
            advance(to: close + 1)
            return next()
        }
        let nameStart = index + 1 + (index + 1 < scalars.count && scalars[index + 1] == "/" ? 1 : 0)
        let close = nameStart < noCloseFrom ? scalars[min(nameStart, scalars.count)...].firstIndex(of: ">") : nil
        if close == nil { noCloseFrom = min(noCloseFrom, nameStart) }
        guard nameStart < scalars.count, scalars[nameStart].properties.isAlphabetic, let close else {
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
