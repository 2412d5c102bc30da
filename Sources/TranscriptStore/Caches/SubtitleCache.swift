import Foundation
import TranscriptModel

/// Remembers what ffprobe and ffmpeg made of a video, so searching an unchanged video again runs
/// neither (and works without them).
///
/// - Where: `StoreLocation.subtitlesDirectory`: beside the session when `$TSEARCH_STATE` is set
///   (`$TSEARCH_STATE.subtitles/`, so tests and separate sessions stay apart); else
///   `$XDG_CACHE_HOME/tsearch/subtitles/`, else `~/.cache/tsearch/subtitles/`. None (every search
///   converts again) when none can be named.
/// - What: `<hash>.json`, the `VideoSubtitles` of a video whose content hash (FNV-1a 64, as
///   `SourceFingerprint`) is `<hash>`; and `stat-<key>`, a small file holding that hash, where
///   `<key>` hashes the video's absolute path and whole identity (size, modification and
///   status-change times, inode, device).
/// - The rule is the row caches': the same path and identity, when the video had settled (not
///   changed in the 2 s before it was hashed), is the same video (no byte of it is read); otherwise
///   the content hash decides, so a video only touched, copied or renamed is still not converted
///   again, and one replaced by another of the same size and time is.
/// - Every file is written atomically; a cache that cannot be written or read is only a slower
///   search, never an error. Failures (a missing tool, a corrupt video, a timeout) are not cached.
///   Each entry is the size of the video's subtitles as text; entries count against the caches'
///   size bound and are removed, least recently used first, when over it (`CacheBound`).
struct SubtitleCache {
    let directory: String

    /// The cache in `directory` (`StoreLocation.subtitlesDirectory`).
    init(directory: String) {
        self.directory = directory
    }

    /// The content hash recorded for the video at `path` (absolute) with this identity.
    func knownHash(path: String, identity: FileCalls.FileIdentity) -> String? {
        guard case .success(let bytes) = FileCalls.readRegularFile(statPath(path: path, identity: identity), limit: 1 << 20)
        else { return nil }
        let hash = String(decoding: bytes, as: UTF8.self)
        return SourceFingerprint.isHash(hash) ? hash : nil
    }

    /// Remembers that the video at `path` (absolute), with `identity`, has content hash `hash`:
    /// only when it had settled `settle` nanoseconds before `hashedAt` (when its reading began),
    /// since on coarse timestamps a change within the same tick keeps the identity.
    func remember(hash: String, path: String, identity: FileCalls.FileIdentity, hashedAt: Int64, settle: Int64) {
        guard SourceFingerprint.isHash(hash), identity.isSettled(before: hashedAt, settle: settle), prepare() else { return }
        _ = FileCalls.writeAtomically(Array(hash.utf8), to: statPath(path: path, identity: identity), mode: 0o644)
    }

    /// The subtitles cached for a video with content hash `hash`.
    func subtitles(hash: String) -> VideoSubtitles? {
        guard SourceFingerprint.isHash(hash), case .success(let bytes) = FileCalls.readRegularFile(entryPath(hash), limit: 1 << 30),
              let subtitles = try? JSONDecoder().decode(VideoSubtitles.self, from: Data(bytes)),
              subtitles.schema == 1 else { return nil }
        CacheBound.markUsed(entryPath(hash))
        return subtitles
    }

    func store(_ subtitles: VideoSubtitles, hash: String) {
        guard SourceFingerprint.isHash(hash), prepare(), let data = try? Self.encoder.encode(subtitles) else { return }
        _ = FileCalls.writeAtomically(Array(data), to: entryPath(hash), mode: 0o644)
    }

    /// Keys sorted, so every entry begins `{"schema":`, the header by which the caches' bound knows
    /// it for tsearch's own (`CacheFile`).
    private static let encoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    private func prepare() -> Bool {
        if case .success = FileCalls.makeDirectories(directory) { return true }
        return false
    }

    private func entryPath(_ hash: String) -> String {
        directory + "/" + hash.replacingOccurrences(of: ":", with: "-") + ".json"
    }

    private func statPath(path: String, identity: FileCalls.FileIdentity) -> String {
        let fields = [identity.size, identity.modified, identity.changed, Int64(bitPattern: identity.inode), Int64(bitPattern: identity.device)]
        let key = SourceFingerprint.hash(Array(([path] + fields.map(String.init)).joined(separator: "\u{0}").utf8))
        return directory + "/stat-" + key.dropFirst(SourceFingerprint.hashPrefix.count)
    }

    /// The content hash of the file at `path` as `SourceFingerprint.hash` computes it, read in
    /// pieces (a video may be larger than memory); nil, with the system's reason, if it cannot be read.
    static func contentHash(of path: String) -> Result<String, SystemError> {
        var checksum = Checksum()
        let result = FileCalls.readChunks(path) { checksum.add($0) }
        return result.map { SourceFingerprint.hash(checksum: checksum.value) }
    }
}
