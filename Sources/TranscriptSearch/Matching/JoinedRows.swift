import TranscriptModel

/// Consecutive rows of one transcript as one text, each row's text followed by one space (none
/// after the last), and the way back from a hit in that text to the maps' (row, range).
///
/// ```
///  text      |we need to cut the|␠|budget by ten percent|␠|…
///  offset     0                 18 19                   40 41
///  rowStarts  0                    19                      41
///  a hit      "cut the budget" = 11..<25 in the text
///  recorded   row 0, 11..<25: the start in row 0's text, the end counted on through the space
///             into row 1's text (25 > 18, the length of row 0: the hit runs into row 1)
/// ```
///
/// A row owns the space after it: a hit that starts on that space is recorded against the row
/// before the space (its start equals that row's length). A hit is therefore always recorded in the
/// row with the last `rowStarts` at or before its start, and its range is the hit's range in this
/// text less that row's start. `HitIndex.segments(ofHitAt:in:)` splits it back into rows.
struct JoinedRows {
    /// The corpus rows joined, in order.
    let rows: Range<Int>
    let text: String
    /// The UTF-8 offset of each row's first byte in `text`; `rowStarts[i]` is row `rows.lowerBound + i`.
    let rowStarts: [Int]

    /// - Complexity: O(bytes of the rows).
    init(_ rows: Range<Int>, of corpus: Corpus) {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        starts.reserveCapacity(rows.count)
        for row in rows {
            if row > rows.lowerBound { bytes.append(UInt8(ascii: " ")) }
            starts.append(bytes.count)
            corpus.withTextBytes(ofRow: row) { bytes.append(contentsOf: $0) }
        }
        self.rows = rows
        self.rowStarts = starts
        // The rows are valid UTF-8 (they came from Strings), so decoding repairs nothing.
        self.text = String(decoding: bytes, as: UTF8.self)
    }

    /// The hits of `matcher` in the joined text, in order: each as (row, range in the maps'
    /// convention) and as its range in `text`.
    /// - Complexity: the matcher's pass over the text, plus O(hits + rows) to map them back.
    func hits(of matcher: any Matcher) -> [(row: Int, utf8Range: Range<Int>, range: Range<String.Index>)] {
        let utf8 = text.utf8
        var found: [(row: Int, utf8Range: Range<Int>, range: Range<String.Index>)] = []
        var slot = 0  // index into rowStarts of the row the previous hit started in; hits come in order
        for range in matcher.ranges(in: text) {
            let start = utf8.distance(from: utf8.startIndex, to: range.lowerBound)
            let end = utf8.distance(from: utf8.startIndex, to: range.upperBound)
            while slot + 1 < rowStarts.count && rowStarts[slot + 1] <= start { slot += 1 }
            found.append((rows.lowerBound + slot, (start - rowStarts[slot])..<(end - rowStarts[slot]), range))
        }
        return found
    }
}

extension SearchRunner {
    /// Whether a search across rows must look at `source`: with a filter, only if one of its rows
    /// passes (a `--file` filter rules out whole files without joining their rows).
    /// `passes` is the filter decided for `corpus` (`rowTest(for:)`).
    func searchesAcrossRows(ofSource source: Int, in corpus: Corpus, passes: (Int) -> Bool) -> Bool {
        filter.isEmpty || corpus.rows(ofSource: source).contains(where: passes)
    }

    /// The hits of `source` when hits may cross rows: its rows joined into one text (`JoinedRows`)
    /// and searched whole by `matcher`; a filter keeps the hits whose first row passes it (so
    /// `--speaker Alice` keeps the sentence Alice starts, which runs on into cues with no speaker
    /// label, as SubRip files write them).
    func hitsAcrossRows(ofSource source: Int, in corpus: Corpus, matcher: any Matcher, passes: (Int) -> Bool)
        -> (joined: JoinedRows, hits: [(row: Int, utf8Range: Range<Int>, range: Range<String.Index>)]) {
        let joined = JoinedRows(corpus.rows(ofSource: source), of: corpus)
        var hits = joined.hits(of: matcher)
        if !filter.isEmpty {
            var accepted: [Int: Bool] = [:]
            hits.removeAll { hit in
                if let known = accepted[hit.row] { return !known }
                let passed = passes(hit.row)
                accepted[hit.row] = passed
                return !passed
            }
        }
        return (joined, hits)
    }

    /// The search with hits across rows: in chunks on every core for a matcher whose hits are
    /// bounded (`searchAcrossRowsInChunks`), else each transcript searched as one text (see
    /// `hitsAcrossRows(ofSource:in:matcher:)`), stopping between transcripts when `deadline` passes
    /// or `isCancelled()` says so (a transcript's text is one matcher pass).
    func searchAcrossRows(
        _ corpus: Corpus, matcher: any Matcher, until deadline: ContinuousClock.Instant?, isCancelled: () -> Bool
    ) throws(Interruption) -> HitIndex {
        if let bounded = matcher as? any HitLengthBounded {
            return try searchAcrossRowsInChunks(corpus, matcher: bounded, until: deadline, isCancelled: isCancelled)
        }
        var index = HitIndex(rowCount: corpus.rowCount)
        let clock = ContinuousClock()
        let passes = rowTest(for: corpus)
        for source in corpus.sources.indices {
            let rows = corpus.rows(ofSource: source)
            if isCancelled() { throw .cancelled }
            if let deadline, clock.now > deadline { throw .deadlinePassed(row: rows.lowerBound) }
            guard searchesAcrossRows(ofSource: source, in: corpus, passes: passes) else {
                for row in rows { index.append(row: row, utf8Ranges: []) }
                continue
            }
            var hits = hitsAcrossRows(ofSource: source, in: corpus, matcher: matcher, passes: passes).hits[...]
            for row in rows {
                var ranges: [Range<Int>] = []
                while let hit = hits.first, hit.row == row {
                    ranges.append(hit.utf8Range)
                    hits = hits.dropFirst()
                }
                index.append(row: row, utf8Ranges: ranges)
            }
        }
        return index
    }
}
