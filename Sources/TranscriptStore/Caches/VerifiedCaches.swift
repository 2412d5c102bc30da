/// The row caches and small-files caches (`RowsFile`) that were read back and checked whole (their
/// `Checksum` over every byte, every column's structure), each with the identity its file had
/// then, so that a later loading maps a cache whose identity is unchanged and checks only its
/// counts (`Corpus.ReadChecks.counts`) instead of reading all its bytes a second time before the
/// search reads them once.
///
/// Kept beside the session, in `<session file>.verified`: a first line `tsearch verified caches 1`,
/// then one line per cache file (oldest first, at most `limit`): its path, size, modification and
/// status-change times (ns), inode and device. Written atomically when something changed; two
/// loadings that finish at once may each miss the other's lines, which only means a check is made
/// again. A record that does not read back as this shape is taken for empty.
///
/// Caches are touched when used (`CacheBound.markUsed`, `SmallFilesCache.markUsed`: the bound
/// removes the least recently used first), which changes their times: the line is updated right
/// after such a touch of ours, when the file's size, inode and device are still the ones checked.
///
/// What the identity catches, and what it does not. Any write to a cache through the file system
/// (a truncation, bytes flipped in place, a copy or rename over it, another program's touch) moves
/// its status-change time, which no program can set back, or changes its size or inode: the
/// identity differs, the cache is checked whole again, and a damaged one is refused and rebuilt as
/// before. Not caught while the identity is unchanged: damage below the file system (a failing disk
/// or controller, a kernel bug, a write to the raw device), which changes bytes but no times; a
/// write of the same size that lands within the same tick of the file system's clock as the
/// verification or our own touch (timestamps advance every 1-10 ms on Linux, every 2 s on FAT), so
/// that its times equal the recorded ones; and a clock set back to exactly such a time. The first
/// kind is what a checksum on every read would catch; the counts still checked (each column fits
/// the file, the offsets' ends) keep a damaged cache from sending a read outside the mapping, but
/// a damaged offset or speaker number inside it may show wrong text or stop the process. The
/// content's trust in the files themselves (`KeptFileState.trusts`) is unchanged.
struct VerifiedCaches {
    /// The record's file.
    let file: String
    /// The identity each cache file had when it was checked (or touched by us since).
    private(set) var entries: [String: FileCalls.FileIdentity] = [:]
    /// The files in the order they were recorded, oldest first.
    private var order: [String] = []
    /// Whether `entries` changed since they were read (then `save` writes them).
    private(set) var changed = false

    /// How many caches are remembered.
    static let limit = 256
    static let header = "tsearch verified caches 1"

    /// The record of the store at `location`, as its file holds it now (empty when there is none).
    init(location: StoreLocation) {
        self.init(sessionFile: location.sessionFile)
    }

    /// The record beside the session file `sessionFile`.
    init(sessionFile: String) {
        self.init(file: sessionFile + ".verified")
    }

    /// Forgets `removed` (caches the bound removed) in the record beside `sessionFile`, so that the
    /// record names only caches that are there (and is itself removed when it names none).
    static func forget(_ removed: [String], besideSession sessionFile: String) {
        var record = VerifiedCaches(sessionFile: sessionFile)
        for path in removed where record.entries[path] != nil {
            record.entries[path] = nil
            record.order.removeAll { $0 == path }
            record.changed = true
        }
        record.save()
    }

    /// The record in `file`.
    init(file: String) {
        self.file = file
        guard case .success(let bytes) = FileCalls.readFile(file) else { return }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(Self.header) else { return }
        for line in lines.dropFirst() where !line.isEmpty {
            // The path is everything before the last five fields (a path may hold spaces).
            let fields = line.split(separator: " ", omittingEmptySubsequences: false)
            guard fields.count >= 6, let size = Int64(fields[fields.count - 5]), let modified = Int64(fields[fields.count - 4]),
                  let changed = Int64(fields[fields.count - 3]), let inode = UInt64(fields[fields.count - 2]),
                  let device = UInt64(fields[fields.count - 1]) else { return }
            let path = fields.dropLast(5).joined(separator: " ")
            if entries[path] == nil { order.append(path) }
            entries[path] = FileCalls.FileIdentity(
                size: size, modified: modified, changed: changed, inode: inode, device: device, isRegular: true)
        }
    }

    /// Whether the cache `path`, as `identity` says it is now, was checked whole with that identity.
    func trusts(_ path: String, identity: FileCalls.FileIdentity) -> Bool {
        entries[path] == identity
    }

    /// Notes that the cache `path` was checked whole while it had `identity`.
    mutating func record(_ path: String, identity: FileCalls.FileIdentity) {
        guard entries[path] != identity, !path.contains("\n") else { return }
        if entries[path] == nil { order.append(path) }
        entries[path] = identity
        changed = true
        if order.count > Self.limit {
            for old in order.prefix(order.count - Self.limit) { entries[old] = nil }
            order.removeFirst(order.count - Self.limit)
        }
    }

    /// After our own touch of the cache `path` (checked, or trusted, with `before`): its identity
    /// now, when only its times moved.
    mutating func recordTouch(_ path: String, before: FileCalls.FileIdentity) {
        guard let now = FileCalls.fileIdentity(path), now.size == before.size, now.inode == before.inode,
              now.device == before.device else { return }
        record(path, identity: now)
    }

    /// Writes the record when it changed (a failure to write only means a check is made again);
    /// removes it when it names no cache.
    func save() {
        guard changed else { return }
        if entries.isEmpty { return FileCalls.remove(file) }
        let lines = order.compactMap { path in
            entries[path].map { "\(path) \($0.size) \($0.modified) \($0.changed) \($0.inode) \($0.device)" }
        }
        let text = ([Self.header] + lines).joined(separator: "\n") + "\n"
        let directory = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)])
        if !directory.isEmpty, case .failure = FileCalls.makeDirectories(directory) { return }
        _ = FileCalls.writeAtomically(Array(text.utf8), to: file, sync: false)
    }
}
