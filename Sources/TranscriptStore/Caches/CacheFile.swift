import TranscriptModel

/// The files tsearch writes in the folders where it keeps caches, told apart from everything else
/// by their names and their first bytes. The size bound (`CacheBound`) and every clean-up count and
/// remove these only: a folder shared with the user's own files (`TSEARCH_STATE=tsearch.json` in a
/// project that has a `rows/` folder of its own) keeps every file tsearch did not write.
///
/// | kind | folder | name | first bytes |
/// |---|---|---|---|
/// | row cache | `rows/` | 16 hex digits `.rows` | the magic `TSROWS` (as `BinaryWriter` writes bytes) |
/// | small-files cache | `rows/` | 16 hex digits `.files` | the magic `TSFILES` |
/// | Unicode table | `unicode/` | 16 hex digits `-ignoring-case.classes` or `-with-case.classes` | `TSCLASSES` |
/// | a video's subtitles | subtitles | `sum64-` 16 hex digits `.json` | `{"schema":` |
/// | a video's hash | subtitles | `stat-` 16 hex digits | `sum64:` |
/// | the session's cache | beside the session | `<session>.cache-` hex digits | a count, then `TSSESSIONCACHE` |
///
/// A temporary file of any of these (`NAME.tmp-PID-RANDOM`, `FileCalls.temporaryFile`) is ours when
/// `NAME` is and its bytes so far are a beginning of `NAME`'s header (a writer killed before
/// writing anything leaves an empty one).
enum CacheFile {
    /// What a file tsearch writes keeps.
    enum Kind: CaseIterable {
        case rows, smallFiles, unicodeTable, videoSubtitles, videoHash, sessionCache

        /// The bytes every such file begins with; for a session's cache, after its magic's count
        /// (`countedMagicStart`), since its versions' magics differ in length.
        var header: [UInt8] {
            switch self {
            case .rows: Self.countedMagic("TSROWS")
            case .smallFiles: Self.countedMagic("TSFILES")
            case .unicodeTable: Self.countedMagic("TSCLASSES")
            case .videoSubtitles: Array(#"{"schema":"#.utf8)
            case .videoHash: Array(SourceFingerprint.hashPrefix.utf8)
            // Every version's magic starts so (`TSSESSIONCACHE2` now): an older session's cache
            // is still the session's to remove.
            case .sessionCache: Array(repeating: 0, count: Self.countSize) + Array("TSSESSIONCACHE".utf8)
            }
        }

        /// Whether `bytes`, a file's first `header.count` bytes (fewer when it is shorter), begin
        /// as this kind's files do; `partly`: a beginning of the header is enough (a temporary
        /// file still being written).
        func isHeader(_ bytes: [UInt8], partly: Bool) -> Bool {
            // The session cache's magic count is whatever its version's magic length is.
            let skipped = self == .sessionCache ? Self.countSize : 0
            let wanted = header.dropFirst(skipped), given = bytes.dropFirst(skipped)
            return given.elementsEqual(wanted) || (partly && wanted.starts(with: given))
        }

        private static let countSize = MemoryLayout<UInt64>.size

        /// A magic as `BinaryWriter` writes bytes or a string: eight bytes of count, then the bytes.
        private static func countedMagic(_ magic: String) -> [UInt8] {
            withUnsafeBytes(of: UInt64(magic.utf8.count).littleEndian, Array.init) + Array(magic.utf8)
        }
    }

    /// The kind of cache file named `name` (no folder, no temporary suffix) in the caches' folders,
    /// or nil when tsearch never writes a file of that name there. The session's caches are named
    /// after the session file, so `sessionCache` is told by `kind(ofName:sessionName:)`.
    static func kind(ofName name: Substring) -> Kind? {
        if name.hasSuffix(".rows"), isHex(name.dropLast(5), count: 16) { return .rows }
        if name.hasSuffix(".files"), isHex(name.dropLast(6), count: 16) { return .smallFiles }
        for suffix in ["-ignoring-case.classes", "-with-case.classes"] where name.hasSuffix(suffix) {
            return isHex(name.dropLast(suffix.count), count: 16) ? .unicodeTable : nil
        }
        if name.hasPrefix("sum64-"), name.hasSuffix(".json"), isHex(name.dropFirst(6).dropLast(5), count: 16) { return .videoSubtitles }
        if name.hasPrefix("stat-"), isHex(name.dropFirst(5), count: 16) { return .videoHash }
        return nil
    }

    /// The kind of `name` beside the session file named `sessionName`: its caches
    /// (`<sessionName>.cache-` and hex digits), else nil.
    static func kind(ofName name: Substring, sessionName: String) -> Kind? {
        let prefix = sessionName + ".cache-"
        guard name.hasPrefix(prefix), isHex(name.dropFirst(prefix.count), count: nil) else { return nil }
        return .sessionCache
    }

    /// The name a temporary file is being written for: `NAME` of `NAME.tmp-PID-RANDOM` (a decimal
    /// process ID, base-36 digits), else nil.
    static func target(ofTemporary name: String) -> Substring? {
        guard let marker = name.range(of: ".tmp-", options: .backwards) else { return nil }
        let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].utf8.allSatisfy(isDigit), !parts[1].isEmpty,
              parts[1].utf8.allSatisfy({ isDigit($0) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) else { return nil }
        return name[..<marker.lowerBound]
    }

    /// Whether the file `name` in `folder` is one tsearch wrote there: its name has the shape of
    /// `kind` (`kind(ofName:)`, or with `sessionName` the session's caches only) and its first bytes are
    /// that kind's header; a temporary file's may be only a beginning of it. Reads at most a few bytes.
    static func isOurs(_ name: String, in folder: String, sessionName: String? = nil) -> Bool {
        let temporaryTarget = target(ofTemporary: name)
        let base = temporaryTarget ?? name[...]
        let found = sessionName.map { Self.kind(ofName: base, sessionName: $0) } ?? Self.kind(ofName: base)
        guard let kind = found, case .success(let first) = FileCalls.readPrefix(folder + "/" + name, count: kind.header.count) else { return false }
        return kind.isHeader(first, partly: temporaryTarget != nil)
    }

    private static func isHex(_ text: Substring, count: Int?) -> Bool {
        guard !text.isEmpty, count.map({ text.utf8.count == $0 }) ?? true else { return false }
        return text.utf8.allSatisfy { isDigit($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
