import Foundation
import TranscriptModel
import TranscriptSearch

/// Where the saved session lives and how it is read and written.
///
/// - The session: `$TSEARCH_STATE`, else `$XDG_STATE_HOME/tsearch/session.json`, else
///   `~/.local/state/tsearch/session.json`.
/// - Beside it: `session.json.cache-ID` (the loaded rows and the hit maps, so stepping never re-reads
///   or re-searches unchanged files; the session names its ID) and `session.json.lock` (an advisory
///   lock held for the whole of every read-modify-write, so concurrent `tsearch next` processes
///   serialise).
/// - Every file is written atomically (temporary file, fsync, rename). A new cache gets a new name,
///   and old caches are removed only after the session that names the new one is in place, so a
///   crash at any moment leaves a session and the cache it names. A command that fails never writes.
///   `TSEARCH_TEST_PAUSE_MID_WRITE_MS` pauses halfway through each write, for crash tests only.
public struct SessionStore: Sendable {
    /// The session file.
    public let path: String
    /// Milliseconds each write pauses halfway, for crash tests only.
    let pauseMidWrite: Int

    var lockPath: String { path + ".lock" }
    var directory: String { String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    var fileName: String { String(path[(path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex)...]) }

    func cachePath(id: String) -> String { path + ".cache-" + id }

    /// The session at `location` (`StoreLocation.sessionFile`).
    public init(location: StoreLocation) {
        path = location.sessionFile
        pauseMidWrite = location.pauseMidWrite
    }

    /// Runs `body` holding the session's lock (creating the folder if needed).
    func withLock<T>(_ body: () throws(SessionError) -> T) throws(SessionError) -> T {
        if !directory.isEmpty, case .failure(let error) = FileCalls.makeDirectories(directory) {
            throw SessionError(path: path, kind: .unwritable(error.description))
        }
        let descriptor: Int32
        switch FileCalls.lock(lockPath) {
        case .success(let value): descriptor = value
        case .failure(let error): throw SessionError(path: path, kind: .unwritable(error.description))
        }
        defer { FileCalls.unlock(descriptor) }
        return try body()
    }

    /// Runs `body` holding the session's lock shared, for commands that only read (export, the
    /// pager's start, show with nothing to save): works in a read-only state folder.
    func withReadLock<T>(_ body: () throws(SessionError) -> T) throws(SessionError) -> T {
        let descriptor: Int32?
        switch FileCalls.lockForReading(lockPath) {
        case .success(let value): descriptor = value
        case .failure(let error): throw SessionError(path: path, kind: .unwritable(error.description))
        }
        defer { if let descriptor { FileCalls.unlock(descriptor) } }
        return try body()
    }

    func read() throws(SessionError) -> SessionState {
        guard FileCalls.fileStatus(path) != nil else { throw SessionError(path: path, kind: .missing) }
        let bytes: [UInt8]
        switch FileCalls.readRegularFile(path, limit: 64 << 20) {
        case .success(let contents): bytes = contents
        case .failure(let error): throw SessionError(path: path, kind: .damaged(error.description))
        }
        let data = Data(bytes)
        let version: SessionState.Version
        do {
            version = try JSONDecoder().decode(SessionState.Version.self, from: data)
        } catch {
            throw SessionError(path: path, kind: .damaged("not a session file"))
        }
        guard version.schema <= SessionState.schema else {
            throw SessionError(path: path, kind: .newerSchema(version.schema))
        }
        do {
            return try JSONDecoder().decode(SessionState.self, from: data)
        } catch {
            throw SessionError(path: path, kind: .damaged("a member is missing or of the wrong type"))
        }
    }

    /// Replaces the session, then removes caches it does not name and temporary files left by
    /// writers that were killed (none can be running: the caller holds the lock).
    func write(_ state: SessionState) throws(SessionError) {
        if case .failure(let error) = FileCalls.writeAtomically(state.encoded(), to: path, pauseMidWrite: pauseMidWrite) {
            throw SessionError(path: path, kind: .unwritable(error.description))
        }
        guard case .success(let names) = FileCalls.directoryEntries(directory.isEmpty ? "/" : directory) else { return }
        let keep = fileName + ".cache-" + state.cache
        for name in names where name.hasPrefix(fileName + ".cache-") || name.hasPrefix(fileName + ".tmp-") {
            if name != keep { FileCalls.remove(directory + "/" + name) }
        }
    }

    /// Removes the cache `id` (one a session that could not be saved would have named).
    func removeCache(id: String) {
        guard !id.isEmpty, !id.contains("/") else { return }
        FileCalls.remove(cachePath(id: id))
    }

    static let cacheMagic = Array("TSSESSIONCACHE2".utf8)

    /// Writes the rows and hit maps beside the session; returns the id the session must name.
    /// Layout: the magic `TSSESSIONCACHE2` (2: the rows in parts), the id, a `Checksum` of everything after it, the hit maps
    /// (`HitIndex` serialization), then the rows as a count of parts, each one of
    /// - (1) a source kept in a row cache: its path, the row cache file and its content hash;
    /// - (2) consecutive sources kept at consecutive positions of a small-files cache: the file,
    ///   its ID, the first position, the count and each source's path;
    /// - (0) consecutive sources kept nowhere else: zero padding to an 8-byte boundary and their
    ///   corpus.
    /// So rows kept elsewhere are not written twice; `readCache` maps them all in place.
    func writeCache(corpus: Corpus, index: HitIndex, keptRows: [KeptRows?] = []) throws(SessionError) -> String {
        let id = String(FileCalls.uniqueNumber(), radix: 16)
        let parts = CachePart.parts(keptRows.count == corpus.sources.count ? keptRows : Array(repeating: nil, count: corpus.sources.count))
        // Room for the whole corpus when any of it is written here (pages never written cost nothing).
        let rows = parts.contains { if case .inline = $0 { true } else { false } } ? corpus.serializedSizeEstimate : 0
        var writer = BinaryWriter(reservingCapacity: rows + corpus.sources.count * 64 + index.count * 24 + 4096)
        writer.write(Self.cacheMagic)
        writer.write(id)
        let checksumOffset = writer.beginChecksum()
        writer.write(index.serialized())
        writer.write(UInt64(parts.count))
        for part in parts {
            switch part {
            case .rowCache(let source, let file):
                writer.write(UInt64(1))
                writer.write(corpus.sources[source].path)
                writer.write(file.file)
                writer.write(file.hash)
            case .smallFiles(let file, let id, let first, let sources):
                writer.write(UInt64(2))
                writer.write(file)
                writer.write(id)
                writer.write(UInt64(first))
                writer.write(UInt64(sources.count))
                for source in sources { writer.write(corpus.sources[source].path) }
            case .inline(let sources):
                writer.write(UInt64(0))
                writer.align(to: 8)
                corpus.sources(sources).write(to: &writer)
            }
        }
        writer.endChecksum(at: checksumOffset)
        // Not synced to the disk: a cache cut short by a crash fails its checksum and is rebuilt.
        if case .failure(let error) = FileCalls.writeAtomically(
            writer.bytes, to: cachePath(id: id), sync: false, pauseMidWrite: pauseMidWrite
        ) {
            throw SessionError(path: path, kind: .unwritable(error.description))
        }
        return id
    }

    /// A run of the corpus's sources as the session cache writes it.
    enum CachePart: Equatable {
        case rowCache(source: Int, RowCacheFile)
        case smallFiles(file: String, id: String, first: Int, sources: Range<Int>)
        case inline(Range<Int>)

        /// The parts of a corpus whose sources are kept as `kept` says, in order.
        static func parts(_ kept: [KeptRows?]) -> [CachePart] {
            var parts: [CachePart] = []
            for (source, rows) in kept.enumerated() {
                switch (rows, parts.last) {
                case (.rowCache(let file), _):
                    parts.append(.rowCache(source: source, file))
                case (.smallFiles(let file, let id, let position), .smallFiles(let lastFile, let lastID, let first, let sources))
                    where file == lastFile && id == lastID && position == first + sources.count:
                    parts[parts.count - 1] = .smallFiles(file: file, id: id, first: first, sources: sources.lowerBound..<(source + 1))
                case (.smallFiles(let file, let id, let position), _):
                    parts.append(.smallFiles(file: file, id: id, first: position, sources: source..<(source + 1)))
                case (nil, .inline(let sources)):
                    parts[parts.count - 1] = .inline(sources.lowerBound..<(source + 1))
                case (nil, _):
                    parts.append(.inline(source..<(source + 1)))
                }
            }
            return parts
        }
    }

    /// The cached rows and hit maps if the cache exists, is whole, and is the one `id` names (and
    /// the row caches and small-files caches it names still hold the rows the hits were found in).
    /// Files are mapped, not read: a million rows cost their validation only.
    func readCache(id: String) -> (corpus: Corpus, index: HitIndex, keptRows: [KeptRows?])? {
        guard !id.contains("/"), let region = ByteRegion(mapping: cachePath(id: id), copyingBelow: RowCache.copyBelowBytes) else { return nil }
        var reader = RegionReader(region)
        do {
            guard try reader.readBytes() == Self.cacheMagic,
                  try reader.readString() == id else { return nil }
            try reader.verifyChecksum()
            let index = try HitIndex(serialized: try reader.readBytes())
            var corpus = Corpus()
            var kept: [KeptRows?] = []
            var smallFiles: [String: SmallFilesCache.Contents] = [:]
            for _ in 0..<(try reader.readCount(elementSize: 8)) {
                var rows: Corpus
                switch try reader.readUInt64() {
                case 1:
                    let path = try reader.readString()
                    let file = RowCacheFile(file: try reader.readString(), hash: try reader.readString())
                    guard let cached = RowCache.read(file.file), cached.entry.hash == file.hash else { return nil }
                    rows = cached.entry.corpus
                    rows.setPath(path, ofSource: 0)
                    kept.append(.rowCache(file))
                case 2:
                    let file = try reader.readString()
                    let keptID = try reader.readString()
                    let first = Int(try reader.readUInt64())
                    let count = try reader.readCount(elementSize: 8)
                    guard let contents = smallFiles[file] ?? SmallFilesCache.read(file)?.contents, contents.id == keptID,
                          first >= 0, first <= contents.files.count - count else { return nil }
                    smallFiles[file] = contents
                    rows = contents.corpus.sources(first..<(first + count))
                    for source in 0..<count {
                        rows.setPath(try reader.readString(), ofSource: source)
                        kept.append(.smallFiles(file: file, id: keptID, position: first + source))
                    }
                case 0:
                    try reader.align()
                    rows = try Corpus(reading: &reader, checksumVerified: true)
                    kept += Array(repeating: nil, count: rows.sources.count)
                default:
                    return nil
                }
                corpus.append(contentsOf: rows)
            }
            // The checksum says these are the bytes written with the rows they were found in (the
            // row caches named by their content hash, the small-files caches by their ID): the
            // structure is checked, not every hit against the text again (a million rows' hits
            // cost more than the step itself).
            guard reader.isAtEnd, index.isComplete, index.rowCount == corpus.rowCount else { return nil }
            return (corpus, index, kept)
        } catch {
            return nil
        }
    }
}
