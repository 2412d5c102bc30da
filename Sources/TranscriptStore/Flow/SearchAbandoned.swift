import TranscriptSearch

/// A search given up on: it ran out of its time limit, or its query cannot be run (a pattern that
/// does not compile). A library path never turns either into zero hits.
public struct SearchAbandoned: Error, CustomStringConvertible, Sendable {
    /// Why the search was given up on.
    public enum Reason: Sendable {
        /// The time limit ran out (`SearchBudget.timeout`).
        case timedOut(SearchTimedOut)
        /// The query cannot be run.
        case query(QueryError)
    }

    /// Why the search was given up on.
    public var reason: Reason
    /// What ran out and why when it can be told from the query, or what is wrong with the query:
    /// in the library's words (a command line adds how its own flags lift a limit).
    public var description: String

    /// A search abandoned for `reason`, said as `description`.
    package init(_ reason: Reason, description: String) {
        self.reason = reason
        self.description = description
    }

    /// A search whose query cannot be run.
    package init(query error: QueryError) {
        self.init(.query(error), description: error.description)
    }

    /// Whether the time limit ran out (rather than the query being wrong).
    public var isTimeLimit: Bool {
        if case .timedOut = reason { return true }
        return false
    }
}
