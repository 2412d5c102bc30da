import Foundation
import Testing

/// Subtitles inside videos: videos that ffmpeg makes here from our own SRT text,
/// searched end to end by the built binary, with ffprobe/ffmpeg reached through the PATH.
enum VideoFixtures {
    /// The real tools, when the machine has them.
    static let ffmpeg = tool("ffmpeg")
    static let ffprobe = tool("ffprobe")
    static var available: Bool { ffmpeg != nil && ffprobe != nil }

    static func tool(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Our German SubRip, for the second stream: two cues, one with "Budget".
    static let germanSRT = """
    1
    00:00:01,000 --> 00:00:02,500
    Wir müssen das Budget kürzen.

    2
    00:00:03,000 --> 00:00:04,500
    Die Straße ist gesperrt.

    """

    /// A folder holding `talk.mkv` (a 5-second testsrc with two SubRip streams: `Samples/planning.srt`
    /// tagged `eng`, `de.srt` tagged `ger`), `clip.mp4` (planning.srt as mov_text, `eng`),
    /// `silent.mkv` (no subtitle stream) and `de.srt`. Made once per test process.
    static let folder: Result<URL, VideoFixtureError> = {
        guard let ffmpeg else { return .failure(VideoFixtureError(message: "no ffmpeg")) }
        do {
            let folder = try TSearch.temporaryDirectory()
            try germanSRT.write(to: folder.appendingPathComponent("de.srt"), atomically: true, encoding: .utf8)
            let english = TSearch.samples + "/planning.srt"
            let source = ["-f", "lavfi", "-i", "testsrc=duration=5:size=64x48:rate=5"]
            let commands: [[String]] = [
                source + ["-i", english, "-i", "de.srt", "-map", "0:v", "-map", "1", "-map", "2", "-c:s", "srt",
                          "-metadata:s:s:0", "language=eng", "-metadata:s:s:1", "language=ger",
                          "-metadata:s:s:1", "title=Deutsch", "talk.mkv"],
                source + ["-i", english, "-map", "0:v", "-map", "1", "-c:s", "mov_text",
                          "-metadata:s:s:0", "language=eng", "clip.mp4"],
                source + ["silent.mkv"],
            ]
            for arguments in commands {
                let outcome = try TSearch.run(["-v", "error", "-y"] + arguments, executable: URL(fileURLWithPath: ffmpeg), in: folder)
                guard outcome.status == 0 else {
                    return .failure(VideoFixtureError(message: "ffmpeg \(arguments.last ?? ""): \(outcome.stderr)"))
                }
            }
            return .success(folder)
        } catch {
            return .failure(VideoFixtureError(message: "\(error)"))
        }
    }()

    /// A new folder of the fixtures' copies (so a test may touch or change them) with its own state.
    static func copy() throws -> URL {
        let source = try folder.get()
        let copy = try TSearch.temporaryDirectory()
        for name in ["talk.mkv", "clip.mp4", "silent.mkv", "de.srt"] {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: copy.appendingPathComponent(name))
        }
        return copy
    }

