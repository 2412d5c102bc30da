/// Whether letter case must match.
public enum CaseMatching: String, Sendable, CaseIterable {
    /// `Budget` finds `budget` and `BUDGET` (simple case folding per character, as `Regex.ignoresCase()`).
    case insensitive
    /// `Budget` finds only `Budget`.
    case sensitive
}

/// How a query matches. Frozen at construction of a matcher.
///
/// `supported` lists the options this build implements, so a UI shows only what works (as Readium's
/// `searchOptions` does).
public struct SearchOptions: Hashable, Sendable {
    public var caseMatching: CaseMatching

    public init(caseMatching: CaseMatching = .insensitive) {
        self.caseMatching = caseMatching
    }

    /// The options a query can set in this build.
    public enum Option: String, Sendable, CaseIterable {
        case caseSensitive
    }

    /// Every option this build implements.
    public static let supported: Set<Option> = [.caseSensitive]
}
