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
/// ends become a space.
///
/// Bidirectional formatting is contained in the text it came with (Trojan Source: a U+202E in a
/// cue must not reverse what follows it on the screen): each embedding, override or isolate left
/// open (U+202A, U+202B, U+202D, U+202E, U+2066…U+2068) is closed at the end of the text, and a
/// closer with nothing to close (U+202C, U+2069) is removed. Marks (U+200E, U+200F, U+061C) and
/// balanced use are kept as they are.
///
/// A byte of a file name that is not UTF-8 (kept by `FileSystemPath`) is shown as `\xE9`.
///
/// File names are shown `escaped` instead: a sequence's every character stays visible as an escape
/// (`\x1B]0;t\x07`), so two different names never look the same on the screen.
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
    /// Bidirectional formatting characters count too (U+202A…U+202E are 0xE2 0x80 0xAA…0xAE,
    /// U+2066…U+2069 are 0xE2 0x81 0xA6…0xA9): `stripped` may have to balance them.
    public static func hasControlBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // One pass without branches over every byte that may start one (C0, DEL, and the lead
        // bytes of C1, bidirectional formatting and kept file-name bytes); most text has none.
        var suspect: UInt8 = 0
        for byte in bytes {
            suspect |= (byte < 0x20 ? 1 : 0) | (byte == 0x7F ? 1 : 0) | (byte == 0xC2 ? 1 : 0) | (byte == 0xE2 ? 1 : 0)
                | (byte == 0xF4 ? 1 : 0)
        }
        guard suspect != 0 else { return false }
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in bytes {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte <= 0x9F) { return true }
            if beforePrevious == 0xE2
                && (previous == 0x80 && (0xAA...0xAE).contains(byte) || previous == 0x81 && (0xA6...0xA9).contains(byte)) {
                return true
            }
            // U+10FF80…U+10FFFF (F4 8F BE/BF …): a byte of a file name that is not UTF-8.
            if beforePrevious == 0xF4 && previous == 0x8F && byte >= 0xBE { return true }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    @usableFromInline
    static func hasControlBytes(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(hasControlBytes)
    }

    /// `text` with every control character shown as an escape instead of removed: C0 and DEL as
    /// `\x1B` (tab, line feed and return as `\t`, `\n`, `\r`), C1 as `\u{9B}`, bidirectional
    /// formatting (U+202A…U+202E, U+2066…U+2069) as `\u{202E}`, a kept file-name byte as `\xE9`,
    /// and with `escapingBackslash` a backslash as `\\`, so that no two texts are shown alike.
    /// For file names (and messages naming them), whose every character matters.
    /// - Complexity: O(n); `text` itself when there is nothing to escape.
    public static func escaped(_ text: some StringProtocol, escapingBackslash: Bool = true) -> String {
        guard hasControlCharacters(text) || (escapingBackslash && text.utf8.contains(UInt8(ascii: "\\"))) else { return String(text) }
        var out = String.UnicodeScalarView()
        func append(_ escape: String) { out.append(contentsOf: escape.unicodeScalars) }
        for scalar in text.unicodeScalars {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            switch scalar.value {
            case 0x09: append("\\t")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x5C where escapingBackslash: append("\\\\")
            case 0..<0x20, 0x7F: append("\\x" + (hex.count == 1 ? "0" : "") + hex)
            case 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: append("\\u{" + hex + "}")
            default:
                if FileSystemPath.isKeptByte(scalar) { append(FileSystemPath.displayed(String(scalar))) } else { out.append(scalar) }
            }
        }
        return String(out)
    }

    /// `text` without escape sequences and control characters; tabs and line ends become spaces.
    public static func stripped(_ text: some StringProtocol) -> String {
        // Fast path: nothing to remove.
        if !hasControlCharacters(text) { return String(text) }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        // The bidirectional embeddings, overrides and isolates open at this point, innermost last.
        var open: [UInt32] = []
        while index < scalars.count {
            let scalar = scalars[index]
            if let kind = BidiFormatting(scalar.value) {
                switch kind {
                case .opensEmbedding, .opensIsolate:
                    open.append(scalar.value)
                    out.append(scalar)
                case .closesEmbedding:
                    // Closes the innermost embedding or override, unless an isolate is innermost.
                    if let last = open.last, BidiFormatting(last) == .opensEmbedding {
                        open.removeLast()
                        out.append(scalar)
                    }
                case .closesIsolate:
                    // Closes the innermost isolate and every embedding opened inside it.
                    if let isolate = open.lastIndex(where: { BidiFormatting($0) == .opensIsolate }) {
                        open.removeSubrange(isolate...)
                        out.append(scalar)
                    }
                }
                index += 1
                continue
            }
            if FileSystemPath.isKeptByte(scalar) {
                out.append(contentsOf: FileSystemPath.displayed(String(scalar)).unicodeScalars)
                index += 1
                continue
            }
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
        for opener in open.reversed() {
            out.append(Unicode.Scalar(BidiFormatting(opener) == .opensIsolate ? 0x2069 : 0x202C)!)
        }
        return String(out)
    }

    /// What a bidirectional formatting character does to the nesting; nil for any other scalar.
    private enum BidiFormatting: Equatable {
        case opensEmbedding, closesEmbedding, opensIsolate, closesIsolate

        init?(_ value: UInt32) {
            switch value {
            case 0x202A, 0x202B, 0x202D, 0x202E: self = .opensEmbedding
            case 0x202C: self = .closesEmbedding
            case 0x2066, 0x2067, 0x2068: self = .opensIsolate
            case 0x2069: self = .closesIsolate
            default: return nil
            }
        }
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
