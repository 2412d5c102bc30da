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

    /// Appends a row made from cleaned `text`, numbering it. Terminal control sequences are removed
    /// from its text, speaker and cue (see `ControlSequences`); a row whose text is then empty is
    /// dropped (it cannot be hit, and it is nothing a reader would miss).
    mutating func appendRow(
        text: String, start: Timestamp? = nil, end: Timestamp? = nil, speaker: String? = nil,
        title: String? = nil, locator: Locator
    ) {
        let text = ControlSequences.hasControlCharacters(text)
            ? TextCleanup.collapsingWhitespace(ControlSequences.stripped(text))
            : text
        guard !text.isEmpty else { return }
        var locator = locator
        locator.cue = locator.cue.map { ControlSequences.stripped($0) }
        rows.append(Row(
            id: RowID(source: 0, index: rows.count), text: text, start: start, end: end,
            speaker: speaker.map { TextCleanup.collapsingWhitespace(ControlSequences.stripped($0)) },
            title: title.map { TextCleanup.collapsingWhitespace(ControlSequences.stripped($0)) }, locator: locator
        ))
    }
}

extension ParsedRows {
    /// The `Name: text` convention, applied to rows that have no speaker yet, judged over the whole
    /// file: a label shaped like a name (`TextCleanup.speakerLabelCandidate`) becomes the speaker when
    /// it is in capitals (`MAN:`, the subtitle convention), when it starts at least two rows of the
    /// file (a transcript's `Alice:`), or when at least half the file's rows start with such a label
    /// (a transcript where everyone speaks once). So a one-off `Digo: …` or `Note: …` in a film's
    /// dialogue stays text.
    mutating func assignSpeakerLabels() {
        var candidates: [Int: (label: String, isAllCapitals: Bool, text: String)] = [:]
        var uses: [String: Int] = [:]
        for (position, row) in rows.enumerated() where row.speaker == nil {
            guard let candidate = TextCleanup.speakerLabelCandidate(row.text) else { continue }
            candidates[position] = candidate
            uses[candidate.label, default: 0] += 1
        }
        let isTranscript = candidates.count >= 2 && candidates.count * 2 >= rows.count
        for (position, candidate) in candidates
        where isTranscript || candidate.isAllCapitals || uses[candidate.label, default: 0] >= 2 {
            rows[position].speaker = candidate.label
            rows[position].text = candidate.text
        }
    }
}

/// A parser for one format: decoded text in, rows and warnings out. Total: it never throws for a bad
/// cue (that is a warning), only for a file that cannot be read as this format at all.
public protocol TranscriptParser: Sendable {
    /// Parses `text`, naming `file` in every warning and row locator.
    func parse(_ text: String, file: String) throws(FormatError) -> ParsedRows
}
