import TranscriptModel

/// SubRip (`.srt`): cues of an optional number line, a timing line
/// `00:01:02,500 --> 00:01:04,000` (`,` or `.` before the milliseconds, any number of hour digits,
/// trailing coordinates ignored) and text lines up to a blank line.
///
/// What real files do and how it is read:
/// - cues without numbers, extra blank lines, no final newline: read as expected;
/// - a cue with no blank line before the next one: the next timing line (and a number line right
///   before it) starts the next cue;
/// - text after a blank line that starts no cue: a paragraph of the previous cue (subtitle editors
///   write these), joined to it;
/// - a timing line that does not parse, or a number line with no timing: a warning naming the line;
///   that cue is skipped and the rest loads;
/// - markup (`<i>`, `<font …>`, `{\an8}`) is stripped, character references decoded, lines joined with
///   one space, and a `Name: text` prefix becomes the speaker (see `assignSpeakerLabels`).
///
/// It reads the file's UTF-8 in place (`ByteText`) into columns (`CorpusColumns`): no `String` per
/// line or cue, except for a cue whose text holds markup, a control character or a non-ASCII space,
/// which is read as a string by the same rules.
public struct SubRipParser: TranscriptParser {
    /// A SubRip parser; it has no settings.
    public init() {}

    static let timingExample = "00:01:02,500 --> 00:01:04,000"

    /// The rows of SubRip `text`, one per cue; `file` is named in warnings and locators.
    public func parse(_ text: String, file: String) -> ParsedRows {
        ParsedRows(readingUTF8Of: text, file: file) { parse($0, file: file) }
    }

    /// The rows of valid UTF-8 `text` as columns, and the warnings: read in pieces on every core,
    /// the speaker labels judged over the whole file (`PieceReading`). `release` is told byte
    /// ranges that are not read again.
    func parse(
        _ text: ByteText, file: String, pieces: Int? = nil, release: @escaping @Sendable (Range<Int>) -> Void = { _ in }
    ) -> ParsedColumns {
        PieceReading.read(text, pieces: pieces, release: release) { piece, _, reserving, release in
            let (parsed, lines) = parsePiece(piece, file: file, reserving: reserving, release: release)
            return (parsed, lines, ())
        }.parsed
    }

    /// The rows of one piece of the text (all of it, or a piece starting at a cue that follows a
    /// blank line), lines numbered from 1, no speaker labels yet; and how many lines it has.
    /// Room is made for the rows of `reserving` bytes (the first piece makes room for the whole
    /// text, which the others are appended to).
    private func parsePiece(
        _ text: ByteText, file: String, reserving: Int, release: (Range<Int>) -> Void
    ) -> (ParsedColumns, lines: Int) {
        var result = ParsedColumns()
        result.columns.reserve(rows: reserving / 48, textBytes: reserving)
        var lines = LineReader(text)
        var pending: PendingCue?
        // The pending cue's text lines (byte ranges), and a paragraph's; kept to reuse their storage.
        var pendingText: [Range<Int>] = []
        var block: [Range<Int>] = []
        var released = 0

        func flush() {
            guard let cue = pending else { return }
            pending = nil
            result.appendRow(
                lines: pendingText, of: text, start: cue.start, end: cue.end, line: cue.line, cue: cue.number
            ) { (SubRipMarkup.plainText(text.joined(pendingText)), nil) }
        }

        while let line = lines.current {
            if text.isBlank(line) {
                lines.advance()
                continue
            }
            // A cue header: a timing line, or a number (identifier) line right before one.
            let hasNumber: Bool
            if text.hasArrow(line) {
                hasNumber = false
            } else if let next = lines.peek(), text.hasArrow(next) {
                hasNumber = true
            } else {
                // Text that starts no cue: a paragraph of the previous cue, or a stray.
                let number = lines.number
                if text.isCueNumber(line) {
                    result.warnings.append(FormatError(
                        file: file, line: number, kind: .missingTiming(cue: text.string(text.trimmed(line)))
                    ))
                    readBlock(&lines, into: &block)
                } else if pending != nil {
                    readBlock(&lines, into: &block)
                    pendingText.append(contentsOf: block)
                } else {
                    result.warnings.append(FormatError(
                        file: file, line: number, kind: .strayText(found: text.string(text.trimmed(line)))
                    ))
                    readBlock(&lines, into: &block)
                }
                continue
            }
            flush()
            if line.start - released >= 1 << 22 {
                release(released..<line.start)
                released = line.start
            }
            let cueLine = lines.number
            let number = hasNumber ? text.trimmed(line) : nil
            if hasNumber { lines.advance() }
            guard let timingLine = lines.current else { break }
            let timingNumber = lines.number
            lines.advance()
            readBlock(&lines, into: &pendingText)
            guard let timing = text.timing(timingLine) else {
                result.warnings.append(FormatError(
                    file: file, line: timingNumber,
                    kind: .badTiming(found: text.string(text.trimmed(timingLine)), example: Self.timingExample)
                ))
                continue
            }
            pending = PendingCue(number: number, line: cueLine, start: timing.start, end: timing.end)
        }
        flush()
        return (result, lines.number - 1)
    }

    /// Reads the non-blank lines from the reader's line up to a blank line or the start of the next
    /// cue (a timing line, or a number line followed by one) into `block`.
    private func readBlock(_ lines: inout LineReader, into block: inout [Range<Int>]) {
        let text = lines.text
        block.removeAll(keepingCapacity: true)
        while let line = lines.current, !text.isBlank(line) {
            if !block.isEmpty {
                if text.hasArrow(line), text.timing(line) != nil { break }
                if text.isCueNumber(line), let next = lines.peek(), text.timing(next) != nil { break }
            }
            block.append(line.start..<line.end)
            lines.advance()
        }
    }
}

/// A cue read so far (its text lines are kept apart: paragraphs may still be added). `number` is
/// a byte range of the file.
private struct PendingCue {
    var number: Range<Int>?
    var line: Int
    var start: Timestamp
    var end: Timestamp
}
