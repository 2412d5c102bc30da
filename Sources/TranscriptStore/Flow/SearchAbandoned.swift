/// A search given up on because it ran out of its budget.
public struct SearchAbandoned: Error, CustomStringConvertible, Sendable {
    /// What ran out, why when it can be told from the query, and what lifts the limit.
    public var description: String

    /// A search abandoned for the reason `description` gives.
    package init(description: String) {
        self.description = description
    }
}
