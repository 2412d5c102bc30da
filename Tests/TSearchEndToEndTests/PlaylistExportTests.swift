import Foundation
import Testing

/// `export --format edl|m3u`: the moments of the hits, as a playlist of the recordings.
@Suite(.serialized) struct PlaylistExportTests {
    /// A temporary folder holding `files` (name → contents; an empty string makes an empty file,
    /// which is all the recording lookup needs).
    private func folder(_ files: [String: String]) throws -> URL {
        let folder = try TSearch.temporaryDirectory()
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return folder
    }

    private func copyOfSample(_ name: String) throws -> String {
        try String(contentsOfFile: TSearch.samples + "/" + name, encoding: .utf8)
    }

    private static let talk = """
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

    /// Padding (default 2 s), clamping at 0, merging of rows 1 and 2's windows (one hit), one clip
    /// per row however many hits it has, the recording beside the transcript as an absolute path.
    @Test func edlOfATranscriptBesideItsRecording() throws {
        let folder = try folder(["talk.srt": Self.talk, "talk.mkv": "", "talk.mp3": ""])
        let result = try TSearch.run(["export", "--format", "edl", "budget", "talk.srt"], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let media = folder.appendingPathComponent("talk.mkv").path
        let prefix = "%\(media.utf8.count)%\(media)"
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0] == "# mpv EDL v0")
        #expect(lines[1] == prefix + ",0,4.5,title=%48%talk.srt 00:01 Alice: Welcome. The budget first.")
        #expect(lines[2].hasPrefix(prefix + ",28,6,title="))
        #expect(lines[3].hasPrefix(prefix + ",58,5,title=%36%talk.srt 01:00 Bob: Budget approved."))

        // 0–16.25 and 16.25–45.75 touch: one clip; 46.25–74.75 starts after: another.
        let wider = try TSearch.run(["export", "--format", "edl", "--padding", "13.75", "budget", "talk.srt"], in: folder)
        #expect(wider.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",title=")[0].split(separator: ",").suffix(2).joined(separator: ",") }
            == ["0,45.75", "46.25,28.5"])
        let none = try TSearch.run(["export", "--format", "edl", "--padding", "0", "budget", "talk.srt"], in: folder)
        #expect(none.stdout.contains(",1,1.5,title="))
    }

    /// A hit across cues (`--across-cues`) plays until the end of the last cue it reaches.
    @Test func aHitAcrossCuesPlaysToItsLastCue() throws {
        let split = "1\n00:00:01,000 --> 00:00:03,000\nwe need to cut the\n\n2\n00:00:03,500 --> 00:00:05,000\nbudget by ten percent\n"
        let folder = try folder(["talk.srt": split, "talk.mkv": ""])
        let result = try TSearch.run(["export", "--format", "edl", "--padding", "0", "--across-cues", "cut the budget", "talk.srt"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let media = folder.appendingPathComponent("talk.mkv").path
        #expect(result.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("%\(media.utf8.count)%\(media),1,4,title=") == true, "\(result.stdout)")
    }

    @Test func m3uWithStartAndStopTimes() throws {
        let folder = try folder(["talk.en.srt": Self.talk, "talk.MP4": ""])
        let result = try TSearch.run(["export", "--format", "m3u", "--padding", "1", "budget", "talk.en.srt"], in: folder)
        #expect(result.status == 0)
        let media = folder.appendingPathComponent("talk.MP4").path
        #expect(result.stdout.hasPrefix("""
        #EXTM3U
        #EXTINF:4,talk.en.srt 00:01 Alice: Welcome. The budget first.
        #EXTVLCOPT:start-time=0
        #EXTVLCOPT:stop-time=3.5
        \(media)
        #EXTINF:4,talk.en.srt 00:30 Alice: So we need to cut the budget by ten percent, and the b…
        #EXTVLCOPT:start-time=29
        #EXTVLCOPT:stop-time=33
        \(media)

