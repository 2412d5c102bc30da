/// How many terminal columns text takes, one grapheme at a time: East Asian wide and fullwidth
/// characters and emoji take two, combining marks and zero-width characters nothing extra (they
/// belong to their grapheme), everything else one. Used to wrap and clip lines without ever splitting
/// a grapheme.
public enum TerminalWidth {
    /// The columns `character` takes: 0 for a control character and for a grapheme that shows
    /// nothing (one that begins with a zero-width format character such as U+200B, U+200D, U+2060 or
    /// U+FEFF, or with a combining mark that has no letter to sit on), 2 for a wide, fullwidth or
    /// emoji grapheme, else 1. So a cue of 10,000 zero-width spaces takes no line of its own.
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.value < 0x20 || (0x7F..<0xA0).contains(first.value) { return 0 }
        if first.value >= 0x300, showsNothing(first) { return 0 }  // nothing below U+0300 is one
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }  // emoji presentation selector
        if first.properties.isEmojiPresentation { return 2 }
        return isWide(first.value) ? 2 : 1
    }

    /// The columns `text` takes: the sum over its graphemes. - Complexity: O(length).
    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// Whether a grapheme beginning with `scalar` takes no column, as terminals draw it (wcwidth's
    /// zero-width set): format characters but the soft hyphen, which terminals show; nonspacing and
    /// enclosing marks; Hangul vowels and finals that follow an initial.
    static func showsNothing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format: return scalar.value != 0xAD
        case .nonspacingMark, .enclosingMark: return true
        default: return (0x1160...0x11FF).contains(scalar.value)
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks.
    static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
             0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` cut into pieces of at most `width` columns, never inside a grapheme (a grapheme wider
    /// than `width` gets a line of its own).
    public static func wrap(_ text: String, width: Int) -> [Substring] {
        guard width > 0 else { return [text[...]] }
        var lines: [Substring] = []
        var start = text.startIndex
        var used = 0
        var index = text.startIndex
        while index < text.endIndex {
            let columns = of(text[index])
            if used + columns > width && index > start {
                lines.append(text[start..<index])
                start = index
                used = 0
            }
            used += columns
            index = text.index(after: index)
        }
        lines.append(text[start..<text.endIndex])
        return lines
    }
}
