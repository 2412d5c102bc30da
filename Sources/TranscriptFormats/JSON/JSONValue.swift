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
/// Nesting deeper than `maximumDepth` is an error, not a stack overflow. A transcript's segments,
/// words or events can be handed over one by one as they are read (`parse(plan:visit:)`), so a
/// million of them never stand in memory as one tree.
struct JSONParser {
    static let maximumDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    private let file: String
    private var index = 0
    private var line = 1
    /// An empty members array with room, from the last value handed over (see `recycle`).
    private var spareMembers: [(key: String, value: JSONNode)] = []

    init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// The whole text as one value.
    static func parse(_ text: String, file: String) throws(FormatError) -> JSONNode {
        var text = text
        let parsed = text.withUTF8 { bytes in
            var parser = JSONParser(bytes: bytes, file: file)
            return Result { () throws(FormatError) in try parser.parse(plan: JSONStreamPlan()) { _ in } }
        }
        return try parsed.get()
    }

    /// The whole text as one value, walking into the containers `plan` names: each value the plan
    /// routes goes to `visit` as soon as it is read, instead of into the tree (see
    /// `JSONStreamPlan`). The root itself, when routed, is visited and returned as null.
    mutating func parse(plan: JSONStreamPlan, visit: (JSONStreamed) -> Void) throws(FormatError) -> JSONNode {
        skipWhitespace()
        let startLine = line
        var indices: [Int] = []
        let value = try parseWalked(plan: plan, depth: 0, indices: &indices, visit: visit)
        skipWhitespace()
        guard index == bytes.count else { throw error(expected: "the end of the JSON text") }
        return value ?? JSONNode(value: .null, line: startLine)
    }

    /// JSON Lines (`.jsonl`, `.ndjson`: one value a line, as real-time vendors' messages and
    /// streaming tools are saved) read as if the lines were the elements of one top-level array:
    /// each line's value is read as `plan`'s elements are (handed over one by one), and the result
    /// is that array, holding the elements not handed over. Blank lines are skipped; a line whose
    /// value is followed by anything but blanks is an error naming that line.
    mutating func parseLines(plan: JSONStreamPlan, visit: (JSONStreamed) -> Void) throws(FormatError) -> JSONNode {
        skipWhitespace()
        let startLine = line
        let elementPlan = plan.elements ?? JSONStreamPlan()
        var indices = [0]
        var elements: [JSONNode] = []
        var count = 0
        while index < bytes.count {
            indices[0] = count
            if let element = try parseWalked(plan: elementPlan, depth: 1, indices: &indices, visit: visit) {
                elements.append(element)
            }
            count += 1
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
            guard index == bytes.count || bytes[index] == 0x0A else {
                throw error(expected: "the end of the line (JSON Lines: one value a line)")
            }
            skipWhitespace()
        }
        return JSONNode(value: .array(elements), line: startLine)
    }

    /// The value at `index` as `plan` says: walked into when the plan names its members or
    /// elements, handed to `visit` (and nil returned) when the plan routes it.
    private mutating func parseWalked(
        plan: JSONStreamPlan, depth: Int, indices: inout [Int], visit: (JSONStreamed) -> Void
    ) throws(FormatError) -> JSONNode? {
        guard index < bytes.count else { throw error(expected: "a value") }
        let start = index
        let node: JSONNode
        if bytes[index] == UInt8(ascii: "{"), plan.walksObjects {
            node = try parseWalkedObject(plan: plan, depth: depth, indices: &indices, visit: visit)
        } else if bytes[index] == UInt8(ascii: "["), let elements = plan.elements {
            node = try parseWalkedArray(plan: elements, firstOnly: plan.firstElementOnly, depth: depth, indices: &indices, visit: visit)
        } else {
            node = try parseValue(depth: depth)
        }
        guard let route = plan.route else { return node }
        visit(JSONStreamed(route: route, node: node, offset: start, indices: indices))
        recycle(node)
        return nil
    }

