/// The time a search may take (`--timeout SECONDS` on the command line; default 10 s; nil: none).
public struct SearchBudget: Sendable, Equatable {
    /// How long a search may run before it is abandoned; nil for no limit.
    public var timeout: Duration?
    /// Milliseconds every search waits first, for tests only (`TSEARCH_TEST_PAUSE_IN_SEARCH_MS`: a
    /// slow search, to show that nothing waits for it).
    public var testPause: Int

    /// A budget of `timeout`, with the test pause the environment `variables` ask for.
    public init(timeout: Duration? = .seconds(10), variables: [String: String] = [:]) {
        self.timeout = timeout
        testPause = Int(variables["TSEARCH_TEST_PAUSE_IN_SEARCH_MS"] ?? "").map { min(max($0, 0), 60_000) } ?? 0
    }
}
