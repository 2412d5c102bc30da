/// Removes terminal control from untrusted transcript text: a subtitle file must not be able to drive
/// the user's terminal (clear the screen, set the clipboard with OSC 52, change colours).
///
/// Loaders apply it to every row's text, speaker and title, so no output (JSON read by `jq -r`
/// included) carries a sequence from a file; terminal renderers apply it again to whatever reaches
/// them, as defence in depth.
///
/// Removed: escape sequences whole (CSI `ESC [ … final`, OSC `ESC ] … BEL|ESC \`, DCS/SOS/PM/APC
/// strings up to their terminator, and two-character `ESC x`), the 8-bit forms of CSI/OSC/DCS
/// (U+009B, U+009D, U+0090 …), and every other C0 or C1 control character and DEL. Tabs and line
/// ends become a space. Everything else (including bidirectional marks) is kept.
public enum ControlSequences {
    /// Whether `text` holds any control character (and so anything `stripped` would change).
    @inlinable
    public static func hasControlCharacters(_ text: some StringProtocol) -> Bool {
        // Native strings and substrings are contiguous UTF-8: scan the buffer (a tight loop, no
        // generic iterator); anything else byte by byte.
        if let answer = text.utf8.withContiguousStorageIfAvailable(hasControlBytes) { return answer }
        return hasControlBytes(Array(text.utf8))
    }

    /// Whether UTF-8 `bytes` hold a control character: C0 and DEL are single bytes; C1
    /// (U+0080…U+009F) is 0xC2 then 0x80…0x9F.
    public static func hasControlBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var afterC2 = false
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F || (afterC2 && byte <= 0x9F) { return true }
            afterC2 = byte == 0xC2
        }
        return false
    }

    @usableFromInline
    static func hasControlBytes(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(hasControlBytes)
    }

    /// `text` without escape sequences and control characters; tabs and line ends become spaces.
    public static func stripped(_ text: some StringProtocol) -> String {
        // Fast path: nothing to remove.
        if !hasControlCharacters(text) { return String(text) }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard isControl(scalar) else {
                out.append(scalar)
                index += 1
                continue
            }
            switch scalar.value {
            case 0x09, 0x0A, 0x0D:
                out.append(" ")
                index += 1
            case 0x1B:
                index = skipEscape(scalars, from: index + 1)
            case 0x9B:
                index = skipCSI(scalars, from: index + 1)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                index = skipString(scalars, from: index + 1)
            default:
                index += 1
            }
        }
        return String(out)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Past an escape sequence whose `ESC` was just before `start`.
    private static func skipEscape(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        guard start < scalars.count else { return start }
        switch scalars[start] {
        case "[": return skipCSI(scalars, from: start + 1)
        case "]", "P", "X", "^", "_": return skipString(scalars, from: start + 1)
        default:
            // `ESC` + intermediates (0x20–0x2F) + one final character.
            var index = start
            while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
            return min(index + 1, scalars.count)
        }
    }

    /// Past a control sequence: parameter and intermediate bytes, then one final byte 0x40–0x7E.
    private static func skipCSI(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            let value = scalars[index].value
            if (0x20...0x3F).contains(value) {
                index += 1
                continue
            }
            if (0x40...0x7E).contains(value) { index += 1 }
            break
        }
        return index
    }

    /// Past a string command (OSC, DCS, …): up to BEL, `ESC \` or ST (U+009C), or the end.
    private static func skipString(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            switch scalars[index].value {
            case 0x07, 0x9C: return index + 1
            case 0x1B:
                return index + 1 < scalars.count && scalars[index + 1] == "\\" ? index + 2 : index + 1
            default: index += 1
            }
        }
        return index
    }
}
