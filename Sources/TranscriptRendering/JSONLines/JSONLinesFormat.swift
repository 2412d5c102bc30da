import TranscriptModel
import TranscriptSearch

/// The JSON Lines output of `tsearch search --json` and `tsearch rows --json`, schema 1.
///
/// One JSON object per line; every object starts with `"schema":1` and a `"type"`. Members always
/// appear (null when a row has no value) and in this order:
///
/// - `hit`: `hit` (1-based number), `hits` (the total), `file`, `row` (row ID `"source:index"`),
///   `line` (1-based source line or null), `cue` (identifier or number as written, or null),
///   `start_ms`, `end_ms`, `speaker`, `title` (the book section), for a book's rows `href` (its
///   content document) and `element` (the block's position in it), for a video's subtitle rows
///   `video`: `{"path": "talk.mkv", "stream": 1, "language": "ger"}` (the stream's position among the
///   video's subtitle streams, from 0, as ffmpeg's `0:s:N`; `language` null when untagged; `file` is
///   then the display path `talk.mkv#s:1 (ger)`, see `VideoSubtitleStream`), `text` (the whole row;
///   null in the second and later hit records of a row longer than `longRowBytes`, whose first hit
///   record carries it, so that a one-line transcript of a megabyte with thousands of hits prints
///   its text once, not once per hit),
///   `match`: `{"start": …, "end": …, "text": …}`, UTF-8 byte offsets into `text`, on character
///   boundaries, and `spans`: the hit's part in each row it covers, in order,
///   `[{"row": "0:3", "start": …, "end": …, "text": …}]`, offsets into that row's text. A hit
///   within one row has one span, equal to `match`. A hit across cues (`--across-cues`) has one
///   span per row: `row`, `text` and `match.start` are those of the row it starts in, `match.end`
///   counts on through the following rows' texts as searched (each row's text after one space), so
///   it may exceed the length of `text`, and `match.text` is the whole matched text (rows joined by
///   one space). The rows it runs into follow as `context` records. Then `meeting_date`: the date of
///   the hit's meeting (`2026-03-14` or `2026-03-14 15:00`, `MeetingFacts`), or null. Last, `media_time`: where the
///   row starts in the recording, in seconds (a number with up to three decimals, `62.5`: what a
///   player's `--start` or a URL's `#t=` takes), or null for a row without a time (EPUB, plain
///   text). Then, for a search whose hits carry edits (`--fuzzy` with an approximate hit),
///   `edits`: the hit's edits, 0 for an exact one. `spans`, `meeting_date`, `media_time`, `edits` and `video` were added to schema 1 without a new number: a reader
///   of the other members sees nothing change.
/// - `context` (with `-C N`): `file`, `row`, `line`, `cue`, `start_ms`, `end_ms`, `speaker`, `title`,
///   `text`.
/// - `row` (`tsearch rows --json`): the same members as `context`.
/// - `speaker` (`tsearch speakers --json`): `speaker` (the person's name: its spelling with the most
///   rows, or the people file's name) and `rows` (how many rows the person speaks), most rows first;
///   `spellings` (most rows first) when the person goes by more than one or by another name.
/// - `meeting` (`tsearch meetings --json`): `file`, `date` (`2026-03-14` or `2026-03-14 15:00`, or
///   null), `date_source` (`content`, `path`, `mtime` or null: where the date was read), `title`,
///   `title_source` (`content` or `path`), `duration_ms` (null when untimed), `participants` (the
///   speakers, most rows first), `rows`, and with a query `hits` and `score` (BM25, see
///   `MeetingRanking`), else null.
/// - `summary`, last: `query` (with its tokens), `case` (`insensitive`/`sensitive`), `hits`,
///   `rows_with_hits`, `rows`, `files`, `files_with_hits`, `errors` (files that could not be read),
///   `warnings` (cues skipped), and `facets`: `{"speaker": [{"value": "Alice", "hits": 12}, …],
///   "file": […], "section": […], "month": […]}`, most hits first (`value` null for rows without
///   one; `month` counts by the meeting's month, `2026-03`, added to schema 1 without a new number).
///
/// Strings are JSON-escaped (see `JSONObjectWriter`); control characters from transcripts arrive
/// escaped, never raw. A later schema adds members or types; it never changes or removes one.
public enum JSONLinesFormat {
    /// The schema number every record carries (`"schema":1`).
    public static let schema = 1

