import TranscriptModel

/// A line of a UTF-8 buffer: its bytes `start..<end` (the line end excluded) and where the next
/// line starts.
struct ByteLine {
    var start: Int
    var end: Int
    var next: Int

    var isEmpty: Bool { start == end }
}

/// Valid UTF-8 read in place, line by line, the way `SourceLines` splits text (at LF, CRLF or CR;
/// a last line without a line end counts, an empty one after a final line end does not), with the
/// line tests the subtitle parsers use. Nothing here makes a `String` except on request.
struct ByteText {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether any line ends with CR (else lines end at LF alone, found with one search each).
    private let hasCarriageReturns: Bool

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        hasCarriageReturns = bytes.baseAddress.map { ByteSearch.find($0, 0x0D, bytes.count) != nil } ?? false
    }

    /// A text not searched for CR first (every line end is looked for both ways): for a whole file
    /// that is read in pieces, each of which looks at its own bytes (`piece`) on its own thread.
    init(unscanned bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        hasCarriageReturns = true
    }

    /// The bytes `range` of this text, as a text of its own (searched for CR).
    func piece(_ range: Range<Int>) -> ByteText {
        ByteText(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// The line starting at byte `start`, or nil at the end of the text.
    func line(at start: Int) -> ByteLine? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        let rest = bytes.count - start
        // Most files end lines with LF: find it, then a CR only within what comes before it.
        let newline = ByteSearch.find(base + start, 0x0A, rest).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? bytes.count
        if hasCarriageReturns, let carriage = ByteSearch.find(base + start, 0x0D, newline - start) {
            let end = UnsafeRawPointer(carriage) - UnsafeRawPointer(base)
            let next = end + 1 < bytes.count && bytes[end + 1] == 0x0A ? end + 2 : end + 1
            return ByteLine(start: start, end: end, next: next)
        }
        return ByteLine(start: start, end: newline, next: min(newline + 1, bytes.count))
    }

    /// Whether the line holds nothing but spaces and tabs.
    func isBlank(_ line: ByteLine) -> Bool {
        for index in line.start..<line.end where bytes[index] != 0x20 && bytes[index] != 0x09 { return false }
        return true
    }

    /// The line without leading and trailing spaces and tabs.
    func trimmed(_ line: ByteLine) -> Range<Int> {
        var start = line.start
        var end = line.end
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return start..<end
    }

    /// Where the line's first `-->` starts, if it has one.
    func arrow(in line: ByteLine) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = line.start
        while index < line.end, let dash = ByteSearch.find(base + index, 0x2D, line.end - index) {
            let position = UnsafeRawPointer(dash) - UnsafeRawPointer(base)
            if position + 2 < line.end, bytes[position + 1] == 0x2D, bytes[position + 2] == 0x3E { return position }
            index = position + 1
        }
        return nil
    }

    func hasArrow(_ line: ByteLine) -> Bool { arrow(in: line) != nil }

    /// A SubRip cue number: digits, with spaces or tabs around them.
    func isCueNumber(_ line: ByteLine) -> Bool {
        let trimmed = trimmed(line)
        return !trimmed.isEmpty && trimmed.allSatisfy { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }
    }

    /// The line as a timing line `start --> end [settings]`, as `TimestampParsing.timing` reads it.
    func timing(_ line: ByteLine) -> (start: Timestamp, end: Timestamp)? {
        if let timing = TimestampParsing.commonTiming(UnsafeBufferPointer(rebasing: bytes[line.start..<line.end])) {
            return timing
        }
        guard hasArrow(line) else { return nil }
        return TimestampParsing.timing(Substring(string(line.start..<line.end)))
    }

    /// Whether the line starts with ASCII `word` followed by its end, a space or a tab, compared as
    /// characters (a combining mark after that space makes it another character).
    func starts(_ line: ByteLine, with word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard line.end - line.start >= count else { return false }
        for index in 0..<count where bytes[line.start + index] != word.utf8Start[index] { return false }
        let after = line.start + count
        guard after < line.end else { return true }
        guard bytes[after] == 0x20 || bytes[after] == 0x09 else { return false }
        guard after + 1 < line.end, bytes[after + 1] >= 0x80 else { return true }
        return string(after..<line.end).first.map { $0 == " " || $0 == "\t" } ?? false
    }

    /// Whether the bytes `a` and `b` are the same text: the same bytes, or (when they differ and
    /// hold non-ASCII) canonically equivalent, as `String` compares.
    func sameText(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        if bytes[a].elementsEqual(bytes[b]) { return true }
        guard bytes[a].contains(where: { $0 >= 0x80 }) || bytes[b].contains(where: { $0 >= 0x80 }) else { return false }
        return string(a) == string(b)
    }

    /// The bytes `range` as a string.
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The lines `ranges` joined with line feeds, as a string.
    func joined(_ ranges: [Range<Int>]) -> String {
        ranges.map(string).joined(separator: "\n")
    }

    /// The bytes `range`, in place.
    func raw(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range]))
    }
}

