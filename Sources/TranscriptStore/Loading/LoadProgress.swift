import Foundation
import TranscriptModel

/// How far a loading has got: files and bytes read so far out of the total, which the loader
/// knows from the inputs' sizes (one `stat` each) before it reads the first one. Give one to
/// `CorpusLoader(progress:)` and read `snapshot` from any thread as often as a display redraws
/// (the command line's progress line, the pager's status line, an app's progress bar).
///
/// The loader adds to it once per file, never per row, under a lock held for a few
/// instructions: it costs nothing a loading of small files would notice. A cached file counts
/// as read when its rows are taken from the cache.
///
/// Asked to (`PartialCorpora.doubling`), it also hands out the rows loaded so far
/// (`takePartial()`), so that a display can search and show them before the loading ends (the
/// pager does). Files are added in input order, so each partial corpus is a prefix of the next
/// and of the final one: the same sources and rows, in the same order. Handing one out shares
/// the loader's columns, so the loader's next append copies them whole; partials are therefore
/// made on a doubling schedule (when the text loaded first passes 1 MB, then each time it has
/// doubled since the last partial, never within 150 ms of the start or of the last partial): at
/// most log2(final / first) + 1 of them, whose copies add up to less than twice the final text:
/// linear, never quadratic.
/// By default none is made, and a loading copies nothing. The final corpus is never handed out
/// here: it is the loading's result.
public final class LoadProgress: @unchecked Sendable {
    // `state`, `partial` and `schedule` are only touched under `lock`.
    private let lock = NSLock()
    private var state = Snapshot()
    private var partial: PartialCorpus?
    private var schedule: Schedule?
    /// Whether partials are made at all (read without the lock: it never changes).
    private let partials: PartialCorpora

    /// Whether a loading hands out the rows loaded so far, and when.
    public enum PartialCorpora: Sendable, Equatable {
        /// Never: the loader copies nothing for anyone (the command line's searches).
        case none
        /// When the text loaded first passes `firstBytes`, then each time it is twice what the
        /// partial before held, at least `interval` after the start and the partial before.
        case doubling(firstBytes: Int, interval: Duration)

        /// The pager's schedule: from 1 MB, at most every 150 ms.
        public static let standard = PartialCorpora.doubling(firstBytes: 1_000_000, interval: .milliseconds(150))
    }

    /// The rows a loading had loaded at one moment: a prefix of its final corpus.
    public struct PartialCorpus: Sendable {
        /// The sources and rows loaded so far, in input order.
        public var corpus: Corpus
        /// Which partial of the loading this is: 1 for the first, then 2, 3…
        public var number: Int
    }

    /// When the next partial is due.
    private struct Schedule {
        var nextBytes: Int
        let interval: Duration
        var notBefore: ContinuousClock.Instant
        var made = 0
    }

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

    /// A progress at its beginning: listing, nothing read; handing out partial corpora as
    /// `partials` says.
    public init(partials: PartialCorpora = .none) {
        self.partials = partials
        if case .doubling(let firstBytes, let interval) = partials {
            schedule = Schedule(nextBytes: max(1, firstBytes), interval: interval, notBefore: .now + interval)
        }
    }

    /// The newest partial corpus not taken yet, taken (so it is given once); nil when there is
    /// none new, when partials were not asked for, and once the loading is over. Safe from any
    /// thread.
    public func takePartial() -> PartialCorpus? {
        lock.lock()
        defer { lock.unlock() }
        let taken = partial
        partial = nil
        return taken
    }

    /// The loader's rows after another input: kept as the newest partial when one is due. Costs
    /// a comparison when none is (and nothing when partials were not asked for).
    func offer(_ corpus: Corpus) {
        guard partials != .none else { return }
        lock.lock()
        defer { lock.unlock() }
        guard var due = schedule, state.stage == .reading, corpus.textByteCount >= due.nextBytes else { return }
        let now = ContinuousClock.now
        guard now >= due.notBefore else { return }
        due.nextBytes = 2 * corpus.textByteCount
        due.notBefore = now + due.interval
        due.made += 1
        schedule = due
        partial = PartialCorpus(corpus: corpus, number: due.made)
    }

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
        partial = nil
        lock.unlock()
    }

    /// Every file is read.
    func finish() {
        lock.lock()
        state.stage = .loaded
        partial = nil
        state.files = max(state.files, state.totalFiles)
        state.bytes = max(state.bytes, state.totalBytes)
        lock.unlock()
    }
}
