import Foundation
import Testing
import TestSupport

/// `tsearch search --server` against a server that answers badly (`FakeHTTPServer`: scripted
/// bytes on loopback, no ClickHouse needed): answers cut short, impossible row numbers, slow
/// statements, a runaway pattern on the rows sent, a bad URL with a password. Each is a clear
/// error with exit status 2, within the search's time limit, and the password is never shown.
struct ServerHostileEndToEndTests {
    /// `storedFiles` names one file, `a.srt`, with three rows.
    static let storedFiles = FakeHTTPServer.Rule("argMax(hash", .ok("a.srt\thash\tgen-1\t3\tsrt\tutf-8\n"))

    /// A row of `a.srt` as the rows table sends it.
    static func row(_ number: String, _ text: String, speaker: String? = nil) -> String {
        "a.srt\t\(number)\t\(text)\t1000\t2000\t\(speaker ?? "")\t\(speaker == nil ? 0 : 1)\t\t0\t1\t1\t1\t\t-1\n"
    }

    static let threeRows = row("0", "budget one") + row("1", "budget two") + row("2", "budget three")

    @Test func aWellFormedAnswerIsSearched() throws {
        // The script the others break: the same three rows as candidates and as context.
        let server = try FakeHTTPServer([Self.storedFiles, .init("SELECT file, row", .ok(Self.threeRows))])
        let outcome = try TSearch.run(["search", "-l", "--server", server.url(), "-E", "budget"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "a.srt\n")
    }

    /// A count: two hits the server counted itself (its line per file, speaker and section), one
    /// the matcher found on the row it could not decide.
    @Test func aCountAnswerIsAddedToTheMatchersHits() throws {
        let server = try FakeHTTPServer([
            Self.storedFiles, .init("GROUP BY file, speaker", .ok("a.srt\t\t0\t\t0\t2\n")),
            .init("SELECT file, row", .ok(Self.row("2", "budget thr\u{E9}\u{301}e"))),
        ])
        let outcome = try TSearch.run(["search", "-c", "--server", server.url(), "budget"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == "a.srt:3\n3 total\n")
    }

    /// Regression: one of three announced rows arrived, one hit was printed, exit 0.
    @Test func anAnswerShorterThanItsContentLengthIsAnError() throws {
        let one = Self.row("0", "budget one")
        let server = try FakeHTTPServer([
            Self.storedFiles,
            .init("SELECT file, row", .raw(headers: "Content-Length: \(Self.threeRows.utf8.count)\r\n", body: one)),
        ])
        let outcome = try TSearch.run(["search", "--server", server.url(), "budget"])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains(
            "the answer was cut short (the connection closed early?): the body ended after \(one.utf8.count) of the \(Self.threeRows.utf8.count) bytes"),
            "\(outcome.stderr)")
    }

    /// Regression: a chunk size of 7fffffffffffffff and row numbers of -5 or Int64.max trapped.
    @Test(arguments: [
        (FakeHTTPServer.Reply.raw(headers: "Transfer-Encoding: chunked\r\n", body: "7fffffffffffffff\r\nbudget"), "ended inside a chunk of 9223372036854775807 bytes"),
        (.raw(headers: "Transfer-Encoding: chunked\r\n", body: "5\r\nbudge"), "before its last chunk"),
        (.ok(row("-5", "budget")), "has the number -5, not one from 0 to 4294967295"),
        (.ok(row("9223372036854775807", "budget")), "has the number 9223372036854775807"),
    ])
    func aHostileAnswerIsANamedErrorNotACrash(reply: FakeHTTPServer.Reply, message: String) throws {
        let server = try FakeHTTPServer([Self.storedFiles, .init("row BETWEEN", .ok(Self.threeRows)), .init("SELECT file, row", reply)])
        let outcome = try TSearch.run(["search", "--server", server.url(), "budget"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("tsearch: server http://127.0.0.1:\(server.port)/?table=t: "), "\(outcome.stderr)")
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
    }

    /// Regression: `--timeout` was each statement's, so a server answering each in 1.5 s made
    /// `--timeout 2` take 10.5 s. It is the whole search's: the second statement is not waited for
    /// past it (the search takes two here: the files, then the candidates, which are all the rows).
    @Test func theTimeLimitIsTheWholeSearchsNotEachStatements() throws {
        let slow = { (reply: FakeHTTPServer.Reply) in FakeHTTPServer.Reply.after(milliseconds: 1200, reply) }
        let server = try FakeHTTPServer([
            .init("argMax(hash", slow(.ok("a.srt\thash\tgen-1\t3\tsrt\tutf-8\n"))),
            .init("SELECT file, row", slow(.ok(Self.threeRows))),
        ])
        let outcome = try TSearch.run(["search", "--server", server.url(), "--timeout", "2", "budget"])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("no answer within 2 s"), "\(outcome.stderr)")
        // Each statement alone is well within the limit: only their sum is over it.
        #expect(server.requests.count == 2)
    }

    /// Regression: the matcher ran on the server's rows outside the time limit, so a pattern
    /// that a search over files abandons ran on without end through a server.
    @Test func aRunawayPatternOnTheServersRowsIsAbandonedAsOverFiles() throws {
        let text = String(repeating: "a", count: 40) + "b"
        let folder = try TSearch.temporaryDirectory()
        try (text + "\n").write(to: folder.appendingPathComponent("a.txt"), atomically: true, encoding: .utf8)
        let local = try TSearch.run(["search", "--timeout", "1", "-E", "(a+)+$", "a.txt"], in: folder)
        let server = try FakeHTTPServer([Self.storedFiles, .init("SELECT file, row", .ok(Self.row("0", text)))])
        let served = try TSearch.run(["search", "--server", server.url(), "--scan", "--timeout", "1", "-E", "(a+)+$"])
        #expect(local.status == 2 && served.status == 2)
        #expect(local.stderr.contains("the search ran out of its time limit (1 s) and was abandoned"))
        #expect(served.stderr == local.stderr)
    }

    /// Regression: a bad `--server` address was shown with its password.
    @Test(arguments: [
        "http://bob:hunter2@127.0.0.1:99999/?table=t", "https://bob:hunter2@127.0.0.1/?table=t",
        "http://bob:hunter2@127.0.0.1/?tabel=t", "http://127.0.0.1/?table=t&password=hunter2&tabel=x",
    ])
    func aBadAddressNeverShowsItsPassword(url: String) throws {
        for arguments in [["search", "--server", url, "budget"], ["index", "--server", url, "Samples/planning.srt"]] {
            let outcome = try TSearch.run(arguments)
            #expect(outcome.status == 2)
            #expect(outcome.stderr.contains("expected a URL like"), "\(outcome.stderr)")
            #expect(!outcome.stderr.contains("hunter2"), "\(outcome.stderr)")
        }
        let fromEnvironment = try TSearch.run(["search", "budget"], environment: ["TSEARCH_SERVER": url])
        #expect(fromEnvironment.status == 2 && !fromEnvironment.stderr.contains("hunter2"), "\(fromEnvironment.stderr)")
    }

    /// Regression: a mistyped speaker through a server said that no row has a speaker; over the
    /// files it names the nearest speakers, and so it does through the server.
    @Test func aMistypedSpeakerNamesTheNearestSpeakersAsOverFiles() throws {
        let folder = try TSearch.temporaryDirectory()
        try "1\n00:00:01,000 --> 00:00:02,000\nAlice: the budget\n\n2\n00:00:03,000 --> 00:00:04,000\nBob: the plan\n"
            .write(to: folder.appendingPathComponent("a.srt"), atomically: true, encoding: .utf8)
        let local = try TSearch.run(["search", "speaker:Alise budget", "a.srt"], in: folder)
        #expect(local.stderr.contains("nearest: Alice"), "\(local.stderr)")
        let server = try FakeHTTPServer([
            Self.storedFiles, .init("GROUP BY speaker", .ok("Alice\t1\nBob\t1\n")), .init("SELECT file, row", .ok("")),
        ])
        let served = try TSearch.run(["search", "--server", server.url(), "speaker:Alise budget"])
        #expect(served.status == local.status)
        #expect(served.stderr == local.stderr)
    }
}
