import TranscriptModel

/// Reads YouTube-style rolling captions as one row per spoken line.
///
/// Auto-generated captions (YouTube's, as yt-dlp saves them; broadcast roll-up captions converted
/// to WebVTT) show two lines at a time and scroll: each cue repeats the line above from the cue
/// before, and the line being spoken carries a timing tag per word. Read cue by cue, every line
/// would be a row two or three times:
///
/// ```
/// 00:00:00.160 --> 00:00:03.429          " " / we<00:00:00.960><c> need</c>…   new: "we need to cut the"
/// 00:00:03.429 --> 00:00:03.439          we need to cut the / " "             (nothing new: 10 ms hold)
/// 00:00:03.439 --> 00:00:05.749          we need to cut the / budget<…>…      new: "budget by ten percent"
/// ```
///
/// - **Detection** (conservative): a cue *carries* a line when its first line (markup read) is the
///   last line of the cue before, and *rolls* when it also adds a line. A file rolls when at least 3
///   cues carry, at least one rolls, and the carrying cues are at least half of the cues that hold
///   text. Ordinary subtitles never repeat the previous cue's last line, so they are read exactly as
///   before; a karaoke file that repeats one line per cue never adds a line and is not touched
///   either. A first look on the raw lines, for one rolling cue, spares ordinary files the rest.
/// - **Collapsing**: each cue's lines are read as markup one by one (timing tags and `<c>` dropped,
///   so `we<00:00:01.200><c> need</c>` reads `we need`). The longest run of lines that ends the
///   previous cue and starts this one is carried over; every line after it is new and becomes a row
///   with this cue's start, end, identifier and line. A row's end moves on while later cues still
///   show it as their last line (the 10 ms hold), so it spans the time it was spoken.
/// - A line said twice in a row stays two rows: only the overlap with the previous cue is dropped,
///   and `[A, A]` after `[A]` overlaps by one line.
///
/// Complexity: O(total lines × the longest cue's line count) string comparisons.
enum RollingCaptionCollapser {
    /// One line of a cue with its markup read (tags dropped, entities decoded), whitespace
    /// collapsed, and the speaker of its voice tag.
    struct Line {
        var text: String
        var speaker: String?
    }

    /// Each cue's non-empty lines, read, when cues with these text lines (as in the file) roll; nil
    /// when they do not. See the type's comment.
    static func shownLines(ifRolling cues: [[Substring]]) -> [[Line]]? {
        // A cheap look first, on the raw lines: without one cue that starts with the line the cue
        // before ended with and adds another, nothing rolls (and ordinary files stop here).
        var previousLast: Substring?
        var sawRoll = false
        for lines in cues where !sawRoll {
            let shown = lines.filter { !$0.isBlankLine }
            if shown.count >= 2, shown.first?.trimmingBlanks == previousLast { sawRoll = true }
            previousLast = shown.last?.trimmingBlanks
        }
        guard sawRoll else { return nil }

        let shown = cues.map { lines in
            lines.compactMap { line -> Line? in
                let markup = WebVTTMarkup.parse(String(line))
                let text = TextCleanup.collapsingWhitespace(markup.text)
                return text.isEmpty ? nil : Line(text: text, speaker: markup.speaker)
            }
        }
        var carries = 0
        var rolls = 0
        var withText = 0
        var previous: String?
        for lines in shown {
            guard let first = lines.first else {
                previous = nil
                continue
            }
            withText += 1
            if first.text == previous {
                carries += 1
                if lines.count >= 2 { rolls += 1 }
            }
            previous = lines.last?.text
        }
        return carries >= 3 && rolls >= 1 && carries * 2 >= withText ? shown : nil
    }

    /// Appends one row per spoken line of rolling `cues` to `result`; `shown` holds each cue's
    /// lines as `shownLines(ifRolling:)` read them.
    static func appendCollapsedRows(of cues: [WebVTTParser.Cue], shown: [[Line]], to result: inout ParsedRows) {
        var previous: [String] = []
        var lastShownRow: Int?  // the row shown as the last line of the previous cue
        for (cue, cueLines) in zip(cues, shown) {
            let lines = cueLines.map(\.text)
            let speakers = cueLines.map(\.speaker)
            let carried = overlap(ending: previous, starting: lines)
            if carried == lines.count {
                // Nothing new: the cue holds lines already shown. If it still shows the previous
                // cue's last line last, that line is still being shown; its row lasts longer.
                if carried > 0, let row = lastShownRow {
                    result.rows[row].end = max(result.rows[row].end ?? cue.end, cue.end)
                } else {
                    lastShownRow = nil
                }
            } else {
                lastShownRow = nil
                for position in carried..<lines.count {
                    let before = result.rows.count
                    result.appendRow(
                        text: lines[position], start: cue.start, end: cue.end, speaker: speakers[position],
                        locator: cue.locator
                    )
                    if result.rows.count > before { lastShownRow = before }
                }
            }
            previous = lines
        }
    }

    /// The largest k such that the last k lines of `previous` are the first k lines of `current`.
    static func overlap(ending previous: [String], starting current: [String]) -> Int {
        var k = min(previous.count, current.count)
        while k > 0 {
            if previous.suffix(k).elementsEqual(current.prefix(k)) { return k }
            k -= 1
        }
        return 0
    }
}
