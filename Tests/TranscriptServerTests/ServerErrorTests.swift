import Foundation
import Testing
@testable import TranscriptServer

/// Every way the server can fail is a `ServerError` that names the server and says what to check.
@Suite(.enabled(if: ServerFixture.isInstalled, ServerFixture.skipNote))
struct ServerErrorTests {
    func client(_ url: String, timeout: Int = 5000) throws -> ClickHouseClient {
        ClickHouseClient(address: try ServerAddress(url), timeoutMilliseconds: timeout)
    }

    @Test func aServerThatIsDownCannotBeConnectedTo() throws {
        // Port 1 on loopback: nothing listens there.
        let archive = TranscriptArchive(client: try client("http://127.0.0.1:1/?table=transcripts"))
        #expect {
            try archive.storedFiles()
        } throws: { error in
            guard let error = error as? ServerError, case .unreachable = error.kind else { return false }
            return error.description.hasPrefix("server http://127.0.0.1:1/?table=transcripts: cannot connect (Connection refused)")
        }
    }

    @Test func aTableThatDoesNotExistIsNamed() throws {
        let servers = try ServerFixture.singleNode.get()
        let archive = TranscriptArchive(client: try client(servers.url(table: "no_such_table")))
        #expect {
            try archive.storedFiles()
        } throws: { error in
            guard let error = error as? ServerError, case .missingTable = error.kind else { return false }
            return error.description.contains("no such table") && error.description.contains("no_such_table_files")
        }
    }

    @Test func aWrongPasswordIsRefused() throws {
        let servers = try ServerFixture.singleNode.get()
        let url = servers.url(table: "t").replacingOccurrences(of: "http://", with: "http://reader:wrong@")
        #expect {
            try client(url).execute("SELECT 1")
        } throws: { error in
            guard let error = error as? ServerError, case .credentials = error.kind else { return false }
            return !error.description.contains("wrong") || error.description.contains("password")
        }
        // The right password is let in, and never shown in messages.
        #expect(try client(url.replacingOccurrences(of: "wrong", with: "secret")).execute("SELECT 1") == Array("1\n".utf8))
        #expect(try ServerAddress(url).description == "http://reader@127.0.0.1:\(servers.httpPort)/?table=t")
    }

    @Test func aSlowAnswerTimesOut() throws {
        let servers = try ServerFixture.singleNode.get()
        #expect {
            try client(servers.url(table: "t"), timeout: 700).execute("SELECT sleep(3)")
        } throws: { error in
            guard let error = error as? ServerError, case .timedOut(700) = error.kind else { return false }
            return error.description.contains("no answer within 0.7 s")
        }
    }

    @Test(arguments: [
        ("https://h/?table=t", "https is not supported"),
        ("127.0.0.1:8123", "it must start with http://"),
        ("http://h:99999/", "its port is not a number"),
        ("http://h/?table=a;drop", "is not a plain name"),
        ("http://h/?tabel=a", "unknown parameter \"tabel\""),
    ])
    func aURLThatIsNotAServersSaysWhatWasExpected(url: String, message: String) {
        #expect {
            try ServerAddress(url)
        } throws: { error in
            (error as? ServerError)?.description.contains(message) == true
        }
    }

    @Test func aURLGivesHostPortTableAndCredentials() throws {
        let address = try ServerAddress("http://bob:p%40ss@db.example:9000/?table=meetings&database=archive")
        #expect(address.host == "db.example" && address.port == 9000 && address.table == "meetings")
        #expect(address.database == "archive" && address.user == "bob" && address.password == "p@ss")
        #expect(try ServerAddress("http://127.0.0.1").port == 8123)
        #expect(try ServerAddress("http://127.0.0.1").table == "transcripts")
    }
}
