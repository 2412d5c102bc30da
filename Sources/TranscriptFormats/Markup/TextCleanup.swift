import TranscriptModel

/// The last steps every loader applies to a row's text, and the `Name:` speaker convention.
enum TextCleanup {
    /// Collapses every run of whitespace (spaces, tabs, line ends, no-break spaces) to one space and
    /// trims both ends: a cue's lines joined with one space.
    /// `collapsingWhitespace` on UTF-8 bytes, or nil when they may hold non-ASCII whitespace.
    private static func collapsingASCIIWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        for byte in bytes where byte == 0xC2 || byte == 0xE1 || byte == 0xE2 || byte == 0xE3 { return nil }
        var pendingSpace = false
        var started = false
        return String(unsafeUninitializedCapacity: bytes.count) { out in
            var count = 0
            for byte in bytes {
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    pendingSpace = started
                } else {
                    if pendingSpace {
                        out[count] = 0x20
                        count += 1
                    }
                    pendingSpace = false
                    started = true
                    out[count] = byte
                    count += 1
                }
            }
            return count
        }
    }

    static func collapsingWhitespace(_ text: some StringProtocol) -> String {
        // Fast path on bytes when no lead byte of a non-ASCII whitespace (U+0085, U+00A0, U+1680,
        // U+2000…U+205F, U+3000) occurs: then only ASCII whitespace needs collapsing.
        let asciiOnly = text.utf8.withContiguousStorageIfAvailable { bytes in
            collapsingASCIIWhitespace(bytes)
        } ?? Array(text.utf8).withUnsafeBufferPointer(collapsingASCIIWhitespace)
        if let asciiOnly { return asciiOnly }
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

    /// Cleaned text without terminal control (`ControlSequences`), collapsed again where that left
    /// spaces: the last step of every row's text.
    static func withoutControls(_ text: String) -> String {
        ControlSequences.hasControlCharacters(text) ? collapsingWhitespace(ControlSequences.stripped(text)) : text
    }

    /// Whether a file whose rows start with `candidates` label candidates out of `rows` is a
    /// transcript (everyone's turn labelled): then every candidate is a speaker.
    static func isTranscript(candidates: Int, rows: Int) -> Bool {
        candidates >= 2 && candidates * 2 >= rows
    }

    /// Whether a label candidate (see `speakerLabelCandidate`) is taken as the speaker: in capitals
    /// (`MAN:`), starting at least two rows of its file, or in a transcript.
    static func isSpeakerLabel(isAllCapitals: Bool, uses: Int, isTranscript: Bool) -> Bool {
        isTranscript || isAllCapitals || uses >= 2
    }

    /// A `Name: text` prefix of cleaned text that is shaped like a speaker label, split off; nil when
    /// there is none. The label is the text before the first `:`, at most 64 characters, shaped like
    /// a name by `SpeakerLabel`'s rules (`Alice`, `Dr. Ana María López-Ruiz`, `Priya R (she/her)`,
    /// `Seun's iPhone`, `MAN 2`, `陈伟`), then `: ` and more text. So `Car j'ai 3 spécialités: …`,
    /// `Note: …` and `At 10:30: …` are not labels; `Digo: …` still is a candidate (see `SpeakerLabels`).
    static func speakerLabelCandidate(_ text: String) -> (label: String, isAllCapitals: Bool, text: String)? {
        guard let colonByte = text.utf8.prefix(160).firstIndex(of: UInt8(ascii: ":")),
              let colon = colonByte.samePosition(in: text),
              text.distance(from: text.startIndex, to: colon) <= 64
        else { return nil }
        let label = text[..<colon]
        let rest = text[text.index(after: colon)...]
        guard rest.first == " ", let shape = SpeakerLabel.shape(of: label) else { return nil }
        let body = collapsingWhitespace(rest)
        return body.isEmpty ? nil : (String(label), shape == .allCapitals, body)
    }
}
