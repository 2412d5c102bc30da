extension StoreLocation {
    /// The pause halfway through each session write that `TSEARCH_TEST_PAUSE_MID_WRITE_MS` asks
    /// for (milliseconds; 0 when unset): crash tests kill a process there. For tests only.
    package static func pauseMidWrite(from variables: [String: String]) -> Int {
        Int(variables["TSEARCH_TEST_PAUSE_MID_WRITE_MS"] ?? "") ?? 0
    }
}
