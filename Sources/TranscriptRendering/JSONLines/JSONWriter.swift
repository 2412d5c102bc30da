/// Writes one JSON object on one line, members in the order given: the building block of the JSON
/// Lines output. Strings are escaped per RFC 8259: `"` `\` and every control character (U+0000–U+001F,
/// U+007F–U+009F) as `\uXXXX` or its short form, so terminal escape sequences in transcript text
/// reach a JSON consumer as text and never as raw bytes. Swift strings are always valid Unicode, so
/// output is always valid UTF-8 (invalid input bytes were decoded as Windows-1252 when loading).
public struct JSONObjectWriter {
    private var text = "{"
    private var isFirst = true

    public init() {}

    public mutating func add(_ key: String, _ value: String?) {
        appendKey(key)
        if let value { Self.appendString(value, to: &text) } else { text += "null" }
    }

    public mutating func add(_ key: String, _ value: Int?) {
        appendKey(key)
        text += value.map(String.init) ?? "null"
    }

    public mutating func add(_ key: String, _ value: Int64?) {
        appendKey(key)
        text += value.map(String.init) ?? "null"
    }

    /// Adds milliseconds as a number of seconds (`62.5`), exact (`DecimalSeconds`); nil is `null`.
    public mutating func add(_ key: String, seconds milliseconds: Int64?) {
        appendKey(key)
        text += milliseconds.map(DecimalSeconds.text) ?? "null"
    }

    public mutating func add(_ key: String, _ value: Bool) {
        appendKey(key)
        text += value ? "true" : "false"
    }

    /// Adds a nested object built by `body`.
    public mutating func add(_ key: String, object body: (inout JSONObjectWriter) -> Void) {
        appendKey(key)
        var nested = JSONObjectWriter()
        body(&nested)
        text += nested.finished
    }

    /// Adds an array of objects, each built by `body` from one element.
    public mutating func add<T>(_ key: String, array elements: [T], object body: (inout JSONObjectWriter, T) -> Void) {
        appendKey(key)
        text += "["
        for (index, element) in elements.enumerated() {
            if index > 0 { text += "," }
            var nested = JSONObjectWriter()
            body(&nested, element)
            text += nested.finished
        }
        text += "]"
    }

    /// The object, closed; no line end.
    public var finished: String { text + "}" }

    private mutating func appendKey(_ key: String) {
        if !isFirst { text += "," }
        isFirst = false
        Self.appendString(key, to: &text)
        text += ":"
    }

    static func appendString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20, 0x7F...0x9F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
