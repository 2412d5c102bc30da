import Foundation
import Testing

/// `export --format otio|fcpxml` read by the editors' own reader: OpenTimelineIO reads the .otio
/// file and its FCP X XML adapter the .fcpxml file (`Scripts/editors/check.py`), and the clips
/// they find are the padded, merged moments of the hits, in the order listed. Runs when
/// `TSEARCH_EDITORS` names the folder `Scripts/editors/fetch.sh` filled (as CI does); skipped
/// otherwise.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["TSEARCH_EDITORS"] != nil))
struct EditorExportsTests {
    static let talk = """
    1
    00:00:01,000 --> 00:00:02,500
    Alice: Welcome. The budget first.

    2
    00:00:03,000 --> 00:00:04,000
    Bob: Right.

    3
    00:00:30,000 --> 00:00:32,000
    Alice: So we need to cut the budget by ten percent, and the budget for travel.

    4
    00:01:00,000 --> 00:01:01,000
    Bob: Budget approved.
    """

    static let later = "1\n00:00:10,000 --> 00:00:12,000\nDana: The budget again.\n"

    /// The clips the reader finds in `file`: (media file name, start, duration in seconds).
    static func readClips(_ file: URL) throws -> [(media: String, start: Double, duration: Double)] {
        let folder = try #require(ProcessInfo.processInfo.environment["TSEARCH_EDITORS"])
        let checker = TSearch.root.appendingPathComponent("Scripts/editors/check.py").path
        let read = try TSearch.run([checker, file.path], executable: URL(fileURLWithPath: folder + "/venv/bin/python"))
        try #require(read.status == 0, "\(read.stderr)")
        let clips = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String: Any]])
        return try clips.map { clip in
            let url = try #require(clip["url"] as? String)
            return (String(url.split(separator: "/").last ?? ""), try #require(clip["start"] as? Double), try #require(clip["duration"] as? Double))
        }
    }

    /// talk.srt's hits padded by 2 s: 0–4.5 (rows 1 and 3 of the EDL test), 28–34, 58–63; then later.srt's 8–14.
    static let expected: [(media: String, start: Double, duration: Double)] = [
        ("talk.mkv", 0, 4.5), ("talk.mkv", 28, 6), ("talk.mkv", 58, 5), ("later.mp4", 8, 6),
    ]

    @Test(arguments: ["otio", "fcpxml"]) func theReaderFindsTheMomentsAsClips(_ format: String) throws {
        let folder = try TSearch.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in ["talk.srt": Self.talk, "talk.mkv": "", "later.srt": Self.later, "later.mp4": ""] {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        let output = folder.appendingPathComponent("hits.\(format)")
        let result = try TSearch.run(["export", "--format", format, "-o", output.path, "budget", "talk.srt", "later.srt"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let clips = try Self.readClips(output)
        #expect(clips.map(\.media) == Self.expected.map(\.media))
        // OTIO keeps milliseconds exactly; FCPXML counts frames of 1/25 s (start down, end up).
        let frame = format == "otio" ? 0.0005 : 1.0 / 25 + 0.0005
        for (clip, moment) in zip(clips, Self.expected) {
            #expect(abs(clip.start - moment.start) <= frame, "\(clip) vs \(moment)")
            #expect(abs(clip.duration - moment.duration) <= 2 * frame, "\(clip) vs \(moment)")
        }
    }
}