    /// A folder of shims that log each run to `runs.log` (`ffprobe …`, `ffmpeg …`) and then run the
    /// real tool, or do `replace[name]` instead (a shell script's body).
    static func shims(in folder: URL, replace: [String: String] = [:]) throws -> URL {
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        for (name, real) in [("ffmpeg", ffmpeg), ("ffprobe", ffprobe)] {
            let body = replace[name] ?? "exec '\(real ?? "/bin/false")' \"$@\""
            let script = "#!/bin/sh\necho \(name) >> '\(folder.path)/runs.log'\n\(body)\n"
            let url = bin.appendingPathComponent(name)
            try script.write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        return bin
    }

    static func runs(in folder: URL) -> [String] {
        ((try? String(contentsOf: folder.appendingPathComponent("runs.log"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }
}

struct VideoFixtureError: Error { var message: String }

@Suite(.serialized, .enabled(if: VideoFixtures.available, "ffmpeg and ffprobe are not on the PATH (apt install ffmpeg): the video tests are skipped"))
struct VideoSubtitlesTests {
    /// Runs tsearch in `folder` with the state (and so the subtitle cache) kept in it.
    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> TSearch.Outcome {
        try TSearch.run(arguments, in: folder, environment: ["TSEARCH_STATE": folder.appendingPathComponent("state/session.json").path]
            .merging(environment) { $1 })
    }

    static func hitRecords(_ outcome: TSearch.Outcome) throws -> [[String: Any]] {
        try jsonRecords(outcome.stdout).filter { $0["type"] as? String == "hit" }
    }

    @Test func bothStreamsAreSearchedAndStepped() throws {
        let folder = try VideoFixtures.copy()
        let search = try Self.run(["search", "--heading", "budget", "talk.mkv"], in: folder)
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stderr.isEmpty, "\(search.stderr)")
        // As many hits as the two SubRip files give on their own: the video loses nothing.
        let english = try TSearch.run(["search", "--json", "budget", TSearch.samples + "/planning.srt"])
        let german = try TSearch.run(["search", "--json", "budget", "de.srt"], in: folder)
        let total = try Self.hitRecords(english).count + Self.hitRecords(german).count
        #expect(total > 2)
        let lines = search.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "talk.mkv#s:0 (eng)")
        #expect(lines.contains("talk.mkv#s:1 (ger)"))
        #expect(lines.contains { $0.contains("\(total)/\(total)") && $0.contains("00:00:01") && $0.contains("Wir müssen das Budget kürzen.") })

        // Stepping: through the English stream's hits into the German one and back.
        let englishCount = try Self.hitRecords(english).count
        let toLastEnglish = try Self.run(["goto", "\(englishCount)"], in: folder)
        #expect(toLastEnglish.stdout.hasPrefix("hit \(englishCount) of \(total) · "))
        #expect(toLastEnglish.stdout.split(separator: "\n")[0].hasSuffix(" · talk.mkv#s:0 (eng)"))
        let next = try Self.run(["next"], in: folder)
        #expect(next.status == 0)
        #expect(next.stdout.split(separator: "\n")[0] == "hit \(englishCount + 1) of \(total) · 00:00:01.000 · talk.mkv#s:1 (ger)")
        #expect(next.stdout.contains("Wir müssen das Budget kürzen."))
        let previous = try Self.run(["prev"], in: folder)
        #expect(previous.stdout.hasPrefix("hit \(englishCount) of \(total) · "))
        let wrapped = try Self.run(["goto", "\(total)"], in: folder)
        #expect(wrapped.status == 0)
        let first = try Self.run(["next"], in: folder)
        #expect(first.stdout.hasPrefix("hit 1 of \(total) · 00:00:04.500 · Alice · talk.mkv#s:0 (eng)"))
        #expect(first.stderr == "tsearch: hit 1 of \(total) (went past the last hit and wrapped to the first)\n")
        // Piped, each line names its stream.
        let piped = try Self.run(["search", "Budget kürzen", "talk.mkv"], in: folder)
        #expect(piped.stdout == "talk.mkv#s:1 (ger):00:00:01:Wir müssen das Budget kürzen.\n")
    }

    /// The video's streams read as the SubRip they were made from: same rows, text and times.
    @Test(arguments: [("talk.mkv", 0), ("clip.mp4", 0)])
    func streamsLoadAsTheSubRipTheyWereMadeFrom(_ video: String, _ stream: Int) throws {
        let folder = try VideoFixtures.copy()
        let expected = try printedRows(TSearch.samples + "/planning.srt").rows
        let outcome = try Self.run(["rows", "--json", video], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let records = try jsonRecords(outcome.stdout)
        let rows = records.filter { ($0["video"] as? [String: Any])?["stream"] as? Int == stream }.map(PrintedRow.init)
        #expect(rows == expected)
        #expect(records.allSatisfy { $0["line"] is NSNull })  // lines of the converted text would mean nothing
    }

    @Test func jsonCarriesTheVideoAndTheStream() throws {
        let folder = try VideoFixtures.copy()
        let outcome = try Self.run(["search", "--json", "budget", "talk.mkv", "clip.mp4"], in: folder)
        #expect(outcome.status == 0)
        let hits = try Self.hitRecords(outcome)
        let german = try #require(hits.first { $0["file"] as? String == "talk.mkv#s:1 (ger)" })
        let video = try #require(german["video"] as? [String: Any])
        #expect(video["path"] as? String == "talk.mkv")
        #expect(video["stream"] as? Int == 1)
        #expect(video["language"] as? String == "ger")
        #expect(german["start_ms"] as? Int == 1000)  // the cue's own time (ffmpeg run with -copyts)
        let mp4 = try #require(hits.first { $0["file"] as? String == "clip.mp4#s:0 (eng)" })
        #expect((mp4["video"] as? [String: Any])?["path"] as? String == "clip.mp4")
        // Rows of ordinary files carry no `video` member.
        let plain = try Self.run(["search", "--json", "budget", "de.srt"], in: folder)
        #expect(try Self.hitRecords(plain).allSatisfy { $0["video"] == nil })
        // --file matches a stream by its video's name.
        let filtered = try Self.run(["search", "--json", "--file", "*.mp4", "budget", "talk.mkv", "clip.mp4"], in: folder)
        let files = Set(try Self.hitRecords(filtered).compactMap { $0["file"] as? String })
        #expect(files == ["clip.mp4#s:0 (eng)"])
    }

    @Test func htmlExportShowsTheVideoAndStream() throws {
        let folder = try VideoFixtures.copy()
        _ = try Self.run(["search", "budget", "talk.mkv"], in: folder)
        _ = try Self.run(["goto", "7"], in: folder)
        let export = try Self.run(["export", "--format", "html"], in: folder)
        #expect(export.status == 0, "\(export.stderr)")
        let page = export.stdout
        #expect(page.contains("<h2>talk.mkv#s:0 (eng) "))
        #expect(page.contains("<h2>talk.mkv#s:1 (ger) "))
        #expect(page.contains("Wir müssen das <mark"))
        #expect(page.components(separatedBy: "<mark").count - 1 == 7)
    }

    /// The extraction is cached by the video's fingerprint: searching the same video again, stepping,
    /// or a video only touched (or copied) runs neither tool; a changed video is read again.
    @Test func anUnchangedVideoIsNotConvertedAgain() throws {
        let folder = try VideoFixtures.copy()
        let path = try VideoFixtures.shims(in: folder).path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        let environment = ["PATH": path]
        let first = try Self.run(["search", "-c", "budget", "talk.mkv"], in: folder, environment: environment)
        #expect(first.status == 0)
        #expect(VideoFixtures.runs(in: folder) == ["ffprobe", "ffmpeg"])  // one ffmpeg run for both streams
        let second = try Self.run(["search", "-c", "budget", "talk.mkv"], in: folder, environment: environment)
        #expect(second.stdout == first.stdout)
        _ = try Self.run(["next"], in: folder, environment: environment)
        let touched = Date(timeIntervalSinceNow: 60)
        try FileManager.default.setAttributes([.modificationDate: touched], ofItemAtPath: folder.appendingPathComponent("talk.mkv").path)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("talk.mkv"), to: folder.appendingPathComponent("copy.mkv"))
        let again = try Self.run(["search", "-c", "budget", "talk.mkv", "copy.mkv"], in: folder, environment: environment)
        #expect(again.stdout.contains("copy.mkv#s:1 (ger):1"))
        #expect(VideoFixtures.runs(in: folder) == ["ffprobe", "ffmpeg"])
        // A different video under the old name: read again.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("talk.mkv"))
        try FileManager.default.copyItem(at: folder.appendingPathComponent("clip.mp4"), to: folder.appendingPathComponent("talk.mkv"))
        let changed = try Self.run(["search", "-c", "budget", "talk.mkv"], in: folder, environment: environment)
        #expect(changed.stdout == "talk.mkv#s:0 (eng):6\n6 total\n")
        #expect(VideoFixtures.runs(in: folder) == ["ffprobe", "ffmpeg", "ffprobe", "ffmpeg"])
        // The cache lives beside the session, not in the user's cache folder.
        let cache = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("state/session.json.subtitles").path)
        #expect(cache.filter { $0.hasSuffix(".json") }.count == 2)
    }

    /// A video replaced by another of the same size and modification time (a restored backup, a
    /// `cp -p`) is converted again: the cache knows a video by its whole identity, not by size and
    /// time alone, which once showed the old video's subtitles.
    @Test func aVideoReplacedUnderTheSameSizeAndTimeIsConvertedAgain() throws {
        let folder = try VideoFixtures.copy()
        let path = try VideoFixtures.shims(in: folder).path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        let environment = ["PATH": path, "TSEARCH_CACHE_SETTLE_NS": "0"]
        let talk = folder.appendingPathComponent("talk.mkv")
        // The same video with one word changed in its German stream: the same size.
        var bytes = [UInt8](try Data(contentsOf: talk))
        let word = Array("Budget".utf8)
        let at = try #require((0...(bytes.count - word.count)).first { Array(bytes[$0..<($0 + word.count)]) == word })
        bytes.replaceSubrange(at..<(at + word.count), with: Array("Gadget".utf8))
        let other = folder.appendingPathComponent("other.mkv")
        try Data(bytes).write(to: other)
        let first = try Self.run(["search", "-c", "gadget", "talk.mkv"], in: folder, environment: environment)
        #expect(first.status == 1)
        _ = try TSearch.shell("touch -r talk.mkv other.mkv && mv other.mkv talk.mkv", in: folder)
        let replaced = try Self.run(["search", "-c", "gadget", "talk.mkv"], in: folder, environment: environment)
        #expect(replaced.status == 0)
        #expect(replaced.stdout.contains("talk.mkv#s:1 (ger):1"))
        #expect(VideoFixtures.runs(in: folder) == ["ffprobe", "ffmpeg", "ffprobe", "ffmpeg"])
    }

    @Test func videosInADirectoryAreSearchedWithTheTranscripts() throws {
        let folder = try VideoFixtures.copy()
        let outcome = try Self.run(["search", "-c", "budget", "."], in: folder)
        #expect(outcome.status == 0)
        #expect(outcome.stdout == """
        ./clip.mp4#s:0 (eng):6
        ./de.srt:1
        ./talk.mkv#s:0 (eng):6
        ./talk.mkv#s:1 (ger):1
        14 total

        """)
        // silent.mkv has no subtitle stream: a note when found (said once), an error when named.
        #expect(outcome.stderr == "tsearch: note: ./silent.mkv: no subtitle stream in this video\n")
        // Said once for the unchanged video (a state folder outside the one searched, here).
        try FileManager.default.removeItem(at: folder.appendingPathComponent("state"))
        let state = ["TSEARCH_STATE": try TSearch.temporaryDirectory().appendingPathComponent("session.json").path]
        #expect(try TSearch.run(["search", "-c", "budget", "."], in: folder, environment: state).stderr.hasPrefix("tsearch: note: ./silent.mkv"))
        #expect(try TSearch.run(["search", "-c", "budget", "."], in: folder, environment: state).stderr.isEmpty, "said once")
        // Recordings without subtitles in a folder: one line for all of them, with a count.
        for copy in ["b.mkv", "c.mkv", "d.mkv"] {
            try FileManager.default.copyItem(at: folder.appendingPathComponent("silent.mkv"), to: folder.appendingPathComponent(copy))
        }
        let many = try TSearch.run(["search", "-c", "budget", "."], in: folder, environment: state)
        #expect(many.stderr == "tsearch: note: no subtitle stream in 3 videos: ./b.mkv, ./c.mkv, ./d.mkv\n")
        let named = try Self.run(["search", "budget", "silent.mkv"], in: folder)
        #expect(named.status == 2)
        #expect(named.stderr == "tsearch: silent.mkv: no subtitle stream in this video\n")
    }

    @Test func aCorruptVideoIsAnErrorNamingIt() throws {
        let folder = try VideoFixtures.copy()
        try Data("not a video at all\n".utf8).write(to: folder.appendingPathComponent("broken.mov"))
        let outcome = try Self.run(["search", "budget", "broken.mov", "de.srt"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("tsearch: broken.mov: ffprobe could not read this video: "))
        #expect(outcome.stdout.contains("Wir müssen das Budget kürzen."))  // the other file is still searched
    }

    /// A bitmap stream (PGS) cannot be searched: a warning naming the stream; the text streams load.
    /// (ffmpeg cannot make a bitmap stream from text, so an ffprobe shim reports one.)
    @Test func bitmapStreamsAreWarningsNamingTheStream() throws {
        let folder = try VideoFixtures.copy()
        let probe = #"{"streams":[{"index":1,"codec_name":"subrip","codec_type":"subtitle","tags":{"language":"eng"}},{"index":2,"codec_name":"hdmv_pgs_subtitle","codec_type":"subtitle","tags":{"language":"ger"}}]}"#
        let bin = try VideoFixtures.shims(in: folder, replace: ["ffprobe": "echo '\(probe)'"])
        let environment = ["PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")]
        let outcome = try Self.run(["search", "-c", "budget", "talk.mkv"], in: folder, environment: environment)
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "talk.mkv#s:0 (eng):6\n6 total\n")
        #expect(outcome.stderr == "tsearch: warning: talk.mkv#s:1 (ger): a bitmap subtitle stream (hdmv_pgs_subtitle (PGS)) holds pictures of text, which cannot be searched; skipped\n")

        // A video whose only stream is a bitmap one has nothing to search: named, an error.
        let only = #"{"streams":[{"index":1,"codec_name":"dvd_subtitle","codec_type":"subtitle"}]}"#
        let other = try TSearch.temporaryDirectory()
        try FileManager.default.copyItem(at: folder.appendingPathComponent("clip.mp4"), to: other.appendingPathComponent("dvd.mp4"))
        let onlyBin = try VideoFixtures.shims(in: other, replace: ["ffprobe": "echo '\(only)'"])
        let named = try Self.run(["search", "budget", "dvd.mp4"], in: other, environment: ["PATH": onlyBin.path])
        #expect(named.status == 2)
        #expect(named.stderr.split(separator: "\n") == [
            "tsearch: warning: dvd.mp4#s:0: a bitmap subtitle stream (dvd_subtitle (VobSub)) holds pictures of text, which cannot be searched; skipped",
            "tsearch: dvd.mp4: no subtitle stream of this video could be searched",
        ])
    }

    /// A stream ffmpeg cannot convert is a warning naming it (each stream is then tried alone); the
    /// others load. When none converts, the video is an error with ffmpeg's reason.
    @Test func aStreamFFmpegCannotConvertIsAWarningNamingIt() throws {
        let folder = try VideoFixtures.copy()
        // clip.mp4 has one subtitle stream; the shim claims a second, which ffmpeg cannot map.
        let probe = #"{"streams":[{"index":1,"codec_name":"mov_text","codec_type":"subtitle","tags":{"language":"eng"}},{"index":2,"codec_name":"mov_text","codec_type":"subtitle","tags":{"language":"fra"}}]}"#
        let bin = try VideoFixtures.shims(in: folder, replace: ["ffprobe": "echo '\(probe)'"])
        let environment = ["PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")]
        let outcome = try Self.run(["search", "-c", "budget", "clip.mp4"], in: folder, environment: environment)
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "clip.mp4#s:0 (eng):6\n6 total\n")
        #expect(outcome.stderr.hasPrefix("tsearch: warning: clip.mp4#s:1 (fra): ffmpeg could not convert this mov_text stream to text: Stream map '0:s:1' matches no streams."))
        #expect(VideoFixtures.runs(in: folder) == ["ffprobe", "ffmpeg", "ffmpeg", "ffmpeg"])

        let none = #"{"streams":[{"index":5,"codec_name":"subrip","codec_type":"subtitle"}]}"#
        let other = try VideoFixtures.copy()
        let noneBin = try VideoFixtures.shims(in: other, replace: ["ffprobe": "echo '\(none)'"])
        let failed = try Self.run(["search", "budget", "silent.mkv"], in: other, environment: ["PATH": noneBin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")])
        #expect(failed.status == 2)
        #expect(failed.stderr.hasPrefix("tsearch: silent.mkv: ffmpeg could not read this video: "))
    }

    /// Never hang: an ffmpeg that does not finish is killed at the time limit.
    @Test func aStuckFFmpegIsStoppedAtTheTimeLimit() throws {
        let folder = try VideoFixtures.copy()
        // ffprobe answers at once (a canned answer, so a busy machine cannot make it the slow one).
        let probe = #"{"streams":[{"index":1,"codec_name":"subrip","codec_type":"subtitle"}]}"#
        let bin = try VideoFixtures.shims(in: folder, replace: ["ffprobe": "echo '\(probe)'", "ffmpeg": "/bin/sleep 30"])
        let environment = ["PATH": bin.path, "TSEARCH_FFMPEG_TIMEOUT_MS": "1500"]
        let outcome = try TSearch.runGuarded(
            ["search", "budget", "talk.mkv"], in: folder,
            environment: environment.merging(["TSEARCH_STATE": folder.appendingPathComponent("state/session.json").path]) { $1 })
        #expect(outcome.status == 2)
        #expect(outcome.stderr == "tsearch: talk.mkv: ffmpeg did not finish within 1.5 s and was stopped (TSEARCH_FFMPEG_TIMEOUT_MS sets the limit, in milliseconds)\n")
    }
}

/// Videos when ffmpeg is missing (no ffmpeg needed to test it): without ffprobe/ffmpeg on the PATH, a named video
/// is an error that says what to install (exit 2); a video found in a directory is a warning.
@Suite(.serialized) struct VideoToolsMissingTests {
    @Test func aNamedVideoSaysWhatToInstall() throws {
        let folder = try TSearch.temporaryDirectory()
        try Data("any bytes: the tools are looked for first".utf8).write(to: folder.appendingPathComponent("talk.mkv"))
        let empty = folder.appendingPathComponent("empty-bin")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let outcome = try TSearch.run(["search", "budget", "talk.mkv"], in: folder, environment: [
            "PATH": empty.path, "TSEARCH_STATE": folder.appendingPathComponent("state/session.json").path,
        ])
        #expect(outcome.status == 2)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr == "tsearch: talk.mkv: searching a video's subtitles needs ffprobe and ffmpeg, which are not on the PATH: install FFmpeg (apt install ffmpeg, brew install ffmpeg, or see https://ffmpeg.org/download.html)\n")
    }

    @Test func aVideoFoundInADirectoryIsAWarning() throws {
        let folder = try TSearch.temporaryDirectory()
        try Data("any bytes".utf8).write(to: folder.appendingPathComponent("talk.webm"))
        try FileManager.default.copyItem(atPath: TSearch.samples + "/planning.srt", toPath: folder.appendingPathComponent("planning.srt").path)
        let outcome = try TSearch.run(["search", "-c", "budget", "."], in: folder, environment: [
            "PATH": "/nonexistent", "TSEARCH_STATE": folder.appendingPathComponent("state/session.json").path,
        ])
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "./planning.srt:6\n6 total\n")
        #expect(outcome.stderr.hasPrefix("tsearch: warning: ./talk.webm: skipped: searching a video's subtitles needs ffprobe and ffmpeg"))
        #expect(outcome.stderr.contains("apt install ffmpeg"))
    }
}
