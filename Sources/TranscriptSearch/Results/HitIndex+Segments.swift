import TranscriptModel

/// The part of a hit that lies in one row: what a renderer highlights in that row. A hit within one
/// row is one segment; a hit across rows (`RowSpanning.acrossRows`) is one per row it covers.
public struct HitSegment: Hashable, Sendable {
    /// The hit's position among all hits.
    public var position: Int
    /// The corpus row index this part lies in.
    public var row: Int
    /// UTF-8 byte offsets into this row's text, on character boundaries.
    public var utf8Range: Range<Int>
    /// Whether this is the hit's first part, in the row the hit is recorded against: the one that
    /// carries the hit's number, id or anchor.
    public var isFirst: Bool

    /// A segment from its parts.
    public init(position: Int, row: Int, utf8Range: Range<Int>, isFirst: Bool) {
        self.position = position
        self.row = row
        self.utf8Range = utf8Range
        self.isFirst = isFirst
    }

    /// The segment's range in `text`, which must be the text of the segment's row.
    public func range(in text: String) -> Range<String.Index> {
        Hit(position: position, row: row, utf8Range: utf8Range).range(in: text)
    }
}

extension HitIndex {
    /// The parts of hit `position`, one per row it covers, in order: the part in its own row first
    /// (empty for a hit that starts on the space after its row, or a listing's empty hit), then the
    /// part in each following row of the same transcript whose start the hit passes. A hit that
    /// ends on the space after a row does not reach the next row. Ranges are clamped to the
    /// transcript's text, so even an index that does not belong to `corpus` gives valid ranges.
    /// - Complexity: O(rows covered + log sources).
    public func segments(ofHitAt position: Int, in corpus: Corpus) -> [HitSegment] {
        let hit = hit(at: position)
        guard hasTerms else { return segments(of: hit.utf8Range, ofHit: hit, in: corpus) }
        // A window: each term's parts, the first part of the first term carrying the hit.
        var segments: [HitSegment] = []
        for term in termRanges(ofHitAt: position) {
            for var segment in self.segments(of: term, ofHit: hit, in: corpus) where segment.utf8Range.isEmpty == false || term.isEmpty {
                segment.isFirst = segments.isEmpty
                segments.append(segment)
            }
        }
        return segments
    }

    /// The parts of `range` (in `hit`'s coordinates) in each row it covers, as `segments(ofHitAt:in:)`
    /// describes them for a hit's whole range.
    private func segments(of range: Range<Int>, ofHit hit: Hit, in corpus: Corpus) -> [HitSegment] {
        let sourceEnd = corpus.rows(ofSource: corpus.source(ofRow: hit.row)).upperBound
        var segments: [HitSegment] = []
        var row = hit.row
        var rowStart = 0  // where `row`'s text starts, measured from the start of the hit's row
        while true {
            let length = Self.length(ofRow: row, in: corpus)
            let lower = min(max(range.lowerBound - rowStart, 0), length)
            let upper = max(lower, min(range.upperBound - rowStart, length))
            // Rows before the range's start hold none of it.
            if range.lowerBound <= rowStart + length || row + 1 == sourceEnd {
                segments.append(HitSegment(position: hit.position, row: row, utf8Range: lower..<upper, isFirst: row == hit.row))
            }
            let nextStart = rowStart + length + 1
            guard row + 1 < sourceEnd, range.upperBound > nextStart else { break }
            row += 1
            rowStart = nextStart
        }
        return segments
    }

    /// The last row hit `position` reaches (its own row for a hit within one row).
    /// - Complexity: O(rows covered + log sources).
    public func lastRow(ofHitAt position: Int, in corpus: Corpus) -> Int {
        let hit = hit(at: position)
        // Most hits end in their row (or on the space after it): no segments to make.
        if hit.utf8Range.upperBound <= Self.length(ofRow: hit.row, in: corpus) + 1 { return hit.row }
        return segments(ofHitAt: position, in: corpus).last?.row ?? hit.row
    }

    /// Every hit segment in `row`, in text order: the rest of a hit recorded in an earlier row when
    /// one reaches into this row (only the last hit before the row can), then the row's own hits.
    /// - Complexity: O(k) for k hits in the row, plus the rows the earlier hit covers.
    public func segments(inRow row: Int, in corpus: Corpus) -> [HitSegment] {
        var found: [HitSegment] = []
        forEachSegment(inRow: row, in: corpus) { found.append($0) }
        return found
    }

    /// `segments(inRow:in:)` handed over one at a time, without making an array (a listing calls
    /// it for each of a million rows). - Complexity: as `segments(inRow:in:)`.
    public func forEachSegment(inRow row: Int, in corpus: Corpus, _ body: (HitSegment) -> Void) {
        let own = positions(inRow: row)
        if own.lowerBound > 0, own.lowerBound <= count, row < corpus.rowCount {
            let previous = own.lowerBound - 1
            let earlier = hit(at: previous)
            // It reaches this row only if it runs past its own row's text and the space after it.
            if earlier.row < row, earlier.utf8Range.upperBound > Self.length(ofRow: earlier.row, in: corpus) + 1 {
                for segment in segments(ofHitAt: previous, in: corpus) where segment.row == row { body(segment) }
            }
        }
        guard !own.isEmpty else { return }
        if hasTerms {
            for position in own {
                for segment in segments(ofHitAt: position, in: corpus) where segment.row == row { body(segment) }
            }
            return
        }
        let length = Self.length(ofRow: row, in: corpus)
        for position in own {
            let range = hit(at: position).utf8Range
            let lower = min(range.lowerBound, length)
            body(HitSegment(position: position, row: row, utf8Range: lower..<max(lower, min(range.upperBound, length)), isFirst: true))
        }
    }

    /// The text hit `position` matched, as it was searched: for a hit across rows, the parts in each
    /// row joined by one space (with the space itself where the hit starts or ends on one); for a
    /// window of several terms, the terms' parts joined by ` … `.
    /// - Complexity: O(rows covered + their text).
    public func matchedText(ofHitAt position: Int, in corpus: Corpus) -> String {
        if hasTerms, termRanges(ofHitAt: position).count > 1 {
            // A window: its terms' texts, apart.
            return segments(ofHitAt: position, in: corpus).map { segment in
                let text = corpus.text(ofRow: segment.row)
                return String(text[segment.range(in: text)])
            }.joined(separator: " … ")
        }
        let hit = hit(at: position)
        let sourceEnd = corpus.rows(ofSource: corpus.source(ofRow: hit.row)).upperBound
        var text = ""
        var rowStart = 0
        for segment in segments(ofHitAt: position, in: corpus) {
            let rowText = corpus.text(ofRow: segment.row)
            text += rowText[segment.range(in: rowText)]
            let length = rowText.utf8.count
            if hit.utf8Range.upperBound > rowStart + length && segment.row + 1 < sourceEnd { text += " " }
            rowStart += length + 1
        }
        return text
    }

    /// The length of row `row`'s text in UTF-8 bytes. - Complexity: O(1).
    static func length(ofRow row: Int, in corpus: Corpus) -> Int {
        corpus.withTextBytes(ofRow: row) { $0.count }
    }
}
