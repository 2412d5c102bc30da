import TranscriptModel

/// Plain text (`.txt`): one row per non-empty line, whitespace collapsed, with an optional
/// `Name: text` speaker prefix. Never warns: every line of text is a row.
///
/// The file's UTF-8 is read in place (`ByteText`), in pieces on every core (any line starts a
/// piece), straight into columns.
public struct PlainTextParser: TranscriptParser {
    /// A plain-text parser; it has no settings.
    public init() {}

    /// The rows of plain `text`, one per non-empty line; `file` is named in locators.
    public func parse(_ text: String, file: String) -> ParsedRows {
        ParsedRows(readingUTF8Of: text, file: file) { parse($0, file: file) }
    }

    /// The rows of valid UTF-8 `text` as columns. `release` is told byte ranges not read again.
    func parse(
        _ text: ByteText, file: String, pieces: Int? = nil, release: @escaping @Sendable (Range<Int>) -> Void = { _ in }
    ) -> ParsedColumns {
        PieceReading.read(text, pieces: pieces, atAnyLine: true, release: release) { piece, _, reserving, release in
            var parsed = ParsedColumns()
            parsed.columns.reserve(rows: reserving / 32, textBytes: reserving)
            var lines = LineReader(piece)
            var released = 0
            while let line = lines.current {
                if line.start - released >= 1 << 22 {
                    release(released..<line.start)
                    released = line.start
                }
                parsed.appendRow(lines: [line.start..<line.end], of: piece, start: nil, end: nil, line: lines.number, cue: nil) {
                    (piece.string(line.start..<line.end), nil)
                }
                lines.advance()
            }
            return (parsed, lines.number - 1, ())
        }.parsed
    }
}
