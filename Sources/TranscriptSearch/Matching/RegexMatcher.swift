/// The reference matcher, and the oracle every faster matcher is tested against: the query as
/// `Regex<AnyRegexOutput>(verbatim:)`, `.ignoresCase()` unless case-sensitive, applied with
/// `ranges(of:)`.
///
/// What that does, observed with Swift 6.3.1 (and pinned by tests): simple case folding per
/// character (`ß` finds `ẞ` but not `SS`; `σ` finds `Σ` but not `ς`; `k` finds the Kelvin sign);
/// canonical equivalence (`é` finds `e` + U+0301); never part of a character (`e` is not found in
/// `é`, `👍` not in `👍🏽`); non-overlapping, left to right (`aa` in `aaaa` is two hits).
public struct RegexMatcher: Matcher, @unchecked Sendable {
    // `Regex` is immutable once built; `@unchecked` because `AnyRegexOutput` is not marked Sendable.
    private let regex: Regex<AnyRegexOutput>

    public init(_ query: Query) {
        let verbatim = Regex<AnyRegexOutput>(verbatim: query.text)
        switch query.options.caseMatching {
        case .insensitive: regex = verbatim.ignoresCase()
        case .sensitive: regex = verbatim
        }
    }

    public func ranges(in text: String) -> [Range<String.Index>] {
        text.ranges(of: regex)
    }
}
