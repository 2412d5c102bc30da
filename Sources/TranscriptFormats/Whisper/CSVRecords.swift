/// The records of CSV (or TSV) text: fields split at `separator`, quoted fields (`"a, b"`, `""`
/// for a quote, line breaks inside) read whole; each record with the line it starts on.
/// Complexity: one pass over the bytes.
struct CSVRecords: IteratorProtocol {
    private let bytes: [UInt8]
    private let separator: UInt8
    private var index = 0
    private var line = 1

    init(_ text: Substring, separator: UInt8) {
        bytes = Array(text.utf8)
        self.separator = separator
    }

    /// The next record's fields and first line; nil at the end. Blank lines are skipped.
    mutating func next() -> (fields: [String], line: Int)? {
        while index < bytes.count, bytes[index] == 0x0A || bytes[index] == 0x0D {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
        guard index < bytes.count else { return nil }
        let first = line
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == 0x0A { line += 1 }
                    field.append(byte)
                }
            } else if byte == UInt8(ascii: "\""), field.allSatisfy({ $0 == 0x20 }) {
                field.removeAll()
                quoted = true
            } else if byte == separator {
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            } else if byte == 0x0A {
                line += 1
                break
            } else if byte != 0x0D {
                field.append(byte)
            }
        }
        fields.append(String(decoding: field, as: UTF8.self))
        return (fields, first)
    }
}
