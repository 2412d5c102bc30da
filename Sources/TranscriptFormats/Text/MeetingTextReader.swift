import TranscriptModel

/// Reads lines written in one `MeetingTextLayout` as rows: each heading starts a row with its time
/// and speaker; the lines after it, up to the next heading, are its text (joined with one space).
///
/// - In `timeMarkers` (Google Meet) a marker only sets the time: each `Name: text` line after it
///   is its own row, at the marker's time.
/// - In `timecodeBlocks` a short line shaped like a name right after the timecode, with text after
///   it, is the speaker (`00:00:01:12 - 00:00:04:02`, `Alice Chen`, `text`); a number alone before
///   a timecode (a SubRip cue number) is dropped.
/// - In the block layouts a blank line ends the row's text (in a Word document, the end of a
///   paragraph does): text after it, before the next heading, is a row of its own without time or
///   speaker (Otter's closing `Transcribed by …`), as is any text before the first heading (a
///   title, a date). No line of text is ever lost.
/// - Timecodes that count frames (`hh:mm:ss:ff`) are read at a frame rate judged from the highest
///   frame number in the file (30 unless a frame number says more), with a warning naming the
///   rate assumed. A time past a million hours is a warning naming its line; its row has no time.
///
/// Lines are numbered by the caller (a text file's lines, a Word document's paragraphs): every row
/// and warning carries its number, and `locate` makes the row's locator from it.
struct MeetingTextReader {
    let layout: MeetingTextLayout
    let file: String
    /// What the numbered lines are: a text file's lines, or a Word document's paragraphs (a row's
    /// text is then one paragraph, as if a blank line followed each; lines of one number are one
    /// paragraph, split at its line breaks).
    var units = Units.lines

    /// What a caller's numbered lines are.
    enum Units {
        case lines
        case paragraphs
    }
    let locate: (Int) -> Locator

    /// A line and its number.
    typealias Line = (text: Substring, number: Int)

    /// The rows of `lines`.
    func read(_ lines: [Line]) -> ParsedRows {
        var result = ParsedRows()
        let framesPerSecond = frameRate(lines, warnings: &result.warnings)
        var row: (start: Timestamp?, end: Timestamp?, speaker: String?, text: [Substring], line: Int)?
        var blankSinceText = false
        var markerTime: Timestamp?
        var speakerLineIndex: Int?

        func finish() {
            guard let done = row else { return }
            row = nil
            let text = TextCleanup.collapsingWhitespace(done.text.joined(separator: " "))
            result.appendRow(text: text, start: done.start, end: done.end, speaker: done.speaker, locator: locate(done.line))
        }
        func time(_ clock: MeetingTextLayout.Clock?, line: Int) -> Timestamp? {
            switch clock {
            case nil: return nil
            case .time(let time): return time
            case .frames(let hours, let minutes, let seconds, let frames):
                let millis = ((hours * 60 + minutes) * 60 + seconds) * 1000 + (frames * 1000 + framesPerSecond / 2) / framesPerSecond
                return Timestamp(milliseconds: millis)
            case .absurd(let text):
                result.warnings.append(FormatError(file: file, line: line, kind: .badTimestamp(
                    found: text, example: "0:03 or 1:02:03, under a million hours")))
                return nil
            }
        }

        for (index, (raw, number)) in lines.enumerated() where index != speakerLineIndex {
            let line = raw.trimmingBlanks
            if line.isEmpty {
                if row.map({ !$0.text.isEmpty }) == true { blankSinceText = true }
                continue
            }
            if layout == .timecodeBlocks, line.utf8.allSatisfy({ $0 &- 0x30 <= 9 }), index + 1 < lines.count,
               layout.heading(lines[index + 1].text.trimmingBlanks) != nil {
                continue
            }
            if let heading = layout.heading(line) {
                finish()
                blankSinceText = false
                let start = time(heading.start, line: number)
                if layout == .timeMarkers {
                    markerTime = start
                    continue
                }
                row = (start, time(heading.end, line: number), heading.speaker, heading.text.map { [$0] } ?? [], number)
                if heading.speakerMayFollow, heading.speaker == nil {
                    row?.speaker = speakerLine(after: index, in: lines)
                    if row?.speaker != nil { speakerLineIndex = index + 1 }
                }
                continue
            }
            if layout == .timeMarkers {
                finish()
                if let label = TextCleanup.speakerLabelCandidate(String(line)) {
                    row = (markerTime, nil, label.label, [Substring(label.text)], number)
                } else {
                    row = (markerTime, nil, nil, [line], number)
                }
                continue
            }
            if row == nil || blankSinceText {
                finish()
                blankSinceText = false
                row = (nil, nil, nil, [], number)
            }
            row?.text.append(line)
            if units == .paragraphs, index + 1 == lines.count || lines[index + 1].number != number { blankSinceText = true }
        }
        finish()
        return result
    }

    /// The speaker of a timecode block: the line after the heading at `index` when it is shaped
    /// like a name (`TextCleanup.speakerLabelCandidate`) and text follows it in the same block.
    private func speakerLine(after index: Int, in lines: [Line]) -> String? {
        guard index + 2 < lines.count else { return nil }
        let name = lines[index + 1].text.trimmingBlanks
        let next = lines[index + 2].text.trimmingBlanks
        guard !name.isEmpty, !next.isEmpty, layout.heading(next) == nil, name.count <= 40,
              let last = name.last, !".!?,;".contains(last),
              MeetingTextLayout.isName(name, strict: true) else { return nil }
        return String(name)
    }

    /// Frames per second for `.frames` timecodes: 30, or more when a frame number says so (50 when
    /// one is 30…49, 60 when one is 50 or more); with a warning naming it when any frame number is
    /// not 0 (then the rate chosen moves a time).
    private func frameRate(_ lines: [Line], warnings: inout Warnings) -> Int64 {
        guard layout == .timecodeBlocks else { return 30 }
        var highest: Int64 = -1
        var firstLine: Int?
        for (text, number) in lines {
            guard let heading = layout.heading(text.trimmingBlanks) else { continue }
            for clock in [heading.start, heading.end] {
                if case .frames(_, _, _, let frames)? = clock {
                    highest = max(highest, frames)
                    if firstLine == nil { firstLine = number }
                }
            }
        }
        // Every frame number 0: the rate changes no time, so nothing was guessed.
        guard let firstLine, highest > 0 else { return 30 }
        let rate: Int64 = highest >= 50 ? 60 : highest >= 30 ? 50 : 30
        warnings.append(FormatError(file: file, line: firstLine, kind: .assumedFrameRate(Int(rate))))
        return rate
    }
}
