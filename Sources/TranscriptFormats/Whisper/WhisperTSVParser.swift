import TranscriptModel

/// Whisper's tab-separated output (`.tsv`, `whisper --output_format tsv`): a header
/// `start<TAB>end<TAB>text`, then one segment a line, start and end in whole milliseconds.
///
/// - The header may be missing (a file cut from a longer one); columns are then start, end, text.
/// - Another header naming its columns (`Speaker<TAB>Start Time<TAB>Text`) is a table, read by
///   `TableTranscriptParser`.
/// - A line whose times are not whole non-negative milliseconds (or absurd: past a million hours),
///   or that has fewer than three columns, is a warning naming the line; the rest loads.
public struct WhisperTSVParser: TranscriptParser {
    /// A Whisper TSV parser; it has no settings.
    public init() {}

    static let header = "start\tend\ttext"

    /// Whether `head` starts with Whisper's header, with a line `ms<TAB>ms<TAB>text`, or with a
    /// tab-separated header naming a start and a text column (read by `TableTranscriptParser`).
    static func looksLike(_ head: Substring) -> Bool {
        guard let first = SourceLines(String(head.prefix(400))).first else { return false }
        return first.trimmingBlanks.lowercased() == header || row(first) != nil
            || TableTranscriptParser.header(head).map { $0.separator == 0x09 } == true
    }

    /// A data line's times and text, or nil.
    static func row(_ line: Substring) -> (start: Timestamp, end: Timestamp, text: Substring)? {
        let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3, let start = milliseconds(fields[0]), let end = milliseconds(fields[1]) else { return nil }
        return (start, end, fields[2])
    }

    private static func milliseconds(_ field: Substring) -> Timestamp? {
        let digits = field.trimmingBlanks
        guard !digits.isEmpty, digits.utf8.count <= 13, digits.utf8.allSatisfy({ $0 &- 0x30 <= 9 }),
              let value = Int64(digits), value < 3_600_000_000_000 else { return nil }
        return Timestamp(milliseconds: value)
    }

    /// The rows of Whisper TSV `text`, one per line after the header (when there is one); `file` is
    /// named in warnings and locators.
    public func parse(_ text: String, file: String) -> ParsedRows {
        var result = ParsedRows()
        let lines = SourceLines(text)
        if let first = lines.first, first.trimmingBlanks.lowercased() != Self.header, Self.row(first) == nil,
           TableTranscriptParser.columns(ofHeader: first) != nil {
            return TableTranscriptParser().parse(text, file: file)
        }
        for (position, line) in lines.enumerated() where !line.isBlankLine {
            if position == 0, line.trimmingBlanks.lowercased() == Self.header { continue }
            guard let row = Self.row(line) else {
                result.warnings.append(FormatError(
                    file: file, line: lines.lineNumber(position),
                    kind: .badField(expected: "a line \"start<TAB>end<TAB>text\" with times in whole milliseconds", found: quoted(line))
                ))
                continue
            }
            result.appendRow(
                text: TextCleanup.collapsingWhitespace(row.text), start: row.start, end: row.end,
                locator: Locator(file: file, line: lines.lineNumber(position))
            )
        }
        result.assignSpeakerLabels()
        return result
    }
}
