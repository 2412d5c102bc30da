import TranscriptModel

/// Where words start, for `WindowScope.words`: a word is a run of letters, digits and marks (a
/// mark continues the word before it); each CJK ideograph is a word of its own; anything else
/// (spaces, punctuation, the space between two rows) separates words. "can't" is two words, as
/// it is for `-w`'s neighbours.
enum WordStarts {
    /// What a scalar is to a word.
    enum Kind { case separator, letter, ideograph }

    static func kind(_ scalar: Unicode.Scalar) -> Kind {
        let value = scalar.value
        if value < 0x80 {
            let byte = UInt8(value)
            return (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) ? .letter : .separator
        }
        let properties = scalar.properties
        if properties.isIdeographic { return .ideograph }
        if properties.isAlphabetic || properties.numericType != nil { return .letter }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return .letter
        default: return .separator
        }
    }

    /// Whether a word starts at a scalar of `kind` after one of kind `previous`.
    static func starts(_ kind: Kind, after previous: Kind) -> Bool {
        switch kind {
        case .separator: false
        case .ideograph: true
        case .letter: previous != .letter
        }
    }

    /// The words that start in `bytes[range]` of one row's UTF-8 text, `previous` being the kind
    /// of the scalar before the range (`.separator` at a row's start); stops counting past `cap`.
    /// Returns the count and the kind of the range's last scalar.
    static func count(
        in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, after previous: Kind, cap: Int = .max
    ) -> (count: Int, last: Kind) {
        var previous = previous
        var count = 0
        var index = range.lowerBound
        while index < range.upperBound, count <= cap {
            let lead = bytes[index]
            let kind: Kind
            if lead < 0x80 {
                kind = (lead >= 0x30 && lead <= 0x39) || (lead | 0x20 >= 0x61 && lead | 0x20 <= 0x7A) ? .letter : .separator
                index += 1
            } else {
                let (scalar, length) = decode(bytes, at: index)
                kind = self.kind(scalar)
                index += length
            }
            if starts(kind, after: previous) { count += 1 }
            previous = kind
        }
        return (count, previous)
    }

    /// The kind of the scalar that ends just before `offset` in `bytes` (`.separator` at 0).
    static func kind(before offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Kind {
        guard offset > 0 else { return .separator }
        var start = offset - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return kind(decode(bytes, at: start).scalar)
    }

    /// The scalar at `index` of valid UTF-8 `bytes` and its length in bytes.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        let replacement: Unicode.Scalar = "\u{FFFD}"
        guard index + length <= bytes.count else { return (replacement, 1) }
        var value = UInt32(length == 1 ? lead : lead & (0xFF >> (length + 1)))
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? replacement, length)
    }

    /// The word starts among the characters that begin at places `from..<to` of the corpus's rows
    /// taken as one text (`WindowTerms.place`: each row, then one separator), counting no further
    /// than just past `cap`; `from` must lie in row `row`. Reads the text buffer in place, ASCII a
    /// byte at a time. - Complexity: O(bytes between the places, or to the cap).
    static func count(
        from: Int, inRow row: Int, to: Int, cap: Int, bytes: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<Int>
    ) -> Int {
        guard from < to else { return 0 }
        var row = row
        var index = offsets[row] + (from - offsets[row] - row)  // into `bytes`
        var previous: Kind = index > offsets[row] ? kind(before: index - offsets[row], in: UnsafeBufferPointer(rebasing: bytes[offsets[row]..<offsets[row + 1]])) : .separator
        var count = 0
        let rowCount = offsets.count - 1
        while count <= cap {
            // This row's bytes up to `to` (in places: the row starts at offsets[row] + row).
            let end = min(offsets[row + 1], to - row)
            while index < end, count <= cap {
                let lead = bytes[index]
                let current: Kind
                if lead < 0x80 {
                    current = (lead >= 0x30 && lead <= 0x39) || (lead | 0x20 >= 0x61 && lead | 0x20 <= 0x7A) ? .letter : .separator
                    index += 1
                } else {
                    let (scalar, length) = decode(bytes, at: index)
                    current = kind(scalar)
                    index += length
                }
                if starts(current, after: previous) { count += 1 }
                previous = current
            }
            // The separator after the row, then the next row, while the range goes on.
            guard offsets[row + 1] + row + 1 < to, row + 1 < rowCount else { break }
            row += 1
            index = offsets[row]
            previous = .separator
        }
        return count
    }
}
