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
public struct SubRipParser: TranscriptParser {
    public init() {}

    static let timingExample = "00:01:02,500 --> 00:01:04,000"

    public func parse(_ text: String, file: String) -> ParsedRows {
        let lines = SourceLines(text)
        var result = ParsedRows()
        var pending: PendingCue?
        var index = 0

        func flush() {
            guard let cue = pending else { return }
            pending = nil
            let plain = TextCleanup.collapsingWhitespace(SubRipMarkup.plainText(cue.text.joined(separator: "\n")))
            result.appendRow(
                text: plain, start: cue.start, end: cue.end,
                locator: Locator(file: file, line: cue.line, cue: cue.number)
            )
        }

        while index < lines.count {
            let line = lines[index]
            if line.isBlankLine {
                index += 1
                continue
            }
            // A cue header: a timing line, or a number (identifier) line right before one.
            let timingIndex: Int?
            if line.hasArrow {
                timingIndex = index
            } else if index + 1 < lines.count, lines[index + 1].hasArrow {
                timingIndex = index + 1
            } else {
                timingIndex = nil
            }
            guard let timingIndex else {
                // Text that starts no cue: a paragraph of the previous cue, or a stray.
                let block = textBlock(lines, from: index)
                if isCueNumber(line) {
                    result.warnings.append(FormatError(
                        file: file, line: lines.lineNumber(index), kind: .missingTiming(cue: String(line.trimmingBlanks))
                    ))
                } else if pending != nil {
                    pending?.text.append(contentsOf: block.lines)
                } else {
                    result.warnings.append(FormatError(
                        file: file, line: lines.lineNumber(index), kind: .strayText(found: String(line.trimmingBlanks))
                    ))
                }
                index = block.end
                continue
            }
            flush()
            let number = timingIndex > index ? String(line.trimmingBlanks) : nil
            let timingLine = lines[timingIndex]
            let body = textBlock(lines, from: timingIndex + 1)
            index = body.end
            guard let timing = TimestampParsing.timing(timingLine) else {
                result.warnings.append(FormatError(
                    file: file, line: lines.lineNumber(timingIndex),
                    kind: .badTiming(found: String(timingLine.trimmingBlanks), example: Self.timingExample)
                ))
                continue
            }
            pending = PendingCue(
                number: number, line: lines.lineNumber(number == nil ? timingIndex : timingIndex - 1),
                start: timing.start, end: timing.end, text: body.lines
            )
        }
        flush()
        result.assignSpeakerLabels()
        return result
    }

    /// The non-blank lines from `start` up to a blank line or the start of the next cue (a timing
    /// line, or a number line followed by one).
    private func textBlock(_ lines: SourceLines, from start: Int) -> (lines: [Substring], end: Int) {
        var index = start
        var block: [Substring] = []
        while index < lines.count, !lines[index].isBlankLine {
            if index > start, lines[index].hasArrow, TimestampParsing.timing(lines[index]) != nil {
                break
            }
            if index > start, isCueNumber(lines[index]), index + 1 < lines.count,
               TimestampParsing.timing(lines[index + 1]) != nil {
                break
            }
            block.append(lines[index])
            index += 1
        }
        return (block, index)
    }

    private func isCueNumber(_ line: Substring) -> Bool {
        let trimmed = line.trimmingBlanks
        return !trimmed.isEmpty && trimmed.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
}

/// A cue read so far, its text not yet cleaned (paragraphs may still be added).
private struct PendingCue {
    var number: String?
    var line: Int
    var start: Timestamp
    var end: Timestamp
    var text: [Substring]
}
