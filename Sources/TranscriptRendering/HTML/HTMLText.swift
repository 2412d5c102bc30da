import TranscriptModel

/// Escaping for HTML: every piece of transcript text goes through here. Control characters (never
/// valid in HTML text) are removed first.
enum HTMLText {
    /// Text content and attribute values alike: `&`, `<`, `>`, `"` and `'` become references.
    static func escaped(_ text: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in ControlSequences.stripped(text).unicodeScalars {
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
}