        """))
    }

    /// Commas, semicolons and non-ASCII in names: length-prefixed in bytes in EDL; as is in M3U.
    @Test func oddNamesAreQuoted() throws {
        let name = "Réunion, budget; 2024!"
        let folder = try folder([name + ".srt": Self.talk, name + ".webm": ""])
        let edl = try TSearch.run(["export", "--format", "edl", "budget", name + ".srt"], in: folder)
        #expect(edl.status == 0)
        let media = folder.appendingPathComponent(name + ".webm").path
        #expect(edl.stdout.split(separator: "\n")[1].hasPrefix("%\(media.utf8.count)%\(media),0,4.5,title=%"))
        let m3u = try TSearch.run(["export", "--format", "m3u", "budget", name + ".srt"], in: folder)
        #expect(m3u.stdout.split(separator: "\n").contains { $0 == media })
    }

    @Test func mediaFlagNamesTheRecordingForEveryTranscript() throws {
        let folder = try folder(["a.srt": Self.talk, "b.srt": Self.talk, "meeting.opus": ""])
        let result = try TSearch.run(["export", "--format", "edl", "--media", "meeting.opus", "travel", "a.srt", "b.srt"], in: folder)
        #expect(result.status == 0)
        let media = folder.appendingPathComponent("meeting.opus").path
        // The same moment of the same recording, from two transcripts: one clip.
        #expect(result.stdout.split(separator: "\n").dropFirst().map { String($0.split(separator: ",title=")[0]) }
            == ["%\(media.utf8.count)%\(media),28,6"])
        let url = try TSearch.run(["export", "--format", "m3u", "--media", "https://example.com/m.mp4", "travel", "a.srt"], in: folder)
        #expect(url.stdout.hasSuffix("\nhttps://example.com/m.mp4\n"))
        let missing = try TSearch.run(["export", "--format", "edl", "--media", "nope.mkv", "travel", "a.srt"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.contains("--media nope.mkv: no such file"))
    }

    @Test func noRecordingIsAnErrorNotAPlaylistOfTranscripts() throws {
        let folder = try folder(["talk.srt": Self.talk, "talk.txt": "budget"])
        let target = folder.appendingPathComponent("out.edl")
        let result = try TSearch.run(["export", "--format", "edl", "-o", target.path, "budget", "talk.srt"], in: folder)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("talk.srt: no video or audio file named talk.* beside it; 4 hits left out"))
        #expect(result.stderr.contains("--media PATH"))
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    /// EPUB and plain text rows have no time: left out with a note; only such rows: exit 2.
    @Test func rowsWithoutATimeAreLeftOut() throws {
        let folder = try folder(["talk.srt": Self.talk, "talk.mkv": "", "notes.txt": "Alice: the budget\nBob: budget, budget\n"])
        let mixed = try TSearch.run(["export", "--format", "edl", "budget", "talk.srt", "notes.txt"], in: folder)
        #expect(mixed.status == 0)
        #expect(mixed.stderr == "tsearch: note: notes.txt: 3 hits in rows without a time (the format has none) left out\n")
        #expect(mixed.stdout.split(separator: "\n").count == 4)
        let book = try TSearch.run(["export", "--format", "m3u", "budget", TSearch.samples + "/minutes.epub"], in: folder)
        #expect(book.status == 2)
        #expect(book.stdout.isEmpty)
        #expect(book.stderr.contains("minutes.epub: 18 hits in rows without a time"))
        #expect(book.stderr.contains("nothing to play"))
    }

    @Test func noHitsWritesNothing() throws {
        let folder = try folder(["talk.srt": Self.talk, "talk.mkv": ""])
        let target = folder.appendingPathComponent("out.m3u")
        let result = try TSearch.run(["export", "--format", "m3u", "-o", target.path, "zebra", "talk.srt"], in: folder)
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: target.path))
    }

    /// `-o` replaces the file whole, as for the other formats; the saved search works too.
    @Test func outputFileAndSavedSearch() throws {
        let folder = try folder(["talk.srt": Self.talk, "talk.mkv": ""])
        let environment = ["TSEARCH_STATE": folder.appendingPathComponent("state/session.json").path]
        let target = folder.appendingPathComponent("hits.edl")
        try Data("old".utf8).write(to: target)
        _ = try TSearch.run(["search", "approved", "talk.srt"], in: folder, environment: environment)
        // From another directory: the saved search's relative paths are resolved where it ran.
        let saved = try TSearch.run(["export", "--format", "edl", "-o", target.path], in: TSearch.root, environment: environment)
        #expect(saved.status == 0)
        #expect(saved.stdout.isEmpty)
        let media = folder.appendingPathComponent("talk.mkv").path
        #expect(try String(contentsOf: target, encoding: .utf8)
            == "# mpv EDL v0\n%\(media.utf8.count)%\(media),58,5,title=%36%talk.srt 01:00 Bob: Budget approved.\n")
    }

    @Test func jsonHitsCarryMediaTime() throws {
        let folder = try folder(["talk.srt": Self.talk, "notes.txt": "budget\n"])
        let result = try TSearch.run(["search", "--json", "budget", "talk.srt", "notes.txt"], in: folder)
        let hits = try jsonRecords(result.stdout).filter { $0["type"] as? String == "hit" }
        #expect(hits.map { $0["media_time"] as? Double } == [1, 30, 30, 60, nil])
        #expect(hits.last?.keys.contains("media_time") == true)  // null, not missing
        #expect(result.stdout.contains("\"media_time\":1}"))  // a plain number, not 1.0 or a string
        let fractional = try TSearch.run(["search", "--json", "budget", TSearch.samples + "/sync.json"])
        let times = try jsonRecords(fractional.stdout).compactMap { $0["media_time"] as? Double }
        let starts = try jsonRecords(fractional.stdout).compactMap { ($0["start_ms"] as? Int).map { Double($0) / 1000 } }
        #expect(!times.isEmpty && times == starts)
    }

    /// The EDL (and the M3U) of the samples play in mpv without an error. Each sample gets a
    /// recording beside it: a ten-minute test picture and tone made by ffmpeg (one file, linked).
    @Test(.enabled(if: Self.hasTool("mpv") && Self.hasTool("ffmpeg")))
    func samplesPlayInMPV() throws {
        let folder = try TSearch.temporaryDirectory()
        let recording = folder.appendingPathComponent("recording.mkv")
        let made = try TSearch.run(["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=duration=620:size=96x64:rate=5",
                                    "-f", "lavfi", "-i", "sine=duration=620:sample_rate=8000", "-c:v", "mpeg4", "-c:a", "mp2",
                                    "-shortest", recording.path],
                                   executable: URL(fileURLWithPath: Self.path(of: "ffmpeg")), in: folder)
        try #require(made.status == 0, "ffmpeg: \(made.stderr)")
        let samples = folder.appendingPathComponent("Samples")
        try FileManager.default.copyItem(atPath: TSearch.samples, toPath: samples.path)
        // A recording beside the SubRip, WebVTT and JSON transcripts (its name's first part, as
        // `talk.en.srt` → `talk.mkv`); the other samples have none (some speak past its ten minutes).
        for name in try FileManager.default.contentsOfDirectory(atPath: samples.path) where name.hasSuffix(".srt") || name.hasSuffix(".vtt") || name.hasSuffix(".json") {
            let base = name.split(separator: ".")[0]
            try? FileManager.default.createSymbolicLink(atPath: samples.appendingPathComponent(base + ".mkv").path, withDestinationPath: recording.path)
        }
        for format in ["edl", "m3u8"] {
            let playlist = folder.appendingPathComponent("budget." + format)
            let export = try TSearch.run(["export", "--format", String(format.prefix(3)), "-o", playlist.path, "budget", "Samples/"], in: folder)
            #expect(export.status == 0)
            // Only the rows without a time (plain text, EPUB) are left out; the recordings linked
            // beside the transcripts are found in the folder too, and have no subtitle stream. The
            // samples' own warnings are the search's (see SearchCommandTests).
            #expect(export.stderr.split(separator: "\n").allSatisfy {
                $0.contains("warning: Samples/broken.srt:38") || $0.contains("without a time") || $0.contains(".mkv: ")
                    || $0.contains("note: skipped 2 files") || $0.contains("no subtitle stream in ") || $0.contains("frames per second") || $0.contains("carry no unit")
                    || $0.contains("language tracks") || $0.contains("no video or audio file named")
                    || $0.contains("name the recording with --media")
            }, "\(export.stderr)")
            // As fast as it decodes, errors only (a slow machine's A-V desync warning is not about the
            // file). mpv plays each M3U entry from the start (it ignores VLC's start-time): a second each.
            // `--sub-auto=no`: the transcripts beside the recordings are not subtitles for mpv to load.
            let play = try TSearch.run(["--no-config", "--vo=null", "--ao=null", "--untimed", "--ao-null-untimed", "--mc=0", "--sub-auto=no",
                                        "--msg-level=all=error", "--term-status-msg=", "--term-playing-msg="]
                                       + (format == "edl" ? [] : ["--length=1"]) + [playlist.path],
                                       executable: URL(fileURLWithPath: Self.path(of: "mpv")), in: folder)
            #expect(play.status == 0, "mpv \(format): \(play.stderr)")
            #expect(play.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && play.stderr.isEmpty,
                    "mpv \(format) printed: \(play.stdout) \(play.stderr)")
        }
    }

    static func path(of tool: String) -> String {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/usr/bin/\(tool)"
    }

    static func hasTool(_ tool: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: path(of: tool))
    }
}
