/// The last steps every loader applies to a row's text, and the `Name:` speaker convention.
enum TextCleanup {
    /// Collapses every run of whitespace (spaces, tabs, line ends, no-break spaces) to one space and
    /// trims both ends: a cue's lines joined with one space.
    static func collapsingWhitespace(_ text: some StringProtocol) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Splits a `Name: text` prefix off cleaned text when it looks like a speaker label: one to four
    /// words of letters (with `.`, `'`, `-`, digits after the first letter, e.g. `SPEAKER_01`, `Dr. Chen`),
    /// at most 40 characters, then a colon and a space. `Note: …`-style false positives are possible
    /// and accepted: the convention is what transcripts use.
    static func splittingSpeakerPrefix(_ text: String) -> (speaker: String?, text: String) {
        guard let colon = text.firstIndex(of: ":"), text.distance(from: text.startIndex, to: colon) <= 40
        else { return (nil, text) }
        let label = text[..<colon]
        let rest = text[text.index(after: colon)...]
        guard rest.first == " ", let first = label.first, first.isLetter, first.isUppercase || !first.isCased
        else { return (nil, text) }
        let words = label.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count <= 4, words.allSatisfy({ word in
            !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || ".'-_’".contains($0) }
        }) else { return (nil, text) }
        let body = collapsingWhitespace(rest)
        return body.isEmpty ? (nil, text) : (String(label), body)
    }
}
