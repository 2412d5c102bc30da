import Foundation
import Testing

/// Where am I, in a real terminal: a header row where each file begins (named by the path the
/// search was given, so two `standup.vtt` in two folders differ), long rows wrapped at words
/// under the text column, a status line that fits a 60-column screen and still names the hit and
/// the file, and `n`/`N` after `G`/`g` stepping from what is on screen, as less does. (In
/// `PagerEndToEndTests`, so that its tmux sessions never overlap the others.)
extension PagerEndToEndTests {
    /// Two meetings with the same name in two folders: twelve rows each, long enough to wrap at
    /// 60 columns, "budget" in rows 2, 6 and 10 of each.
    static func twoStandups() throws -> URL {
        let folder = try TSearch.temporaryDirectory()
        for team in ["team-a", "team-b"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(team), withIntermediateDirectories: true)
            var text = "WEBVTT\n\n"
            for cue in 0..<12 {
                let words = cue % 4 == 2
                    ? "we need to settle the \(team) marketing budget before the offsite or the travel numbers slip again"
                    : "cue \(cue) of \(team) goes on about the roadmap and the hiring plan for the quarter ahead of us"
                text += "00:00:\(String(format: "%02d", cue * 4)).000 --> 00:00:\(String(format: "%02d", cue * 4 + 3)).000\n"
                text += "<v Alice Johnson>\(words)\n\n"
            }
            try text.write(to: folder.appendingPathComponent("\(team)/standup.vtt"), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test func headersWrappingTheNarrowStatusLineAndStepsFromTheScreen() throws {
        defer { _ = try? Self.tmux(["kill-server"]) }
        let folder = try Self.twoStandups()
        let state = folder.appendingPathComponent("state/session.json").path
        _ = try Self.tmux(["new-session", "-d", "-s", "pager", "-x", "60", "-y", "14", "-c", folder.path,
                           "TSEARCH_STATE='\(state)' '\(TSearch.binary.path)' pager budget team-a/standup.vtt team-b/standup.vtt; sleep 30"])
        let opened = try Self.waitFor("hit 1/6")
        // The hit's row wraps at a word, its continuation under the text, not under the time.
        let hitRow = try #require(opened.firstIndex { $0.hasPrefix("00:00:08") }, "\(opened)")
        #expect(opened[hitRow].count <= 60 && !opened[hitRow].hasSuffix(" "))
        let continuation = opened[hitRow + 1]
        let indent = continuation.prefix { $0 == " " }.count
        #expect(indent >= 10 && continuation.dropFirst(indent).first?.isLetter == true, "\(opened[hitRow])\n\(continuation)")
        // The status line fits 60 columns and still says which hit of how many, and where.
        let status = try #require(opened.last { $0.contains("hit 1/6") })
        #expect(status.count <= 60, "\(status)")
        #expect(status.contains("team-a/standup.vtt"), "the path as given, not only the base name: \(status)")
        // At the top, the first file's header names it by the path as given.
        _ = try Self.tmux(["send-keys", "-t", "pager", "g"])
        let top = try Self.waitFor("── team-a/standup.vtt")
        #expect(top.first == "── team-a/standup.vtt", "\(top)")

        // G shows the end (the second file); n then steps from the screen, not from hit 1.
        _ = try Self.tmux(["send-keys", "-t", "pager", "G"])
        let end = try Self.waitUntil { $0.hasPrefix("00:00:44") }
        #expect(!end.contains { $0.hasPrefix("── team-a/standup.vtt") }, "the first file is off screen: \(end)")
        // n steps from the screen: to hit 6, the one on screen, not to hit 2 after the current one.
        _ = try Self.tmux(["send-keys", "-t", "pager", "n"])
        let forward = try Self.waitUntil { $0.contains("hit 6/6") || $0.contains("hit 2/6") }
        let forwardStatus = try #require(forward.last { $0.contains("/6 ·") }, "\(forward)")
        #expect(forwardStatus.contains("hit 6/6") && forwardStatus.contains("team-b/standup.vtt"), "\(forwardStatus)")
        // Back at the top, N steps back from the screen: to hit 1, not to hit 5 before hit 6.
        _ = try Self.tmux(["send-keys", "-t", "pager", "g", "N"])
        let backward = try Self.waitUntil { $0.contains("hit 1/6") || $0.contains("hit 5/6") }
        #expect(backward.contains { $0.contains("hit 1/6") }, "\(backward)")
        _ = try Self.tmux(["send-keys", "-t", "pager", "q"])

        // The keys are listed where a user looks for them.
        let help = try TSearch.run(["help", "pager"])
        #expect(help.status == 0)
        let keys = help.stdout.components(separatedBy: "\nKeys:\n").last?.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        for key in ["n  N", "g  G", "/ ", "f  m  ?  q"] {
            #expect(keys.contains { $0.hasPrefix(key) }, "\(key): \(help.stdout)")
        }
    }
}
