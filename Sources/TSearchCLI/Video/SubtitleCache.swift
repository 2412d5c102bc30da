import Foundation
import TranscriptModel

/// Remembers what ffprobe and ffmpeg made of a video, so searching an unchanged video again runs
/// neither (and works without them).
///
/// - Where: beside the session when `$TSEARCH_STATE` is set (`$TSEARCH_STATE.subtitles/`, so tests
///   and separate sessions stay apart); else `$XDG_CACHE_HOME/tsearch/subtitles/`, else
///   `~/.cache/tsearch/subtitles/`. Nil (no cache: every search converts again) when none can be
///   named.
/// - What: `<hash>.json`, the `VideoSubtitles` of a video whose content hash (FNV-1a 64, as
///   `SourceFingerprint`) is `<hash>`; and `stat-<key>`, a small file holding that hash, where
///   `<key>` hashes the video's absolute path, size and modification time.
/// - The rule is `SourceFingerprint`'s: same path, size and modification time, the same video (no
///   byte of it is read); otherwise the content hash decides, so a video only touched, copied or
///   renamed is still not converted again.
/// - Every file is written atomically; a cache that cannot be written or read is only a slower
///   search, never an error. Failures (a missing tool, a corrupt video, a timeout) are not cached.
///   Nothing is ever removed: each entry is the size of the video's subtitles as text.
struct SubtitleCache {
    let directory: String

    init?(variables: [String: String]) {
        if let state = variables["TSEARCH_STATE"], !state.isEmpty {
            directory = (state.hasPrefix("/") ? state : SystemCalls.currentDirectory() + "/" + state) + ".subtitles"
        } else if let cache = variables["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            directory = cache + "/tsearch/subtitles"
        } else if let home = variables["HOME"], home.hasPrefix("/") {
            directory = home + "/.cache/tsearch/subtitles"
        } else {
            return nil
        }
    }

    /// The content hash recorded for the video at `path` (absolute) as it is now, if it was seen
    /// with this size and modification time.
    func knownHash(path: String, status: (size: Int64, modified: Int64)) -> String? {
        guard case .success(let bytes) = SystemCalls.readRegularFile(statPath(path: path, status: status), limit: 1 << 20) else { return nil }
        let hash = String(decoding: bytes, as: UTF8.self)
        return SourceFingerprint.isHash(hash) ? hash : nil
    }

    /// Remembers that the video at `path` (absolute), as it is now, has content hash `hash`.
    func remember(hash: String, path: String, status: (size: Int64, modified: Int64)) {
        guard SourceFingerprint.isHash(hash), prepare() else { return }
        _ = SystemCalls.writeAtomically(Array(hash.utf8), to: statPath(path: path, status: status), mode: 0o644)
    }

    /// The subtitles cached for a video with content hash `hash`.
    func subtitles(hash: String) -> VideoSubtitles? {
        guard SourceFingerprint.isHash(hash), case .success(let bytes) = SystemCalls.readRegularFile(entryPath(hash), limit: 1 << 30),
              let subtitles = try? JSONDecoder().decode(VideoSubtitles.self, from: Data(bytes)),
              subtitles.schema == 1 else { return nil }
        return subtitles
    }

    func store(_ subtitles: VideoSubtitles, hash: String) {
        guard SourceFingerprint.isHash(hash), prepare(), let data = try? JSONEncoder().encode(subtitles) else { return }
        _ = SystemCalls.writeAtomically(Array(data), to: entryPath(hash), mode: 0o644)
    }

    private func prepare() -> Bool {
        if case .success = SystemCalls.makeDirectories(directory) { return true }
        return false
    }

    private func entryPath(_ hash: String) -> String {
        directory + "/" + hash.replacingOccurrences(of: ":", with: "-") + ".json"
    }

    private func statPath(path: String, status: (size: Int64, modified: Int64)) -> String {
        let key = SourceFingerprint.hash(Array("\(path)\u{0}\(status.size)\u{0}\(status.modified)".utf8))
        return directory + "/stat-" + key.dropFirst(SourceFingerprint.hashPrefix.count)
    }

    /// The content hash of the file at `path` as `SourceFingerprint.hash` computes it, read in
    /// pieces (a video may be larger than memory); nil, with the system's reason, if it cannot be read.
    static func contentHash(of path: String) -> Result<String, SystemError> {
        var checksum = Checksum()
        let result = SystemCalls.readChunks(path) { checksum.add($0) }
        return result.map { SourceFingerprint.hash(checksum: checksum.value) }
    }
}
