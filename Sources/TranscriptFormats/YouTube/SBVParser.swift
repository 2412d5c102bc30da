import TranscriptModel

/// SubViewer captions: YouTube's `.sbv`, and SubViewer 2 (a `.sub` that is not MicroDVD): blocks
/// separated by blank lines, each a timing line `0:00:01.000,0:00:03.500` (start and end,
/// `h:mm:ss.fraction`) and text lines.
///
/// - SubViewer 2's header (`[INFORMATION]` … `[END INFORMATION]`, `[SUBTITLE]`, `[COLF]…`: lines in
///   brackets before a block's timing line) is skipped, and its `[br]` line break is a space.
///
/// - A block's text lines are joined with one space; a `Name: text` prefix becomes the speaker
///   (see `ParsedRows.assignSpeakerLabels`), and YouTube's `>>` speaker-change mark is dropped.
/// - A block whose first line is not a timing line, or whose times do not parse, is a warning naming
///   the line; the rest loads.
public struct SBVParser: TranscriptParser {
    /// A SubViewer parser; it has no settings.
    public init() {}

    static let timingExample = "0:00:01.000,0:00:03.500"

    /// The block timing `start,end`, or nil.
    static func timing(_ line: Substring) -> (start: Timestamp, end: Timestamp)? {
        let fields = line.trimmingBlanks.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count == 2, !fields[0].contains(where: { $0 == "-" || $0 == ">" }),
              let start = TimestampParsing.clock(fields[0], requireFraction: true),
              let end = TimestampParsing.clock(fields[1], requireFraction: true) else { return nil }
        return (start, end)
    }

    /// Whether the first line of `head` is an SBV timing line, or SubViewer 2's `[INFORMATION]`
    /// header (bracketed lines) comes first and a timing line right after it.
    static func looksLike(_ head: Substring) -> Bool {
        let lines = SourceLines(String(head.prefix(2_000)))
        guard let first = lines.first else { return false }
        if timing(first) != nil { return true }
        guard first.trimmingBlanks.uppercased() == "[INFORMATION]" else { return false }
        let body = (0..<lines.count).lazy.map { lines[$0] }.first { !$0.isBlankLine && !Self.isHeaderLine($0) }
        return body.map { timing($0) != nil } ?? false
    }

    /// A SubViewer 2 header line: `[TITLE]…`, `[END INFORMATION]`, `[COLF]&HFFFFFF,[STYLE]…`.
    static func isHeaderLine(_ line: Substring) -> Bool {
        line.trimmingBlanks.first == "["
    }

    /// The rows of SubViewer `text`, one per block; `file` is named in warnings and locators.
    public func parse(_ text: String, file: String) -> ParsedRows {
        var result = ParsedRows()
        let lines = SourceLines(text)
        var position = 0
        while position < lines.count {
            while position < lines.count, lines[position].isBlankLine { position += 1 }
            guard position < lines.count else { break }
            var first = position
            var end = position
            while end < lines.count, !lines[end].isBlankLine { end += 1 }
            position = end
            // SubViewer 2's header, before the first timing line.
            while first < end, Self.isHeaderLine(lines[first]), Self.timing(lines[first]) == nil { first += 1 }
            guard first < end else { continue }
            guard let times = Self.timing(lines[first]) else {
                result.warnings.append(FormatError(
                    file: file, line: lines.lineNumber(first),
                    kind: .badTiming(found: String(lines[first]), example: Self.timingExample)
                ))
                continue
            }
            var text = lines[(first + 1)..<end].joined(separator: " ").replacing("[br]", with: " ")
            if text.hasPrefix(">>") { text = String(text.dropFirst(2)) }
            result.appendRow(
                text: TextCleanup.collapsingWhitespace(SubRipMarkup.plainText(text)), start: times.start, end: times.end,
                locator: Locator(file: file, line: lines.lineNumber(first))
            )
        }
        result.assignSpeakerLabels()
        return result
    }
}
