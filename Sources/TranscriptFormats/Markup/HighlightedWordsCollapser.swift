import TranscriptModel

/// Reads Whisper's `--highlight_words True` subtitles (SRT and WebVTT) as one row per line.
///
/// Whisper's writer repeats each subtitle line once per word, the word being spoken underlined,
/// each copy timed to that word, and fills a pause between two words with the line un-underlined:
///
/// ```
/// 00:00:00.000 --> 00:00:00.400   <u>We</u> ship on Friday.      ┐
/// 00:00:00.400 --> 00:00:00.700   We <u>ship</u> on Friday.      │ one row: "We ship on Friday."
/// 00:00:00.700 --> 00:00:01.100   We ship on Friday.   (a pause) │ 00:00:00.000 --> 00:00:01.600
/// 00:00:01.100 --> 00:00:01.600   We ship on <u>Friday.</u>      ┘
/// ```
///
/// Read cue by cue, one spoken word would be a hit in every copy. So when the file's first cues
/// underline (a `<u>` within its first 4 KiB: the writer underlines the first word of the first
/// line), consecutive rows with the same text and speaker, each starting where the one before
/// ended (within 10 ms), are one row: the first one's start, line and cue, the last one's end.
/// Other subtitles never show one line as back-to-back copies, and if one did, one row is what a
/// reader sees. Complexity: O(rows + text bytes).
enum HighlightedWordsCollapser {
    /// How far apart (ms) one copy's end and the next one's start may be and still be one line.
    static let tolerance: Int64 = 10

    /// Whether UTF-8 `bytes` underline in their first 4 KiB.
    static func mayHold(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let head = bytes.prefix(4096)
        let mark = Array("<u>".utf8)
        guard head.count >= mark.count else { return false }
        for index in head.startIndex...(head.endIndex - mark.count)
        where head[index] == mark[0] && head[index + 1] == mark[1] && head[index + 2] == mark[2] { return true }
        return false
    }

    /// Whether `text` underlines in its first 4 KiB.
    static func mayHold(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { mayHold($0) }
    }

    /// Whether row `next` continues the line of row `previous` (same text and speaker, times
    /// touching).
    private static func continues(
        start: Int64, previousStart: Int64, previousEnd: Int64, sameTextAndSpeaker: Bool
    ) -> Bool {
        sameTextAndSpeaker && start >= 0 && previousEnd >= 0 && start >= previousStart
            && abs(start - previousEnd) <= tolerance
    }

    /// `parsed` with each run of copies of one line made one row.
    static func collapsed(_ parsed: ParsedColumns) -> ParsedColumns {
        let old = parsed.columns
        guard old.rowCount > 1 else { return parsed }
        var result = ParsedColumns(warnings: parsed.warnings)
        result.columns.reserve(rows: old.rowCount, textBytes: old.textBytes.count)
        var index = 0
        while index < old.rowCount {
            let text = old.textBytes[old.textOffsets[index]..<old.textOffsets[index + 1]]
            var last = index
            var end = old.endTimes[index]
            while last + 1 < old.rowCount {
                let next = last + 1
                let same = old.speakerIDs[next] == old.speakerIDs[index]
                    && old.textBytes[old.textOffsets[next]..<old.textOffsets[next + 1]].elementsEqual(text)
                guard continues(start: old.startTimes[next], previousStart: old.startTimes[last], previousEnd: end, sameTextAndSpeaker: same)
                else { break }
                end = max(end, old.endTimes[next])
                last = next
            }
            result.columns.textBytes.append(contentsOf: text)
            let speaker = old.speakerIDs[index] >= 0 ? result.columns.intern(old.strings[Int(old.speakerIDs[index])]) : -1
            if old.hasCue[index] != 0 {
                Array(old.cueBytes[old.cueOffsets[index]..<old.cueOffsets[index + 1]]).withUnsafeBytes {
                    result.columns.endRow(start: old.startTimes[index], end: end, speaker: speaker, line: Int(old.lines[index]), cue: $0)
                }
            } else {
                result.columns.endRow(start: old.startTimes[index], end: end, speaker: speaker, line: Int(old.lines[index]), cue: nil)
            }
            index = last + 1
        }
        return result
    }

    /// `parsed` with each run of copies of one line made one row (rows numbered again).
    static func collapsed(_ parsed: ParsedRows) -> ParsedRows {
        var result = ParsedRows(warnings: parsed.warnings)
        for row in parsed.rows {
            if let previous = result.rows.last, let start = row.start, let previousStart = previous.start, let previousEnd = previous.end,
               continues(
                   start: start.milliseconds, previousStart: previousStart.milliseconds, previousEnd: previousEnd.milliseconds,
                   sameTextAndSpeaker: row.text == previous.text && row.speaker == previous.speaker
               ) {
                result.rows[result.rows.count - 1].end = max(previousEnd, row.end ?? previousEnd)
                continue
            }
            var row = row
            row.id = RowID(source: 0, index: result.rows.count)
            result.rows.append(row)
        }
        return result
    }
}
