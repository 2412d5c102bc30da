import TranscriptModel

/// Reading the fields of vendor JSON: strings, numbers, speakers, and times in each vendor's unit.
extension JSONNode {
    /// The string, when this is one.
    var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The number, when this is one.
    var number: Double? {
        if case .number(let number) = value { return number }
        return nil
    }

    /// The elements, when this is an array.
    var elements: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The member names, when this is an object.
    var memberNames: [String] {
        if case .object(let members) = value { return members.map(\.key) }
        return []
    }

    /// Whether this is an array (of anything).
    var isArray: Bool { elements != nil }

    /// Whether this is an object.
    var isObject: Bool {
        if case .object = value { return true }
        return false
    }

    /// A speaker: a name as written, or a number `n` as "Speaker n" (as the vendors' own caption
    /// writers print it); nil for null, an empty name, or anything else.
    var speakerName: String? {
        switch value {
        case .string(let name):
            let name = TextCleanup.collapsingWhitespace(name)
            guard !name.isEmpty else { return nil }
            return name.allSatisfy(\.isNumber) ? "Speaker \(name)" : name
        case .number(let number) where number == number.rounded() && abs(number) < 1e15:
            return JSONTime.speakerName(number: Int(number))
        default:
            return nil
        }
    }
}

/// A time field in the unit its vendor documents. Each reader returns nil quietly for a missing or
/// null field, and nil with a warning naming the field's JSON path for one that does not parse or
/// is absurd (negative, or beyond a million hours).
enum JSONTime {
    /// Seconds: a number (`1.5`), a numeric string (`"1.5"`, AWS), a protobuf duration string
    /// (`"1.500s"`, Google) or a `{"seconds": 1, "nanos": 500000000}` object (Google's client
    /// libraries).
    static func seconds(_ node: JSONNode?, path: @autoclosure () -> String, file: String, warnings: inout Warnings) -> Timestamp? {
        guard let node else { return nil }
        switch node.value {
        case .null:
            return nil
        case .number(let seconds):
            if let time = Timestamp(seconds: seconds) { return time }
        case .string(let text):
            if let seconds = decimal(text, droppingSuffix: UInt8(ascii: "s")), let time = Timestamp(seconds: seconds) { return time }
        case .object:
            let whole = node["seconds"].flatMap { $0.number ?? $0.string.flatMap(Double.init) } ?? 0
            let nanos = node["nanos"]?.number ?? 0
            if node["seconds"] != nil || node["nanos"] != nil, let time = Timestamp(seconds: whole + nanos / 1e9) { return time }
        default:
            break
        }
        warnings.append(FormatError(file: file, line: node.line, kind: .badField(
            expected: "\(path()) to be a time in seconds (the text is kept, untimed)", found: node.kindDescription)))
        return nil
    }

    /// "Speaker n", made once for the first few numbers.
    static func speakerName(number: Int) -> String {
        number >= 0 && number < speakerNames.count ? speakerNames[number] : "Speaker \(number)"
    }

    private static let speakerNames = (0..<64).map { "Speaker \($0)" }

    /// The number `text` writes (without a final `suffix` byte, when it has one): `"1.500"` and
    /// `"1.500s"` read as 1.5. Plain decimals are read from the bytes without making a string.
    static func decimal(_ text: String, droppingSuffix suffix: UInt8) -> Double? {
        let fast = text.utf8.withContiguousStorageIfAvailable { bytes -> Double? in
            let digits = bytes.last == suffix ? UnsafeBufferPointer(rebasing: bytes.dropLast()) : bytes
            return JSONParser.simpleDecimal(digits)
        }
        if let fast, let value = fast { return value }
        let digits = text.utf8.last == suffix ? String(text.dropLast()) : text
        return Double(digits)
    }

    /// Milliseconds: a number (`1500`), or a numeric string.
    static func milliseconds(_ node: JSONNode?, path: @autoclosure () -> String, file: String, warnings: inout Warnings) -> Timestamp? {
        guard let node else { return nil }
        switch node.value {
        case .null:
            return nil
        case .number(let milliseconds):
            if let time = Timestamp(seconds: milliseconds / 1000) { return time }
        case .string(let text):
            if let milliseconds = Double(text), let time = Timestamp(seconds: milliseconds / 1000) { return time }
        default:
            break
        }
        warnings.append(FormatError(file: file, line: node.line, kind: .badField(
            expected: "\(path()) to be a time in milliseconds (the text is kept, untimed)", found: node.kindDescription)))
        return nil
    }
}