/// Walks the lines of a `ByteText` with one line of lookahead, counting line numbers from 1.
struct LineReader {
    let text: ByteText
    /// The line under the reader, nil past the last one.
    private(set) var current: ByteLine?
    /// The 1-based number of `current`.
    private(set) var number = 1
    private var lookahead: ByteLine?

    /// A reader at the line starting at byte `start`, whose number is `number`.
    init(_ text: ByteText, from start: Int = 0, number: Int = 1) {
        self.text = text
        current = text.line(at: start)
        self.number = number
    }

    /// The line after `current`.
    mutating func peek() -> ByteLine? {
        guard let current else { return nil }
        if lookahead == nil { lookahead = text.line(at: current.next) }
        return lookahead
    }

    mutating func advance() {
        guard let line = current else { return }
        current = lookahead ?? text.line(at: line.next)
        lookahead = nil
        number += 1
    }
}

/// Row text made from lines of UTF-8 in place: the lines joined with one space, runs of whitespace
/// collapsed, both ends trimmed (`TextCleanup.collapsingWhitespace` of the lines joined with line
/// ends), appended straight to a row's bytes. It declines (`nil`) when the lines hold anything that
/// needs more than that (markup `<{&\`, a control character, a non-ASCII space); the caller then
/// reads them as a string.
enum PlainRowText {
    /// Byte classes, as bits: a space (1), a tab (2), a byte that declines (4: a control character,
    /// or `<{&\` for markup), a lead byte that may start a non-ASCII space or a C1 control (8: looked
    /// at with the bytes after it); 0 for every other byte. Made once, never changed: shared by
    /// the threads that read pieces of a file.
    nonisolated(unsafe) private static let classes: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0..<256 {
            switch byte {
            case 0x20: table[byte] = 1
            case 0x09: table[byte] = 2
            case 0x00..<0x20, 0x7F, 0x3C, 0x7B, 0x26, 0x5C: table[byte] = 4
            case 0xC2, 0xE1, 0xE2, 0xE3: table[byte] = 8
            default: table[byte] = 0
            }
        }
        return UnsafePointer(table)
    }()

    /// Appends the text of `lines` (byte ranges of `text`) to `out`; false, having appended nothing,
    /// when they need reading as a string.
    static func append(_ lines: [Range<Int>], of text: ByteText, to out: inout [UInt8]) -> Bool {
        let start = out.count
        var started = false
        for range in lines where !range.isEmpty {
            // Most lines are words with single spaces between them: checked (every byte's class
            // gathered, and two spaces in a row noted as 16) and then copied whole.
            var gathered: UInt8 = 0
            var previous: UInt8 = 0
            for index in range {
                let kind = classes[Int(text.bytes[index])]
                gathered |= kind | (kind & previous & 1) << 4
                previous = kind
            }
            if gathered & 8 != 0 {
                for index in range where classes[Int(text.bytes[index])] == 8 && isSpaceOrC1(text.bytes, at: index) {
                    gathered |= 4
                }
            }
            guard gathered & 4 == 0 else {
                out.removeSubrange(start...)
                return false
            }
            let isSimple = gathered & (2 | 16) == 0 && text.bytes[range.lowerBound] != 0x20 && text.bytes[range.upperBound - 1] != 0x20
            if isSimple {
                if started { out.append(0x20) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: text.bytes[range]))
                started = true
                continue
            }
            // Collapse the runs of spaces and tabs (nothing else is left to decline).
            var pendingSpace = started
            var runStart = range.lowerBound
            for index in range.lowerBound...range.upperBound
            where index == range.upperBound || classes[Int(text.bytes[index])] & 3 != 0 {
                if index > runStart {
                    if pendingSpace { out.append(0x20) }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: text.bytes[runStart..<index]))
                    started = true
                }
                pendingSpace = started
                runStart = index + 1
            }
        }
        return true
    }

    /// Whether the scalar at `index` (valid UTF-8) is a non-ASCII Unicode space (U+0085, U+00A0,
    /// U+1680, U+2000…U+200A, U+2028, U+2029, U+202F, U+205F, U+3000), a C1 control, or a
    /// bidirectional embedding, override or isolate (U+202A…U+202E, U+2066…U+2069, which
    /// `ControlSequences.stripped` balances): a scalar the plain path must not copy as it is.
    static func isSpaceOrC1(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let second = index + 1 < bytes.count ? bytes[index + 1] : 0
        let third = index + 2 < bytes.count ? bytes[index + 2] : 0
        switch bytes[index] {
        case 0xC2: return second <= 0x9F || second == 0xA0
        case 0xE1: return second == 0x9A && third == 0x80
        case 0xE2:
            return second == 0x80 && ((0x80...0x8A).contains(third) || (0xA8...0xAF).contains(third))
                || second == 0x81 && (third == 0x9F || (0xA6...0xA9).contains(third))
        case 0xE3: return second == 0x80 && third == 0x80
        default: return false
        }
    }
}
