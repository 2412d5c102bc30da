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

/// A strict JSON parser (RFC 8259) over UTF-8 bytes read in place, recording line numbers.
/// Nesting deeper than `maximumDepth` is an error, not a stack overflow. A transcript's segments can
/// be handed over one by one as they are read (`parse(streamingSegments:)`), so a million of them
/// never stand in memory as one tree.
struct JSONParser {
    static let maximumDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private var index = 0
    private var line = 1

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// The whole text as one value.
    static func parse(_ text: String, file: String) throws(FormatError) -> JSONNode {
        var text = text
        let parsed = text.withUTF8 { bytes in
            var parser = JSONParser(bytes: bytes, file: file)
            return Result { () throws(FormatError) in try parser.parse(streamingSegments: false) { _, _ in } }
        }
        return try parsed.get()
    }

    /// The whole text as one value; with `streamingSegments`, the elements of a top-level array,
    /// or of a top-level object's first `segments` member when that is an array, go to `visit`
    /// (each with the byte offset where it starts) instead of into the tree, which holds an empty
    /// array in their place.
    mutating func parse(
        streamingSegments: Bool, visit: (JSONNode, _ offset: Int) -> Void
    ) throws(FormatError) -> JSONNode {
        skipWhitespace()
        let value: JSONNode
        if streamingSegments, index < bytes.count, bytes[index] == UInt8(ascii: "[") {
            value = try parseArray(depth: 0, streaming: true, visit: visit)
        } else if streamingSegments, index < bytes.count, bytes[index] == UInt8(ascii: "{") {
            value = try parseObject(depth: 0, streaming: true, segments: visit)
        } else {
            value = try parseValue(depth: 0)
        }
        skipWhitespace()
        guard index == bytes.count else { throw error(expected: "the end of the JSON text") }
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
            return try parseObject(depth: depth, streaming: false) { _, _ in }
        case UInt8(ascii: "["):
            return try parseArray(depth: depth, streaming: false) { _, _ in }
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

    /// An object at `index`; when `streaming`, the elements of its first `segments` member, when an
    /// array, go to `segments`.
    private mutating func parseObject(
        depth: Int, streaming: Bool, segments: (JSONNode, Int) -> Void
    ) throws(FormatError) -> JSONNode {
        let startLine = line
        index += 1
        var members: [(key: String, value: JSONNode)] = []
        var sawSegments = false
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
            if streaming, key == "segments", !sawSegments, index < bytes.count, bytes[index] == UInt8(ascii: "[") {
                members.append((key, try parseArray(depth: depth + 1, streaming: true, visit: segments)))
            } else {
                members.append((key, try parseValue(depth: depth + 1)))
            }
            sawSegments = sawSegments || key == "segments"
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { continue }
            if peek(UInt8(ascii: "}")) { return JSONNode(value: .object(members), line: startLine) }
            throw error(expected: "',' or '}' after an object member")
        }
    }

    /// An array at `index`; when `streaming`, its elements go to `visit` instead of into the result.
    private mutating func parseArray(
        depth: Int, streaming: Bool, visit: (JSONNode, Int) -> Void
    ) throws(FormatError) -> JSONNode {
        guard depth < Self.maximumDepth else {
            throw FormatError(file: file, line: line, kind: .json(
                expected: "at most \(Self.maximumDepth) levels of nesting", found: "deeper nesting"))
        }
        let startLine = line
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { return JSONNode(value: .array(elements), line: startLine) }
        while true {
            skipWhitespace()
            let start = index
            let element = try parseValue(depth: depth + 1)
            if streaming { visit(element, start) } else { elements.append(element) }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { continue }
            if peek(UInt8(ascii: "]")) { return JSONNode(value: .array(elements), line: startLine) }
            throw error(expected: "',' or ']' after an array element")
        }
    }

    private mutating func parseString() throws(FormatError) -> String {
        index += 1  // the opening quote
        // Most strings hold no escape: made straight from their bytes.
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] != 0x0A { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            defer { index = end + 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
        }
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
        scan: while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                break scan
            }
        }
        if let value = Self.simpleDecimal(UnsafeBufferPointer(rebasing: bytes[start..<index])) { return value }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error(expected: "a number")
        }
        return value
    }

    /// Exact powers of ten as doubles (10^22 is the last one a double holds exactly).
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { power, _ in power * 10 }
    }

    /// `-?digits(.digits)?` with at most 15 digits in all, as `Double(String)` reads it, without
    /// making a string: the digits as an integer (exact below 2^53) divided by an exact power of
    /// ten, which IEEE rounds correctly, as `strtod` does. Nil for any other shape.
    static func simpleDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var sawDot = false
        while index < text.count {
            let byte = text[index]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits += 1
                guard digits <= 15 else { return nil }  // before the integer could overflow
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                if sawDot { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !sawDot, digits > 0 {
                sawDot = true
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, !sawDot || fractionDigits > 0 else { return nil }
        let value = Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -value : value
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
