import TranscriptModel

/// WebVTT (`.vtt`), read by the parsing rules of the WebVTT spec, leniently where real files need it.
///
/// - The first line must start with `WEBVTT` (after an optional BOM); header text after it, and
///   lines up to the first blank line (or the first timing line), are skipped. A file without the header still loads, with a
///   warning.
/// - Blocks are separated by blank lines. `NOTE`, `STYLE` and `REGION` blocks are skipped. A cue
///   is an optional identifier line, a timing line `[hh:]mm:ss.ttt --> [hh:]mm:ss.ttt [settings]`
///   (settings ignored; `,` accepted for `.`), and text up to a blank line or a line with `-->`.
/// - A timing line that does not parse, or a block that is none of the above: a warning naming the
///   line, and the block is skipped.
/// - Cue text markup is read by `WebVTTMarkup`: the first `<v Name>` becomes the speaker; otherwise
///   a `Name: text` prefix does.
///
/// The file's UTF-8 is read in place (`ByteText`) into columns, in pieces on every core
/// (`PieceReading`): no `String` per line or cue except for a cue with markup beyond a leading
/// `<v Name>`. A file that may hold rolling captions (one cue starting with the line the cue before
/// ended with, or a cue cut at a line of spaces) is read again as a string
/// (`RollingCaptionCollapser`).
public struct WebVTTParser: TranscriptParser {
    /// What to do with YouTube-style rolling captions (see `RollingCaptionCollapser`).
    public var rollingCaptions: RollingCaptions

    /// A WebVTT parser that collapses rolling captions or keeps every cue, as `rollingCaptions` says.
    public init(rollingCaptions: RollingCaptions = .collapse) {
        self.rollingCaptions = rollingCaptions
    }

    static let timingExample = "00:01:02.500 --> 00:01:04.000"

    /// The rows of WebVTT `text`, one per cue (or per spoken line of rolling captions); `file` is named
    /// in warnings and locators.
    public func parse(_ text: String, file: String) -> ParsedRows {
        var text = text
        return text.withUTF8 { bytes in
            let text = ByteText(bytes: bytes)
            if let parsed = parseInPlace(text, file: file) {
                return ParsedRows(rows: parsed.columns.rows(file: file), warnings: parsed.warnings)
            }
            return parseRolling(text, file: file)
        }
    }

    /// The rows of valid UTF-8 `text` as columns, and the warnings, or nil when the file may hold
    /// rolling captions (then `parse` reads it). `release` is told byte ranges not read again.
    func parseInPlace(
        _ text: ByteText, file: String, pieces: Int? = nil, release: @escaping @Sendable (Range<Int>) -> Void = { _ in }
    ) -> ParsedColumns? {
        let read = PieceReading.read(text, pieces: pieces, release: release) { piece, index, reserving, release in
            var parsed = ParsedColumns()
            parsed.columns.reserve(rows: reserving / 48, textBytes: reserving)
            var facts = RollFacts()
            var previousLast: Range<Int>?
            let outcome = readCues(piece, file: file, spacesEndCue: true, atFileStart: index == 0, release: release) { cue in
                // The first look of `RollingCaptionCollapser`: a cue of two lines or more that starts
                // with the line the cue before ended with. (Lines of spaces end a cue here: every
                // text line shows.)
                let first = cue.textLines.first.map { piece.trimmed(ByteLine(start: $0.lowerBound, end: $0.upperBound, next: 0)) }
                if cue.textLines.count >= 2, let first {
                    if facts.isFirstCue {
                        facts.opening = piece.string(first)
                    } else if let previousLast, piece.sameText(first, previousLast) {
                        facts.sawRoll = true
                    }
                }
                previousLast = cue.textLines.last.map { piece.trimmed(ByteLine(start: $0.lowerBound, end: $0.upperBound, next: 0)) }
                facts.isFirstCue = false
                parsed.appendCue(cue, of: piece)
            }
            parsed.warnings = outcome.warnings
            facts.cutAtSpaces = outcome.cutAtSpaces
            facts.closing = previousLast.map(piece.string)
            return (parsed, outcome.lines, facts)
        }
        var previousLast: String?
        for facts in read.facts {
            if facts.cutAtSpaces || facts.sawRoll { return nil }
            if let opening = facts.opening, opening == previousLast { return nil }
            if !facts.isFirstCue { previousLast = facts.closing }
        }
        return read.parsed
    }

