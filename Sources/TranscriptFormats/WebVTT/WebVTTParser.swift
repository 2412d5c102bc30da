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
public struct WebVTTParser: TranscriptParser {
    /// What to do with YouTube-style rolling captions (see `RollingCaptionCollapser`).
    public var rollingCaptions: RollingCaptions

    public init(rollingCaptions: RollingCaptions = .collapse) {
        self.rollingCaptions = rollingCaptions
    }

    static let timingExample = "00:01:02.500 --> 00:01:04.000"

    public func parse(_ text: String, file: String) -> ParsedRows {
        let lines = SourceLines(text)
        // Read leniently first: a line of spaces ends a cue, as in most players. Rolling captions pad
        // cues with such lines (`" "` above the line being spoken), so when a cue was cut at one, read
        // again by the spec's rule (only an empty line ends a cue) to see whether the file rolls.
        let lenient = readCues(lines, file: file, spacesEndCue: true)
        let strict = lenient.cutAtSpaces ? readCues(lines, file: file, spacesEndCue: false) : lenient
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

    /// A file's cues and the warnings met on the way; `cutAtSpaces` says whether some cue's text
    /// ended at a line of spaces with more text right after it.
    struct ReadCues {
        var cues: [Cue] = []
        var warnings: [FormatError] = []
        var cutAtSpaces = false
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

    private func readCues(_ lines: SourceLines, file: String, spacesEndCue: Bool) -> ReadCues {
        var result = ReadCues()
        // Whether the line at `index` ends a cue's text: an empty line (a line of spaces too, when
        // `spacesEndCue`), or a line that holds `-->` (the next cue, per the spec).
        func endsText(_ index: Int) -> Bool {
            let line = lines[index]
            return line.isEmpty || (spacesEndCue && line.isBlankLine) || line.hasArrow
        }
        var index = 0
        if let first = lines.first, isHeader(first) {
            // The header runs to a blank line; a timing line ends it too (a leniency: the spec would
            // swallow that cue into the header).
            index = 1
            while index < lines.count, !lines[index].isBlankLine, !lines[index].hasArrow { index += 1 }
            if index < lines.count, lines[index].hasArrow, index > 1, !lines[index - 1].contains(":") {
                index -= 1  // the line before the timing line is the cue's identifier
            }
        } else if let first = lines.first {
            result.warnings.append(FormatError(file: file, line: 1, kind: .missingHeader(found: String(first))))
        }

        while index < lines.count {
            if lines[index].isBlankLine {
                index += 1
                continue
            }
            let blockStart = index
            let first = lines[index]
            if isKeywordBlock(first) {
                while index < lines.count, !lines[index].isBlankLine { index += 1 }
                continue
            }
            var identifier: String?
            var timingIndex = index
            if !first.hasArrow {
                guard index + 1 < lines.count, lines[index + 1].hasArrow else {
                    result.warnings.append(FormatError(
                        file: file, line: lines.lineNumber(index), kind: .strayText(found: String(first.trimmingBlanks))
                    ))
                    while index < lines.count, !lines[index].isBlankLine { index += 1 }
                    continue
                }
                identifier = String(first.trimmingBlanks)
                timingIndex = index + 1
            }
            index = timingIndex + 1
            var textLines: [Substring] = []
            while index < lines.count, !endsText(index) {
                textLines.append(lines[index])
                index += 1
            }
            if index + 1 < lines.count, !lines[index].isEmpty, lines[index].isBlankLine, !lines[index + 1].isBlankLine {
                result.cutAtSpaces = true
            }
            guard let timing = TimestampParsing.timing(lines[timingIndex]) else {
                result.warnings.append(FormatError(
                    file: file, line: lines.lineNumber(timingIndex),
                    kind: .badTiming(found: String(lines[timingIndex].trimmingBlanks), example: Self.timingExample)
                ))
                continue
            }
            result.cues.append(Cue(
                start: timing.start, end: timing.end,
                locator: Locator(file: file, line: lines.lineNumber(blockStart), cue: identifier), textLines: textLines
            ))
        }
        return result
    }

    /// `WEBVTT` alone or followed by a space or tab (a BOM is already gone).
    private func isHeader(_ line: Substring) -> Bool {
        guard line.hasPrefix("WEBVTT") else { return false }
        let rest = line.dropFirst(6)
        return rest.isEmpty || rest.first == " " || rest.first == "\t"
    }

    /// `NOTE`, `STYLE` or `REGION` alone or followed by a space or tab; a line holding `-->` never is.
    private func isKeywordBlock(_ line: Substring) -> Bool {
        guard !line.hasArrow else { return false }
        return ["NOTE", "STYLE", "REGION"].contains { keyword in
            guard line.hasPrefix(keyword) else { return false }
            let rest = line.dropFirst(keyword.count)
            return rest.isEmpty || rest.first == " " || rest.first == "\t"
        }
    }
}
