/// The time a search may take (`--timeout SECONDS` on the command line; default 10 s; nil: none).
public struct SearchBudget: Sendable, Equatable {
    /// How long a search may run before it is abandoned; nil for no limit.
    public var timeout: Duration?
    /// Milliseconds every search waits first, for tests only (`SearchBudget+Testing.swift`).
    package var testPause = 0

    /// A budget of `timeout`.
    public init(timeout: Duration? = .seconds(10)) {
        self.timeout = timeout
    }
}
