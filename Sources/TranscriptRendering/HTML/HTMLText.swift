import TranscriptModel

/// Escaping for HTML: every piece of transcript text goes through here, escaped for the context it
/// lands in (markup, a JSON string inside a `<script>` element, a link's path). Control characters
/// (never valid in HTML text) are removed first.
enum HTMLText {
    /// Text content and attribute values alike: `&`, `<`, `>`, `"` and `'` become references.
    static func escaped(_ text: some StringProtocol) -> String {
        let clean = ControlSequences.stripped(text)
        guard clean.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return clean
        }
        var out = ""
        out.reserveCapacity(clean.utf8.count + 16)
        for scalar in clean.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Appends `text` as a JSON string literal (quotes included) that is safe inside a
    /// `<script type="application/json">` element: besides `"` and `\`, `<`, `>` and `&` are
    /// written `\u003c`, `\u003e`, `\u0026` (so no `</script` or `<!--` can end or change the
    /// element), U+2028 and U+2029 as `\u2028` and `\u2029`, and any control character as `\u00XX`.
    static func appendJSONString(_ text: some StringProtocol, to out: inout String) {
        let clean = ControlSequences.stripped(text)
        out += "\""
        // 0xE2 leads U+2028/U+2029 (and much else, which is checked scalar by scalar below).
        guard clean.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0xE2 }) else {
            out += clean
            out += "\""
            return
        }
        for scalar in clean.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// A file path as a URL path: every byte but unreserved characters and `/` percent-encoded
    /// (`my talk#2.mp4` → `my%20talk%232.mp4`), so a space, `#`, `?` or `%` in a name stays part
    /// of the path. The result is plain ASCII and still needs `escaped` in an attribute.
    static func percentEncodedPath(_ path: String) -> String {
        var out = ""
        out.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += byte < 0x10 ? "%0" + hex : "%" + hex
            }
        }
        return out
    }
}
