import TranscriptModel

/// Finds a query's hits: in one text, and in a span of rows of the corpus's text buffer.
///
/// The contract every implementation keeps (the `RegexMatcher` is its definition): ranges are
/// non-overlapping, in text order, and on `Character` boundaries. A matcher only finds ranges: the
/// `SearchRunner` decides which rows it is given (filters, refinement candidates), splits the
/// buffer into pieces for the cores, and keeps the time budget and cancellation between pieces
/// (ripgrep's matcher/searcher split).
public protocol Matcher: Sendable {
    /// The hits in `text`, in text order.
    func ranges(in text: String) -> [Range<String.Index>]

    /// The hits in rows `rows` of `buffer`, in corpus order, as row-relative UTF-8 offsets. A
    /// matcher that may spend long on a span gives up when `deadline` passes (checked between
    /// rows). The default goes row by row with `ranges(in:)`.
    func hits(
        in buffer: RowBuffer, rows: Range<Int>, until deadline: ContinuousClock.Instant?
    ) throws(SearchRunner.Interruption) -> HitList
}

extension Matcher {
    /// Row by row with `ranges(in:)`, giving up between rows once `deadline` passes.
    public func hits(
        in buffer: RowBuffer, rows: Range<Int>, until deadline: ContinuousClock.Instant?
    ) throws(SearchRunner.Interruption) -> HitList {
        try hitsRowByRow(in: buffer, rows: rows, until: deadline)
    }

    /// `hits(in:rows:until:)` with `ranges(in:)` on each of `rows` (for matchers that search the
    /// rows the default way, or a part of them).
    func hitsRowByRow<Rows: Sequence<Int>>(
        in buffer: RowBuffer, rows: Rows, until deadline: ContinuousClock.Instant?
    ) throws(SearchRunner.Interruption) -> HitList {
        var hits = HitList()
        let clock = ContinuousClock()
        for (count, row) in rows.enumerated() {
            if count % 64 == 63, let deadline, clock.now > deadline { throw .deadlinePassed(row: row) }
            let text = buffer.text(ofRow: row)
            let utf8 = text.utf8
            for range in ranges(in: text) {
                hits.append(
                    row: row, start: utf8.distance(from: utf8.startIndex, to: range.lowerBound),
                    end: utf8.distance(from: utf8.startIndex, to: range.upperBound))
            }
        }
        return hits
    }
}