    /// The value at `index`, member `key` (nil: an array's element) of a container whose path is
    /// `prefix`, walked anywhere: every object in an array below it is handed to `visit` with the
    /// route `.shapeElement` and its array's path, and left out of the tree; an alternatives
    /// array (`JSONShapeName.alternatives`) is kept whole in its object.
    private mutating func parseAnywhere(
        prefix: String, key: String?, depth: Int, indices: inout [Int], visit: (JSONStreamed) -> Void
    ) throws(FormatError) -> JSONNode {
        try checkDepth(depth)
        guard index < bytes.count else { throw error(expected: "a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            let objectPrefix = key.map { JSONShapeName.path(prefix, $0, ".") } ?? prefix
            return try parseAnywhereObject(prefix: objectPrefix, depth: depth, indices: &indices, visit: visit)
        case UInt8(ascii: "["):
            if let key, JSONShapeName.alternativesNames.contains(JSONShapeName.fold(key)) { return try parseValue(depth: depth) }
            let path = JSONShapeName.path(prefix, key ?? "", "[]")
            let elementPrefix = JSONShapeName.path(path, "", ".")
            let startLine = line
            index += 1
            var elements: [JSONNode] = []
            skipWhitespace()
            if peek(UInt8(ascii: "]")) { return JSONNode(value: .array(elements), line: startLine) }
            indices.append(0)
            defer { indices.removeLast() }
            var count = 0
            while true {
                skipWhitespace()
                indices[indices.count - 1] = count
                let start = index
                if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                    let node = try parseAnywhereObject(prefix: elementPrefix, depth: depth + 1, indices: &indices, visit: visit)
                    visit(JSONStreamed(route: .shapeElement, node: node, offset: start, indices: indices, path: path))
                    recycle(node)
                } else {
                    elements.append(try parseAnywhere(prefix: path, key: nil, depth: depth + 1, indices: &indices, visit: visit))
                }
                count += 1
                skipWhitespace()
                if peek(UInt8(ascii: ",")) { continue }
                if peek(UInt8(ascii: "]")) { return JSONNode(value: .array(elements), line: startLine) }
                throw error(expected: "',' or ']' after an array element")
            }
        default:
            return try parseValue(depth: depth)
        }
    }

