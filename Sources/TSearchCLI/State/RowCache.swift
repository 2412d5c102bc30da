import TranscriptFormats
import TranscriptModel

/// The parsed rows of each big source file, kept beside the session (`rows/` in the session's
/// folder) so that a search of an unchanged file does not parse it again.
///
/// - One file per source and load options: `rows/<FNV-1a-64 of the key>.rows`, where the key is the
///   resolved path, the options that change what is read (format, encoding, rolling captions) and
///   the tool's version.
/// - Layout, version 1, little-endian: the magic `TSROWS`, the version, a `Checksum` of everything
///   after it (checked before anything else is read), the key, the source's size,
///   modification time (ns) and content hash (`SourceFingerprint`), the load warnings (each without
///   its leading path, which is shown as the file is named today), zero padding to an 8-byte
///   boundary, then the corpus of that one source (`Corpus` serialization), read in place by
///   mapping the file.
/// - Valid when the size and modification time are the file's, or (a file only touched) when its
///   content hash is. Anything else, or a cache that does not read back whole (another version, a
///   damaged or truncated file), is a miss: the file is parsed and the cache written again,
///   atomically (temporary file and rename, never rewritten in place while another process maps it),
///   streamed from the corpus's columns, without waiting for the disk (the checksum finds a file a
///   crash cut short).
/// - Only files of `minimumBytes` or more are cached: smaller ones parse faster than a cache file is
///   written (`TSEARCH_ROW_CACHE_MIN_BYTES` overrides it, for tests). Small files are kept together
///   instead (`SmallFilesCache`).
struct RowCache {
    let directory: String
    let minimumBytes: Int64

    static let magic = Array("TSROWS".utf8)
    static let version: UInt64 = 1

    init(environment: CommandEnvironment) {
        let session = SessionStore(environment: environment)
        directory = (session.directory.isEmpty ? "." : session.directory) + "/rows"
        minimumBytes = Int64(environment.variables["TSEARCH_ROW_CACHE_MIN_BYTES"] ?? "") ?? 256 * 1024
    }

    /// What a cache file holds.
    struct Entry {
        var corpus: Corpus
        /// The hash of the bytes the rows were parsed from (`SourceFingerprint.hash`).
        var hash: String
        /// Each warning's text after the file's path (`:38: expected …`).
        var warningTails: [String]
    }

    /// The key: the path, the load options, and this tool's version (another version may read
    /// files differently).
    static func key(path: String, options: LoadOptions) -> String {
        [path, options.format?.rawValue ?? "", options.encoding?.name ?? "", options.rollingCaptions.rawValue, Help.version]
            .joined(separator: "\u{0}")
    }

    func filePath(key: String) -> String {
        directory + "/" + String(SourceFingerprint.hash(Array(key.utf8)).dropFirst(SourceFingerprint.hashPrefix.count)) + ".rows"
    }

    /// The cached rows of `path` if they were parsed from the file as it is now: same size and
    /// modification time, or, when only the time differs, the same content hash (`contentHash`
    /// computes it, reading the file; it is called at most once).
    func lookup(
        path: String, options: LoadOptions, status: (size: Int64, modified: Int64), contentHash: () -> String?
    ) -> (entry: Entry, file: String)? {
        let key = Self.key(path: path, options: options)
        let file = filePath(key: key)
        guard let header = Self.read(file), header.key == key, header.size == status.size else { return nil }
        if header.modified != status.modified {
            guard contentHash() == header.entry.hash else { return nil }
        }
        return (header.entry, file)
    }

    /// A cache file read back whole (its corpus mapped, not copied), or nil if it is missing, of
    /// another version or damaged.
    static func read(_ file: String) -> (key: String, size: Int64, modified: Int64, entry: Entry)? {
        let read = RowsFile.read(file, magic: magic, version: version) { reader throws(BinaryDecodingError) in
            (key: try reader.readString(), state: try KeptFileState(reading: &reader))
        }
        guard let (header, corpus) = read, corpus.sources.count == 1 else { return nil }
        let state = header.state
        return (header.key, state.size, state.modified, Entry(corpus: corpus, hash: state.hash, warningTails: state.warningTails))
    }

