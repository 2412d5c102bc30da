/// Which Unicode scalars the literal matcher may decide on by their bytes alone.
///
/// A *plain* scalar is one that is always a whole `Character` by itself next to another plain
/// scalar or ASCII: its grapheme cluster break property is Other (not Extend, ZWJ, SpacingMark,
/// Prepend, Control, a regional indicator or a Hangul jamo/syllable). So in a run of ASCII and plain
/// scalars every scalar is one character, and comparing characters is comparing scalars. Anything
/// else near a candidate hit sends the row to the `Regex` reference.
///
/// The predicate uses general categories and a few ranges, deliberately more conservative than the
/// grapheme rules themselves; `ScalarClassesTests.plainScalarsAreWholeCharacters` checks every
/// plain scalar against the standard library's own character breaking, next to ASCII, other plain
/// scalars and itself.
enum PlainScalars {
    /// Whether `value` (a non-ASCII scalar value) is plain. Invalid values are not.
    static func isPlain(_ value: UInt32) -> Bool {
        switch value {
        case 0x0E33, 0x0EB3,  // Thai and Lao AM: letters that are spacing marks for grapheme breaking
             0x0D4E,  // Malayalam dot reph: a letter that is a prepended mark
             0x1100...0x11FF, 0xA960...0xA97F, 0xAC00...0xD7FF,  // Hangul jamo and syllables join each other
             0x11000...0x11FFF:  // Brahmi-derived scripts with prepended letters
            return false
        default:
            break
        }
        guard let scalar = Unicode.Scalar(value) else { return false }
        let properties = scalar.properties
        if properties.isGraphemeExtend || properties.isEmojiModifier { return false }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .mathSymbol, .currencySymbol, .modifierSymbol, .spaceSeparator:
            return true
        default:
            return false
        }
    }
}

/// UTF-8 stepping over a buffer that holds valid UTF-8 (the corpus's row text).
enum UTF8Stepping {
    /// The scalar value starting at `index` and its length in bytes.
    @inline(__always)
    static func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 {
            return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2)
        }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
        }
        return ((lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                    | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F), 4)
    }

    /// The start of the scalar that ends at `index` (exclusive), not before `lowerBound`.
    @inline(__always)
    static func startOfScalar(before index: Int, lowerBound: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = index - 1
        while start > lowerBound && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }
}