    /// What the rolling-caption check must know of a piece read apart: whether it saw a roll or a
    /// cue cut at spaces, its first cue's first line (when that cue has two lines or more), its last
    /// cue's last line, and whether it had a cue at all (`isFirstCue` still true: none).
    private struct RollFacts {
        var cutAtSpaces = false
        var sawRoll = false
        var isFirstCue = true
        var opening: String?
        var closing: String?
    }

    /// The reading for files that may roll: every cue collected first (lenient, and by the spec's
    /// rule when a cue was cut at a line of spaces), then `RollingCaptionCollapser` decides.
    func parseRolling(_ text: ByteText, file: String) -> ParsedRows {
        func cues(spacesEndCue: Bool) -> (cues: [Cue], warnings: Warnings, cutAtSpaces: Bool) {
            var cues: [Cue] = []
            let outcome = readCues(text, file: file, spacesEndCue: spacesEndCue, atFileStart: true, release: { _ in }) { cue in
                cues.append(Cue(
                    start: cue.start, end: cue.end,
                    locator: Locator(file: file, line: cue.line, cue: cue.identifier.map(text.string)),
                    textLines: cue.textLines.map { Substring(text.string($0)) }
                ))
            }
            return (cues, outcome.warnings, outcome.cutAtSpaces)
        }
        let lenient = cues(spacesEndCue: true)
        let strict = lenient.cutAtSpaces ? cues(spacesEndCue: false) : lenient
        if let shown = RollingCaptionCollapser.shownLines(ifRolling: strict.cues.map(\.textLines)) {
            var result = ParsedRows(warnings: strict.warnings)
            switch rollingCaptions {
            case .collapse: RollingCaptionCollapser.appendCollapsedRows(of: strict.cues, shown: shown, to: &result)
            case .keep: appendRows(of: strict.cues, to: &result)
            }
            result.assignSpeakerLabels()
            return result
        }
        var result = ParsedRows(warnings: lenient.warnings)
        appendRows(of: lenient.cues, to: &result)
        result.assignSpeakerLabels()
        return result
    }

    /// One cue as it stands in the file, its text not yet read as markup.
    struct Cue {
        var start: Timestamp
        var end: Timestamp
        var locator: Locator
        var textLines: [Substring]
    }

    /// Each cue's text lines joined by markup rules into one row (the usual reading).
    private func appendRows(of cues: [Cue], to result: inout ParsedRows) {
        for cue in cues {
            let markup = WebVTTMarkup.parse(cue.textLines.joined(separator: "\n"))
            result.appendRow(
                text: TextCleanup.collapsingWhitespace(markup.text), start: cue.start, end: cue.end,
                speaker: markup.speaker, locator: cue.locator
            )
        }
    }

    /// A cue as read from the file: byte ranges of its identifier and text lines.
    struct ByteCue {
        var start: Timestamp
        var end: Timestamp
        /// The 1-based line where the cue's block starts (its identifier, or its timing line).
        var line: Int
        var identifier: Range<Int>?
        var textLines: [Range<Int>]
    }

