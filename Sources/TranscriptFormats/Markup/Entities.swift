/// HTML character references as they appear in subtitle text: the named ones subtitle tools write,
/// and numeric ones (`&#233;`, `&#xE9;`). Anything else, including a bare `&`, stays as written.
enum Entities {
    /// Decodes the reference that starts at `text[start]` (which is `&`); returns the scalar(s) and
    /// the index just past the `;`, or nil when there is no known reference there.
    static func decode(in text: Substring, at start: Substring.Index) -> (String, Substring.Index)? {
        let scalars = text.unicodeScalars
        var index = scalars.index(after: start)
        var name = ""
        while index != scalars.endIndex, name.count <= 32 {
            let scalar = scalars[index]
            if scalar == ";" {
                guard let value = value(of: name) else { return nil }
                return (value, scalars.index(after: index))
            }
            guard scalar.properties.isASCIIHexDigit || (scalar.isASCII && scalar.properties.isAlphabetic)
                || scalar == "#" else { return nil }
            name.unicodeScalars.append(scalar)
            index = scalars.index(after: index)
        }
        return nil
    }

    private static func value(of name: String) -> String? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let number: UInt32?
            if digits.first == "x" || digits.first == "X" {
                number = UInt32(digits.dropFirst(), radix: 16)
            } else {
                number = UInt32(digits, radix: 10)
            }
            guard let number, number != 0 else { return nil }
            return String(Unicode.Scalar(number) ?? "\u{FFFD}")
        }
        return named[name]
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
        "lrm": "\u{200E}", "rlm": "\u{200F}", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}",
        "ndash": "–", "mdash": "—", "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
        "laquo": "«", "raquo": "»", "copy": "©", "reg": "®", "trade": "™", "deg": "°", "euro": "€",
        "pound": "£", "yen": "¥", "cent": "¢", "sect": "§", "para": "¶", "middot": "·", "bull": "•",
        "times": "×", "divide": "÷", "iexcl": "¡", "iquest": "¿", "shy": "\u{AD}", "zwj": "\u{200D}",
        "zwnj": "\u{200C}",
    ]
}
