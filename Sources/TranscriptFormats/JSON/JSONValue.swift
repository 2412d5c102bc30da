/// A JSON value that remembers the line it starts on, so rows and errors can name their line.
struct JSONNode: Sendable {
    enum Value: Sendable {
        case object([(key: String, value: JSONNode)])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    var value: Value
    /// The 1-based line where the value starts.
    var line: Int

    /// The member named `key` of an object (the first, if repeated); nil otherwise.
    subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The first member whose name is one of `keys`, tried in order.
    func member(_ keys: [String]) -> JSONNode? {
        keys.lazy.compactMap { self[$0] }.first
    }

    /// What kind of value this is, for messages: `a number`, `an object`, ….
    var kindDescription: String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string(let text): return "the string \(quoted(text))"
        case .number(let number): return "the number \(number)"
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }
}

/// A strict JSON parser (RFC 8259) over UTF-8 bytes, recording line numbers. Nesting deeper than
/// `maximumDepth` is an error, not a stack overflow.
struct JSONParser {
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1

    init(_ text: String, file: String) {
        self.bytes = Array(text.utf8)
        self.file = file
    }

    static func parse(_ text: String, file: String) throws(FormatError) -> JSONNode {
        var parser = JSONParser(text, file: file)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error(expected: "the end of the JSON text") }
        return value
    }

    private mutating func parseValue(depth: Int) throws(FormatError) -> JSONNode {
        guard depth < Self.maximumDepth else {
            throw FormatError(file: file, line: line, kind: .json(
                expected: "at most \(Self.maximumDepth) levels of nesting", found: "deeper nesting"))
        }
        let startLine = line
        guard index < bytes.count else { throw error(expected: "a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(key: String, value: JSONNode)] = []
            skipWhitespace()
            if peek(UInt8(ascii: "}")) { return JSONNode(value: .object(members), line: startLine) }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error(expected: "a member name in double quotes")
                }
                let key = try parseString()
                skipWhitespace()
                guard peek(UInt8(ascii: ":")) else { throw error(expected: "':' after a member name") }
                skipWhitespace()
                members.append((key, try parseValue(depth: depth + 1)))
                skipWhitespace()
                if peek(UInt8(ascii: ",")) { continue }
                if peek(UInt8(ascii: "}")) { return JSONNode(value: .object(members), line: startLine) }
                throw error(expected: "',' or '}' after an object member")
            }
        case UInt8(ascii: "["):
            index += 1
            var elements: [JSONNode] = []
            skipWhitespace()
            if peek(UInt8(ascii: "]")) { return JSONNode(value: .array(elements), line: startLine) }
            while true {
                skipWhitespace()
                elements.append(try parseValue(depth: depth + 1))
                skipWhitespace()
                if peek(UInt8(ascii: ",")) { continue }
                if peek(UInt8(ascii: "]")) { return JSONNode(value: .array(elements), line: startLine) }
                throw error(expected: "',' or ']' after an array element")
            }
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try parseString()), line: startLine)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONNode(value: .bool(true), line: startLine)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONNode(value: .bool(false), line: startLine)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONNode(value: .null, line: startLine)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), line: startLine)
        default:
            throw error(expected: "a value")
        }
    }

    private mutating func parseString() throws(FormatError) -> String {
        index += 1  // the opening quote
        var out: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), bytes[index...].starts(with: [0x5C, 0x75]) {
                        let save = index
                        index += 2
                        let low = try hex4()
                        if (0xDC00..<0xE000).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            index = save
                        }
                    }
                    out.append(contentsOf: String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
                default:
                    index -= 1
                    throw error(expected: "an escape such as \\n, \\\" or \\u00e9 after a backslash")
                }
            case 0x0A:
                index -= 1
                throw error(expected: "a closing '\"' before the end of the line")
            default:
                out.append(byte)
            }
        }
        throw error(expected: "a closing '\"'")
    }

    private mutating func hex4() throws(FormatError) -> UInt32 {
        guard index + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw error(expected: "four hex digits after \\u") }
        index += 4
        return value
    }

    private mutating func parseNumber() throws(FormatError) -> Double {
        let start = index
        while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error(expected: "a number")
        }
        return value
    }

    private mutating func literal(_ word: String) throws(FormatError) {
        guard bytes[index...].starts(with: word.utf8) else { throw error(expected: "a value") }
        index += word.utf8.count
    }

    private mutating func peek(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A: line += 1
            case 0x20, 0x09, 0x0D: break
            default: return
            }
            index += 1
        }
    }

    private func error(expected: String) -> FormatError {
        let found: String
        if index >= bytes.count {
            found = "the end of the file"
        } else {
            let end = min(bytes.count, index + 20)
            let snippet = String(decoding: bytes[index..<end], as: UTF8.self)
            found = quoted(snippet.prefix { $0 != "\n" && $0 != "\r" })
        }
        return FormatError(file: file, line: line, kind: .json(expected: expected, found: found))
    }
}
