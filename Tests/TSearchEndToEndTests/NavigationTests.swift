import Foundation
import Testing

/// Stepping through a saved search, on the built binary with a temporary `$TSEARCH_STATE`.
@Suite(.serialized) struct NavigationTests {
    struct Session {
        let folder: URL
        var state: URL { folder.appendingPathComponent("state/session.json") }

        init() throws {
            folder = try TSearch.temporaryDirectory()
        }

        func run(_ arguments: [String], in directory: URL? = nil, extra: [String: String] = [:]) throws -> TSearch.Outcome {
            try TSearch.run(arguments, in: directory ?? TSearch.root, environment: ["TSEARCH_STATE": state.path].merging(extra) { $1 })
        }

        func savedPosition() throws -> Int? {
            let data = try Data(contentsOf: state)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return (object["current"] as? [String: Any])?["position"] as? Int
        }
    }

    /// "hit k of N" from the first line of a navigation command's output.
    static func hitNumber(_ outcome: TSearch.Outcome) -> String? {
        outcome.stdout.split(separator: "\n").first.flatMap { line in
            line.split(separator: "·").first.map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    @Test func searchThenStepAroundAndWrap() throws {
        let session = try Session()
        let search = try session.run(["search", "budget", "Samples/planning.srt"])
        #expect(search.status == 0)
        #expect(try session.savedPosition() == 0)  // hit 1 is current, as after a search in less

        var outcomes: [String?] = []
        for arguments in [["next"], ["next"], ["next"], ["prev"], ["goto", "1"], ["show"]] {
            let outcome = try session.run(arguments)
            #expect(outcome.status == 0, "\(arguments)")
            #expect(outcome.stderr.isEmpty, "\(arguments): \(outcome.stderr)")
            outcomes.append(Self.hitNumber(outcome))
        }
        #expect(outcomes == ["hit 2 of 6", "hit 3 of 6", "hit 4 of 6", "hit 3 of 6", "hit 1 of 6", "hit 1 of 6"])

        let show = try session.run(["show", "-C", "1"])
        let lines = show.stdout.split(separator: "\n")
        #expect(lines[0] == "hit 1 of 6 · 00:00:04.500 · Alice · Samples/planning.srt")
        #expect(lines.count == 4)  // the header, then the hit's row with one row each side
        #expect(lines[2].contains("1/6") && lines[2].contains("Alice: And the Q3 budget."))
        #expect(!lines[1].contains("/6") && lines[3].contains("2/6"))  // context rows show their own hits

        let back = try session.run(["prev"])
        #expect(Self.hitNumber(back) == "hit 6 of 6")
        #expect(back.stderr == "tsearch: hit 6 of 6 (went past the first hit and wrapped to the last)\n")
        let forward = try session.run(["next"])
        #expect(Self.hitNumber(forward) == "hit 1 of 6")
        #expect(forward.stderr == "tsearch: hit 1 of 6 (went past the last hit and wrapped to the first)\n")
        let jump = try session.run(["next", "4"])
        #expect(Self.hitNumber(jump) == "hit 5 of 6")
        // A step of several that wraps says where it landed, not only that it wrapped.
        let past = try session.run(["next", "3"])
        #expect(Self.hitNumber(past) == "hit 2 of 6")
        #expect(past.stderr == "tsearch: hit 2 of 6 (went past the last hit and wrapped to the first)\n")
        let before = try session.run(["prev", "4"])
        #expect(Self.hitNumber(before) == "hit 4 of 6")
        #expect(before.stderr == "tsearch: hit 4 of 6 (went past the first hit and wrapped to the last)\n")
        _ = try session.run(["goto", "5"])
    }

    @Test func noWrapStopsAtTheEnds() throws {
        let session = try Session()
        _ = try session.run(["search", "budget", "Samples/planning.srt"])
        _ = try session.run(["goto", "6"])
        let stuck = try session.run(["next", "--no-wrap"])
        #expect(stuck.status == 1)
        #expect(stuck.stdout.isEmpty)
        #expect(stuck.stderr == "tsearch: at the last hit (--no-wrap)\n")
        #expect(try session.savedPosition() == 5)
        let partway = try session.run(["prev", "9", "--no-wrap"])
        #expect(partway.status == 0)
        #expect(Self.hitNumber(partway) == "hit 1 of 6")
    }

    @Test func gotoOutOfRangeAndBadArgumentsAreErrorsThatWriteNothing() throws {
        let session = try Session()
        _ = try session.run(["search", "budget", "Samples/planning.srt"])
        let before = try Data(contentsOf: session.state)
        for (arguments, message) in [
            (["goto", "0"], "tsearch: there is no hit 0: the saved search has hits 1 to 6\n"),
            (["goto", "7"], "tsearch: there is no hit 7: the saved search has hits 1 to 6\n"),
            (["goto"], "tsearch: goto needs a hit number: tsearch goto K (see tsearch --help)\n"),
            (["next", "x"], "tsearch: the number of hits to step must be a whole number, found \"x\" (see tsearch --help)\n"),
        ] {
            let outcome = try session.run(arguments)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.stderr == message)
            #expect(outcome.stdout.isEmpty)
        }
        #expect(try Data(contentsOf: session.state) == before)
    }

    @Test func missingCorruptAndNewerSessionsSayWhatToRun() throws {
        let session = try Session()
        let missing = try session.run(["next"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no saved search"))
        #expect(missing.stderr.contains("tsearch search QUERY PATH..."))

        try FileManager.default.createDirectory(at: session.state.deletingLastPathComponent(), withIntermediateDirectories: true)
        for (content, phrase) in [
            ("{\"schema\": 1, \"query\": ", "cannot be read"),
            ("{\"schema\": 99}", "written by a newer tsearch (schema 99"),
            ("{\"schema\": 1}", "cannot be read"),
            ("\u{0}\u{1}binary", "cannot be read"),
        ] {
            try Data(content.utf8).write(to: session.state)
            let outcome = try session.run(["next"])
            #expect(outcome.status == 2)
            #expect(outcome.stderr.contains(phrase), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("tsearch search QUERY PATH..."))
            #expect(try Data(contentsOf: session.state) == Data(content.utf8))  // never overwritten
        }
    }

    /// Editing a searched file between search and next searches again and re-anchors.
    @Test func editingAFileSearchesAgainAndReanchors() throws {
        let session = try Session()
        let file = session.folder.appendingPathComponent("meeting.srt")
        let cues = (1...6).map { "\($0)\n00:00:0\($0),000 --> 00:00:0\($0),900\nline \($0) about the budget\n" }
        try cues.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        _ = try session.run(["search", "budget", "meeting.srt"], in: session.folder)
        _ = try session.run(["goto", "4"], in: session.folder)
        // Insert a new hit before the current one: the current hit is the same words, now hit 5.
        var edited = cues
        edited[0] = "1\n00:00:01,000 --> 00:00:01,900\nline 1 about the budget and another budget\n"
        try edited.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let shown = try session.run(["show"], in: session.folder)
        #expect(shown.status == 0)
        #expect(shown.stderr == "tsearch: the files changed since the search for \"budget\"; searched again: hit 5 of 7 is nearest to where you were\n")
        #expect(Self.hitNumber(shown) == "hit 5 of 7")
        #expect(shown.stdout.contains("line 4 about the budget"))
        // The session now describes the new files: the next step is quiet.
        let next = try session.run(["next"], in: session.folder)
        #expect(next.stderr.isEmpty)
        #expect(Self.hitNumber(next) == "hit 6 of 7")
    }

    /// Unchanged files are not searched again: the cache answers. Shown by changing the rows kept
    /// in the session's cache (sealed again with its checksum), which a re-search would not see.
    @Test func unchangedFilesAreNotSearchedAgain() throws {
        let session = try Session()
        let file = session.folder.appendingPathComponent("a.txt")
        try "budget one\nbudget two\n".write(to: file, atomically: false, encoding: .utf8)
        _ = try session.run(["search", "budget", "a.txt"], in: session.folder)
        let folder = session.state.deletingLastPathComponent()
        let cache = try #require(try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .first { $0.lastPathComponent.contains(".cache-") })
        try TSearch.rewriteRows(in: cache, "budget two", with: "budget 2!2")
        let next = try session.run(["next"], in: session.folder)
        #expect(next.stderr.isEmpty)
        #expect(next.stdout.contains("budget 2!2"))  // from the cache, not the file
    }

    /// A file whose bytes changed while its size and modification time were put back (to the
    /// nanosecond) is changed all the same: its status-change time says so.
    @Test func aChangeBehindTheModificationTimeIsSeen() throws {
        let session = try Session()
        let file = session.folder.appendingPathComponent("a.txt")
        try "budget one\nbudget two\n".write(to: file, atomically: false, encoding: .utf8)
        _ = try session.run(["search", "budget", "a.txt"], in: session.folder)
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: session.state)) as? [String: Any])
        let source = try #require((saved["sources"] as? [[String: Any]])?.first)
        let nanoseconds = try #require(source["mtime_ns"] as? Int)
        try "BUDGET ONE\nzzzzzz two\n".write(to: file, atomically: false, encoding: .utf8)
        // Put the modification time back exactly (GNU touch takes @seconds.nanoseconds).
        let stamp = "@\(nanoseconds / 1_000_000_000).\(String(format: "%09d", nanoseconds % 1_000_000_000))"
        #expect(try TSearch.run(["-m", "-d", stamp, file.path], executable: URL(fileURLWithPath: "/usr/bin/touch")).status == 0)
        let next = try session.run(["next"], in: session.folder)
        #expect(next.stderr.contains("the files changed since the search"), "\(next.stderr)")
        #expect(next.stdout.contains("BUDGET ONE") && !next.stdout.contains("budget two"))
    }

