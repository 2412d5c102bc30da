/// Finds a query's hits in one row's text.
///
/// The contract every implementation keeps (the `RegexMatcher` is its definition): ranges are
/// non-overlapping, in text order, and on `Character` boundaries.
public protocol Matcher: Sendable {
    /// The hits in `text`, in text order.
    func ranges(in text: String) -> [Range<String.Index>]
}