    /// Reads the cues of `text` (the whole file when `atFileStart`, else a piece starting at a cue),
    /// handing each to `visit` in order; returns the warnings, whether some cue's text ended at a
    /// line of spaces with more text right after it, and how many lines were read.
    private func readCues(
        _ text: ByteText, file: String, spacesEndCue: Bool, atFileStart: Bool, release: (Range<Int>) -> Void,
        visit: (ByteCue) -> Void
    ) -> (warnings: Warnings, cutAtSpaces: Bool, lines: Int) {
        var warnings = Warnings()
        var cutAtSpaces = false
        var lines = LineReader(text)
        // Whether `line` ends a cue's text: an empty line (a line of spaces too, when
        // `spacesEndCue`), or a line that holds `-->` (the next cue, per the spec).
        func endsText(_ line: ByteLine) -> Bool {
            line.isEmpty || (spacesEndCue && text.isBlank(line)) || text.hasArrow(line)
        }
        if atFileStart, let first = lines.current {
            if isHeader(first, of: text) {
                // The header runs to a blank line; a timing line ends it too (a leniency: the spec
                // would swallow that cue into the header).
                lines.advance()
                var previous: (line: ByteLine, number: Int)?
                while let line = lines.current, !text.isBlank(line), !text.hasArrow(line) {
                    previous = (line, lines.number)
                    lines.advance()
                }
                if let line = lines.current, text.hasArrow(line), let previous, previous.number > 1,
                   !text.string(previous.line.start..<previous.line.end).contains(":") {
                    lines = LineReader(text, from: previous.line.start, number: previous.number)  // the cue's identifier
                }
            } else {
                warnings.append(FormatError(file: file, line: 1, kind: .missingHeader(found: text.string(first.start..<first.end))))
            }
        }

        var textLines: [Range<Int>] = []
        var released = 0
        while let line = lines.current {
            if text.isBlank(line) {
                lines.advance()
                continue
            }
            if line.start - released >= 1 << 22 {
                release(released..<line.start)
                released = line.start
            }
            let blockStart = lines.number
            if isKeywordBlock(line, of: text) {
                while let line = lines.current, !text.isBlank(line) { lines.advance() }
                continue
            }
            var identifier: Range<Int>?
            var timingLine = line
            if !text.hasArrow(line) {
                guard let next = lines.peek(), text.hasArrow(next) else {
                    warnings.append(FormatError(file: file, line: lines.number, kind: .strayText(found: text.string(text.trimmed(line)))))
                    while let line = lines.current, !text.isBlank(line) { lines.advance() }
                    continue
                }
                identifier = text.trimmed(line)
                timingLine = next
                lines.advance()
            }
            let timingNumber = lines.number
            lines.advance()
            textLines.removeAll(keepingCapacity: true)
            while let line = lines.current, !endsText(line) {
                textLines.append(line.start..<line.end)
                lines.advance()
            }
            if let line = lines.current, let next = lines.peek(), !line.isEmpty, text.isBlank(line), !text.isBlank(next) {
                cutAtSpaces = true
            }
            guard let timing = text.timing(timingLine) else {
                warnings.append(FormatError(
                    file: file, line: timingNumber,
                    kind: .badTiming(found: text.string(text.trimmed(timingLine)), example: Self.timingExample)
                ))
                continue
            }
            visit(ByteCue(start: timing.start, end: timing.end, line: blockStart, identifier: identifier, textLines: textLines))
        }
        return (warnings, cutAtSpaces, lines.number - 1)
    }

    /// `WEBVTT` alone or followed by a space or tab (a BOM is already gone).
    private func isHeader(_ line: ByteLine, of text: ByteText) -> Bool {
        text.starts(line, with: "WEBVTT")
    }

    /// `NOTE`, `STYLE` or `REGION` alone or followed by a space or tab; a line holding `-->` never is.
    private func isKeywordBlock(_ line: ByteLine, of text: ByteText) -> Bool {
        guard !text.hasArrow(line) else { return false }
        return ["NOTE", "STYLE", "REGION"].contains { text.starts(line, with: $0) }
    }
}

extension ParsedColumns {
    /// Appends the row of a WebVTT cue read in place. A cue whose first line starts with a voice
    /// tag `<v Name>` and holds no other markup is read from the bytes too (`Name` the speaker);
    /// anything else with markup is read by `WebVTTMarkup` from the cue's text as a string.
    mutating func appendCue(_ cue: WebVTTParser.ByteCue, of text: ByteText) {
        var lines = cue.textLines
        var voice: String?
        if let first = lines.first, first.count > 2, text.bytes[first.lowerBound] == 0x3C, text.bytes[first.lowerBound + 1] | 0x20 == 0x76,
           let close = text.bytes[first].firstIndex(of: 0x3E), close > first.lowerBound + 1,
           [0x3E, 0x2E, 0x20, 0x09].contains(text.bytes[first.lowerBound + 2]) {
            voice = WebVTTMarkup.annotation(of: text.string(first.lowerBound + 1..<close))
            lines[0] = close + 1..<first.upperBound
        }
        appendRow(
            lines: lines, of: text, start: cue.start, end: cue.end, line: cue.line, cue: cue.identifier, speaker: voice
        ) { WebVTTMarkup.parse(text.joined(cue.textLines)) }
    }
}
