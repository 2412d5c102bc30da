import Dispatch
import Foundation
import TranscriptModel

/// Runs a matcher over the rows of a corpus that pass a filter, and records the hits as a
/// `HitIndex`. Without a matcher (a query of filter tokens only), every passing row is one hit with
/// an empty range: the search lists rows. With `.acrossRows` each transcript is searched as one
/// text, rows joined by one space (`JoinedRows`; cut into chunks searched on every core when the
/// matcher's hits are bounded, `JoinedChunks`), and the filter applies to the row a hit starts in.
///
/// `let index = SearchRunner(try RegexMatcher(query)).search(corpus)`
///
/// The runner owns everything but finding ranges:
///
/// ```
///  rows      0 1 2 3 4 5 6 7 8 …        filter and refinement candidates → spans of rows searched
///  spans     [0..<3) [4..<9) …
///  pieces    spans cut and grouped into pieces of about 256 KB–4 MB of text
///  rounds    one piece per core at a time (DispatchQueue.concurrentPerform); the deadline and
///            cancellation are checked between rounds, and a matcher that may be slow checks the
///            deadline between rows of its piece
///  join      the pieces' `HitList`s in order → `HitIndex`
/// ```
///
/// Limits: nothing can stop a matcher inside one row; a catastrophic regular expression on one
/// long row must be bounded from outside (the command line runs the search on another thread and
/// gives up waiting).
public struct SearchRunner: Sendable {
    /// The matcher of a one-phrase query; nil for a listing (no text) and for a query of several
    /// terms, which `windows` finds.
    public let matcher: (any Matcher)?
    public let filter: RowFilter
    /// Whether hits may cross rows; a listing without a matcher is always one hit per row.
    public let spanning: RowSpanning
    /// The window search of a `QuerySyntax.boolean` query, else nil.
    let windows: WindowSearch?

    public init(_ matcher: (any Matcher)?, filter: RowFilter = RowFilter(), spanning: RowSpanning = .withinRows) {
        self.matcher = matcher
        self.filter = filter
        self.spanning = spanning
        windows = nil
    }

    /// The runner of a query of several terms: each term's runner has the filter.
    init(windows: WindowSearch, filter: RowFilter) {
        matcher = nil
        self.filter = filter
        spanning = .withinRows
        self.windows = windows
    }

    /// Whether hits are windows of several terms (`QuerySyntax.boolean`): such a search is never
    /// refined or paged row by row.
    public var findsWindows: Bool { windows != nil }

    /// Every hit in `corpus`, in corpus order. - Complexity: one matcher pass per row that passes.
    public func search(_ corpus: Corpus) -> HitIndex {
        // Without a deadline or cancellation nothing can interrupt the search.
        (try? search(corpus, until: nil, isCancelled: { false })) ?? HitIndex(rowCount: corpus.rowCount)
    }

    /// Why a search stopped early.
    public enum Interruption: Error, Hashable, Sendable {
        case deadlinePassed(row: Int)
        case cancelled
    }

    /// The same search, stopping between pieces when `deadline` passes or `isCancelled()` says so.
    /// `candidates` (row indices in order), when given, are the only rows searched: the rows that
    /// matched a query this one refines (see `refines(_:)`); a search across rows ignores them (a
    /// longer query's hit may start in a row where the shorter one's did not).
    public func search(
        _ corpus: Corpus, until deadline: ContinuousClock.Instant?, candidates: [Int]? = nil, isCancelled: () -> Bool
    ) throws(Interruption) -> HitIndex {
        if let windows { return try windows.search(corpus, until: deadline, isCancelled: isCancelled) }
        guard let matcher else {
            var index = HitIndex(rowCount: corpus.rowCount)
            let passes = rowTest(for: corpus)
            for row in 0..<corpus.rowCount {
                if row % 4096 == 0, isCancelled() { throw .cancelled }
                index.append(row: row, utf8Ranges: passes(row) ? [0..<0] : [])
            }
            return index
        }
        if spanning == .acrossRows {
            var index = try searchAcrossRows(corpus, matcher: matcher, until: deadline, isCancelled: isCancelled)
            if let fuzzy = matcher as? any MeasuresEdits { fuzzy.measureEdits(of: &index, in: corpus) }
            return index
        }
        return HitIndex(rowCount: corpus.rowCount, hits: try hitList(corpus, matcher: matcher, until: deadline, candidates: candidates, isCancelled: isCancelled))
    }