    /// Two `tsearch next` processes at once, a hundred times: every step counts.
    @Test func concurrentStepsAreNeverLost() throws {
        let session = try Session()
        _ = try session.run(["search", "e", "Samples/standup.vtt"])
        let data = try Data(contentsOf: session.state)
        let hits = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["hits"] as? Int)
        let script = """
        for i in $(seq 1 100); do
          '\(TSearch.binary.path)' next -C 0 >/dev/null 2>&1 &
          '\(TSearch.binary.path)' next -C 0 >/dev/null 2>&1 &
          wait
        done
        """
        #expect(try TSearch.shell(script, environment: ["TSEARCH_STATE": session.state.path]).status == 0)
        #expect(try session.savedPosition() == 200 % hits)
    }

    /// A process killed in the middle of writing leaves the old session whole, and the cache
    /// it names: killed while writing the new cache (attempt 0), then while writing the session itself.
    @Test func killedMidWriteLeavesTheOldSessionIntact() throws {
        let session = try Session()
        _ = try session.run(["search", "budget", "Samples/planning.srt"])
        let before = try Data(contentsOf: session.state)
        let folder = session.state.deletingLastPathComponent()
        for attempt in 0..<3 {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            for name in names where name.contains(".tmp-") {
                try FileManager.default.removeItem(at: folder.appendingPathComponent(name))
            }
            let process = Process()
            process.executableURL = TSearch.binary
            process.arguments = ["search", "e", "Samples/"]
            process.currentDirectoryURL = TSearch.root
            process.environment = ProcessInfo.processInfo.environment.merging([
                "TSEARCH_STATE": session.state.path, "TSEARCH_TEST_PAUSE_MID_WRITE_MS": "1500",
            ]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Wait until the write of interest has begun (its temporary file exists), then kill -9.
            let wanted = attempt == 0 ? ".cache-" : "session.json.tmp-"
            let deadline = Date().addingTimeInterval(20)
            var seen = false
            while Date() < deadline && !seen {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                seen = names.contains { $0.contains(".tmp-") && $0.contains(wanted) }
                if !seen { usleep(2000) }
            }
            #expect(seen, "attempt \(attempt): the write never started")
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "attempt \(attempt)")
            #expect(try Data(contentsOf: session.state) == before, "attempt \(attempt)")
            let show = try session.run(["show"])
            #expect(show.status == 0, "attempt \(attempt): \(show.stderr)")
            #expect(show.stderr.isEmpty, "attempt \(attempt): the cache the session names is still there")
            #expect(Self.hitNumber(show) == "hit 1 of 6")
            #expect(try Data(contentsOf: session.state) == before, "attempt \(attempt)")
        }
    }
}

