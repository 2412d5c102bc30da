/// A session that cannot be used; every message says what to run.
public struct SessionError: Error, CustomStringConvertible, Sendable {
    /// What is wrong with it.
    public enum Kind: Sendable {
        /// There is no session file.
        case missing
        /// It cannot be read, for the reason given.
        case damaged(String)
        /// A newer tsearch wrote it (its schema).
        case newerSchema(Int)
        /// The state folder cannot be written (the system's reason).
        case unwritable(String)
        /// `goto K` for a K that is not a hit number (the count is given).
        case outOfRange(Int, Int)
        /// The files changed, and searching them again ran out of time (the message says how).
        case searchAbandoned(String)
        /// The saved search went through a server whose rows it must fetch again, and could not.
        case unfetchable(String)
    }

    /// The session file.
    public var path: String
    /// What is wrong.
    public var kind: Kind

    /// An error about the session at `path`.
    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// Whether the state folder could not be written (a read-only folder, no permission).
    public var isUnwritable: Bool {
        if case .unwritable = kind { return true }
        return false
    }

    /// The message, saying what to run.
    public var description: String {
        let again = "run 'tsearch search QUERY PATH...' to start a new one"
        switch kind {
        case .missing:
            return "no saved search (\(path) does not exist); run 'tsearch search QUERY PATH...' first"
        case .damaged(let reason):
            return "the saved search at \(path) cannot be read (\(reason)); \(again)"
        case .newerSchema(let schema):
            return "the saved search at \(path) was written by a newer tsearch (schema \(schema), this one reads \(SessionState.schema)); upgrade, or \(again)"
        case .unwritable(let reason):
            return "cannot save the search: \(reason)"
        case .searchAbandoned(let message):
            return "the files of the saved search changed, and searching them again failed: \(message)"
        case .unfetchable(let reason):
            return "the saved search went through a server and fetches its rows again, which failed: \(reason)"
        case .outOfRange(let target, let count):
            return count == 0
                ? "there is no hit \(target): the saved search has no hits"
                : "there is no hit \(target): the saved search has hits 1 to \(count)"
        }
    }
}