    /// Writes the rows of `path` (a corpus of that one source); returns the cache file, or nil
    /// when it could not be written (that only means no cache).
    func store(_ entry: Entry, path: String, options: LoadOptions, status: (size: Int64, modified: Int64)) -> String? {
        guard case .success = SystemCalls.makeDirectories(directory) else { return nil }
        let key = Self.key(path: path, options: options)
        let state = KeptFileState(size: status.size, modified: status.modified, hash: entry.hash, warningTails: entry.warningTails)
        let written = RowsFile.write(to: filePath(key: key), magic: Self.magic, version: Self.version, corpus: entry.corpus) { writer in
            writer.write(key)
            state.write(to: &writer)
        }
        return written ? filePath(key: key) : nil
    }
}

/// What a file of rows keeps of each transcript it holds: its size and modification time (ns) when
/// its rows were parsed, its content hash (`SourceFingerprint`), and its load warnings, each
/// without its leading path (`:38: expected …`), to be shown under the path the file has today.
struct KeptFileState: Equatable {
    var size: Int64
    var modified: Int64
    var hash: String
    var warningTails: [String]

    func write(to writer: inout BinaryWriter) {
        writer.write(UInt64(bitPattern: size))
        writer.write(UInt64(bitPattern: modified))
        writer.write(hash)
        writer.write(UInt64(warningTails.count))
        for tail in warningTails { writer.write(tail) }
    }

    init(size: Int64, modified: Int64, hash: String, warningTails: [String]) {
        self.size = size
        self.modified = modified
        self.hash = hash
        self.warningTails = warningTails
    }

    init(reading reader: inout RegionReader) throws(BinaryDecodingError) {
        size = Int64(bitPattern: try reader.readUInt64())
        modified = Int64(bitPattern: try reader.readUInt64())
        hash = try reader.readString()
        warningTails = []
        for _ in 0..<(try reader.readCount(elementSize: 8)) { warningTails.append(try reader.readString()) }
    }
}

/// A file of parsed rows (`RowCache`, `SmallFilesCache`): its magic, its version, a `Checksum` of
/// everything after it (checked before anything else is read), a header of its own, zero padding
/// to an 8-byte boundary, then a corpus (`Corpus` serialization), read in place by mapping the file.
enum RowsFile {
    /// Writes the file atomically, streamed from the corpus's columns; false when it could not be.
    static func write(
        to path: String, magic: [UInt8], version: UInt64, corpus: Corpus, header: (inout BinaryWriter) -> Void
    ) -> Bool {
        let written = SystemCalls.writeCacheAtomically(to: path) { writer in
            writer.write(magic)
            writer.write(version)
            let checksumOffset = writer.beginChecksum()
            header(&writer)
            writer.align(to: 8)
            corpus.write(to: &writer)
            writer.endChecksum(at: checksumOffset)
        }
        guard case .success = written else { return false }
        return true
    }

    /// The header and the corpus (mapped, not copied) of a file read back whole, or nil if it is
    /// missing, of another magic or version, or damaged.
    static func read<Header>(
        _ path: String, magic: [UInt8], version: UInt64, header: (inout RegionReader) throws(BinaryDecodingError) -> Header
    ) -> (header: Header, corpus: Corpus)? {
        guard let region = ByteRegion(mapping: path) else { return nil }
        var reader = RegionReader(region)
        do {
            guard try reader.readBytes() == magic, try reader.readUInt64() == version else { return nil }
            try reader.verifyChecksum()
            let read = try header(&reader)
            try reader.align()
            let corpus = try Corpus(reading: &reader, checksumVerified: true)
            guard reader.isAtEnd else { return nil }
            return (read, corpus)
        } catch {
            return nil
        }
    }
}
