/// Where the rows are kept: a ClickHouse server's HTTP interface and the table, read from a URL
/// such as `http://127.0.0.1:8123/?table=transcripts`.
///
/// - `http://[USER[:PASSWORD]@]HOST[:PORT]/?table=NAME[&database=NAME]`; the port defaults to
///   8123, the table to `transcripts`, the database to the server's default. Credentials go as
///   HTTP basic authentication; `user=` and `password=` in the query are taken too.
/// - Table and database names are plain identifiers (letters, digits, `_`), so they can be put
///   into SQL as they are.
public struct ServerAddress: Hashable, Sendable, CustomStringConvertible {
    /// The host name or address (an IPv6 address without its brackets).
    public var host: String
    /// The HTTP interface's port (8123 unless given).
    public var port: Int
    /// The rows table (`transcripts` unless given); the files table is `TABLE_files`.
    public var table: String
    /// The database, or nil for the server's default.
    public var database: String?
    /// The user, or nil for the server's `default`.
    public var user: String?
    /// The password (sent as HTTP basic authentication, never shown in messages).
    public var password: String?

    /// The rows table's name and the names made from it: the files table (`NAME_files`) and, in a
    /// cluster, each shard's local table (`NAME_local`).
    var filesTable: String { qualified(table + "_files") }
    var rowsTable: String { qualified(table) }
    var localRowsTable: String { qualified(table + "_local") }

    func qualified(_ name: String) -> String {
        database.map { "\($0).\(name)" } ?? name
    }

    /// The address `url` names.
    /// - Throws: `ServerError` (`.badAddress`) saying what was expected.
    public init(_ url: String) throws(ServerError) {
        func bad(_ why: String) -> ServerError {
            ServerError(server: Self.redacted(url), kind: .badAddress("expected a URL like http://127.0.0.1:8123/?table=transcripts; \(why)"))
        }
        guard url.hasPrefix("http://") else {
            throw bad(url.hasPrefix("https://") ? "https is not supported (use a TLS proxy, or http on a trusted network)" : "it must start with http://")
        }
        var rest = Substring(url.dropFirst("http://".count))
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        rest = rest[authorityEnd...]
        if let at = authority.lastIndex(of: "@") {
            let credentials = authority[..<at]
            authority = authority[authority.index(after: at)...]
            if let colon = credentials.firstIndex(of: ":") {
                user = Self.percentDecoded(credentials[..<colon])
                password = Self.percentDecoded(credentials[credentials.index(after: colon)...])
            } else {
                user = Self.percentDecoded(credentials)
            }
        }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            port = after.hasPrefix(":") ? Int(after.dropFirst()) ?? -1 : 8123
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            port = Int(authority[authority.index(after: colon)...]) ?? -1
        } else {
            host = String(authority)
            port = 8123
        }
        guard !host.isEmpty else { throw bad("it names no host") }
        guard (1...65535).contains(port) else { throw bad("its port is not a number from 1 to 65535") }
        table = "transcripts"
        if let question = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: question)...].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let value = Self.percentDecoded(parts.count > 1 ? parts[1] : "")
                switch parts[0] {
                case "table": table = value
                case "database": database = value
                case "user": user = value
                case "password": password = value
                default: throw bad("unknown parameter \"\(parts[0])\" (table, database, user and password are read)")
                }
            }
        }
        for name in [table] + (database.map { [$0] } ?? []) where !Self.isIdentifier(name) {
            throw bad("\"\(name)\" is not a plain name (letters, digits and _, not starting with a digit)")
        }
    }

    /// The same server and table with another host and port (a shard of a cluster).
    func on(host: String, port: Int) -> ServerAddress {
        var copy = self
        copy.host = host
        copy.port = port
        return copy
    }

    /// The URL without its password.
    public var description: String {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        let userPart = user.map { "\($0)@" } ?? ""
        return "http://\(userPart)\(hostPart):\(port)/?table=\(table)" + (database.map { "&database=\($0)" } ?? "")
    }

    /// `url` as it may be shown: the password replaced by `***` wherever it is written, even in
    /// a URL this type cannot read (a bad port, https, a `/` or `@` in the password); in the
    /// query, every value but `table`'s, `database`'s and `user`'s is hidden too (a misspelt
    /// `pasword=` included).
    /// `http://bob:secret@db:8123/?table=t&password=x` → `http://bob:***@db:8123/?table=t&password=***`.
    public static func redacted(_ url: String) -> String {
        var text = Substring(url)
        var out = ""
        if let scheme = text.range(of: "://") {
            out += text[..<scheme.upperBound]
            text = text[scheme.upperBound...]
        }
        // The credentials end at the last `@` before the query (a password may hold `/` and `@`,
        // even unencoded), or at the last `@` of all when no `=` comes before it.
        let query = text.firstIndex(of: "?") ?? text.endIndex
        let at = text[..<query].lastIndex(of: "@")
            ?? text.lastIndex(of: "@").flatMap { at in text[..<at].contains("=") ? nil : at }
        if let at {
            let credentials = text[..<at]
            if let colon = credentials.firstIndex(of: ":") {
                out += credentials[...colon] + "***"
            } else {
                out += credentials
            }
            text = text[at...]
        }
        guard let question = text.firstIndex(of: "?") else { return out + text }
        out += text[...question]
        let shown: Set<Substring> = ["table", "database", "user"]
        out += text[text.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false).map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            return shown.contains(pair[..<equals]) ? String(pair) : pair[...equals] + "***"
        }.joined(separator: "&")
        return out
    }

    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !(("0"..."9").contains(first)) else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }

    private static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