/// No lock is held while a saved search runs again: a `next` whose files changed searches before
/// it takes the session's lock, so another tsearch on the same state does not wait for it (a slow
/// pattern once held every other search for 40 s).
struct UnlockedSearchAgainTests {
    @Test func aSearchDoesNotWaitForANextThatSearchesAgain() throws {
        let folder = try TSearch.temporaryDirectory()
        let state = folder.appendingPathComponent("state/session.json").path
        let tsearch = "'\(TSearch.binary.path)'"
        let result = try TSearch.shell("""
            export TSEARCH_STATE='\(state)'
            cp '\(TSearch.samples)/planning.srt' talk.srt
            \(tsearch) search -c budget talk.srt > /dev/null || exit 9
            printf '\\n99\\n00:09:00,000 --> 00:09:01,000\\nOne more budget line.\\n' >> talk.srt
            (TSEARCH_TEST_PAUSE_IN_SEARCH_MS=4000 \(tsearch) next > next.out 2> next.err; echo next-done >> order) &
            sleep 1
            \(tsearch) search -c budget '\(TSearch.samples)/standup.vtt' > /dev/null; echo search-done >> order
            wait
            cat order
            """, in: folder)
        #expect(result.stdout == "search-done\nnext-done\n", "\(result.stdout)")
        // The step went on from the session as it was when it took the lock: the newer search.
        let next = try String(contentsOf: folder.appendingPathComponent("next.out"), encoding: .utf8)
        #expect(next.contains("standup.vtt"), "\(next)")
    }
}
