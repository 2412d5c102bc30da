import TranscriptModel

/// A loaded source: its rows, and the cues that were skipped on the way (each a warning naming its
/// line). Rows are never empty: a file with nothing loadable is an error, not a result.
public struct LoadResult: Sendable {
    public var transcript: Transcript
    public var warnings: [FormatError]

    public init(transcript: Transcript, warnings: [FormatError]) {
        self.transcript = transcript
        self.warnings = warnings
    }
}

/// What one format's parser makes of decoded text. Rows carry source 0 and their index in the file.
public struct ParsedRows: Sendable {
    public var rows: [Row]
    public var warnings: [FormatError]

    public init(rows: [Row] = [], warnings: [FormatError] = []) {
        self.rows = rows
        self.warnings = warnings
    }

    /// Appends a row made from cleaned `text`, numbering it; an empty text is dropped (it cannot be
    /// hit, and it is nothing a reader would miss).
    mutating func appendRow(
        text: String, start: Timestamp? = nil, end: Timestamp? = nil, speaker: String? = nil,
        locator: Locator
    ) {
        guard !text.isEmpty else { return }
        rows.append(Row(
            id: RowID(source: 0, index: rows.count), text: text, start: start, end: end,
            speaker: speaker, locator: locator
        ))
    }
}

/// A parser for one format: decoded text in, rows and warnings out. Total: it never throws for a bad
/// cue (that is a warning), only for a file that cannot be read as this format at all.
public protocol TranscriptParser: Sendable {
    /// Parses `text`, naming `file` in every warning and row locator.
    func parse(_ text: String, file: String) throws(FormatError) -> ParsedRows
}
