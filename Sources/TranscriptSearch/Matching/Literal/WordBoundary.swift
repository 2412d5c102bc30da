/// Whether a place in a row is a Unicode default word boundary (UAX #29, as `Regex`'s `\b` with
/// `.wordBoundaryKind(.default)` decides it), judged on the scalars around it; anything this does
/// not classify is `.unsure` and left to the reference.
///
/// The rules that matter (WB numbers from UAX #29), for the scalars it classifies: ASCII, Latin,
/// Greek and Cyrillic letters, CJK ideographs and the ideographic comma and full stop:
///
/// ```
///  start or end of the row              boundary          (WB1, WB2)
///  CR × LF, space × space               none              (WB3, WB3d)
///  letter/digit/_ × letter/digit/_      none              (WB5, WB8–WB10, WB13a, WB13b)
///  letter × (: . ') × letter            none on both sides (WB6, WB7: "can't", "e.g", "a:b")
///  digit × (, ; . ') × digit            none on both sides (WB11, WB12: "3.14", "1,000")
///  anything else                        boundary          (WB3a, WB3b, WB999: "well-known",
///                                                         "会议budget", "会议")
/// ```
///
/// Any other neighbour (a mark, which WB4 attaches to the scalar before it, a joiner, Hebrew, Thai,
/// Katakana, an emoji…) makes the answer `.unsure`, as does a middle character whose far side is
/// one.
enum WordBoundary {
    enum Verdict {
        case boundary
        case noBoundary
        case unsure
    }

    /// The word-break class of a scalar, as far as the rules above need it.
    private enum Kind {
        case letter, digit, extender, midLetter, midNumber, midBoth, space, carriageReturn, newline, other, unknown
    }

    @inline(__always)
    private static func kind(_ value: UInt32) -> Kind {
        switch value {
        case 0x61...0x7A, 0x41...0x5A: return .letter
        case 0x30...0x39: return .digit
        case 0x5F: return .extender
        case 0x3A: return .midLetter
        case 0x2C, 0x3B: return .midNumber
        case 0x2E, 0x27: return .midBoth
        case 0x20: return .space
        case 0x0D: return .carriageReturn
        case 0x0A, 0x0B, 0x0C: return .newline
        case 0..<0x80: return .other
        case 0x3001, 0x3002: return .other  // ideographic comma and full stop
        default:
            guard let scalar = Unicode.Scalar(value) else { return .unknown }
            let properties = scalar.properties
            // Latin (Latin-1 to Latin Extended-B), Greek and Cyrillic letters are ALetter.
            if (0xC0...0x24F).contains(value) || (0x370...0x3FF).contains(value) && value != 0x37E && value != 0x387
                || (0x400...0x4FF).contains(value) {
                return properties.isAlphabetic && properties.generalCategory != .nonspacingMark ? .letter : .unknown
            }
            // CJK ideographs are none of the word classes: a boundary on each side.
            if properties.isIdeographic && properties.generalCategory == .otherLetter
                && ((0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value) || (0x20000...0x2FFFF).contains(value)) {
                return .other
            }
            return .unknown
        }
    }

    /// Whether a middle character of kind `middle` joins two neighbours of kind `side`.
    private static func joins(_ middle: Kind, _ side: Kind) -> Bool {
        switch (side, middle) {
        case (.letter, .midLetter), (.letter, .midBoth), (.digit, .midNumber), (.digit, .midBoth): return true
        default: return false
        }
    }

    /// The verdict at byte `position` of the row `rowStart..<rowEnd` of `bytes` (a character
    /// boundary).
    @inline(__always)
    static func at(_ position: Int, rowStart: Int, rowEnd: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Verdict {
        if position <= rowStart || position >= rowEnd { return .boundary }
        let beforeStart = UTF8Stepping.startOfScalar(before: position, lowerBound: rowStart, in: bytes)
        let left = kind(UTF8Stepping.scalar(at: beforeStart, in: bytes).value)
        let (afterValue, afterLength) = UTF8Stepping.scalar(at: position, in: bytes)
        let right = kind(afterValue)
        switch (left, right) {
        case (.unknown, _), (_, .unknown):
            return .unsure
        case (.carriageReturn, .newline) where afterValue == 0x0A, (.space, .space):
            return .noBoundary
        case (.letter, .letter), (.letter, .digit), (.letter, .extender), (.digit, .letter), (.digit, .digit),
             (.digit, .extender), (.extender, .letter), (.extender, .digit), (.extender, .extender):
            return .noBoundary
        case (.letter, _), (.digit, _):
            // A middle character after a letter or digit: joined when the same kind follows it.
            guard joins(right, left) else { return .boundary }
            let farPosition = position + afterLength
            if farPosition >= rowEnd { return .boundary }
            let far = kind(UTF8Stepping.scalar(at: farPosition, in: bytes).value)
            if far == .unknown { return .unsure }
            return far == left ? .noBoundary : .boundary
        case (_, .letter), (_, .digit):
            guard joins(left, right) else { return .boundary }
            if beforeStart <= rowStart { return .boundary }
            let farStart = UTF8Stepping.startOfScalar(before: beforeStart, lowerBound: rowStart, in: bytes)
            let far = kind(UTF8Stepping.scalar(at: farStart, in: bytes).value)
            if far == .unknown { return .unsure }
            return far == right ? .noBoundary : .boundary
        default:
            return .boundary
        }
    }
}