    /// A search within rows as the hit list, before the maps are made: what a window search
    /// merges its terms' hits from.
    func hitList(
        _ corpus: Corpus, matcher: any Matcher, until deadline: ContinuousClock.Instant?, candidates: [Int]?, isCancelled: () -> Bool
    ) throws(Interruption) -> HitList {
        let spans = searchedSpans(corpus, candidates: candidates)
        let found: Result<HitList, Interruption> = corpus.withTextBuffer { bytes, offsets in
            let buffer = RowBuffer(bytes: bytes, offsets: offsets)
            do throws(Interruption) {
                return .success(try Self.hits(of: matcher, in: buffer, spans: spans, until: deadline, isCancelled: isCancelled))
            } catch {
                return .failure(error)
            }
        }
        return try found.get()
    }

    /// The runs of consecutive rows the search looks at: those among `candidates` (when given)
    /// that pass the filter. - Complexity: O(rows), O(candidates) with candidates and no filter.
    func searchedSpans(_ corpus: Corpus, candidates: [Int]?) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        let passes = rowTest(for: corpus)
        func add(_ row: Int) {
            guard passes(row) else { return }
            if let last = spans.last, last.upperBound == row {
                spans[spans.count - 1] = last.lowerBound..<row + 1
            } else {
                spans.append(row..<row + 1)
            }
        }
        if let candidates {
            for row in candidates where row >= 0 && row < corpus.rowCount && (spans.last?.upperBound ?? 0) <= row { add(row) }
        } else if filter.isEmpty {
            if corpus.rowCount > 0 { spans = [0..<corpus.rowCount] }
        } else {
            for row in 0..<corpus.rowCount { add(row) }
        }
        return spans
    }

    /// Whether a row of `corpus` passes the filter, decided once per name (`RowFilter.Predicate`).
    func rowTest(for corpus: Corpus) -> (Int) -> Bool {
        guard !filter.isEmpty else { return { _ in true } }
        let predicate = RowFilter.Predicate(filter, corpus: corpus)
        return { predicate.accepts(row: $0) }
    }

    /// `matcher`'s hits in `spans` of `buffer`, one piece per core at a time.
    static func hits(
        of matcher: any Matcher, in buffer: RowBuffer, spans: [Range<Int>],
        until deadline: ContinuousClock.Instant?, isCancelled: () -> Bool
    ) throws(Interruption) -> HitList {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let searchedBytes = spans.reduce(0) { $0 + buffer.offsets[$1.upperBound] - buffer.offsets[$1.lowerBound] }
        let pieces = Self.pieces(spans, of: buffer, targetBytes: min(4 << 20, max(256 << 10, searchedBytes / (cores * 4) + 1)))
        var all = HitList()
        let clock = ContinuousClock()
        var next = 0
        while next < pieces.count {
            if isCancelled() { throw .cancelled }
            if let deadline, clock.now > deadline { throw .deadlinePassed(row: pieces[next].first?.lowerBound ?? 0) }
            let round = Array(pieces[next..<min(pieces.count, next + cores)])
            let results = ThreadSlots<Result<HitList, Interruption>>(count: round.count, repeating: .success(HitList()))
            defer { results.free() }
            DispatchQueue.concurrentPerform(iterations: round.count) { piece in
                // Each iteration writes its own slot; the text is only read.
                var hits = HitList()
                do throws(Interruption) {
                    for span in round[piece] { hits.append(contentsOf: try matcher.hits(in: buffer, rows: span, until: deadline)) }
                    results[piece] = .success(hits)
                } catch {
                    results[piece] = .failure(error)
                }
            }
            for slot in results.slots {
                switch slot {
                case .success(let hits): all.append(contentsOf: hits)
                case .failure(let interruption): throw interruption
                }
            }
            next += round.count
        }
        return all
    }

    /// `spans` cut and grouped into pieces of about `targetBytes` of text each, in order.
    static func pieces(_ spans: [Range<Int>], of buffer: RowBuffer, targetBytes: Int) -> [[Range<Int>]] {
        let offsets = buffer.offsets
        var pieces: [[Range<Int>]] = []
        var current: [Range<Int>] = []
        var currentBytes = 0
        for span in spans {
            var start = span.lowerBound
            while start < span.upperBound {
                // The first row whose end passes what the piece may still take.
                let limit = offsets[start] + (targetBytes - currentBytes)
                let end = max(start + 1, (start..<span.upperBound).partitionPoint { offsets[$0 + 1] > limit })
                let cut = min(end, span.upperBound)
                current.append(start..<cut)
                currentBytes += offsets[cut] - offsets[start]
                start = cut
                if currentBytes >= targetBytes {
                    pieces.append(current)
                    current = []
                    currentBytes = 0
                }
            }
        }
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}

