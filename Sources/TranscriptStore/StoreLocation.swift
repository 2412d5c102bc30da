/// Where everything kept between runs lives, and how long a file must have been still before a
/// cache trusts it without reading it. Made from the environment by `init(variables:)`; an app
/// may build its own.
///
/// - The session: `$TSEARCH_STATE`, else `$XDG_STATE_HOME/tsearch/session.json`, else
///   `~/.local/state/tsearch/session.json`; its caches beside it.
/// - Row caches and small-files caches: `rows/` in the session's folder; the Unicode table:
///   `unicode/` there.
/// - The people file (who is who among speaker names, read when it exists): `people.txt` in the
///   session's folder.
/// - Videos' subtitles: `$TSEARCH_STATE.subtitles/` when `$TSEARCH_STATE` is set, else
///   `$XDG_CACHE_HOME/tsearch/subtitles/`, else `~/.cache/tsearch/subtitles/` (nil: not kept).
/// - All of these caches together stay within a size bound (`cacheMaximumBytes`), the least
///   recently used removed first (`CacheBound`).
public struct StoreLocation: Sendable, Equatable {
    /// The session file (absolute unless no home is known).
    public var sessionFile: String
    /// Where the row caches and small-files caches are written.
    public var rowsDirectory: String
    /// Where the Unicode-equivalence table is kept.
    public var unicodeDirectory: String
    /// The people file read when none is given (`--people`); it need not exist.
    public var peopleFile: String
    /// Where videos' converted subtitles are kept; nil when none can be named.
    public var subtitlesDirectory: String?
    /// The smallest file, in bytes, given a row cache of its own (`TSEARCH_ROW_CACHE_MIN_BYTES`).
    public var rowCacheMinimumBytes: Int64
    /// The fewest bytes of small files worth a small-files cache
    /// (`TSEARCH_SMALL_FILES_CACHE_MIN_BYTES`; by default the row cache's minimum).
    public var smallFilesMinimumBytes: Int64
    /// Nanoseconds a file must have been still before a loading began for a cache to trust it by
    /// its identity (`TSEARCH_CACHE_SETTLE_NS`; 2 s: timestamps can be that coarse).
    public var settle: Int64
    /// The most bytes the caches may take together (`TSEARCH_CACHE_MAX_BYTES`, a number of bytes,
    /// or with `K`, `M` or `G` for KiB, MiB, GiB; 0 keeps no cache); nil for the default: the
    /// smaller of 1 GiB and a tenth of the free space of the caches' file system.
    public var cacheMaximumBytes: Int64?
    /// Milliseconds each session write pauses halfway, for crash tests only
    /// (`StoreLocation+Testing.swift`).
    package var pauseMidWrite: Int

    /// The places the environment `variables` name, relative ones against the current directory.
    public init(variables: [String: String]) {
        let current = FileCalls.currentDirectory()
        if let explicit = variables["TSEARCH_STATE"], !explicit.isEmpty {
            sessionFile = explicit.hasPrefix("/") ? explicit : current + "/" + explicit
            subtitlesDirectory = sessionFile + ".subtitles"
        } else {
            if let state = variables["XDG_STATE_HOME"], state.hasPrefix("/") {
                sessionFile = state + "/tsearch/session.json"
            } else {
                sessionFile = (variables["HOME"] ?? "") + "/.local/state/tsearch/session.json"
            }
            if let cache = variables["XDG_CACHE_HOME"], cache.hasPrefix("/") {
                subtitlesDirectory = cache + "/tsearch/subtitles"
            } else if let home = variables["HOME"], home.hasPrefix("/") {
                subtitlesDirectory = home + "/.cache/tsearch/subtitles"
            } else {
                subtitlesDirectory = nil
            }
        }
        let folder = String(sessionFile[..<(sessionFile.lastIndex(of: "/") ?? sessionFile.startIndex)])
        rowsDirectory = (folder.isEmpty ? "." : folder) + "/rows"
        unicodeDirectory = (folder.isEmpty ? "." : folder) + "/unicode"
        peopleFile = (folder.isEmpty ? "." : folder) + "/people.txt"
        rowCacheMinimumBytes = Int64(variables["TSEARCH_ROW_CACHE_MIN_BYTES"] ?? "") ?? 256 * 1024
        smallFilesMinimumBytes = Int64(variables["TSEARCH_SMALL_FILES_CACHE_MIN_BYTES"] ?? "") ?? rowCacheMinimumBytes
        settle = Int64(variables["TSEARCH_CACHE_SETTLE_NS"] ?? "") ?? 2_000_000_000
        pauseMidWrite = Self.pauseMidWrite(from: variables)
        cacheMaximumBytes = variables["TSEARCH_CACHE_MAX_BYTES"].flatMap(Self.bytes)
    }

    /// `text` as a number of bytes: digits, then optionally `K`, `M` or `G` (binary: 1024, 1024²,
    /// 1024³; `KiB`, `MB` and the like read the same); nil when it is not one.
    public static func bytes(_ text: String) -> Int64? {
        let trimmed = text.trimmingSpaces.uppercased()
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        guard let number = Int64(digits) else { return nil }
        let unit = trimmed.dropFirst(digits.count).trimmingSpaces
        let shift: Int64
        switch unit.prefix(1) {
        case "": shift = 0
        case "K": shift = 10
        case "M": shift = 20
        case "G": shift = 30
        default: return nil
        }
        guard ["", "B", "IB"].contains(String(unit.dropFirst())) else { return nil }
        let (value, overflow) = number.multipliedReportingOverflow(by: 1 << shift)
        return overflow ? .max : value
    }
}

extension StringProtocol {
    /// The text without spaces at either end.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
