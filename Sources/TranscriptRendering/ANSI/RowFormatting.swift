import TranscriptModel
import TranscriptSearch

/// How a row reads on a terminal: its place (time, or line number for untimed rows), its speaker,
/// and its text with hits highlighted. All transcript text passes through `TerminalSafeText`.
public struct RowFormatting: Sendable {
    public let styler: Styler

    public init(styler: Styler) {
        self.styler = styler
    }

    /// `00:06:32` for a timed row, `L12` for a row with a source line, empty otherwise.
    public func place(of row: Row) -> String {
        if let start = row.start { return Self.clock(start) }
        if let line = row.locator.line { return "L\(line)" }
        return ""
    }

    /// `Alice: ` (painted) or empty.
    public func speakerPrefix(of row: Row) -> String {
        guard let speaker = row.speaker else { return "" }
        return styler.paint(ControlSequences.stripped(speaker), .speaker) + ": "
    }

    /// The row's text with each hit painted (`current` in its own colour), made terminal-safe
    /// piece by piece so highlight boundaries stay where the hits are.
    public func highlighted(_ text: String, hits: [Hit], current: Int? = nil) -> String {
        highlighted(text, segments: hits.map { HitSegment(position: $0.position, row: $0.row, utf8Range: $0.utf8Range, isFirst: true) },
                    current: current)
    }

    /// The row's text with each hit segment painted (every part of the `current` hit in its own
    /// colour); `segments` are this row's (`HitIndex.segments(inRow:in:)`), in text order.
    public func highlighted(_ text: String, segments: [HitSegment], current: Int? = nil) -> String {
        // Text without control characters has nothing to strip: its pieces are taken as they are.
        let isSafe = !ControlSequences.hasControlCharacters(text)
        func safe(_ piece: Substring) -> String { isSafe ? String(piece) : ControlSequences.stripped(piece) }
        var out = ""
        var cursor = text.startIndex
        for segment in segments {
            let range = segment.range(in: text)
            guard range.lowerBound >= cursor else { continue }  // overlapping ranges never come from a search
            out += safe(text[cursor..<range.lowerBound])
            out += styler.paint(safe(text[range]), segment.position == current ? .currentMatch : .match)
            cursor = range.upperBound
        }
        out += safe(text[cursor...])
        return out
    }

    /// `3/52`, or `3-4/52` for a row holding hits 3 and 4 (1-based).
    public func hitNumbers(_ positions: Range<Int>, of total: Int) -> String {
        let first = positions.lowerBound + 1
        let last = positions.upperBound
        return first == last ? "\(first)/\(total)" : "\(first)-\(last)/\(total)"
    }
}

extension RowFormatting {
    /// `start.formatted` without its milliseconds (`00:06:32`, `123:04:05`), made in place.
    static func clock(_ start: Timestamp) -> String {
        var buffer = ByteBuffer(capacity: 32)
        defer { buffer.free() }
        appendClock(start, to: &buffer)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    /// `clock(start)`'s bytes appended to `out` (a listing's buffer).
    static func appendClock(_ start: Timestamp, to out: inout ByteBuffer) {
        let seconds = Int(start.milliseconds / 1000)
        var hourDigits = 2
        var power = 100
        while seconds / 3600 >= power && hourDigits < 19 {
            hourDigits += 1
            power = power.multipliedReportingOverflow(by: 10).overflow ? .max : power * 10
        }
        out.appendDecimal(seconds / 3600, width: hourDigits)
        out.append(UInt8(ascii: ":"))
        out.appendDecimal(seconds / 60 % 60, width: 2)
        out.append(UInt8(ascii: ":"))
        out.appendDecimal(seconds % 60, width: 2)
    }
}
