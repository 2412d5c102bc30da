import TranscriptFormats
import TranscriptModel

/// The parsed rows of each big source file, kept beside the session (`rows/` in the session's
/// folder) so that a search of an unchanged file does not parse it again.
///
/// - One file per source and load options: `rows/<FNV-1a-64 of the key>.rows`, where the key is the
///   resolved path, the options that change what is read (format, encoding, rolling captions) and
///   the tool's version.
/// - Layout, version 3 (`RowsFile`): the magic `TSROWS`, the version, a `Checksum` of everything
///   after it, the time the loading began, the key, the source as it was read (`KeptFileState`:
///   its identity, content hash and warnings), then the corpus of that one source, read in place
///   by mapping the file.
/// - Valid when the file's identity is the one kept and it had settled before the rows were read
///   (`KeptFileState.trusts`), or else when its size and content hash are the ones kept (a file
///   only touched, copied back, or changed just before it was read); the cache is then written
///   again with the file as it is now, so the next search need not read it. Anything else, or a
///   cache that does not read back whole (another version, a damaged or truncated file), is a
///   miss: the file is parsed and the cache written again, atomically (temporary file and rename,
///   never rewritten in place while another process maps it), streamed from the corpus's columns,
///   without waiting for the disk (the checksum finds a file a crash cut short).
/// - Only files of `minimumBytes` or more are cached: smaller ones parse faster than a cache file is
///   written (`TSEARCH_ROW_CACHE_MIN_BYTES` overrides it, for tests). Small files are kept together
///   instead (`SmallFilesCache`).
struct RowCache {
    let directory: String
    let minimumBytes: Int64
    /// How long before a loading began a file must have last changed for a cache to trust it by
    /// its identity (`KeptFileState.trusts`): timestamps can be as coarse as 2 s (FAT), so a file
    /// changed just before it was read may change again without its times showing it.
    /// `TSEARCH_CACHE_SETTLE_NS` overrides it, for tests.
    let settle: Int64
    /// The size bound all caches keep to: a cache bigger than it is not written.
    let bound: CacheBound

    /// Cache files smaller than this are read into memory, not mapped: a copy cannot fault when
    /// the file is cut short while in use (see `MappedFileFaults` for the big ones), and costs
    /// little at this size.
    static let copyBelowBytes = 16 << 20

    static let magic = Array("TSROWS".utf8)
    static let version: UInt64 = 3

    /// The row cache at `location` (its `rowsDirectory`, minimum and settling time).
    init(location: StoreLocation) {
        directory = location.rowsDirectory
        minimumBytes = location.rowCacheMinimumBytes
        settle = location.settle
        bound = CacheBound(location: location)
    }

    /// What a cache file holds.
    struct Entry {
        var corpus: Corpus
        /// The hash of the bytes the rows were parsed from (`SourceFingerprint.hash`).
        var hash: String
        /// Each warning's text after the file's path (`:38: expected …`).
        var warningTails: [KeptWarning]
        /// Each note's text after the file's path (`FormatError.isNote`).
        var noteTails: [KeptWarning]
    }

    /// The key: the path, the load options, this tool's version and the readers' revision (another
    /// version, or a build whose readers changed, may read files differently).
    static func key(path: String, options: LoadOptions) -> String {
        [path, options.format?.rawValue ?? "", options.encoding?.name ?? "", options.rollingCaptions.rawValue, StoreVersion.tool,
         String(LoadOptions.readersRevision)]
            .joined(separator: "\u{0}")
    }

    func filePath(key: String) -> String {
        directory + "/" + String(SourceFingerprint.hash(Array(key.utf8)).dropFirst(SourceFingerprint.hashPrefix.count)) + ".rows"
    }

    /// The place of the file at `path` (absolute), read with `options`, which is as `identity`
    /// says now.
    func slot(path: String, options: LoadOptions, identity: FileCalls.FileIdentity) -> Slot {
        Slot(cache: self, path: path, options: options, identity: identity)
    }

