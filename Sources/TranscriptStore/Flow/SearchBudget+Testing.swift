extension SearchBudget {
    /// A budget of `timeout` with the test pause the environment `variables` ask for
    /// (`TSEARCH_TEST_PAUSE_IN_SEARCH_MS`: every search waits that long first, to show that nothing
    /// waits for a slow search). For the command line's tests only.
    package init(timeout: Duration?, variables: [String: String]) {
        self.init(timeout: timeout)
        testPause = Int(variables["TSEARCH_TEST_PAUSE_IN_SEARCH_MS"] ?? "").map { min(max($0, 0), 60_000) } ?? 0
    }
}