    /// An object at `index` whose members are walked anywhere (`parseAnywhere`).
    private mutating func parseAnywhereObject(
        prefix: String, depth: Int, indices: inout [Int], visit: (JSONStreamed) -> Void
    ) throws(FormatError) -> JSONNode {
        try checkDepth(depth)
        let startLine = line
        index += 1
        var members: [(key: String, value: JSONNode)] = []
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { return JSONNode(value: .object(members), line: startLine) }
        swap(&members, &spareMembers)
        members.reserveCapacity(8)
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(expected: "a member name in double quotes")
            }
            let key = try parseString()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error(expected: "':' after a member name") }
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "[") {
                members.append((key, try parseAnywhere(prefix: prefix, key: key, depth: depth + 1, indices: &indices, visit: visit)))
            } else {
                members.append((key, try parseValue(depth: depth + 1)))
            }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { continue }
            if peek(UInt8(ascii: "}")) { return JSONNode(value: .object(members), line: startLine) }
            throw error(expected: "',' or '}' after an object member")
        }
    }

    /// Keeps the members array of a value handed over (and let go of by the visitor) for the next
    /// object: a streamed word then costs no allocation for its members.
    private mutating func recycle(_ node: consuming JSONNode) {
        guard case .object(var members) = node.value else { return }
        node.value = .null
        members.removeAll(keepingCapacity: true)
        if members.capacity <= 64 { spareMembers = members }
    }

    /// An object at `index` whose members `plan` may walk into.
    private mutating func parseWalkedObject(
        plan: JSONStreamPlan, depth: Int, indices: inout [Int], visit: (JSONStreamed) -> Void
    ) throws(FormatError) -> JSONNode {
        try checkDepth(depth)
        let startLine = line
        index += 1
        var members: [(key: String, value: JSONNode)] = []
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { return JSONNode(value: .object(members), line: startLine) }
        swap(&members, &spareMembers)
        members.reserveCapacity(8)
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(expected: "a member name in double quotes")
            }
            let key = try parseString()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error(expected: "':' after a member name") }
            skipWhitespace()
            if let child = plan.member(key) {
                if child.skips {
                    try skipValue(depth: depth + 1)
                } else if let value = try parseWalked(plan: child, depth: depth + 1, indices: &indices, visit: visit) {
                    members.append((key, value))
                }
            } else if plan.walksOthersAnywhere {
                members.append((key, try parseAnywhere(prefix: "", key: key, depth: depth + 1, indices: &indices, visit: visit)))
            } else {
                members.append((key, try parseValue(depth: depth + 1)))
            }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { continue }
            if peek(UInt8(ascii: "}")) { return JSONNode(value: .object(members), line: startLine) }
            throw error(expected: "',' or '}' after an object member")
        }
    }

    /// An array at `index` whose elements are each read as `plan` says (after the first, only
    /// checked and dropped when `firstOnly`); the elements not handed over stay in the result.
    private mutating func parseWalkedArray(
        plan: JSONStreamPlan, firstOnly: Bool, depth: Int, indices: inout [Int], visit: (JSONStreamed) -> Void
    ) throws(FormatError) -> JSONNode {
        try checkDepth(depth)
        let startLine = line
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { return JSONNode(value: .array(elements), line: startLine) }
        indices.append(0)
        defer { indices.removeLast() }
        var count = 0
        while true {
            skipWhitespace()
            indices[indices.count - 1] = count
            if firstOnly && count > 0 {
                _ = try parseValue(depth: depth + 1)
            } else if let element = try parseWalked(plan: plan, depth: depth + 1, indices: &indices, visit: visit) {
                elements.append(element)
            }
            count += 1
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { continue }
            if peek(UInt8(ascii: "]")) { return JSONNode(value: .array(elements), line: startLine) }
            throw error(expected: "',' or ']' after an array element")
        }
    }

    private func checkDepth(_ depth: Int) throws(FormatError) {
        guard depth < Self.maximumDepth else {
            throw FormatError(file: file, line: line, kind: .json(
                expected: "at most \(Self.maximumDepth) levels of nesting", found: "deeper nesting"))
        }
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
            return try parseObject(depth: depth)
        case UInt8(ascii: "["):
            return try parseArray(depth: depth)
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

    /// An object at `index`, whole.
    private mutating func parseObject(depth: Int) throws(FormatError) -> JSONNode {
        let startLine = line
        index += 1
        var members: [(key: String, value: JSONNode)] = []
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { return JSONNode(value: .object(members), line: startLine) }
        swap(&members, &spareMembers)
        members.reserveCapacity(8)
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
    }

    /// An array at `index`, whole.
    private mutating func parseArray(depth: Int) throws(FormatError) -> JSONNode {
        try checkDepth(depth)
        let startLine = line
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
    }

    /// Checks the value at `index` as `parseValue` would, building nothing.
    private mutating func skipValue(depth: Int) throws(FormatError) {
        try checkDepth(depth)
        guard index < bytes.count else { throw error(expected: "a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            skipWhitespace()
            if peek(UInt8(ascii: "}")) { return }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error(expected: "a member name in double quotes")
                }
                try skipString()
                skipWhitespace()
                guard peek(UInt8(ascii: ":")) else { throw error(expected: "':' after a member name") }
                skipWhitespace()
                try skipValue(depth: depth + 1)
                skipWhitespace()
                if peek(UInt8(ascii: ",")) { continue }
                if peek(UInt8(ascii: "}")) { return }
                throw error(expected: "',' or '}' after an object member")
            }
        case UInt8(ascii: "["):
            index += 1
            skipWhitespace()
            if peek(UInt8(ascii: "]")) { return }
            while true {
                skipWhitespace()
                try skipValue(depth: depth + 1)
                skipWhitespace()
                if peek(UInt8(ascii: ",")) { continue }
                if peek(UInt8(ascii: "]")) { return }
                throw error(expected: "',' or ']' after an array element")
            }
        case UInt8(ascii: "\""):
            try skipString()
        default:
            _ = try parseValue(depth: depth)
        }
    }

    /// Checks the string at `index` as `parseString` would, without making it: an escape is
    /// read by `parseString` itself, which only strings with a backslash reach.
    private mutating func skipString() throws(FormatError) {
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] != 0x0A { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            index = end + 1
        } else {
            _ = try parseString()
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
