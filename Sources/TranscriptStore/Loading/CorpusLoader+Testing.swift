extension CorpusLoader {
    /// Milliseconds a loading pauses after each input, for tests that watch a loading's progress
    /// (`TSEARCH_TEST_PAUSE_PER_INPUT_MS`; 0 when unset). Read once, before the loading starts.
    package var testPausePerInput: Int {
        Int(variables["TSEARCH_TEST_PAUSE_PER_INPUT_MS"] ?? "") ?? 0
    }
}
