import TranscriptModel

/// Writes one JSON object on one line, members in the order given: the building block of the JSON
/// Lines output. Strings are escaped per RFC 8259: `"` `\` and every control character (U+0000–U+001F,
/// U+007F–U+009F) as `\uXXXX` or its short form, so terminal escape sequences in transcript text
/// reach a JSON consumer as text and never as raw bytes; bidirectional formatting characters
/// (U+202A–U+202E, U+2066–U+2069) are escaped too, so a file name holding one cannot reorder the
/// line a person reads, and the value stays exact; a byte of a file name that is not UTF-8 is
/// written `\\xE9` (the text `\xE9`). Swift strings are always valid Unicode, so
/// output is always valid UTF-8 (invalid input bytes were decoded as Windows-1252 when loading).
public struct JSONObjectWriter {
    /// The object so far, as UTF-8 (appending bytes is cheaper than appending to a `String`).
    private var bytes: [UInt8] = [UInt8(ascii: "{")]
    private var isFirst = true

    /// An empty object (`{`), ready for members.
    public init() {
        bytes.reserveCapacity(256)
    }

    /// Adds a string member, escaped as above; nil is `null`.
    public mutating func add(_ key: String, _ value: String?) {
        appendKey(key)
        if let value { Self.appendString(value, to: &bytes) } else { append("null") }
    }

    /// Adds a number member; nil is `null`.
    public mutating func add(_ key: String, _ value: Int?) {
        appendKey(key)
        append(value.map(String.init) ?? "null")
    }

    /// Adds a number member; nil is `null`.
    public mutating func add(_ key: String, _ value: Int64?) {
        appendKey(key)
        append(value.map(String.init) ?? "null")
    }

    /// Adds milliseconds as a number of seconds (`62.5`), exact (`DecimalSeconds`); nil is `null`.
    public mutating func add(_ key: String, seconds milliseconds: Int64?) {
        appendKey(key)
        append(milliseconds.map(DecimalSeconds.text) ?? "null")
    }

    /// Adds `true` or `false`.
    public mutating func add(_ key: String, _ value: Bool) {
        appendKey(key)
        append(value ? "true" : "false")
    }

    /// Adds an array of strings, each escaped as above.
    public mutating func add(_ key: String, strings: [String]) {
        appendKey(key)
        bytes.append(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            Self.appendString(string, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Adds a number with up to four decimals (`3.1416`); nil (or a value that is not finite) is `null`.
    public mutating func add(_ key: String, decimal value: Double?) {
        appendKey(key)
        guard let value, value.isFinite else { return append("null") }
        let scaled = (value * 10_000).rounded()
        append(String(scaled / 10_000))
    }

    /// Adds a nested object built by `body`.
    public mutating func add(_ key: String, object body: (inout JSONObjectWriter) -> Void) {
        appendKey(key)
        var nested = JSONObjectWriter()
        body(&nested)
        bytes.append(contentsOf: nested.bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Adds an array of objects, each built by `body` from one element.
    public mutating func add<T>(_ key: String, array elements: [T], object body: (inout JSONObjectWriter, T) -> Void) {
        appendKey(key)
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            var nested = JSONObjectWriter()
            body(&nested, element)
            bytes.append(contentsOf: nested.bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// The object, closed; no line end.
    public var finished: String {
        var closed = bytes
        closed.append(UInt8(ascii: "}"))
        return String(decoding: closed, as: UTF8.self)
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func appendKey(_ key: String) {
        if !isFirst { bytes.append(UInt8(ascii: ",")) }
        isFirst = false
        Self.appendString(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// `value` as a JSON string: quoted, with `"`, `\` and every control character escaped.
    static func appendString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most text needs no escape: appended whole.
        if !needsEscapes(value) {
            out.append(contentsOf: value.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x22: out.append(contentsOf: "\\\"".utf8)
            case 0x5C: out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0x10FF80...0x10FFFF:
                // A byte of a file name that is not UTF-8, as `FileSystemPath.displayed` shows it.
                // `\xE9` with its backslash escaped.
                out.append(UInt8(ascii: "\\"))
                out.append(contentsOf: FileSystemPath.displayed(String(scalar)).utf8)
            case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
                let hex = String(scalar.value, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: out.append(contentsOf: String(scalar).utf8)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Whether `value` holds a character `appendString` escapes: `"`, `\`, a C0 or C1 control, DEL,
    /// or bidirectional formatting.
    static func needsEscapes(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            // One pass without branches for any byte that may need it (0xC2 leads C1 controls and
            // other characters alike), then a closer look only when there was one.
            var suspect: UInt8 = 0
            for byte in bytes {
                suspect |= (byte < 0x20 ? 1 : 0) | (byte == 0x22 ? 1 : 0) | (byte == 0x5C ? 1 : 0) | (byte == 0x7F ? 1 : 0)
                    | (byte == 0xC2 ? 1 : 0) | (byte == 0xE2 ? 1 : 0) | (byte == 0xF4 ? 1 : 0)
            }
            guard suspect != 0 else { return false }
            return ControlSequences.hasControlBytes(bytes) || bytes.contains(0x22) || bytes.contains(0x5C)
        }
    }
}
