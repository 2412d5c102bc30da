/// An answer in ClickHouse's `TabSeparated` format: one line per row, fields split by tabs, and
/// inside a field `\\`, `\t`, `\n`, `\r`, `\0`, `\b`, `\f`, `\'` escaped with a backslash; `\N`
/// alone is NULL (nil). Strings are the server's bytes, read as UTF-8 (what tsearch sends is
/// always valid UTF-8).
struct TabSeparatedTable {
    /// The rows, each its fields in the order of the `SELECT`.
    var rows: [[String?]]

    /// The table in `bytes`, or nil when a row's fields do not have the same count as the first's.
    init?(_ bytes: [UInt8]) {
        rows = []
        var fields: [String?] = []
        var field: [UInt8] = []
        var escaped = false
        var isNull = false
        for byte in bytes {
            if escaped {
                escaped = false
                switch byte {
                case UInt8(ascii: "t"): field.append(9)
                case UInt8(ascii: "n"): field.append(10)
                case UInt8(ascii: "r"): field.append(13)
                case UInt8(ascii: "0"): field.append(0)
                case UInt8(ascii: "b"): field.append(8)
                case UInt8(ascii: "f"): field.append(12)
                case UInt8(ascii: "N") where field.isEmpty: isNull = true
                default: field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\\"):
                escaped = true
            case 9, 10:
                fields.append(isNull ? nil : String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
                isNull = false
                if byte == 10 {
                    if let first = rows.first, first.count != fields.count { return nil }
                    rows.append(fields)
                    fields.removeAll(keepingCapacity: true)
                }
            default:
                field.append(byte)
            }
        }
        guard fields.isEmpty && field.isEmpty else { return nil }
    }
}
