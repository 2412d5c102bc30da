import TranscriptModel

/// YouTube's SubViewer captions (`.sbv`): blocks separated by blank lines, each a timing line
/// `0:00:01.000,0:00:03.500` (start and end, `h:mm:ss.mmm`) and text lines.
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

    /// Whether the first line of `head` is an SBV timing line.
    static func looksLike(_ head: Substring) -> Bool {
        guard let first = SourceLines(String(head.prefix(200))).first else { return false }
        return timing(first) != nil
    }

    /// The rows of SubViewer `text`, one per block; `file` is named in warnings and locators.
    public func parse(_ text: String, file: String) -> ParsedRows {
        var result = ParsedRows()
        let lines = SourceLines(text)
        var position = 0
        while position < lines.count {
            while position < lines.count, lines[position].isBlankLine { position += 1 }
            guard position < lines.count else { break }
            let first = position
            var end = position
            while end < lines.count, !lines[end].isBlankLine { end += 1 }
            position = end
            guard let times = Self.timing(lines[first]) else {
                result.warnings.append(FormatError(
                    file: file, line: lines.lineNumber(first),
                    kind: .badTiming(found: String(lines[first]), example: Self.timingExample)
                ))
                continue
            }
            var text = lines[(first + 1)..<end].joined(separator: " ")
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
