/// An answer in ClickHouse's `TabSeparated` format: one line per row, fields split by tabs, and
/// inside a field `\\`, `\t`, `\n`, `\r`, `\0`, `\b`, `\f`, `\'` escaped with a backslash; `\N`
/// alone is NULL (nil). Strings are the server's bytes, read as UTF-8 (what tsearch sends is
/// always valid UTF-8).
///
/// Read in one pass over the bytes: a field without a backslash becomes a string straight from
/// its bytes; only a field with escapes is copied byte by byte. - Complexity: O(bytes).
struct TabSeparatedTable {
    /// The rows, each its fields in the order of the `SELECT`.
    var rows: [[String?]]

    /// The table in `bytes`, or nil when a row's fields do not have the same count as the first's.
    init?(_ bytes: [UInt8]) {
        var rows: [[String?]] = []
        let parsed: Bool = bytes.withUnsafeBufferPointer { buffer in
            var fields: [String?] = []
            var index = 0
            let end = buffer.count
            while index < end {
                // One field: up to the next tab or line end.
                let start = index
                var hasEscape = false
                while index < end {
                    let byte = buffer[index]
                    if byte == 9 || byte == 10 { break }
                    if byte == UInt8(ascii: "\\") {
                        hasEscape = true
                        index += 1
                    }
                    index += 1
                }
                guard index < end else { return false }
                let field = UnsafeBufferPointer(rebasing: buffer[start..<min(index, end)])
                if !hasEscape {
                    fields.append(String(decoding: field, as: UTF8.self))
                } else if field[0] == UInt8(ascii: "\\") && field[1] == UInt8(ascii: "N") {
                    // `\N` first: NULL (as ClickHouse writes it, alone).
                    fields.append(nil)
                } else {
                    fields.append(String(decoding: Self.unescaped(field), as: UTF8.self))
                }
                if buffer[index] == 10 {
                    if let first = rows.first, first.count != fields.count { return false }
                    rows.append(fields)
                    fields = []
                    fields.reserveCapacity(rows[0].count)
                }
                index += 1
            }
            return fields.isEmpty
        }
        guard parsed else { return nil }
        self.rows = rows
    }

    /// A field's bytes with its escapes read.
    private static func unescaped(_ field: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(field.count)
        var escaped = false
        for byte in field {
            if escaped {
                escaped = false
                switch byte {
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "0"): out.append(0)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                default: out.append(byte)
                }
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        return out
    }
}
