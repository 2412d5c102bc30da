import Foundation
import Testing
import TranscriptServer

/// `tsearch index --server` and `tsearch search --server` against ClickHouse servers this suite
/// starts (one node, and two shards), and stops: the same hits as over the files, a saved search
/// that outlives the server, and every failure a clear error with exit status 2.
@Suite(.serialized, .enabled(if: LocalClickHouse.executable != nil, "clickhouse-server is not installed (apt-get install clickhouse-server): the server tests are skipped"))
struct ServerEndToEndTests {
    /// Searches compared through the server and over Samples/: each as arguments after `search`.
    static let searches: [[String]] = [
        ["budget"], ["-w", "budget"], ["-s", "Budget"], ["café"], ["--ignore-accents", "cafe"], ["会议"],
        ["-E", "budget (review|plan)"], ["-E", "[Bb]udget|forecast"], ["speaker:alice budget"], ["--after", "00:01:00", "the"],
        ["--file", "*.vtt", "budget"], ["--language", "tr", "istanbul"], ["-E", "\\d{4}\\s\\w+", "--scan"],
        // The meetings' dates and titles are kept in the files table (the content's, not only the path's).
        ["since:2026-03 budget"], ["--until", "2024", "budget"], ["--meeting", "review", "budget"],
        // Counted on the server where it decides them (rows of printable ASCII), by the matcher elsewhere.
        ["the budget"], ["-s", "budget"], ["BuDgEt"], ["speaker:alice the"], ["speaker:dana", "--section", "budget", "a"],
        ["--language", "tr", "i"], ["i"], ["-w", "the"], ["--ignore-accents", "e"], ["k"],
    ]

