/// A text split into lines at LF, CRLF or CR, each with its 1-based line number.
///
/// Splitting works on UTF-8 bytes (fast on big files); line ends are dropped.
struct SourceLines: RandomAccessCollection {
    private let lines: [Substring]

    init(_ text: String) {
        var lines: [Substring] = []
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == 0x0A || byte == 0x0D {
                lines.append(Substring(utf8[lineStart..<index]))
                var next = utf8.index(after: index)
                if byte == 0x0D, next != utf8.endIndex, utf8[next] == 0x0A { next = utf8.index(after: next) }
                index = next
                lineStart = next
            } else {
                index = utf8.index(after: index)
            }
        }
        if lineStart != utf8.endIndex { lines.append(Substring(utf8[lineStart..<utf8.endIndex])) }
        self.lines = lines
    }

    var startIndex: Int { 0 }
    var endIndex: Int { lines.count }
    subscript(position: Int) -> Substring { lines[position] }

    /// The 1-based line number of the line at `position`.
    func lineNumber(_ position: Int) -> Int { position + 1 }
}

extension StringProtocol {
    /// True when the line holds nothing but spaces and tabs.
    var isBlankLine: Bool { utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } }

}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    var trimmingBlanks: Substring {
        let bytes = utf8
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        let start = bytes.firstIndex { !isBlank($0) } ?? bytes.endIndex
        let end = bytes.lastIndex { !isBlank($0) }.map { bytes.index(after: $0) } ?? start
        return Substring(bytes[start..<Swift.max(start, end)])
    }

    /// The range of the first `-->` (a timing line's arrow), found on UTF-8 bytes.
    var arrowRange: Range<Substring.Index>? {
        let bytes = utf8
        var index = bytes.startIndex
        while let dash = bytes[index...].firstIndex(of: UInt8(ascii: "-")) {
            let second = bytes.index(after: dash)
            guard second != bytes.endIndex else { return nil }
            let third = bytes.index(after: second)
            guard third != bytes.endIndex else { return nil }
            if bytes[second] == UInt8(ascii: "-"), bytes[third] == UInt8(ascii: ">") {
                return dash..<bytes.index(after: third)
            }
            index = second
        }
        return nil
    }

    /// Whether the line holds `-->`.
    var hasArrow: Bool { arrowRange != nil }
}
