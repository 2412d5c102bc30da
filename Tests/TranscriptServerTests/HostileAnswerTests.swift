import Testing
import TestSupport
import TranscriptSearch
@testable import TranscriptServer

/// A server that answers badly (cut short, endless, huge chunk sizes, slow, rows with impossible
/// numbers) gets a named `ServerError`: never a crash, a hang, or a partial answer taken for a
/// whole one. The answers come from `FakeHTTPServer` (loopback, scripted bytes), so these tests
/// need no ClickHouse.
struct HostileAnswerTests {
    /// A client of `server`'s table `t`.
    func client(
        _ server: FakeHTTPServer, timeout: Int = 10_000, timeLimit: ClickHouseClient.TimeLimit = .eachStatement,
        maxAnswerBytes: Int = ClickHouseClient.defaultMaxAnswerBytes
    ) throws -> ClickHouseClient {
        ClickHouseClient(address: try ServerAddress(server.url()), timeoutMilliseconds: timeout, timeLimit: timeLimit, maxAnswerBytes: maxAnswerBytes)
    }

    /// The kind of error `body` throws, or nil when it throws none.
    func errorKind(_ body: () throws(ServerError) -> Void) -> ServerError.Kind? {
        do {
            try body()
            return nil
        } catch {
            return error.kind
        }
    }

    /// `storedFiles` names one file, `a.srt`, with three rows.
    static let storedFiles = FakeHTTPServer.Rule("argMax(hash", .ok("a.srt\thash\tgen-1\t3\tsrt\tutf-8\n"))

    /// A row of `a.srt` as the rows table sends it: `number` and `text`.
    static func row(_ number: String, _ text: String) -> String {
        "a.srt\t\(number)\t\(text)\t1000\t2000\t\t0\t\t0\t1\t1\t1\t\t-1\n"
    }

    // MARK: Cut short

    @Test func anAnswerShorterThanItsContentLengthIsCutShort() throws {
        // Three rows announced, one arrives.
        let rows = Self.row("0", "budget one") + Self.row("1", "budget two") + Self.row("2", "budget three")
        let one = Self.row("0", "budget one")
        let server = try FakeHTTPServer([
            Self.storedFiles, .init("SELECT file, row", .raw(headers: "Content-Length: \(rows.utf8.count)\r\n", body: one)),
        ])
        let archive = TranscriptArchive(client: try client(server))
        let kind = errorKind { () throws(ServerError) in
            _ = try archive.candidates(for: SearchRequest(text: "budget"), narrowing: .everyRow)
        }
        #expect(kind == .cutShort("the body ended after \(one.utf8.count) of the \(rows.utf8.count) bytes its Content-Length announced"))
        let error = ServerError(server: "http://h:1/?table=t", kind: kind ?? .badAnswer(""))
        #expect(error.description.contains("the answer was cut short"))
    }

    @Test(arguments: [
        ("5\r\nhello\r\n", "before its last chunk"),
        ("5\r\nhello", "before its last chunk"),
        ("a\r\nhello", "ended inside a chunk of 10 bytes"),
        ("7fffffffffffffff\r\nhello", "ended inside a chunk of 9223372036854775807 bytes"),
        ("ffffffffffffffff\r\nhello", "is not HTTP"),
    ])
    func aChunkedBodyCutBeforeItsLastChunkIsCutShort(body: String, message: String) throws {
        let server = try FakeHTTPServer([.init("SELECT 1", .raw(headers: "Transfer-Encoding: chunked\r\n", body: body))])
        let served = try client(server)
        let kind = errorKind { () throws(ServerError) in try served.execute("SELECT 1") }
        switch kind {
        case .cutShort(let what): #expect(what.contains(message), "\(what)")
        case .notClickHouse(let what): #expect(message == "is not HTTP", "\(what)")
        default: Issue.record("expected an answer cut short, got \(String(describing: kind))")
        }
    }

    @Test func aWholeChunkedBodyIsRead() throws {
        let server = try FakeHTTPServer([.init("SELECT 1", .raw(headers: "Transfer-Encoding: chunked\r\n", body: "2\r\n1\n\r\n0\r\n\r\n"))])
        #expect(try client(server).execute("SELECT 1") == Array("1\n".utf8))
    }

    @Test(arguments: [ClickHouseClient.TimeLimit.eachStatement, .allStatements])
    func anyTimeLimitIsAValidDeadline(timeLimit: ClickHouseClient.TimeLimit) throws {
        let server = try FakeHTTPServer([.init("SELECT 1", .ok("1\n"))])
        #expect(try client(server, timeout: Int.max, timeLimit: timeLimit).execute("SELECT 1") == Array("1\n".utf8))
    }

    @Test func aNegativeContentLengthIsNotHTTP() throws {
        let server = try FakeHTTPServer([.init("SELECT 1", .raw(headers: "Content-Length: -5\r\n", body: "1\n"))])
        let served = try client(server)
        let kind = errorKind { () throws(ServerError) in try served.execute("SELECT 1") }
        #expect(kind == .notClickHouse("a Content-Length of \"-5\""))
    }

    // MARK: Too large, too long

