/// SQL over ClickHouse's HTTP interface: a statement is POSTed as the body; an `INSERT … FORMAT
/// JSONEachRow` sends the statement in the URL and the rows as the body. Answers are read as
/// `TabSeparated` (`TabSeparatedTable`). Only what ClickHouse 18.16 and current releases both
/// have is used.
///
/// Every failure is a `ServerError` naming the server: nothing listening, a timeout, a wrong user
/// or password, a missing table, an answer too large or cut short, anything else the server
/// refused.
///
/// Its limits: each answer is at most `maxAnswerBytes` (`defaultMaxAnswerBytes`, 1 GiB, unless
/// given), and the statements have `timeoutMilliseconds` each (`TimeLimit.eachStatement`: an index
/// run's many inserts) or all together from the client's making (`TimeLimit.allStatements`: one
/// search, however many statements it takes).
public struct ClickHouseClient: Sendable {
    /// How the time limit counts.
    public enum TimeLimit: Sendable, Hashable {
        /// Each statement may take the whole limit.
        case eachStatement
        /// All the statements of this client (and of the shard clients made from it) together,
        /// counted from the client's making.
        case allStatements
    }

    /// The most bytes one answer may have unless the client is given another limit: 1 GiB.
    public static let defaultMaxAnswerBytes = 1 << 30

    /// The server and table the statements go to.
    public let address: ServerAddress
    /// How long a statement may take, connecting included (milliseconds), alone or with the
    /// others as `timeLimit` says; the server is asked to give up at the same time
    /// (`max_execution_time`).
    public let timeoutMilliseconds: Int
    /// Whether `timeoutMilliseconds` is each statement's or all statements' together.
    public let timeLimit: TimeLimit
    /// The most bytes of one answer, its HTTP head included; a larger one is an error.
    public let maxAnswerBytes: Int
    /// When every statement must be done (milliseconds on the monotonic clock,
    /// `SocketCalls.now()`), for `.allStatements`; nil when each has its own limit.
    let deadline: Int64?

    /// A client of `address` whose statements take at most `timeoutMilliseconds`, each or all
    /// together (`timeLimit`), and whose answers have at most `maxAnswerBytes`.
    public init(
        address: ServerAddress, timeoutMilliseconds: Int = 30_000, timeLimit: TimeLimit = .eachStatement,
        maxAnswerBytes: Int = ClickHouseClient.defaultMaxAnswerBytes
    ) {
        self.address = address
        // At most 2^40 ms (about 35 years), so a deadline on the monotonic clock cannot overflow.
        self.timeoutMilliseconds = min(max(1, timeoutMilliseconds), 1 << 40)
        self.timeLimit = timeLimit
        self.maxAnswerBytes = max(1, maxAnswerBytes)
        deadline = timeLimit == .allStatements ? SocketCalls.now() + Int64(self.timeoutMilliseconds) : nil
    }

    /// The same client for another node (a shard of a cluster): the same limits, and the same
    /// deadline when the limit is for all statements.
    func on(host: String, port: Int) -> ClickHouseClient {
        ClickHouseClient(copying: self, address: address.on(host: host, port: port))
    }

    private init(copying client: ClickHouseClient, address: ServerAddress) {
        self.address = address
        timeoutMilliseconds = client.timeoutMilliseconds
        timeLimit = client.timeLimit
        maxAnswerBytes = client.maxAnswerBytes
        deadline = client.deadline
    }

    /// Runs `sql` and returns the answer's bytes.
    @discardableResult
    func execute(_ sql: String, settings: [(String, String)] = []) throws(ServerError) -> [UInt8] {
        try send(parameters: settings, body: Array(sql.utf8))
    }

    /// Runs `sql` (which should end with `FORMAT TabSeparated`) and reads the answer as rows of fields.
    func rows(_ sql: String, settings: [(String, String)] = []) throws(ServerError) -> TabSeparatedTable {
        let bytes = try execute(sql, settings: settings)
        guard let table = TabSeparatedTable(bytes) else {
            throw ServerError(server: address.description, kind: .badAnswer("expected tab-separated rows"))
        }
        return table
    }

    /// A table sent with a statement (ClickHouse's "external data"): the statement reads it by
    /// `name`, as a temporary table of `structure` (`"file String, row UInt32"`), its rows
    /// `TabSeparated` lines.
    struct ExternalTable {
        var name: String
        var structure: String
        var rows: [UInt8]
    }

