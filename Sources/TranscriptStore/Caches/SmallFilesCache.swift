import TranscriptFormats
import TranscriptModel

/// The parsed rows of a search's small files (those below `RowCache.minimumBytes`, which get no
/// row cache of their own), kept together in one file beside the row caches, so that searching a
/// folder of many subtitles again reads one file instead of parsing every subtitle.
///
/// - One file per list of inputs and load options: `rows/<FNV-1a-64 of the key>.files`, where the
///   key is the inputs as absolute paths, the options that change what is read and the tool's
///   version (as `RowCache.key`).
/// - Layout, version 3 (`RowsFile`): the magic `TSFILES`, the version, a `Checksum` of everything
///   after it, the time the loading began, the key, an ID made for each write (a saved session
///   names it), then per file its absolute path and what it was (`KeptFileState`: its identity,
///   content hash and load warnings), then the corpus of those files, one source each, in the same
///   order (read in place by mapping the file).
/// - A file's rows are taken from it when the cache trusts the file as it is now
///   (`KeptFileState.trusts`: the same identity, settled before it was read); any other file is
///   read and parsed. Only files that loaded (with or without warnings) are kept: one with an
///   error is read again each time and reports it again.
/// - Written again, atomically, after a loading that parsed a file that changed, or one that had
///   not settled when it was kept and has now, or that no longer has one, when the small files
///   that loaded hold `minimumBytes` or more in all (fewer parse faster than the cache is read).
///   Anything that does not read back whole is a miss.
/// - A folder keeps the `limit` caches used most recently (by modification time, which a cache
///   read and used as it is gets anew), within the caches' size bound (`CacheBound`); writing one removes the oldest beyond that, and the
///   temporary files of writers killed more than an hour before.
struct SmallFilesCache: RowKeeping {
    static let magic = Array("TSFILES".utf8)
    static let version: UInt64 = 3

    /// What the cache file is called, and the key it must hold.
    let file: String
    let key: String
    /// The fewest bytes of small files worth keeping: the row cache's minimum for one file
    /// (`TSEARCH_SMALL_FILES_CACHE_MIN_BYTES` overrides it, for tests).
    let minimumBytes: Int64
    /// The size bound all caches keep to: a cache bigger than it is not written.
    let bound: CacheBound

    /// A kept file: where it is, and what it was when its rows were parsed.
    struct File: Equatable {
        var path: String
        var state: KeptFileState
    }

    /// What a cache file holds: `corpus` has one source per file, in order.
    struct Contents {
        var id: String
        /// When the loading that wrote it began.
        var keptAt: Int64
        var files: [File]
        var corpus: Corpus
        /// Each file's (first) position in `files`, by its absolute path.
        var positions: [String: Int]
    }

    /// The cache of the inputs `absolute` (each path made absolute; `-` for standard input) in
    /// `rowCache`'s folder.
    init(rowCache: RowCache, absolute: [String], options: LoadOptions, minimumBytes: Int64) {
        self.minimumBytes = minimumBytes
        bound = rowCache.bound
        key = RowCache.key(path: absolute.joined(separator: "\u{1}"), options: options)
        file = String(rowCache.filePath(key: key).dropLast(".rows".count)) + ".files"
    }

    /// The kept files, if the cache exists, is whole and holds this key (checked as `verified`
    /// says, `RowsFile.read`).
    func read(verified: inout VerifiedCaches?) -> Contents? {
        guard let contents = Self.read(file, verified: &verified), contents.key == key else { return nil }
        return contents.contents
    }

    /// A cache file read back whole (its corpus mapped, not copied), or nil if it is missing, of
    /// another version or damaged.
    static func read(_ file: String) -> (key: String, contents: Contents)? {
        var none: VerifiedCaches?
        return read(file, verified: &none)
    }

