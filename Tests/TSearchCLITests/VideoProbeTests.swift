import Foundation
import Testing
@testable import TSearchCLI
@testable import TranscriptStore

struct VideoProbeTests {
    @Test func subtitleStreamsAreNumberedInOrderAndBitmapsMarked() throws {
        let probe = #"""
        {"programs": [], "streams": [
          {"index": 2, "codec_name": "subrip", "codec_type": "subtitle", "tags": {"language": "eng", "title": "SDH"}},
          {"index": 3, "codec_name": "hdmv_pgs_subtitle", "codec_type": "subtitle", "tags": {"LANGUAGE": "ger"}},
          {"index": 4, "codec_name": "ass", "codec_type": "subtitle"},
          {"index": 5, "codec_name": "dvd_subtitle", "codec_type": "subtitle", "disposition": {"default": 0}}
        ]}
        """#
        let streams = try VideoSubtitles.streams(fromProbe: Array(probe.utf8))
        #expect(streams.map(\.subtitleIndex) == [0, 1, 2, 3])
        #expect(streams.map(\.streamIndex) == [2, 3, 4, 5])
        #expect(streams.map(\.language) == ["eng", "ger", nil, nil])
        #expect(streams[0].title == "SDH")
        #expect(streams.map(\.problem) == [nil, .bitmap, nil, .bitmap])
        #expect(streams[1].codecDescription == "hdmv_pgs_subtitle (PGS)")
        #expect(streams[2].codecDescription == "ass")
    }

    @Test func aVideoWithoutSubtitlesHasNoStreams() throws {
        #expect(try VideoSubtitles.streams(fromProbe: Array(#"{"programs": [], "streams": []}"#.utf8)).isEmpty)
        #expect(try VideoSubtitles.streams(fromProbe: Array("{}".utf8)).isEmpty)
    }

    @Test func outputThatIsNotTheProbesJSONThrows() {
        #expect(throws: (any Error).self) { try VideoSubtitles.streams(fromProbe: Array("Invalid data".utf8)) }
    }

    /// The cache stores what ffprobe and ffmpeg made, problems included, and reads it back equal.
    @Test func subtitlesRoundTripThroughTheCache() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tsearch-cache-\(UUID().uuidString)")
        let cache = try #require(StoreLocation(variables: ["TSEARCH_STATE": folder.path + "/session.json"]).subtitlesDirectory.map(SubtitleCache.init(directory:)))
        #expect(cache.directory == folder.path + "/session.json.subtitles")
        let subtitles = VideoSubtitles(streams: [
            .init(subtitleIndex: 0, streamIndex: 1, codec: "subrip", language: "eng", title: nil, text: "WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n", problem: nil),
            .init(subtitleIndex: 1, streamIndex: 2, codec: "hdmv_pgs_subtitle", language: nil, title: "Forced", text: nil, problem: .bitmap),
            .init(subtitleIndex: 2, streamIndex: 3, codec: "odd", language: nil, title: nil, text: nil, problem: .notConverted("no encoder")),
        ])
        let hash = SourceFingerprint.hash(Array("video".utf8))
        #expect(cache.subtitles(hash: hash) == nil)
        cache.store(subtitles, hash: hash)
        #expect(cache.subtitles(hash: hash) == subtitles)
        let identity = FileCalls.FileIdentity(
            size: 5, modified: 1_700_000_000_123_456_789, changed: 1_700_000_000_123_456_789, inode: 42, device: 7, isRegular: true)
        let hashedAt = identity.changed + 3_000_000_000
        #expect(cache.knownHash(path: "/v/talk.mkv", identity: identity) == nil)
        // Hashed within the settling time: not remembered (a change in the same tick keeps the identity).
        cache.remember(hash: hash, path: "/v/talk.mkv", identity: identity, hashedAt: identity.changed + 1_000, settle: 2_000_000_000)
        #expect(cache.knownHash(path: "/v/talk.mkv", identity: identity) == nil)
        cache.remember(hash: hash, path: "/v/talk.mkv", identity: identity, hashedAt: hashedAt, settle: 2_000_000_000)
        #expect(cache.knownHash(path: "/v/talk.mkv", identity: identity) == hash)
        // Any field of the identity differing is another file.
        for changed in [\FileCalls.FileIdentity.size, \.modified, \.changed] {
            var other = identity
            other[keyPath: changed] += 1
            #expect(cache.knownHash(path: "/v/talk.mkv", identity: other) == nil)
        }
        for changed in [\FileCalls.FileIdentity.inode, \.device] {
            var other = identity
            other[keyPath: changed] += 1
            #expect(cache.knownHash(path: "/v/talk.mkv", identity: other) == nil)
        }
        #expect(cache.knownHash(path: "/v/other.mkv", identity: identity) == nil)
    }

    @Test func theCacheFolderFollowsTheStateThenXDGThenHome() {
        #expect(StoreLocation(variables: ["TSEARCH_STATE": "/s/session.json", "XDG_CACHE_HOME": "/x", "HOME": "/h"]).subtitlesDirectory.map(SubtitleCache.init(directory:))?.directory == "/s/session.json.subtitles")
        #expect(StoreLocation(variables: ["XDG_CACHE_HOME": "/x", "HOME": "/h"]).subtitlesDirectory.map(SubtitleCache.init(directory:))?.directory == "/x/tsearch/subtitles")
        #expect(StoreLocation(variables: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]).subtitlesDirectory.map(SubtitleCache.init(directory:))?.directory == "/h/.cache/tsearch/subtitles")
        #expect(StoreLocation(variables: [:]).subtitlesDirectory.map(SubtitleCache.init(directory:)) == nil)
    }

    /// The streamed hash is `SourceFingerprint`'s, so the session and the cache agree on a video.
    @Test func theStreamedContentHashIsTheFingerprintsHash() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tsearch-hash-\(UUID().uuidString)")
        let bytes = (0..<(3 << 20) + 17).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }  // several 1 MiB pieces
        try Data(bytes).write(to: url)
        #expect(try SubtitleCache.contentHash(of: url.path).get() == SourceFingerprint.hash(bytes))
        #expect(throws: SystemError.self) { try SubtitleCache.contentHash(of: url.path + "-missing").get() }
    }
}

struct SubprocessTests {
    static func shell(_ script: String, extraOutputs: Int = 0, timeout: Duration = .seconds(10)) -> Result<Subprocess.Outcome, Subprocess.Failure> {
        Subprocess(executable: "/bin/sh", arguments: ["-c", script], environment: ["PATH": "/usr/bin:/bin"],
                   extraOutputs: extraOutputs, timeout: timeout).run()
    }

    @Test func everyPipeIsCollectedWithTheStatus() throws {
        let outcome = try Self.shell("echo out; echo >&2; echo ' err ' >&2; echo later >&2; echo three >&3; echo four >&4; exit 3", extraOutputs: 2).get()
        #expect(outcome.status == 3)
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "out\n")
        #expect(outcome.firstErrorLine == "err")
        #expect(outcome.extraOutputs.map { String(decoding: $0, as: UTF8.self) } == ["three\n", "four\n"])
    }

    /// Large output on all pipes at once never stalls (each is read as it comes).
    @Test func largeOutputOnSeveralPipesDoesNotDeadlock() throws {
        let outcome = try Self.shell("head -c 3000000 /dev/zero >&3 & head -c 2000000 /dev/zero; head -c 500000 /dev/zero >&2; wait",
                                     extraOutputs: 1).get()
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.count == 2_000_000)
        #expect(outcome.extraOutputs[0].count == 3_000_000)
        #expect(outcome.standardError.count == 1 << 16)  // only the last 64 KiB are kept
    }

    /// The program and the child it started are both gone when the time is up: the child's
    /// process ends (or is a zombie awaiting its reaper), never still sleeping.
    @Test func aProgramPastItsTimeIsKilledWithItsChildren() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tsearch-child-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = Self.shell("sleep 20 & echo $! > '\(file.path)'; sleep 20; echo never", timeout: .milliseconds(300))
        #expect(throws: Subprocess.Failure.timedOut) { try outcome.get() }
        let child = try #require(Int32(try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // A killed process may take a moment to be reaped: wait for its end, not for a time.
        var alive = true
        for _ in 0..<500 where alive {
            let stat = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? ""
            alive = !stat.isEmpty && !stat.contains(") Z ")
            if alive { usleep(10_000) }
        }
        #expect(!alive, "the child \(child) is still running")
    }

    @Test func outputPastTheLimitStopsTheProgram() {
        var process = Subprocess(executable: "/bin/sh", arguments: ["-c", "cat /dev/zero"], environment: [:], timeout: .seconds(10))
        process.outputLimit = 1 << 20
        #expect(throws: Subprocess.Failure.outputTooLarge) { try process.run().get() }
    }

    @Test func aSignalEndsWithOneHundredTwentyEightPlusItsNumber() throws {
        #expect(try Self.shell("kill -9 $$").get().status == 128 + 9)
    }

    @Test func programsAreFoundOnTheGivenPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tsearch-path-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let tool = folder.appendingPathComponent("ffprobe")
        try Data("#!/bin/sh\n".utf8).write(to: tool)
        #expect(Subprocess.find("ffprobe", searchPath: "/nonexistent:" + folder.path) == nil)  // not executable
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        #expect(Subprocess.find("ffprobe", searchPath: "/nonexistent:" + folder.path) == tool.path)
        #expect(Subprocess.find("ffprobe", searchPath: "/nonexistent") == nil)
        #expect(Subprocess.find("ffprobe", searchPath: nil) == nil)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub/ffmpeg"), withIntermediateDirectories: true)
        #expect(Subprocess.find("ffmpeg", searchPath: folder.path + "/sub") == nil)  // a directory is not a program
    }

    @Test func theMissingToolsMessageSaysWhatToInstall() {
        let message = SubtitleExtractor.Failure.toolsMissing(["ffmpeg"]).description
        #expect(message == "searching a video's subtitles needs ffmpeg, which is not on the PATH: install FFmpeg (apt install ffmpeg, brew install ffmpeg, or see https://ffmpeg.org/download.html)")
        #expect(SubtitleExtractor(variables: ["PATH": "/nonexistent"]).missingTools() == ["ffprobe", "ffmpeg"])
        #expect(SubtitleExtractor(variables: [:]).timeout == .seconds(120))
        #expect(SubtitleExtractor(variables: ["TSEARCH_FFMPEG_TIMEOUT_MS": "1500"]).timeout == .milliseconds(1500))
    }
}