    /// Runs `sql` with `table` sent beside it (a multipart form: the statement in the URL, the
    /// table as a file) and reads the answer as rows of fields.
    func rows(_ sql: String, with table: ExternalTable, settings: [(String, String)] = []) throws(ServerError) -> TabSeparatedTable {
        var boundary = "tsearch-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        // A boundary never appears inside the part it ends.
        while table.rows.count >= boundary.utf8.count, String(decoding: table.rows, as: UTF8.self).contains(boundary) {
            boundary = "tsearch-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
        }
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(table.name)\"; filename=\"\(table.name)\"\r\n".utf8)
        body += Array("Content-Type: application/octet-stream\r\n\r\n".utf8)
        body += table.rows
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        let parameters = settings + [("\(table.name)_structure", table.structure), ("\(table.name)_format", "TabSeparated"), ("query", sql)]
        let bytes = try send(parameters: parameters, body: body, headers: [("Content-Type", "multipart/form-data; boundary=\(boundary)")])
        guard let answer = TabSeparatedTable(bytes) else {
            throw ServerError(server: address.description, kind: .badAnswer("expected tab-separated rows"))
        }
        return answer
    }

    /// `text` as a field of a `TabSeparated` line: backslash, tab, line end, carriage return and
    /// NUL escaped.
    static func tabSeparatedField(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 9: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 10: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 13: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0: out += [UInt8(ascii: "\\"), UInt8(ascii: "0")]
            default: out.append(byte)
            }
        }
        return out
    }

    /// Inserts `body` (JSON objects, one a line) into `table`.
    func insert(into table: String, jsonLines body: [UInt8], settings: [(String, String)] = []) throws(ServerError) {
        _ = try send(parameters: settings + [("query", "INSERT INTO \(table) FORMAT JSONEachRow")], body: body)
    }

    private func send(parameters: [(String, String)], body: [UInt8], headers extra: [(String, String)] = []) throws(ServerError) -> [UInt8] {
        let server = address.description
        let now = SocketCalls.now()
        let statementDeadline = min(now + Int64(timeoutMilliseconds), deadline ?? Int64.max)
        guard statementDeadline > now else { throw ServerError(server: server, kind: .timedOut(timeoutMilliseconds)) }
        var all = parameters
        if let database = address.database { all.append(("database", database)) }
        all.append(("max_execution_time", String(max(1, (statementDeadline - now + 999) / 1000))))
        let target = "/?" + all.map { "\($0)=\(Self.percentEncoded($1))" }.joined(separator: "&")
        var headers = extra
        if address.user != nil || address.password != nil {
            let credentials = Array("\(address.user ?? "default"):\(address.password ?? "")".utf8)
            headers.append(("Authorization", "Basic " + Self.base64(credentials)))
        }
        let client = HTTPClient(host: address.host, port: address.port, deadline: statementDeadline, maxAnswerBytes: maxAnswerBytes)
        switch client.post(target, headers: headers, body: body) {
        case .failure(.connection(.timedOut)):
            throw ServerError(server: server, kind: .timedOut(timeoutMilliseconds))
        case .failure(.connection(.unresolved(let reason))):
            throw ServerError(server: server, kind: .unreachable("the host name did not resolve: \(reason)"))
        case .failure(.connection(.refused(let reason))), .failure(.connection(.broken(let reason))):
            throw ServerError(server: server, kind: .unreachable(reason))
        case .failure(.notHTTP(let sent)):
            throw ServerError(server: server, kind: .notClickHouse(sent))
        case .failure(.tooLarge(let limit)):
            throw ServerError(server: server, kind: .tooLarge(limit))
        case .failure(.cutShort(let what)):
            throw ServerError(server: server, kind: .cutShort(what))
        case .success(let response) where response.status == 200:
            return response.body
        case .success(let response):
            throw Self.error(status: response.status, body: response.body, server: server, timeout: timeoutMilliseconds)
        }
    }

    /// The error for a refusal: ClickHouse's message is `Code: N, e.displayText() = DB::Exception: …`.
    static func error(status: Int, body: [UInt8], server: String, timeout: Int) -> ServerError {
        var message = String(decoding: body.prefix(2000), as: UTF8.self).trimmed(of: "\n ")
        if let range = message.range(of: "e.displayText() = ") { message = String(message[range.upperBound...]) }
        if let range = message.range(of: ", e.what() = ") { message = String(message[..<range.lowerBound]) }
        if message.hasPrefix("DB::Exception: ") { message = String(message.dropFirst("DB::Exception: ".count)) }
        let code = String(decoding: body.prefix(40), as: UTF8.self).split(separator: ",").first
            .flatMap { $0.hasPrefix("Code: ") ? Int($0.dropFirst(6)) : nil }
        switch code {
        case 192, 193, 194, 195, 516: return ServerError(server: server, kind: .credentials(message))
        case 60, 81: return ServerError(server: server, kind: .missingTable(message))
        case 159: return ServerError(server: server, kind: .timedOut(timeout))
        default:
            if status == 401 || status == 403 { return ServerError(server: server, kind: .credentials(message)) }
            if code == nil && !message.isEmpty && !message.hasPrefix("Code") && status == 404 {
                return ServerError(server: server, kind: .notClickHouse("HTTP \(status) \(message.prefix(80))"))
            }
            return ServerError(server: server, kind: .refused(status: status, message: message))
        }
    }

    /// `text` with everything but unreserved characters percent-encoded (for a URL's query).
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32(16 - 8 * $1.offset) }
            for position in 0..<4 {
                out.append(position <= chunk.count ? alphabet[Int(value >> UInt32(18 - 6 * position)) & 63] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` as a ClickHouse string literal: quoted, with `'` and `\` escaped and every byte that
    /// is not printable ASCII written as `\xHH` (so the literal's bytes are exactly `text`'s).
    static func literal(_ bytes: [UInt8]) -> String {
        var out = "'"
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\\"):
                out += "\\" + String(Unicode.Scalar(byte))
            case 0x20..<0x7F:
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out + "'"
    }

    static func literal(_ text: String) -> String { literal(Array(text.utf8)) }
}

extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }

    func trimmed(of set: String) -> String {
        let drop = Set(set)
        return String(self.drop { drop.contains($0) }.reversed().drop { drop.contains($0) }.reversed())
    }
}
