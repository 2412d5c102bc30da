import TranscriptModel

/// Plain text (`.txt`): one row per non-empty line, whitespace collapsed, with an optional
/// `Name: text` speaker prefix. Never warns: every line of text is a row.
public struct PlainTextParser: TranscriptParser {
    public init() {}

    public func parse(_ text: String, file: String) -> ParsedRows {
        let lines = SourceLines(text)
        var result = ParsedRows()
        for index in lines.indices {
            result.appendRow(text: TextCleanup.collapsingWhitespace(lines[index]), locator: Locator(file: file, line: lines.lineNumber(index)))
        }
        result.assignSpeakerLabels()
        return result
    }
}
