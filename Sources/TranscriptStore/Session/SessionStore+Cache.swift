import TranscriptModel
import TranscriptSearch

/// The session's cache: the rows and hit maps beside the session file, so stepping never re-reads
/// or re-searches unchanged files.
extension SessionStore {
    static let cacheMagic = Array("TSSESSIONCACHE2".utf8)

    /// Writes the rows and hit maps beside the session; returns the id the session must name.
    /// Layout: the magic `TSSESSIONCACHE2` (2: the rows in parts), the id, a `Checksum` of everything after it, the hit maps
    /// (`HitIndex` serialization), then the rows as a count of parts, each one of
    /// - (`CachePart.Tag.rowCache`, 1) a source kept in a row cache: its path, the row cache file and its content hash;
    /// - (`CachePart.Tag.smallFiles`, 2) consecutive sources kept at consecutive positions of a small-files cache: the file,
    ///   its ID, the first position, the count and each source's path;
    /// - (`CachePart.Tag.inline`, 0) consecutive sources kept nowhere else: zero padding to an 8-byte boundary and their
    ///   corpus.
    /// So rows kept elsewhere are not written twice; `readCache` maps them all in place.
    ///
    /// A cache bigger than the caches' whole size bound (`CacheBound`) is not written unless
    /// `holdsStreams` (rows that cannot be read again): the session names it all the same, and a
    /// step that finds it gone searches the files again.
    func writeCache(corpus: Corpus, index: HitIndex, keptRows: [KeptRows?] = [], holdsStreams: Bool = true) throws(SessionError) -> String {
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
                writer.write(CachePart.Tag.rowCache.rawValue)
                writer.write(corpus.sources[source].path)
                writer.write(file.file)
                writer.write(file.hash)
            case .smallFiles(let file, let id, let first, let sources):
                writer.write(CachePart.Tag.smallFiles.rawValue)
                writer.write(file)
                writer.write(id)
                writer.write(UInt64(first))
                writer.write(UInt64(sources.count))
                for source in sources { writer.write(corpus.sources[source].path) }
            case .inline(let sources):
                writer.write(CachePart.Tag.inline.rawValue)
                writer.align(to: 8)
                corpus.sources(sources).write(to: &writer)
            }
        }
        writer.endChecksum(at: checksumOffset)
        guard holdsStreams || bound.admits(writer.bytes.count) else { return id }
        // Not synced to the disk: a cache cut short by a crash fails its checksum and is rebuilt.
        if case .failure(let error) = FileCalls.writeAtomically(
            writer.bytes, to: cachePath(id: id), sync: false, pauseMidWrite: pauseMidWrite
        ) {
            throw SessionError(path: path, kind: .unwritable(error.description))
        }
        return id
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
                switch CachePart.Tag(rawValue: try reader.readUInt64()) {
                case .rowCache:
                    let path = try reader.readString()
                    let file = RowCacheFile(file: try reader.readString(), hash: try reader.readString())
                    guard let cached = RowCache.read(file.file), cached.entry.hash == file.hash else { return nil }
                    rows = cached.entry.corpus
                    rows.setPath(path, ofSource: 0)
                    kept.append(.rowCache(file))
                case .smallFiles:
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
                case .inline:
                    try reader.align()
                    rows = try Corpus(reading: &reader, checks: .structure)
                    kept += Array(repeating: nil, count: rows.sources.count)
                case nil:
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
