/// Whether a JSON text is one document or JSON Lines: one value a line (`.jsonl`, `.ndjson`), as
/// real-time speech-to-text messages and streaming tools' output are saved.
///
/// A text is JSON Lines when its first line holds one whole object or array, and another object
/// or array starts on a later line: no JSON document does (it holds one value), and a document
/// written over several lines never closes its first bracket on its first line. Found from the
/// first line's bytes and the next value's first byte alone, whatever the file is named; a file of
/// one line is a document.
enum JSONLinesLayout {
    /// One JSON value (the file as a whole).
    case document
    /// One value a line, read as the elements of a top-level array.
    case lines

    /// The layout of `bytes` (UTF-8). O(length of the first line).
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONLinesLayout {
        var index = 0
        func skipBlanks(crossingLines: Bool) {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D || crossingLines && bytes[index] == 0x0A {
                index += 1
            }
        }
        skipBlanks(crossingLines: true)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") else { return .document }
        var depth = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false } else if byte == 0x0A { return .document }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    skipBlanks(crossingLines: false)
                    guard index < bytes.count, bytes[index] == 0x0A else { return .document }
                    skipBlanks(crossingLines: true)
                    guard index < bytes.count else { return .document }
                    return bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") ? .lines : .document
                }
            case 0x0A: return .document
            default: break
            }
        }
        return .document
    }
}
