/// Whether a place in a row is a Unicode default word boundary (UAX #29, as `Regex`'s `\b` with
/// `.wordBoundaryKind(.default)` decides it), judged on the ASCII bytes around it; anything that
/// depends on a non-ASCII scalar is `.unsure` and left to the reference.
///
/// The rules that matter among ASCII (WB numbers from UAX #29):
///
/// ```
///  start or end of the row              boundary          (WB1, WB2)
///  CR × LF, space × space               none              (WB3, WB3d)
///  letter/digit/_ × letter/digit/_      none              (WB5, WB8–WB10, WB13a, WB13b)
///  letter × (: . ') × letter            none on both sides (WB6, WB7: "can't", "e.g", "a:b")
///  digit × (, ; . ') × digit            none on both sides (WB11, WB12: "3.14", "1,000")
///  anything else                        boundary          (WB3a, WB3b, WB999: "well-known")
/// ```
///
/// A neighbour that is not ASCII (a letter, a mark that WB4 attaches, an ideograph) makes the
/// answer `.unsure`, as does a middle character whose far side is not ASCII.
enum WordBoundary {
    enum Verdict {
        case boundary
        case noBoundary
        case unsure
    }

    /// The word-break class of an ASCII byte, as far as the rules above need it.
    private enum Kind {
        case letter, digit, extender, midLetter, midNumber, midBoth, space, carriageReturn, newline, other
    }

    private static func kind(_ byte: UInt8) -> Kind {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): return .letter
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return .digit
        case UInt8(ascii: "_"): return .extender
        case UInt8(ascii: ":"): return .midLetter
        case UInt8(ascii: ","), UInt8(ascii: ";"): return .midNumber
        case UInt8(ascii: "."), UInt8(ascii: "'"): return .midBoth
        case UInt8(ascii: " "): return .space
        case 0x0D: return .carriageReturn
        case 0x0A, 0x0B, 0x0C: return .newline
        default: return .other
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
        let before = bytes[position - 1]
        let after = bytes[position]
        if before >= 0x80 || after >= 0x80 { return .unsure }
        let left = kind(before)
        let right = kind(after)
        switch (left, right) {
        case (.carriageReturn, .newline) where after == 0x0A, (.space, .space):
            return .noBoundary
        case (.letter, .letter), (.letter, .digit), (.letter, .extender), (.digit, .letter), (.digit, .digit),
             (.digit, .extender), (.extender, .letter), (.extender, .digit), (.extender, .extender):
            return .noBoundary
        case (.letter, _), (.digit, _):
            // A middle character after a letter or digit: joined when the same kind follows it.
            guard joins(right, left) else { return .boundary }
            let farPosition = position + 1
            if farPosition >= rowEnd { return .boundary }
            let far = bytes[farPosition]
            if far >= 0x80 { return .unsure }
            return kind(far) == left ? .noBoundary : .boundary
        case (_, .letter), (_, .digit):
            guard joins(left, right) else { return .boundary }
            let farPosition = position - 2
            if farPosition < rowStart { return .boundary }
            let far = bytes[farPosition]
            if far >= 0x80 { return .unsure }
            return kind(far) == right ? .noBoundary : .boundary
        default:
            return .boundary
        }
    }
}