    /// `search -c` lines sorted (files in path order through the server, in load order over files).
    func counted(_ outcome: TSearch.Outcome) -> [String] {
        outcome.stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test(arguments: [LocalClickHouse.Layout.singleNode, .twoShards])
    func searchesThroughTheServerFindWhatSearchesOverTheFilesFind(layout: LocalClickHouse.Layout) throws {
        let servers = try LocalClickHouse(layout)
        defer { servers.stop() }
        let url = servers.url(table: "samples")
        let cluster = layout == .twoShards ? ["--cluster", LocalClickHouse.clusterName] : []
        let indexed = try TSearch.run(["index", "--server", url] + cluster + ["Samples"])
        #expect(indexed.status == 0, "\(indexed.stderr)")
        #expect(indexed.stdout.contains("41 sent"), "\(indexed.stdout)")
        for arguments in Self.searches {
            let local = try TSearch.run(["search", "-c"] + arguments.filter { $0 != "--scan" } + ["Samples"])
            let served = try TSearch.run(["search", "-c", "--server", url] + arguments)
            #expect(served.status == local.status, "\(arguments): \(served.stderr)")
            #expect(counted(served) == counted(local), "\(arguments)")
            let listed = try TSearch.run(["search", "-l", "--server", url] + arguments)
            #expect(counted(listed) == counted(try TSearch.run(["search", "-l"] + arguments.filter { $0 != "--scan" } + ["Samples"])), "-l \(arguments)")
        }
        // Whole listings, context rows and the `--` between distant ones included, are the same:
        // the rows around each hit are fetched from the server, not taken from other candidates.
        for arguments in [["budget"], ["-w", "the"], ["café"], ["speaker:dana budget"]] {
            let local = try TSearch.run(["search", "-C", "2", "--color", "never"] + arguments + ["Samples"])
            let served = try TSearch.run(["search", "-C", "2", "--color", "never", "--server", url] + arguments)
            #expect(served.stdout == local.stdout, "\(arguments)")
        }
        // A mistyped speaker is explained as over the files: the nearest of the archive's speakers.
        for arguments in [["speaker:alise budget"], ["speaker:alise", "speaker:bobb", "budget"]] {
            let local = try TSearch.run(["search"] + arguments + ["Samples"])
            let served = try TSearch.run(["search", "--server", url] + arguments)
            // (Over the files the loading's warnings come first.)
            let said = local.stderr.split(separator: "\n").filter { $0.contains("no speaker matches") }.map { $0 + "\n" }.joined()
            #expect(said.contains("nearest: Alice"), "\(local.stderr)")
            #expect(served.stderr == said && served.status == local.status, "\(arguments): \(served.stderr)")
        }
        // Indexing again sends nothing.
        let again = try TSearch.run(["index", "--server", url] + cluster + ["Samples"])
        #expect(again.stdout.contains("0 sent (0 rows), 41 unchanged"), "\(again.stdout)")
    }

    @Test func theSavedSearchKeepsItsHitsWhenTheServerIsGone() throws {
        let folder = try TSearch.temporaryDirectory()
        let state = ["TSEARCH_STATE": folder.appendingPathComponent("session.json").path]
        let servers = try LocalClickHouse(.singleNode)
        let url = servers.url(table: "kept")
        #expect(try TSearch.run(["index", "--server", url, "Samples"], environment: state).status == 0)
        let search = try TSearch.run(["search", "--server", url, "budget", "--color", "never"], environment: state)
        #expect(search.status == 0)
        let local = try TSearch.run(["search", "budget", "Samples", "--color", "never"])
        #expect(search.stdout.split(separator: "\n").count == local.stdout.split(separator: "\n").count)
        let second = try TSearch.run(["next"], environment: state)
        servers.stop()
        // The server is gone: stepping, showing and exporting use the rows the search kept.
        let third = try TSearch.run(["next"], environment: state)
        #expect(second.stdout.contains("hit 2 of 127") && third.stdout.contains("hit 3 of 127"), "\(third.stdout)\(third.stderr)")
        #expect(try TSearch.run(["goto", "127"], environment: state).stdout.contains("hit 127 of 127"))
        let html = try TSearch.run(["export", "--format", "html"], environment: state)
        #expect(html.status == 0 && html.stdout.components(separatedBy: "<mark").count - 1 == 127)
        // A new search through it is an error that says so.
        let down = try TSearch.run(["search", "--server", url, "budget"], environment: state)
        #expect(down.status == 2)
        #expect(down.stderr.contains("cannot connect (Connection refused)"), "\(down.stderr)")
        #expect(try TSearch.run(["show"], environment: state).stdout.contains("hit 127 of 127"), "the failed search left the saved one as it was")
    }

    /// `-c`, `-l` and `-q` show no rows, yet the search they save steps through its hits with the
    /// same context as over the files (a count the server made fetches them at the first step).
    @Test(arguments: [["-c"], ["-l"], ["-q"], ["-C", "1"]], ["café", "budget"])
    func nextAfterASearchThroughTheServerShowsWhatItShowsOverTheFiles(options: [String], query: String) throws {
        let servers = try LocalClickHouse(.singleNode)
        defer { servers.stop() }
        let url = servers.url(table: "stepped")
        #expect(try TSearch.run(["index", "--server", url, "Samples"]).status == 0)
        let served = try TSearch.temporaryDirectory(), local = try TSearch.temporaryDirectory()
        let servedState = ["TSEARCH_STATE": served.appendingPathComponent("session.json").path]
        let localState = ["TSEARCH_STATE": local.appendingPathComponent("session.json").path]
        let search = try TSearch.run(["search"] + options + ["--server", url, query], environment: servedState)
        let over = try TSearch.run(["search"] + options + [query, "Samples"], environment: localState)
        #expect(search.status == over.status && search.status == 0, "\(search.stderr)")
        for step in [["show"], ["next"], ["next"], ["prev"], ["goto", "3"]] {
            let a = try TSearch.run(step + ["--color", "never"], environment: servedState)
            let b = try TSearch.run(step + ["--color", "never"], environment: localState)
            #expect(a.stdout == b.stdout && a.status == b.status, "\(options) \(step): \(a.stdout)\(a.stderr) ≠ \(b.stdout)")
        }
    }

    /// A count the server made keeps no rows: once the server is gone, a step says it cannot fetch
    /// them, names the server and exits 2.
    @Test func aCountWhoseServerWentAwayCannotBeSteppedAndSaysWhy() throws {
        let folder = try TSearch.temporaryDirectory()
        let state = ["TSEARCH_STATE": folder.appendingPathComponent("session.json").path]
        let servers = try LocalClickHouse(.singleNode)
        let url = servers.url(table: "counted")
        #expect(try TSearch.run(["index", "--server", url, "Samples"], environment: state).status == 0)
        let counted = try TSearch.run(["search", "-c", "--server", url, "budget"], environment: state)
        #expect(counted.status == 0 && counted.stdout.hasSuffix(" total\n"), "\(counted.stdout)\(counted.stderr)")
        servers.stop()
        let step = try TSearch.run(["next"], environment: state)
        #expect(step.status == 2)
        #expect(step.stderr.contains("fetches its rows again, which failed") && step.stderr.contains("cannot connect"), "\(step.stderr)")
    }

    @Test func serverErrorsAreClearAndExitTwo() throws {
        let servers = try LocalClickHouse(.singleNode)
        defer { servers.stop() }
        let cases: [([String], String)] = [
            (["search", "--server", servers.url(table: "missing"), "budget"], "no such table"),
            (["search", "--server", servers.url(table: "t").replacingOccurrences(of: "http://", with: "http://reader:wrong@"), "budget"],
             "refused the user or password"),
            (["index", "--server", "http://127.0.0.1:1/?table=t", "Samples/planning.srt"], "cannot connect"),
            (["index", "--server", "https://example.com/", "Samples/planning.srt"], "https is not supported"),
            (["index", "--server", servers.url(table: "t"), "--cluster", "nowhere", "Samples/planning.srt"], "has no cluster \"nowhere\" (it has tsearch_two_shards)"),
            (["search", "--server", servers.url(table: "t"), "-E", "\\d{4}\\s\\w+"], "--scan lets it"),
            (["search", "--server", servers.url(table: "t"), "--across-cues", "budget"], "--across-cues cannot go through a server"),
            (["index", "Samples/planning.srt"], "index needs a server"),
            (["search", "--server", servers.url(table: "t"), "--bool", "budget AND plan"], "--bool does not combine with --server yet"),
        ]
        for (arguments, message) in cases {
            let outcome = try TSearch.run(arguments)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
        }
        // TSEARCH_SERVER stands for --server.
        let environment = ["TSEARCH_SERVER": servers.url(table: "fromenv")]
        #expect(try TSearch.run(["index", "Samples/planning.srt"], environment: environment).status == 0)
        let counted = try TSearch.run(["search", "-c", "budget"], environment: environment)
        #expect(counted.stdout == (try TSearch.run(["search", "-c", "budget", "Samples/planning.srt"])).stdout)
    }
}