    /// One file's place in the row cache: its key (the path and load options) and its identity now.
    struct Slot: RowKeeping {
        let cache: RowCache
        let path: String
        let options: LoadOptions
        let identity: FileCalls.FileIdentity

        var key: String { RowCache.key(path: path, options: options) }
        /// The cache file.
        var file: String { cache.filePath(key: key) }

        /// The kept rows of this key, with what the file was and when they were kept (`verified`:
        /// as `RowsFile.read` trusts and records).
        func read(verified: inout VerifiedCaches?) -> (keptAt: Int64, state: KeptFileState, entry: Entry)? {
            guard let cached = RowCache.read(file, verified: &verified), cached.key == key else { return nil }
            return (cached.keptAt, cached.state, cached.entry)
        }

        /// Keeps `entry` as the rows of the file as `identity` says it was; the cache file, or nil.
        func keep(_ entry: Entry, keptAt: Int64) -> String? {
            cache.store(entry, path: path, options: options, identity: identity, keptAt: keptAt)
        }

        /// The kept rows if they were parsed from the file as it is now: trusted by its identity,
        /// or else with the same size and content hash (`contentHash` computes it, reading the
        /// file; it is called at most once), and then `refresh` says to keep them again. The
        /// cache file is checked as `verified` says (`RowsFile.read`), and recorded there again
        /// when marking it used touched it.
        func lookup(verified: inout VerifiedCaches?, contentHash: () -> String?) -> (entry: Entry, file: String, refresh: Bool)? {
            let before = FileCalls.fileIdentity(file)
            guard let kept = read(verified: &verified), kept.state.identity.size == identity.size else { return nil }
            if kept.state.trusts(identity, keptAt: kept.keptAt, settle: cache.settle) {
                if CacheBound.markUsed(file), let before, verified?.trusts(file, identity: before) == true {
                    verified?.recordTouch(file, before: before)
                }
                return (kept.entry, file, false)
            }
            guard contentHash() == kept.state.hash else { return nil }
            return (kept.entry, file, true)
        }
    }

    /// A cache file read back whole (its corpus mapped, not copied), or nil if it is missing, of
    /// another version or damaged.
    /// With `verified`, as `RowsFile.read` trusts and records.
    static func read(_ file: String, verified: inout VerifiedCaches?) -> (key: String, keptAt: Int64, state: KeptFileState, entry: Entry)? {
        let read = RowsFile.read(file, magic: magic, version: version, verified: &verified) { reader throws(BinaryDecodingError) in
            (key: try reader.readString(), state: try KeptFileState(reading: &reader))
        }
        guard let (header, keptAt, corpus) = read, corpus.sources.count == 1 else { return nil }
        let state = header.state
        return (header.key, keptAt, state, Entry(corpus: corpus, hash: state.hash, warningTails: state.warningTails, noteTails: state.noteTails))
    }

    /// `read(_:verified:)` checking the file whole, recording nothing.
    static func read(_ file: String) -> (key: String, keptAt: Int64, state: KeptFileState, entry: Entry)? {
        var none: VerifiedCaches?
        return read(file, verified: &none)
    }

    /// Writes the rows of `path` (a corpus of that one source), read from the file as `identity`
    /// says it was by a loading that began at `keptAt`; returns the cache file, or nil when it
    /// could not be written (that only means no cache).
    func store(_ entry: Entry, path: String, options: LoadOptions, identity: FileCalls.FileIdentity, keptAt: Int64) -> String? {
        guard bound.admits(entry.corpus.serializedSizeEstimate), case .success = FileCalls.makeDirectories(directory) else { return nil }
        let key = Self.key(path: path, options: options)
        let state = KeptFileState(identity, hash: entry.hash, warningTails: entry.warningTails, noteTails: entry.noteTails)
        let written = RowsFile.write(
            to: filePath(key: key), magic: Self.magic, version: Self.version, keptAt: keptAt, corpus: entry.corpus
        ) { writer in
            writer.write(key)
            state.write(to: &writer)
        }
        return written ? filePath(key: key) : nil
    }
}
