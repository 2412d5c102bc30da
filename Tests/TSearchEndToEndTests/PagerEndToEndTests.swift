import Foundation
import Testing

/// The pager as a user meets it: the real binary in a real terminal (tmux), driven by keys.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")))
struct PagerEndToEndTests {
    /// Runs tmux on a server of this test's own, through `sh -c` started with posix_spawn and reaped
    /// with waitpid (Foundation's Process can miss the exit of a client whose server inherits its
    /// descriptors). Output, for `capture-pane`, goes through a temporary file.
    static func tmux(_ arguments: [String]) throws -> String {
        let quoted = (["/usr/bin/tmux", "-L", "tsearch-tests-\(getpid())"] + arguments)
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tsearch-tmux-\(getpid()).txt")
        let command = quoted + " </dev/null >'\(output.path)' 2>/dev/null"
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { (text: String) in strdup(text) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0 else { return "" }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }

    static func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", "pager"]).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Waits until the screen shows `text` (or 10 s pass); returns the screen.
    @discardableResult
    static func waitFor(_ text: String) throws -> [String] {
        for _ in 0..<200 {
            let lines = try screen()
            if lines.contains(where: { $0.contains(text) }) { return lines }
            usleep(50_000)
        }
        return try screen()
    }

    /// Waits until a line of the screen satisfies `holds` (or 10 s pass); returns the screen.
    @discardableResult
    static func waitUntil(_ holds: (String) -> Bool) throws -> [String] {
        for _ in 0..<200 {
            let lines = try screen()
            if lines.contains(where: holds) { return lines }
            usleep(50_000)
        }
        return try screen()
    }

    /// A big cache file cut short while the pager has it mapped (a backup restored over it in
    /// place): the pager ends with a message naming the file, status 2 and the terminal restored,
    /// not a silent SIGBUS in raw mode; the cut file is removed, and the next search reads the
    /// transcript again.
    @Test func aCacheCutShortWhileMappedEndsCleanly() throws {
        let folder = try TSearch.temporaryDirectory()
        let cues = (1...220_000).map { number in
            "\(number)\n00:00:01,000 --> 00:00:02,000\nSpeaker \(number % 7): the quarterly plan for team \(number) is on track today\n"
        }
        try cues.joined(separator: "\n").write(to: folder.appendingPathComponent("big.srt"), atomically: true, encoding: .utf8)
        let state = folder.appendingPathComponent("state/session.json").path
        // The transcript was just written: without a settling time of 0 the cache would not be
        // trusted, and the pager would parse the transcript instead of mapping the cache.
        let first = try TSearch.run(["search", "-c", "zanzibar", "big.srt"], in: folder,
                                    environment: ["TSEARCH_STATE": state, "TSEARCH_CACHE_SETTLE_NS": "0"])
        #expect(first.status == 1)
        let rows = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/state/rows").filter { $0.hasSuffix(".rows") }
        let cache = try #require(rows.first)
        let size = try FileManager.default.attributesOfItem(atPath: folder.path + "/state/rows/" + cache)[.size] as? Int ?? 0
        #expect(size > 16 << 20, "the row cache must be mapped, not copied")
        let script = """
        stty -a > '\(folder.path)/before'
        TSEARCH_STATE='\(state)' TSEARCH_CACHE_SETTLE_NS=0 '\(TSearch.binary.path)' pager big.srt
        echo "exit=$?" > '\(folder.path)/exit'
        stty -a > '\(folder.path)/after'
        echo PROMPT-BACK
        sleep 30
        """
        try script.write(to: folder.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        defer { _ = try? Self.tmux(["kill-server"]) }
        _ = try Self.tmux(["new-session", "-d", "-s", "pager", "-x", "100", "-y", "20", "-c", folder.path, "sh '\(folder.path)/run.sh'"])
        try Self.waitFor("no query: press /")
        // Cut short in place (not replaced: a rename leaves the mapped file whole).
        #expect(truncate(folder.path + "/state/rows/" + cache, 0) == 0)
        _ = try Self.tmux(["send-keys", "-t", "pager", "/", "z", "a", "n", "z"])
        // Joined without line ends: the message wraps at the pane's width.
        var lines = try Self.waitFor("PROMPT-BACK")
        // A loaded machine may take a while to search 220,000 rows: up to a minute in all.
        for _ in 0..<5 where !lines.contains(where: { $0.contains("PROMPT-BACK") }) { lines = try Self.waitFor("PROMPT-BACK") }
        let screen = lines.joined()
        #expect(screen.contains("was cut short while tsearch was reading it"), "\(screen)")
        #expect(try String(contentsOf: folder.appendingPathComponent("exit"), encoding: .utf8) == "exit=2\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("before"), encoding: .utf8)
            == String(contentsOf: folder.appendingPathComponent("after"), encoding: .utf8))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/state/rows/" + cache))
        let again = try TSearch.run(["search", "-c", "team 219999 ", "big.srt"], in: folder, environment: ["TSEARCH_STATE": state])
        #expect(again.stdout == "big.srt:1\n1 total\n")
    }

    @Test func searchStepResizeAndQuitRestoreTheTerminal() throws {
        let folder = try TSearch.temporaryDirectory()
        let script = """
        stty -a > '\(folder.path)/before'
        TSEARCH_STATE='\(folder.path)/session.json' '\(TSearch.binary.path)' pager Samples/standup.vtt Samples/planning.srt
        echo "exit=$?" > '\(folder.path)/exit'
        stty -a > '\(folder.path)/after'
        echo PROMPT-BACK
        sleep 30
        """
        try script.write(to: folder.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        defer { _ = try? Self.tmux(["kill-server"]) }
        _ = try Self.tmux(["new-session", "-d", "-s", "pager", "-x", "100", "-y", "20", "-c", TSearch.root.path,
                           "sh '\(folder.path)/run.sh'"])
        try Self.waitFor("no query: press /")
        _ = try Self.tmux(["send-keys", "-t", "pager", "/", "b", "u", "d", "g", "e", "t"])
        try Self.waitFor("/budget▏")
        _ = try Self.tmux(["send-keys", "-t", "pager", "Enter"])
        // The new hits are re-anchored to the rows on screen (`HitCursor+Reanchoring.swift`, rule 2): the hit
        // nearest the screen's centre is current. Read which, then step from it.
        let first = try Self.waitFor("\"budget\"  hit ")
        let status = try #require(first.last { $0.contains("\"budget\"  hit ") })
        let k = try #require(Int(status.split(separator: " ").first { $0.contains("/14") }?.split(separator: "/").first ?? ""))
        _ = try Self.tmux(["send-keys", "-t", "pager", "n", "n"])
        let third = try Self.waitFor("hit \(k + 2)/14")
        let current = try #require(third.last { $0.contains("hit \(k + 2)/14") })
        let time = try #require(current.split(separator: "·").dropFirst().first?.trimmingCharacters(in: .whitespaces))
        #expect(third.contains { $0.hasPrefix(time) })  // the current hit's row is on screen
        _ = try Self.tmux(["resize-window", "-t", "pager", "-x", "50", "-y", "12"])
        let resized = try Self.waitFor("hit \(k + 2)/14")
        #expect(resized.contains { $0.hasPrefix(time) })  // and stays on screen after the resize
        _ = try Self.tmux(["send-keys", "-t", "pager", "q"])
        let after = try Self.waitFor("PROMPT-BACK")
        #expect(after.contains { $0.contains("PROMPT-BACK") })
        #expect(!after.contains { $0.contains("/14 ·") })  // the alternate screen is gone
        #expect(try String(contentsOf: folder.appendingPathComponent("exit"), encoding: .utf8) == "exit=0\n")
        let before = try String(contentsOf: folder.appendingPathComponent("before"), encoding: .utf8)
        let restored = try String(contentsOf: folder.appendingPathComponent("after"), encoding: .utf8)
        // The size changed with the resize; every mode flag must be as it was.
        #expect(before.split(separator: "\n").dropFirst() == restored.split(separator: "\n").dropFirst())
        // Quitting saved the search and its current hit: `tsearch next` goes on from there.
        let next = try TSearch.run(["next"], environment: ["TSEARCH_STATE": folder.appendingPathComponent("session.json").path])
        #expect(next.stdout.hasPrefix("hit \(k + 3) of 14"))
    }

    /// The `/` line as a meeting archive is searched: the filters show as tokens (Backspace at the
    /// start takes the last off, a new speaker: replaces the old), the hit count shows while
    /// typing, a bad pattern is said in place; under NO_COLOR no colour is drawn, hits are underlined.
    /// Tab on the `/` line completes a speaker's display name from the files' speakers (a Zoom
    /// name with pronouns, taken as a speaker) and makes it a filter token.
    @Test func tabCompletesASpeakerName() throws {
        let folder = try TSearch.temporaryDirectory()
        let zoom = """
        WEBVTT

        1
        00:00:01.000 --> 00:00:04.000
        Priya R (she/her): The security review is on Friday.

        2
        00:00:05.000 --> 00:00:08.000
        Seun's iPhone: Security patches are done.

        3
        00:00:09.000 --> 00:00:12.000
        Priya R (she/her): One more security note.

        """
        try zoom.write(to: folder.appendingPathComponent("zoom.vtt"), atomically: true, encoding: .utf8)
        let script = """
        TSEARCH_STATE='\(folder.path)/state/session.json' '\(TSearch.binary.path)' pager security zoom.vtt
        echo PROMPT-BACK
        sleep 30
        """
        try script.write(to: folder.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        defer { _ = try? Self.tmux(["kill-server"]) }
        _ = try Self.tmux(["new-session", "-d", "-s", "pager", "-x", "100", "-y", "20", "-c", folder.path, "sh '\(folder.path)/run.sh'"])
        try Self.waitFor("\"security\"  hit ")
        _ = try Self.tmux(["send-keys", "-t", "pager", "/", "Space", "s", "p", "e", "Tab", "p", "r", "i", "Tab"])
        let completed = try Self.waitFor("/[speaker:\"Priya R (she/her)\"] security ▏   · 2 hits")
        #expect(completed.contains { $0.hasPrefix("/[speaker:\"Priya R (she/her)\"] security ▏   · 2 hits") }, "\(completed)")
        _ = try Self.tmux(["send-keys", "-t", "pager", "Enter", "q"])
        try Self.waitFor("PROMPT-BACK")
    }

    @Test func filtersAreTokensTheCountShowsAndNoColourIsHonoured() throws {
        let folder = try TSearch.temporaryDirectory()
        let script = """
        NO_COLOR=1 TSEARCH_STATE='\(folder.path)/session.json' '\(TSearch.binary.path)' pager speaker:Alice budget Samples/standup.vtt Samples/planning.srt
        echo PROMPT-BACK
        sleep 30
        """
        try script.write(to: folder.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        defer { _ = try? Self.tmux(["kill-server"]) }
        _ = try Self.tmux(["new-session", "-d", "-s", "pager", "-x", "100", "-y", "20", "-c", TSearch.root.path,
                           "sh '\(folder.path)/run.sh'"])
        let opened = try Self.waitFor("\"speaker:Alice budget\"  hit ")
        let status = try #require(opened.last { $0.contains("\"speaker:Alice budget\"  hit ") })
        let alice = try #require(status.split(separator: "/").dropFirst().first?.prefix { $0.isNumber }).description
        // Attributes, not colours: the hits underlined, the current one reversed.
        let drawn = try Self.tmux(["capture-pane", "-e", "-p", "-t", "pager"])
        #expect(drawn.contains("\u{1B}[4m"))
        #expect(drawn.firstMatch(of: /\x1B\[(?:[0-9]+;)*(?:3[0-8]|9[0-7])(?:;[0-9]+)*m/) == nil, "a colour under NO_COLOR")

        _ = try Self.tmux(["send-keys", "-t", "pager", "/"])
        try Self.waitFor("/[speaker:Alice] budget▏   · \(alice) hits")
        // Backspace at the start of the text takes the filter off: more hits, counted while typing.
        _ = try Self.tmux(["send-keys", "-t", "pager", "Home", "BSpace"])
        let all = try Self.waitFor("/▏budget   · 14 hits")
        #expect(all.contains { $0.hasPrefix("/▏budget   · 14 hits") })
        // A new speaker token, finished with a space, is shown as a token.
        _ = try Self.tmux(["send-keys", "-t", "pager", "s", "p", "e", "a", "k", "e", "r", ":", "B", "o", "b", "Space"])
        func counted(_ line: String) -> Bool { line.hasPrefix("/[speaker:Bob] ▏budget   · ") && line.contains(" hit") }
        let bob = try Self.waitUntil(counted)
        #expect(bob.contains(where: counted), "\(bob)")
        // A bad regular expression is said in place, never "searching…" forever.
        _ = try Self.tmux(["send-keys", "-t", "pager", "Enter", "r", "/", "End", "("])
        func said(_ line: String) -> Bool { line.hasPrefix("/[speaker:Bob] budget(▏") && line.contains("bad query") && !line.contains("searching…") }
        let bad = try Self.waitUntil(said)
        #expect(bad.contains(where: said), "\(bad)")
        _ = try Self.tmux(["send-keys", "-t", "pager", "Escape", "q"])
        try Self.waitFor("PROMPT-BACK")
    }
}
