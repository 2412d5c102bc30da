import TranscriptModel

/// A loaded source: its rows, and the cues that were skipped on the way (each a warning naming its
/// line). Rows are never empty: a file with nothing loadable is an error, not a result.
public struct LoadResult: Sendable {
    /// The rows, as one source.
    public var transcript: Transcript
    /// Cues skipped and guesses made while reading (each names its file, and its line when it has
    /// one), as `Warnings.reported` tells them: at most `Warnings.kept`, then one counting the rest.
    public var warnings: [FormatError]

    /// A loaded source from its rows and warnings.
    public init(transcript: Transcript, warnings: [FormatError]) {
        self.transcript = transcript
        self.warnings = warnings
    }
}

/// What one format's parser makes of decoded text. Rows carry source 0 and their index in the file.
public struct ParsedRows: Sendable {
    /// The rows read, in file order, numbered from 0 in source 0.
    public var rows: [Row]
    /// Cues skipped and guesses made, each naming the file and line (the first few kept, the rest
    /// counted: `Warnings`).
    public var warnings: Warnings

    /// Rows and warnings as they are (`appendRow` is the way to add a row that still needs cleaning).
    public init(rows: [Row] = [], warnings: Warnings = []) {
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
        let text = TextCleanup.withoutControls(text)
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
    /// The rows a parser that reads bytes in place (`read`) makes of `text`'s UTF-8.
    init(readingUTF8Of text: String, file: String, _ read: (ByteText) -> ParsedColumns) {
        var text = text
        let parsed = text.withUTF8 { read(ByteText(bytes: $0)) }
        self.init(rows: parsed.columns.rows(file: file), warnings: parsed.warnings)
    }
}

/// What a parser that reads a file's bytes in place makes: the rows as columns, and the warnings.
struct ParsedColumns {
    var columns = CorpusColumns()
    var warnings = Warnings()

    /// Numbers lines as if `lines` more came before them (a piece read apart from the text before it).
    mutating func shiftLines(by lines: Int) {
        guard lines > 0 else { return }
        for index in columns.lines.indices where columns.lines[index] > 0 {
            columns.lines[index] = Int32(clamping: Int(columns.lines[index]) + lines)
        }
        warnings.shiftLines(by: lines)
    }

    /// Appends a row made from cleaned `text`, as `ParsedRows.appendRow` does (controls removed, an
    /// empty row dropped).
    mutating func appendRow(text: String, start: Timestamp?, end: Timestamp?, speaker: String?, line: Int) {
        let text = TextCleanup.withoutControls(text)
        guard !text.isEmpty else { return }
        columns.textBytes.append(contentsOf: text.utf8)
        let speaker = speaker.map { columns.intern(TextCleanup.collapsingWhitespace(ControlSequences.stripped($0))) } ?? -1
        columns.endRow(start: start?.milliseconds ?? -1, end: end?.milliseconds ?? -1, speaker: speaker, line: line, cue: nil)
    }

