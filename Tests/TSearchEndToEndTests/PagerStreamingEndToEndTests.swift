import Foundation
import Testing

/// The pager's cold search shows hits as its files are read: the first part's hits while the
/// status line still counts the files, then the whole search's, the current hit kept. (In
/// `PagerEndToEndTests`, so that its tmux sessions never overlap the others.)
extension PagerEndToEndTests {
    /// Forty meetings of about 50 KB of text each (2 MB: past the first part's 1 MB), every cue
    /// naming the budget once.
    static let streamedMeetings = 40
    static let cuesPerMeeting = 250

    static func writeStreamedMeetings(in folder: URL) throws {
        let filler = String(repeating: "and the travel plan is read aloud once more ", count: 4)
        for number in 1...streamedMeetings {
            let cues = (1...cuesPerMeeting).map { cue in
                let second = cue % 60
                return "\(cue)\n00:\(String(format: "%02d", cue / 60)):\(String(format: "%02d", second)),000 --> "
                    + "00:\(String(format: "%02d", cue / 60)):\(String(format: "%02d", second)),500\n"
                    + "Alice: item \(cue) of meeting \(number) is the budget \(filler)\n"
            }
            try cues.joined(separator: "\n")
                .write(to: folder.appendingPathComponent(String(format: "m%02d.srt", number)), atomically: true, encoding: .utf8)
        }
    }

    @Test func hitsAppearWhileTheFilesAreReadThenTheWholeCountKeepingTheCurrentHit() throws {
        defer { _ = try? Self.tmux(["kill-server"]) }
        let folder = try TSearch.temporaryDirectory()
        try Self.writeStreamedMeetings(in: folder)
        let total = Self.streamedMeetings * Self.cuesPerMeeting
        let script = """
        TSEARCH_STATE='\(folder.path)/state/session.json' TSEARCH_TEST_PAUSE_PER_INPUT_MS=120 '\(TSearch.binary.path)' pager budget .
        echo "exit=$?" > '\(folder.path)/exit'
        echo PROMPT-BACK
        sleep 30
        """
        try script.write(to: folder.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        _ = try Self.tmux(["new-session", "-d", "-s", "pager", "-x", "160", "-y", "12", "-c", folder.path, "sh '\(folder.path)/run.sh'"])

        // Hits over the part read so far, with the progress still counting the files.
        let part = try Self.waitUntil { $0.contains("\"budget\"  hit 1/") && $0.contains("reading ") }
        let status = try #require(part.last { $0.contains("\"budget\"  hit 1/") }, "\(part)")
        let shown = try #require(Self.hitCount(in: status), "\(status)")
        #expect(shown > 0 && shown < total, "a part's hits: \(status)")
        #expect(status.contains("/\(Self.streamedMeetings) files"), "\(status)")
        #expect(part.contains { $0.contains("item 1 of meeting 1 is the budget") }, "the first rows are on screen: \(part)")
        // Keys work on what is there: the third hit becomes current.
        _ = try Self.tmux(["send-keys", "-t", "pager", "n", "n"])
        try Self.waitFor("\"budget\"  hit 3/")

        // The whole search: every hit counted, the progress gone, the third hit still current.
        let whole = try Self.waitUntil { $0.contains("\"budget\"  hit 3/\(total) ") }
        let final = try #require(whole.last { $0.contains("\"budget\"  hit ") }, "\(whole)")
        #expect(final.contains("hit 3/\(total) ") && !final.contains("reading "), "\(final)")
        #expect(whole.contains { $0.contains("item 3 of meeting 1 is the budget") }, "\(whole)")
        _ = try Self.tmux(["send-keys", "-t", "pager", "q"])
        try Self.waitFor("PROMPT-BACK")
        #expect(try String(contentsOf: folder.appendingPathComponent("exit"), encoding: .utf8) == "exit=0\n")
        let next = try TSearch.run(["next"], in: folder, environment: ["TSEARCH_STATE": folder.path + "/state/session.json"])
        #expect(next.stdout.contains("4 of \(total)"), "the whole search was saved, at its current hit: \(next.stdout)")
    }

    /// N in `hit 1/N` of a status line.
    static func hitCount(in status: String) -> Int? {
        guard let range = status.range(of: "hit 1/") else { return nil }
        return Int(status[range.upperBound...].prefix { $0.isNumber })
    }
}