    /// Rows longer than this many UTF-8 bytes give their `text` in their first hit record only.
    public static let longRowBytes = 4096

    /// The record of a hit within one row (only its part in `row`, for a hit across rows: use
    /// `hitRecord(at:of:in:)` for those).
    public static func hitRecord(_ hit: Hit, of total: Int, row: Row, includingText: Bool = true, meetingDate: MeetingDate? = nil) -> String {
        let range = hit.range(in: row.text)
        let utf8 = row.text.utf8
        let offsets = utf8.distance(from: utf8.startIndex, to: range.lowerBound)..<utf8.distance(from: utf8.startIndex, to: range.upperBound)
        let span = Span(row: row.id, utf8Range: offsets, text: String(row.text[range]))
        return hitRecord(hit, of: total, row: row, matchedText: span.text, spans: [span], includingText: includingText, meetingDate: meetingDate)
    }

    /// The record of hit `position` of `index`, whole: every row it covers in `spans`. `row`, when
    /// given, is the row the hit starts in, already made (a caller writing every hit of a row makes
    /// it once); `includingText` false writes its `text` as null (a long row's later hits).
    public static func hitRecord(
        at position: Int, of index: HitIndex, in corpus: Corpus, row given: Row? = nil, includingText: Bool = true
    ) -> String {
        let hit = index.hit(at: position)
        let segments = index.segments(ofHitAt: position, in: corpus)
        let row = given ?? corpus.row(at: hit.row)
        let date = corpus.sources[corpus.source(ofRow: hit.row)].facts.date
        let edits = index.hasApproximateHits ? index.edits(ofHitAt: position) : nil
        if segments.count == 1 && hit.utf8Range.upperBound <= row.text.utf8.count {
            // Within one row, as almost every hit.
            let range = hit.range(in: row.text)
            let utf8 = row.text.utf8
            let offsets = utf8.distance(from: utf8.startIndex, to: range.lowerBound)..<utf8.distance(from: utf8.startIndex, to: range.upperBound)
            let span = Span(row: row.id, utf8Range: offsets, text: String(row.text[range]))
            return hitRecord(
                hit, of: index.count, row: row, matchedText: span.text, spans: [span], includingText: includingText, meetingDate: date, edits: edits)
        }
        let spans = segments.map { segment in
            let text = corpus.text(ofRow: segment.row)
            return Span(row: corpus.id(ofRow: segment.row), utf8Range: segment.utf8Range, text: String(text[segment.range(in: text)]))
        }
        return hitRecord(
            hit, of: index.count, row: row, matchedText: index.matchedText(ofHitAt: position, in: corpus), spans: spans,
            includingText: includingText, meetingDate: date, edits: edits)
    }

    /// A hit's part in one row.
    struct Span {
        var row: RowID
        var utf8Range: Range<Int>
        var text: String
    }

    private static func hitRecord(
        _ hit: Hit, of total: Int, row: Row, matchedText: String, spans: [Span], includingText: Bool, meetingDate: MeetingDate?,
        edits: Int? = nil
    ) -> String {
        var object = begin("hit")
        object.add("hit", hit.position + 1)
        object.add("hits", total)
        addRow(row, to: &object, includingText: includingText)
        object.add("match") { match in
            match.add("start", hit.utf8Range.lowerBound)
            match.add("end", hit.utf8Range.upperBound)
            match.add("text", matchedText)
        }
        object.add("spans", array: spans) { entry, span in
            entry.add("row", span.row.description)
            entry.add("start", span.utf8Range.lowerBound)
            entry.add("end", span.utf8Range.upperBound)
            entry.add("text", span.text)
        }
        object.add("meeting_date", meetingDate?.formatted)
        object.add("media_time", seconds: row.start?.milliseconds)
        if let edits { object.add("edits", edits) }
        return object.finished
    }

    /// The `context` record of `row` (a row shown around a hit with `-C`).
    public static func contextRecord(_ row: Row) -> String {
        var object = begin("context")
        addRow(row, to: &object)
        return object.finished
    }

    /// The `row` record of `row` (`tsearch rows --json`).
    public static func rowRecord(_ row: Row) -> String {
        var object = begin("row")
        addRow(row, to: &object)
        return object.finished
    }

