#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
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
    public init() {}

    static let timingExample = "00:01:02,500 --> 00:01:04,000"

    public func parse(_ text: String, file: String) -> ParsedRows {
        var text = text
        let parsed = text.withUTF8 { parse(ByteText(bytes: $0), file: file) }
        return ParsedRows(rows: parsed.columns.rows(file: file), warnings: parsed.warnings)
    }

    /// The rows of valid UTF-8 `text` as columns, and the warnings. A big text is cut into pieces at
    /// cues that follow a blank line (where a reading from the start begins a cue too, whatever came
    /// before), read on every core and put back together in order; then the speaker labels are
    /// judged over the whole file. `release` is told byte ranges that are not read again.
    func parse(
        _ text: ByteText, file: String, pieces: Int? = nil, release: @escaping @Sendable (Range<Int>) -> Void = { _ in }
    ) -> ParsedColumns {
        let starts = Self.pieceStarts(text, pieces: pieces ?? Self.pieceCount(forBytes: text.bytes.count))
        let shared = SharedPieces(text: text, results: .allocate(capacity: starts.count - 1))
        defer { shared.results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: starts.count - 1) { index in
            let range = starts[index]..<starts[index + 1]
            let piece = shared.text.piece(range)
            let reserving = index == 0 ? shared.text.bytes.count : range.count
            let parsed = parsePiece(piece, file: file, reserving: reserving) { release($0.lowerBound + range.lowerBound..<$0.upperBound + range.lowerBound) }
            (shared.results.baseAddress! + index).initialize(to: parsed)
        }
        var result = shared.results.baseAddress!.move().0
        var lineBase = shared.results[0].lines
        for index in 1..<shared.results.count {
            var (piece, lines) = (shared.results.baseAddress! + index).move()
            piece.shiftLines(by: lineBase)
            result.columns.append(contentsOf: piece.columns)
            result.warnings.append(contentsOf: piece.warnings)
            lineBase += lines
        }
        result.columns.assignSpeakerLabels()
        return result
    }

    /// One piece per core for a big text, each of 8 MB or more.
    static func pieceCount(forBytes count: Int) -> Int {
        min(max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))), count / (8 << 20))
    }

    /// Where the pieces of `text` start, and its end: up to `pieces` pieces, each starting at the
    /// first line after an even cut that is a cue header (a line holding `-->`, or a line before
    /// one) right after a blank line, within a megabyte of the cut (else fewer pieces).
    static func pieceStarts(_ text: ByteText, pieces: Int) -> [Int] {
        let count = text.bytes.count
        var starts = [0]
        guard pieces > 1, let base = text.bytes.baseAddress else { return [0, count] }
        for piece in 1..<pieces {
            // From just after a line feed: a line starts there (a CR before it was that line's end).
            let even = count / pieces * piece
            guard even > starts[starts.count - 1] else { continue }
            guard let feed = memchr(base + even, 0x0A, count - even) else { break }
            var previousWasBlank = false
            var reader = LineReader(text, from: UnsafeRawPointer(feed) - UnsafeRawPointer(base) + 1)
            while let line = reader.current, line.start - even < 1 << 20 {
                let isBlank = text.isBlank(line)
                if previousWasBlank, !isBlank, text.hasArrow(line) || reader.peek().map(text.hasArrow) == true {
                    starts.append(line.start)
                    break
                }
                previousWasBlank = isBlank
                reader.advance()
            }
        }
        return starts + [count]
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
            ) { (SubRipMarkup.plainText($0), nil) }
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

/// The text and one result slot per piece, shared by the threads that read the pieces (each writes
/// only its own slot; the text is only read).
private struct SharedPieces: @unchecked Sendable {
    let text: ByteText
    let results: UnsafeMutableBufferPointer<(ParsedColumns, lines: Int)>
}