    @Test func anEndlessFastBodyStopsAtTheAnswerLimit() throws {
        let head = Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8)
        let server = try FakeHTTPServer([.init("SELECT 1", .endless(head: head, piece: Array(repeating: 0x61, count: 1 << 16), bound: 64 << 20))])
        let served = try client(server, maxAnswerBytes: 1 << 20)
        let kind = errorKind { () throws(ServerError) in try served.execute("SELECT 1") }
        #expect(kind == .tooLarge(1 << 20))
        #expect(ServerError(server: "s", kind: .tooLarge(1 << 20)).description.contains("larger than 1 MiB, the most one answer may have"))
        #expect(ServerError(server: "s", kind: .tooLarge(Int.max)).description.contains("larger than 8589934592.0 GiB"))
        #expect(ServerError(server: "s", kind: .tooLarge(1536)).description.contains("larger than 1.5 KiB"))
    }

    @Test(arguments: ["Content-Length: 2000000\r\n", "Transfer-Encoding: chunked\r\n"])
    func anAnnouncedBodyLargerThanTheLimitIsNotWaitedFor(header: String) throws {
        // The body announced never comes; the limit is said at once, not at the deadline.
        let body = header.hasPrefix("Transfer") ? "7fffffffffffffff\r\n" + String(repeating: "a", count: 2 << 20) : "a"
        let server = try FakeHTTPServer([.init("SELECT 1", .raw(headers: header, body: body))])
        let served = try client(server, maxAnswerBytes: 1 << 20)
        let kind = errorKind { () throws(ServerError) in try served.execute("SELECT 1") }
        #expect(kind == .tooLarge(1 << 20))
    }

    @Test func aReadThatWouldNotBlockStillStopsAtTheDeadline() throws {
        // An endless body keeps bytes waiting on the socket, so a read never has to wait: the
        // deadline is checked on every read all the same.
        let head = Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8)
        let server = try FakeHTTPServer([.init("GET", .endless(head: head, piece: Array(repeating: 0x61, count: 1 << 16), bound: 64 << 20))])
        let later = SocketCalls.now() + 10_000
        let connection = try SocketCalls.connect(host: "127.0.0.1", port: server.port, deadline: later).get()
        try SocketCalls.send(Array("GET / HTTP/1.1\r\n\r\n".utf8), on: connection, deadline: later).get()
        #expect(try SocketCalls.receive(on: connection, deadline: later).get().isEmpty == false)
        try SocketCalls.waitUntilReadable(connection, deadline: later).get()
        let late = SocketCalls.receive(on: connection, deadline: SocketCalls.now() - 1).map(\.count)
        #expect(late == .failure(.timedOut), "bytes were read after the deadline")
    }

    @Test func anEndlessFastBodyEndsAtOneOfItsBounds() throws {
        // Whichever comes first, the deadline or the size limit, ends it with its name.
        let head = Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8)
        let server = try FakeHTTPServer([.init("SELECT 1", .endless(head: head, piece: Array(repeating: 0x61, count: 1 << 16), bound: 1 << 30))])
        let served = try client(server, timeout: 100, maxAnswerBytes: 256 << 20)
        let kind = errorKind { () throws(ServerError) in try served.execute("SELECT 1") }
        #expect(kind == .timedOut(100) || kind == .tooLarge(256 << 20))
    }

    // MARK: Impossible row numbers

    @Test(arguments: ["-5", "9223372036854775807", "4294967296"])
    func aRowNumberOutsideTheTableIsABadAnswer(number: String) throws {
        let server = try FakeHTTPServer([
            Self.storedFiles,
            .init("wanted_structure", .ok(Self.row("0", "budget"))),
            .init("SELECT file, row", .ok(Self.row(number, "budget"))),
        ])
        let archive = TranscriptArchive(client: try client(server))
        // What the command line does: the candidates, then the rows around their hits.
        let kind = errorKind { () throws(ServerError) in
            let candidates = try archive.candidates(for: SearchRequest(text: "budget"), narrowing: .everyRow)
            _ = try archive.rows(around: candidates.rowNumbers.map { ("a.srt", $0) }, context: 2)
        }
        #expect(kind == .badAnswer("a row of a.srt has the number \(number), not one from 0 to 4294967295"))
    }

    /// The server is not asked to sort (it sorted whole answers, a third of a large one's time):
    /// rows that come out of order (two shards', or two parts') are put in path and row order here.
    @Test func rowsThatComeOutOfOrderAreSortedByFileAndRow() throws {
        let server = try FakeHTTPServer([
            Self.storedFiles,
            .init("SELECT file, row", .ok(
                Self.row("2", "budget").replacingOccurrences(of: "a.srt", with: "b.srt") + Self.row("2", "budget c")
                    + Self.row("0", "budget a") + Self.row("1", "budget b"))),
        ])
        let archive = TranscriptArchive(client: try client(server))
        let candidates = try archive.candidates(for: SearchRequest(text: "budget"), narrowing: .everyRow)
        #expect(candidates.corpus.sources.map(\.path) == ["a.srt", "b.srt"])
        #expect(candidates.rowNumbers == [0, 1, 2, 2])
        #expect((0..<4).map { candidates.corpus.text(ofRow: $0) } == ["budget a", "budget b", "budget c", "budget"])
    }

    @Test func rowsAroundSkipNumbersThatNameNoRow() throws {
        let server = try FakeHTTPServer([Self.storedFiles, .init("wanted_structure", .ok(Self.row("0", "budget")))])
        let archive = TranscriptArchive(client: try client(server))
        let rows = try archive.rows(around: [("a.srt", -5), ("a.srt", Int.max), ("a.srt", 0)], context: Int.max)
        #expect(rows.rowNumbers == [0])
        // The file has 3 rows: only those are named, however wide the context.
        #expect(server.requests.last?.contains("\r\n\r\na.srt\t0\na.srt\t1\na.srt\t2\n\r\n--tsearch-") == true)
    }
}