    /// A `speaker` record: a speaker of the corpus and the rows it speaks.
    public static func speakerRecord(_ speaker: Suggestion) -> String {
        var object = begin("speaker")
        object.add("speaker", speaker.value)
        object.add("rows", speaker.rows)
        if !speaker.spellings.isEmpty, speaker.spellings != [speaker.value] { object.add("spellings", strings: speaker.spellings) }
        return object.finished
    }

    /// The `meeting` record of one meeting (`tsearch meetings --json`).
    public static func meetingRecord(_ meeting: MeetingSummary) -> String {
        var object = begin("meeting")
        object.add("file", meeting.path)
        object.add("date", meeting.facts.date?.formatted)
        object.add("date_source", meeting.facts.date == nil ? nil : meeting.facts.dateOrigin.rawValue)
        object.add("title", meeting.facts.title)
        object.add("title_source", meeting.facts.titleFromContent ? "content" : "path")
        object.add("duration_ms", meeting.duration?.milliseconds)
        object.add("participants", strings: meeting.participants)
        object.add("rows", meeting.rows)
        object.add("hits", meeting.hits)
        object.add("score", decimal: meeting.score)
        return object.finished
    }

    /// The `summary` record that ends a search's output.
    public static func summaryRecord(_ summary: SearchSummary) -> String {
        var object = begin("summary")
        object.add("query", summary.query)
        object.add("case", summary.caseMatching.rawValue)
        object.add("hits", summary.hits)
        object.add("rows_with_hits", summary.rowsWithHits)
        object.add("rows", summary.rows)
        object.add("files", summary.files)
        object.add("files_with_hits", summary.filesWithHits)
        object.add("errors", summary.errors)
        object.add("warnings", summary.warnings)
        if let facets = summary.facets {
            object.add("facets") { groups in
                for (name, counts) in [("speaker", facets.speakers), ("file", facets.files), ("section", facets.sections), ("month", facets.months)] {
                    groups.add(name, array: counts) { entry, count in
                        entry.add("value", count.value)
                        entry.add("hits", count.hits)
                    }
                }
            }
        }
        return object.finished
    }

    private static func begin(_ type: String) -> JSONObjectWriter {
        var object = JSONObjectWriter()
        object.add("schema", schema)
        object.add("type", type)
        return object
    }

    private static func addRow(_ row: Row, to object: inout JSONObjectWriter, includingText: Bool = true) {
        object.add("file", row.locator.file)
        object.add("row", row.id.description)
        object.add("line", row.locator.line)
        object.add("cue", row.locator.cue)
        object.add("start_ms", row.start?.milliseconds)
        object.add("end_ms", row.end?.milliseconds)
        object.add("speaker", row.speaker)
        object.add("title", row.title)
        if let href = row.locator.href {
            object.add("href", href)
            object.add("element", row.locator.element)
        }
        if let video = VideoSubtitleStream(displayPath: row.locator.file) {
            object.add("video") { member in
                member.add("path", video.videoPath)
                member.add("stream", video.subtitleIndex)
                member.add("language", video.language)
            }
        }
        if includingText {
            object.add("text", row.text)
        } else {
            object.add("text", nil as String?)
        }
    }
}

/// The totals of one search, for the summary record and the human footer.
public struct SearchSummary: Hashable, Sendable {
    /// The query as typed, filter tokens included.
    public var query: String
    /// Whether case had to match.
    public var caseMatching: CaseMatching
    /// The number of hits.
    public var hits: Int
    /// The number of rows holding at least one hit.
    public var rowsWithHits: Int
    /// The number of rows searched.
    public var rows: Int
    /// The number of files searched.
    public var files: Int
    /// The number of files holding at least one hit.
    public var filesWithHits: Int
    /// The number of files that could not be read.
    public var errors: Int
    /// The number of warnings (cues skipped, guesses made).
    public var warnings: Int
    /// Hit counts by speaker, file and section, when they were counted.
    public var facets: Facets?

    /// A summary from its totals.
    public init(
        query: String, caseMatching: CaseMatching, hits: Int, rowsWithHits: Int, rows: Int,
        files: Int, filesWithHits: Int, errors: Int, warnings: Int, facets: Facets? = nil
    ) {
        self.facets = facets
        self.query = query
        self.caseMatching = caseMatching
        self.hits = hits
        self.rowsWithHits = rowsWithHits
        self.rows = rows
        self.files = files
        self.filesWithHits = filesWithHits
        self.errors = errors
        self.warnings = warnings
    }
}
