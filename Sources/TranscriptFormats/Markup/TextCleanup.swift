/// The last steps every loader applies to a row's text, and the `Name:` speaker convention.
enum TextCleanup {
    /// Collapses every run of whitespace (spaces, tabs, line ends, no-break spaces) to one space and
    /// trims both ends: a cue's lines joined with one space.
    static func collapsingWhitespace(_ text: some StringProtocol) -> String {
        // Fast path on bytes when no lead byte of a non-ASCII whitespace (U+0085, U+00A0, U+1680,
        // U+2000…U+205F, U+3000) occurs: then only ASCII whitespace needs collapsing.
        if !text.utf8.contains(where: { $0 == 0xC2 || $0 == 0xE1 || $0 == 0xE2 || $0 == 0xE3 }) {
            var out: [UInt8] = []
            out.reserveCapacity(text.utf8.count)
            var pendingSpace = false
            for byte in text.utf8 {
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    pendingSpace = !out.isEmpty
                } else {
                    if pendingSpace { out.append(0x20) }
                    pendingSpace = false
                    out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
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

    /// A `Name: text` prefix of cleaned text that is shaped like a speaker label, split off; nil when
    /// there is none. The label is one to four words, at most 40 characters, then `: ` and more text.
    /// Each word is capitalised (`Alice`, `Chen Wei`, `Dr. Chen`), all capitals (`MAN 2`,
    /// `SPEAKER_01`), uncased (`陈伟`), or, after the first, a number. So `Car j'ai 3 spécialités: …`
    /// and `End of: …` are not labels; `Digo: …` still is a candidate (see `SpeakerLabels`).
    static func speakerLabelCandidate(_ text: String) -> (label: String, isAllCapitals: Bool, text: String)? {
        guard let colonByte = text.utf8.prefix(160).firstIndex(of: UInt8(ascii: ":")),
              let colon = colonByte.samePosition(in: text),
              text.distance(from: text.startIndex, to: colon) <= 40
        else { return nil }
        let label = text[..<colon]
        let rest = text[text.index(after: colon)...]
        guard rest.first == " " else { return nil }
        let words = label.split(separator: " ", omittingEmptySubsequences: false)
        guard (1...4).contains(words.count), words.first?.first?.isLetter == true else { return nil }
        var isAllCapitals = true
        for word in words {
            guard !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || ".'-_’".contains($0) }),
                  let first = word.first else { return nil }
            if word.allSatisfy({ $0.isNumber }) { continue }
            guard first.isUppercase || !first.isCased else { return nil }
            if word.contains(where: \.isLowercase) { isAllCapitals = false }
        }
        if !label.contains(where: \.isCased) { isAllCapitals = false }
        let body = collapsingWhitespace(rest)
        return body.isEmpty ? nil : (String(label), isAllCapitals, body)
    }
}