    /// Appends the row `appendRow(text: TextCleanup.collapsingWhitespace(text), …)` makes, straight
    /// from `text`'s UTF-8 `bytes`, when they hold no control character but ASCII whitespace, no
    /// non-ASCII space and no C1 control (`PlainRowText.isSpaceOrC1`): then collapsing and the
    /// control check only concern ASCII. False, with nothing appended, for any other bytes.
    mutating func appendRow(
        collapsing bytes: UnsafeBufferPointer<UInt8>, start: Timestamp?, end: Timestamp?, speaker: String?, line: Int
    ) -> Bool {
        // Whitespace other than a space (1), two whitespace bytes in a row (2), anything the string
        // path must see (4).
        var gathered: UInt8 = 0
        var previousWasSpace = false
        for (index, byte) in bytes.enumerated() {
            let isSpace = byte == 0x20 || byte &- 0x09 <= 4
            let isOther = byte < 0x20 && !isSpace || byte == 0x7F
                || (byte == 0xC2 || byte &- 0xE1 <= 2) && PlainRowText.isSpaceOrC1(bytes, at: index)
            gathered |= (isSpace && byte != 0x20 ? 1 : 0) | (isSpace && previousWasSpace ? 2 : 0) | (isOther ? 4 : 0)
            previousWasSpace = isSpace
        }
        guard gathered & 4 == 0 else { return false }
        var first = 0
        var last = bytes.count
        while first < last, bytes[first] == 0x20 || bytes[first] &- 0x09 <= 4 { first += 1 }
        while last > first, bytes[last - 1] == 0x20 || bytes[last - 1] &- 0x09 <= 4 { last -= 1 }
        guard first < last else { return true }
        // Words with single spaces between them (and perhaps one at either end, just trimmed):
        // copied whole.
        let inner = UnsafeBufferPointer(rebasing: bytes[first..<last])
        if gathered & 3 == 0 {
            columns.textBytes.append(contentsOf: inner)
        } else {
            var pendingSpace = false
            var runStart = 0
            for index in 0...inner.count where index == inner.count || inner[index] == 0x20 || inner[index] &- 0x09 <= 4 {
                if index > runStart {
                    if pendingSpace { columns.textBytes.append(0x20) }
                    columns.textBytes.append(contentsOf: UnsafeBufferPointer(rebasing: inner[runStart..<index]))
                    pendingSpace = true
                }
                runStart = index + 1
            }
        }
        let speaker = speaker.map { columns.intern(TextCleanup.collapsingWhitespace(ControlSequences.stripped($0))) } ?? -1
        columns.endRow(start: start?.milliseconds ?? -1, end: end?.milliseconds ?? -1, speaker: speaker, line: line, cue: nil)
        return true
    }

    /// Appends a row made from text `lines` (byte ranges of `text`), as `ParsedRows.appendRow` would
    /// from `TextCleanup.collapsingWhitespace` of what `markup` makes of the cue's text: straight
    /// from the bytes when `PlainRowText` can (with `speaker`), else through `markup`, which reads
    /// the cue's whole text as a string and returns the text and a speaker. A row whose text is
    /// empty is dropped.
    mutating func appendRow(
        lines: [Range<Int>], of text: ByteText, start: Timestamp?, end: Timestamp?, line: Int, cue: Range<Int>?,
        speaker: String? = nil, markup: () -> (text: String, speaker: String?)
    ) {
        var name = speaker
        if !PlainRowText.append(lines, of: text, to: &columns.textBytes) {
            let read = markup()
            columns.textBytes.append(contentsOf: TextCleanup.withoutControls(TextCleanup.collapsingWhitespace(read.text)).utf8)
            name = read.speaker
        }
        guard columns.textBytes.count > columns.textOffsets[columns.textOffsets.count - 1] else { return }
        let speaker = name.map { columns.intern(TextCleanup.collapsingWhitespace(ControlSequences.stripped($0))) } ?? -1
        if let cue, ControlSequences.hasControlBytes(UnsafeBufferPointer(rebasing: text.bytes[cue])) {
            let cleaned = Array(ControlSequences.stripped(text.string(cue)).utf8)
            cleaned.withUnsafeBytes {
                columns.endRow(start: start?.milliseconds ?? -1, end: end?.milliseconds ?? -1, speaker: speaker, line: line, cue: $0)
            }
        } else {
            columns.endRow(
                start: start?.milliseconds ?? -1, end: end?.milliseconds ?? -1, speaker: speaker, line: line, cue: cue.map(text.raw)
            )
        }
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
        let isTranscript = TextCleanup.isTranscript(candidates: candidates.count, rows: rows.count)
        for (position, candidate) in candidates where TextCleanup.isSpeakerLabel(
            isAllCapitals: candidate.isAllCapitals, uses: uses[candidate.label, default: 0], isTranscript: isTranscript
        ) {
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
