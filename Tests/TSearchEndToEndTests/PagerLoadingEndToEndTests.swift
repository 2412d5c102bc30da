import Foundation
import Testing

/// The pager's first, cold search: the screen opens at once with the loading's progress in the
/// status line, keys typed meanwhile are applied once the rows are there, and `q` leaves at any
/// moment. (In `PagerEndToEndTests`, so that its tmux sessions never overlap the others.)
extension PagerEndToEndTests {
    /// Five meetings, loaded at `pause` ms a file; the pager runs in `run.sh`, which then writes
    /// its exit status and the terminal's modes.
    static func slowLoading(pause: Int, query: String = "budget") throws -> URL {
        let folder = try TSearch.temporaryDirectory()
        for number in 1...5 {
            try "1\n00:00:01,000 --> 00:00:02,000\nAlice: meeting \(number) talks budget\n\n2\n00:00:03,000 --> 00:00:04,000\nBob: and travel\n"
                .write(to: folder.appendingPathComponent("m\(number).srt"), atomically: true, encoding: .utf8)
        }
        let script = """
        stty -a > '\(folder.path)/before'
        TSEARCH_STATE='\(folder.path)/state/session.json' TSEARCH_TEST_PAUSE_PER_INPUT_MS=\(pause) '\(TSearch.binary.path)' pager \(query) m1.srt m2.srt m3.srt m4.srt m5.srt
        echo "exit=$?" > '\(folder.path)/exit'
        stty -a > '\(folder.path)/after'
        echo PROMPT-BACK
        sleep 30
        """
        try script.write(to: folder.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        _ = try Self.tmux(["new-session", "-d", "-s", "pager", "-x", "100", "-y", "12", "-c", folder.path, "sh '\(folder.path)/run.sh'"])
        return folder
    }

    @Test func aColdSearchShowsItsProgressAndKeysTypedMeanwhileApply() throws {
        defer { _ = try? Self.tmux(["kill-server"]) }
        let folder = try Self.slowLoading(pause: 500)
        let loading = try Self.waitFor("reading ")
        let status = try #require(loading.last { $0.contains("reading ") })
        #expect(status.contains("/5 files") && status.contains("q: quit"), "\(status)")
        // Typed while loading: shown in the status line, then applied to the pager's query line.
        _ = try Self.tmux(["send-keys", "-t", "pager", "/", "C-u", "t", "r", "a", "v"])
        try Self.waitFor("/trav▏")
        let opened = try Self.waitUntil { $0.contains("/trav") && $0.contains("5 hits") }
        #expect(opened.contains { $0.contains("Bob: and travel") }, "\(opened)")
        _ = try Self.tmux(["send-keys", "-t", "pager", "Enter"])
        // Which hit is current follows the re-anchoring rules (the one nearest the screen's centre).
        #expect(try Self.waitFor("\"trav\"  hit ").contains { $0.contains("\"trav\"  hit ") && $0.contains("/5") })
        _ = try Self.tmux(["send-keys", "-t", "pager", "q"])
        try Self.waitFor("PROMPT-BACK")
        #expect(try String(contentsOf: folder.appendingPathComponent("exit"), encoding: .utf8) == "exit=0\n")
        let next = try TSearch.run(["next"], in: folder, environment: ["TSEARCH_STATE": folder.path + "/state/session.json"])
        #expect(next.stdout.contains(" of 5") && next.stdout.contains("travel"), "the search typed ahead was saved: \(next.stdout)")
    }

    @Test(arguments: ["q", "Escape", "C-c"])
    func leavingWhileLoadingRestoresTheTerminalAndSavesNothing(_ key: String) throws {
        defer { _ = try? Self.tmux(["kill-server"]) }
        let folder = try Self.slowLoading(pause: 3000)
        try Self.waitFor("reading ")
        _ = try Self.tmux(["send-keys", "-t", "pager", key])
        let after = try Self.waitFor("PROMPT-BACK")
        #expect(!after.contains { $0.contains("reading ") }, "the alternate screen is gone")
        #expect(try String(contentsOf: folder.appendingPathComponent("exit"), encoding: .utf8) == "exit=0\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("before"), encoding: .utf8)
            == String(contentsOf: folder.appendingPathComponent("after"), encoding: .utf8))
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/state/session.json"))
    }
}
