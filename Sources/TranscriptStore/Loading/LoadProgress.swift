import Foundation

/// How far a loading has got: files and bytes read so far out of the total, which the loader
/// knows from the inputs' sizes (one `stat` each) before it reads the first one. Give one to
/// `CorpusLoader(progress:)` and read `snapshot` from any thread as often as a display redraws
/// (the command line's progress line, the pager's status line, an app's progress bar).
///
/// The loader adds to it once per file, never per row, under a lock held for a few
/// instructions: it costs nothing a loading of small files would notice. A cached file counts
/// as read when its rows are taken from the cache.
public final class LoadProgress: @unchecked Sendable {
    // `state` is only touched under `lock`.
    private let lock = NSLock()
    private var state = Snapshot()

    /// What a loading has done at one moment.
    public struct Snapshot: Sendable, Equatable {
        /// Where the loading is.
        public var stage: Stage = .listing
        /// Files read (or taken from a cache) so far.
        public var files = 0
        /// All the files to read; 0 until the inputs are listed.
        public var totalFiles = 0
        /// Bytes of the files counted in `files`.
        public var bytes: Int64 = 0
        /// Bytes of all the files to read (standard input and pipes count as 0: their size is
        /// not known before they are read).
        public var totalBytes: Int64 = 0

        /// A loading that has not begun.
        public init() {}

        /// The part read, from 0 to 1, by bytes (by files when no byte is known).
        public var fraction: Double {
            if totalBytes > 0 { return min(1, Double(bytes) / Double(totalBytes)) }
            return totalFiles > 0 ? min(1, Double(files) / Double(totalFiles)) : 0
        }
    }

    /// The stages of a loading, in order.
    public enum Stage: Sendable, Equatable {
        /// The inputs are being listed (folders walked); the totals are not known yet.
        case listing
        /// Files are being read; the totals are known.
        case reading
        /// Every file is read; the rows are being written to the caches for the next loading.
        case keeping
        /// Every file is read; what follows (a search) is not the loader's.
        case loaded
    }

    /// A progress at its beginning: listing, nothing read.
    public init() {}

    /// The loading as it is now. Safe from any thread.
    public var snapshot: Snapshot {
        lock.lock()
        defer { lock.unlock() }
        return state
    }

    /// The inputs are listed: `files` files of `bytes` bytes in all are to be read.
    func begin(files: Int, bytes: Int64) {
        lock.lock()
        state.stage = .reading
        state.totalFiles = files
        state.totalBytes = bytes
        lock.unlock()
    }

    /// One more file, of `bytes` bytes, is read. Safe from the read-ahead threads.
    func add(bytes: Int64) {
        lock.lock()
        state.files += 1
        state.bytes += bytes
        lock.unlock()
    }

    /// Every file is read; what was parsed is being kept for the next loading.
    func keep() {
        lock.lock()
        state.stage = .keeping
        lock.unlock()
    }

    /// Every file is read.
    func finish() {
        lock.lock()
        state.stage = .loaded
        state.files = max(state.files, state.totalFiles)
        state.bytes = max(state.bytes, state.totalBytes)
        lock.unlock()
    }
}
