import Testing
@testable import TranscriptServer

/// A password given in a `--server` URL is never shown, whatever is wrong with the URL.
struct RedactionTests {
    @Test(arguments: [
        ("http://bob:hunter2@db:99999/?table=t", "its port is not a number"),
        ("https://bob:hunter2@db/?table=t", "https is not supported"),
        ("ftp://bob:hunter2@db/?table=t", "it must start with http://"),
        ("http://bob:hunter2@db/?table=a;drop", "is not a plain name"),
        ("http://bob:hunter2@db/?tabel=t", "unknown parameter \"tabel\""),
        ("http://db/?table=t&password=hunter2&tabel=x", "unknown parameter \"tabel\""),
        ("http://db/?table=t&pasword=hunter2", "unknown parameter \"pasword\""),
        ("http://bob:hun/ter2@db/?table=t", "its port is not a number"),
        ("http://bob:hunter2@/?table=t", "it names no host"),
        ("http://bob:hun@ter2@db:x/?table=t", "its port is not a number"),
    ])
    func aBadAddressNeverShowsItsPassword(url: String, problem: String) {
        do {
            _ = try ServerAddress(url)
            Issue.record("\(url) was read")
        } catch {
            #expect(error.description.contains(problem), "\(error.description)")
            #expect(!error.description.contains("hunter2"), "\(error.description)")
            #expect(!error.description.contains("ter2"), "\(error.description)")
        }
    }

    @Test(arguments: [
        ("http://bob:secret@db:8123/?table=t&password=x", "http://bob:***@db:8123/?table=t&password=***"),
        ("http://bob@db/?table=t&database=d&user=u", "http://bob@db/?table=t&database=d&user=u"),
        ("http://db:8123", "http://db:8123"),
        ("db:8123/?password=x", "db:8123/?password=***"),
    ])
    func redactedHidesOnlyWhatMayBeSecret(url: String, shown: String) {
        #expect(ServerAddress.redacted(url) == shown)
    }
}
