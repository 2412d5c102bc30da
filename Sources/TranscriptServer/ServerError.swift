/// Why the server could not be used, naming the server and what to check:
/// `server http://127.0.0.1:8123/?table=transcripts: cannot connect (Connection refused); is ClickHouse running there?`
public struct ServerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The URL is not one this client reads (what was expected).
        case badAddress(String)
        /// Nothing answered at the address (the system's reason).
        case unreachable(String)
        /// No answer within the time limit (milliseconds).
        case timedOut(Int)
        /// The server refused the user or password (its message).
        case credentials(String)
        /// The table is not there (its message).
        case missingTable(String)
        /// Something answered that is not a ClickHouse HTTP interface (what it sent).
        case notClickHouse(String)
        /// The server refused the request (its HTTP status and message).
        case refused(status: Int, message: String)
        /// The server's answer is not in the shape asked for (what was wrong).
        case badAnswer(String)
        /// The answer is larger than the most one answer may have (that limit, in bytes).
        case tooLarge(Int)
        /// The answer ended before what it announced (what was cut).
        case cutShort(String)
    }

    /// The server as the user named it (without its password).
    public var server: String
    /// What went wrong.
    public var kind: Kind

    /// An error of `kind` at `server`.
    public init(server: String, kind: Kind) {
        self.server = server
        self.kind = kind
    }

    /// `server URL: what went wrong; what to check`.
    public var description: String {
        let what: String
        switch kind {
        case .badAddress(let expected): what = expected
        case .unreachable(let reason): what = "cannot connect (\(reason)); is ClickHouse running there, with its HTTP interface on that port?"
        case .timedOut(let milliseconds):
            let seconds = milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
            what = "no answer within \(seconds); the server is slow or stuck (--timeout SECONDS gives it longer)"
        case .credentials(let message): what = "the server refused the user or password: \(message)"
        case .missingTable(let message): what = "no such table (index files into it first: tsearch index --server URL PATH…): \(message)"
        case .notClickHouse(let sent): what = "the answer is not ClickHouse's HTTP interface: \(sent)"
        case .refused(let status, let message): what = "the server answered \(status): \(message)"
        case .badAnswer(let problem): what = "the server's answer could not be read: \(problem)"
        case .tooLarge(let limit):
            what = "the answer is larger than \(Self.size(limit)), the most one answer may have; narrow the search (a longer query, --file, --after, --before)"
        case .cutShort(let cut): what = "the answer was cut short (the connection closed early?): \(cut)"
        }
        return "server \(server): \(what)"
    }

    /// `bytes` as people read it: `1 GiB`, `64 KiB`, `100 bytes`.
    static func size(_ bytes: Int) -> String {
        for (unit, name) in [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")] where bytes >= unit {
            return bytes % unit == 0 ? "\(bytes / unit) \(name)" : "\((Double(bytes) / Double(unit) * 10).rounded(.down) / 10) \(name)"
        }
        return "\(bytes) bytes"
    }
}