    /// `read(_:)`, trusting and recording as `verified` says (`RowsFile.read`).
    static func read(_ file: String, verified: inout VerifiedCaches?) -> (key: String, contents: Contents)? {
        let read = RowsFile.read(file, magic: magic, version: version, verified: &verified) { reader throws(BinaryDecodingError) in
            let key = try reader.readString()
            let id = try reader.readString()
            var files: [File] = []
            for _ in 0..<(try reader.readCount(elementSize: 40)) {
                files.append(File(path: try reader.readString(), state: try KeptFileState(reading: &reader)))
            }
            return (key: key, id: id, files: files)
        }
        guard let (header, keptAt, corpus) = read, corpus.sources.count == header.files.count else { return nil }
        var positions: [String: Int] = [:]
        for (position, file) in header.files.enumerated() where positions[file.path] == nil { positions[file.path] = position }
        return (header.key, Contents(id: header.id, keptAt: keptAt, files: header.files, corpus: corpus, positions: positions))
    }

    /// Writes `files` with their rows (`corpus`, one source per file, in order), read by a loading
    /// that began at `keptAt`; returns the new ID, or nil when it could not be written (that only
    /// means no cache).
    func keep(_ rows: (files: [File], corpus: Corpus), keptAt: Int64) -> String? {
        let (files, corpus) = rows
        precondition(corpus.sources.count == files.count, "one source per kept file")
        guard bound.admits(corpus.serializedSizeEstimate), let slash = file.lastIndex(of: "/"), case .success = FileCalls.makeDirectories(String(file[..<slash])) else {
            return nil
        }
        let id = String(FileCalls.uniqueNumber(), radix: 16)
        let written = RowsFile.write(to: file, magic: Self.magic, version: Self.version, keptAt: keptAt, corpus: corpus) { writer in
            writer.write(key)
            writer.write(id)
            writer.write(UInt64(files.count))
            for kept in files {
                writer.write(kept.path)
                kept.state.write(to: &writer)
            }
        }
        guard written else { return nil }
        removeLeastRecentlyUsed(keeping: Self.limit)
        return id
    }

    /// How many small-files caches a folder keeps: each list of inputs gets its own, and a script
    /// may search many lists.
    static let limit = 16

    /// Marks the cache as used now (`removeLeastRecentlyUsed` and `CacheBound` go by modification
    /// time). Always, not once a minute as a row cache is (`CacheBound.markUsed`): a search has
    /// one small-files cache, and the 16 a folder keeps are told apart by it. A cache `verified`
    /// trusted is recorded there again with its new times.
    func markUsed(verified: inout VerifiedCaches?) {
        let before = FileCalls.fileIdentity(file)
        FileCalls.touch(file)
        if let before, verified?.trusts(file, identity: before) == true { verified?.recordTouch(file, before: before) }
    }

    /// Removes the small-files caches of this folder beyond the `count` used most recently (never
    /// this one), and temporary files more than an hour old (left by writers that were killed).
    private func removeLeastRecentlyUsed(keeping count: Int) {
        guard let slash = file.lastIndex(of: "/"),
              case .success(let names) = FileCalls.directoryEntries(String(file[..<slash])) else { return }
        let folder = String(file[...slash])
        let hourAgo = FileCalls.now() - 3600 * 1_000_000_000
        let ours = names.filter { CacheFile.isOurs($0, in: String(folder.dropLast())) }
        for name in ours where CacheFile.target(ofTemporary: name) != nil && (FileCalls.fileStatus(folder + name)?.modified ?? .max) < hourAgo {
            FileCalls.remove(folder + name)
        }
        let caches = ours.filter { CacheFile.kind(ofName: $0[...]) == .smallFiles }.map { folder + $0 }.filter { $0 != file }
        guard caches.count >= count else { return }
        let byAge = caches.map { ($0, FileCalls.fileStatus($0)?.modified ?? 0) }.sorted { $0.1 > $1.1 }
        for (stale, _) in byAge.dropFirst(count - 1) { FileCalls.remove(stale) }
    }
}
