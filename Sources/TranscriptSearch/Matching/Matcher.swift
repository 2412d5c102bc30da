import TranscriptModel

/// Finds a query's hits in one row's text.
///
/// The contract every implementation keeps (the `RegexMatcher` is its definition): ranges are
/// non-overlapping, in text order, and on `Character` boundaries.
public protocol Matcher: Sendable {
    /// The hits in `text`, in text order.
    func ranges(in text: String) -> [Range<String.Index>]

    /// Every hit of a whole corpus at once (in rows that pass `filter` and, when given, are among
    /// the sorted `candidates`), for a matcher with a faster way than row by row; nil (the default)
    /// lets `SearchRunner` go row by row with `ranges(in:)`. The hits must be exactly those.
    func hits(
        in corpus: Corpus, filter: RowFilter, candidates: [Int]?,
        until deadline: ContinuousClock.Instant?, isCancelled: () -> Bool
    ) throws(SearchRunner.Interruption) -> HitIndex?
}

extension Matcher {
    public func hits(
        in corpus: Corpus, filter: RowFilter, candidates: [Int]?,
        until deadline: ContinuousClock.Instant?, isCancelled: () -> Bool
    ) throws(SearchRunner.Interruption) -> HitIndex? {
        nil
    }
}
