import TranscriptModel

/// The size bound of everything kept between runs, and the pruning that keeps to it.
///
/// - What counts: the files tsearch wrote (told by name and header, `CacheFile`) in the row
///   caches' folder (row caches, small-files caches), the Unicode tables' folder, the videos'
///   subtitles folder, and the session's own caches (`session.json.cache-ID`), by their sizes in
///   bytes. Any other file there is the user's: never counted, never removed. Temporary files
///   being written are not counted (ours left by writers killed more than an hour before are
///   removed).
/// - The bound: `StoreLocation.cacheMaximumBytes` (`TSEARCH_CACHE_MAX_BYTES`), else the smaller of
///   1 GiB and a tenth of the space still free on the caches' file system, measured when pruning.
/// - Pruning, after a loading and after a session is saved: while the files counted are over the
///   bound, the least recently used removable one goes (by modification time, which a cache gets
///   anew when it is used, at most once a minute: `markUsed`). Never removed: the session file, its
///   lock and its caches (the session replaces those itself), and the caches the run that prunes
///   reads or writes (`keeping`), unless one of those alone is over the bound (kept under a
///   larger bound before), which goes first. So the folder holds at most the bound, or, when the
///   latest search's own caches together are larger, those alone: a row cache, small-files cache
///   or session cache bigger than the whole bound is not written at all (`admits`; a session
///   cache holding rows of standard input or a pipe is, since they cannot be read again), nor
///   kept, and a bound of 0 keeps no cache. The session file itself (the query, each file's
///   fingerprint) is not counted, nor its record of checked caches (`VerifiedCaches`: a line per
///   cache, which forgets each cache removed here).
/// - Another process may remove a file at any moment: a cache found missing is only a miss (a
///   mapped one stays readable until unmapped), and a file already gone is skipped.
struct CacheBound: Sendable, Equatable {
    /// The folders whose cache files (`CacheFile`) count and may be removed.
    let folders: [String]
    /// The session file; its caches (`<file>.cache-ID`) count but are never removed here.
    let sessionFile: String
    /// The bound given, or nil for the default.
    let maximumBytes: Int64?

    /// The default bound's ceiling: 1 GiB.
    static let defaultCeiling: Int64 = 1 << 30

    /// The bound of the caches at `location`.
    init(location: StoreLocation) {
        folders = [location.rowsDirectory, location.unicodeDirectory] + (location.subtitlesDirectory.map { [$0] } ?? [])
        sessionFile = location.sessionFile
        maximumBytes = location.cacheMaximumBytes
    }

    /// The bound in bytes now: the one given, else the smaller of 1 GiB and a tenth of the free
    /// space on the file system of the rows folder.
    var bytes: Int64 {
        if let maximumBytes { return max(0, maximumBytes) }
        guard let free = FileCalls.availableBytes(near: folders[0]) else { return Self.defaultCeiling }
        return min(Self.defaultCeiling, free / 10)
    }

    /// Whether a cache of about `size` bytes may be written at all: not when it alone is over the bound.
    func admits(_ size: Int) -> Bool {
        Int64(size) <= bytes
    }

    /// A file counted against the bound.
    struct Entry {
        var path: String
        var size: Int64
        var modified: Int64
        var isRemovable: Bool
    }

    /// Every file counted against the bound now, `keeping`'s marked not removable.
    func entries(keeping: Set<String>) -> [Entry] {
        var entries: [Entry] = []
        let hourAgo = FileCalls.now() - 3600 * 1_000_000_000
        for folder in folders {
            guard case .success(let names) = FileCalls.directoryEntries(folder) else { continue }
            for name in names where CacheFile.isOurs(name, in: folder) {
                let path = folder + "/" + name
                guard let status = FileCalls.fileIdentity(path), status.isRegular else { continue }
                if CacheFile.target(ofTemporary: name) != nil {
                    if status.modified < hourAgo { FileCalls.remove(path) }
                    continue
                }
                entries.append(Entry(path: path, size: status.size, modified: status.modified, isRemovable: !keeping.contains(path)))
            }
        }
        let slash = sessionFile.lastIndex(of: "/")
        let sessionFolder = slash.map { String(sessionFile[..<$0]) } ?? "."
        let sessionName = slash.map { String(sessionFile[sessionFile.index(after: $0)...]) } ?? sessionFile
        if case .success(let names) = FileCalls.directoryEntries(sessionFolder.isEmpty ? "/" : sessionFolder) {
            for name in names where CacheFile.isOurs(name, in: sessionFolder, sessionName: sessionName) && CacheFile.target(ofTemporary: name) == nil {
                guard let status = FileCalls.fileIdentity(sessionFolder + "/" + name) else { continue }
                entries.append(Entry(path: sessionFolder + "/" + name, size: status.size, modified: status.modified, isRemovable: false))
            }
        }
        return entries
    }

    /// Removes the least recently used caches, never one in `keeping` (paths as the caches name
    /// their files) unless it alone is over the bound, until what is counted is within the bound;
    /// returns the files removed, which the record of checked caches forgets (`VerifiedCaches`).
    @discardableResult
    func prune(keeping: Set<String>) -> [String] {
        let entries = entries(keeping: keeping)
        var total = entries.reduce(0) { $0 + $1.size }
        let bound = bytes
        guard total > bound else { return [] }
        var removed: [String] = []
        // A cache in use that alone is over the bound (written under a larger one) would not be
        // written now (`admits`): it goes first, then the least recently used.
        let oversized = entries.filter { keeping.contains($0.path) && $0.size > bound }
        for entry in oversized + entries.filter(\.isRemovable).sorted(by: { $0.modified < $1.modified }) {
            guard total > bound else { break }
            FileCalls.remove(entry.path)
            total -= entry.size
            removed.append(entry.path)
        }
        VerifiedCaches.forget(removed, besideSession: sessionFile)
        return removed
    }

    /// Notes that the cache `path` was just used: its modification time becomes now, unless it is
    /// already less than a minute old (one `stat`, and a write of its times at most once a minute).
    /// Returns whether it was touched.
    @discardableResult
    static func markUsed(_ path: String) -> Bool {
        guard let modified = FileCalls.fileStatus(path)?.modified, modified < FileCalls.now() - 60 * 1_000_000_000 else { return false }
        FileCalls.touch(path)
        return true
    }
}
