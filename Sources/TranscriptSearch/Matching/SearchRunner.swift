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
///  parts     spans cut at the corpus's parts (several mapped caches: `Corpus.textPartCount`),
///            each part's text scanned in place, its hits moved to the corpus's row numbers
///  pieces    spans cut and grouped into pieces of about 256 KB–4 MB of one part's text
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
        return try Self.hits(of: matcher, in: corpus, spans: spans, until: deadline, isCancelled: isCancelled)
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

    /// `matcher`'s hits in `spans` (rows of `corpus`) with the corpus's row numbers, one piece per
    /// core at a time. A corpus in parts (`Corpus.textPartCount`) is scanned part by part in place:
    /// each part's share of the spans is cut into pieces of its own buffer, and each piece's hits
    /// are moved to the corpus's row numbers by the part's first row.
    static func hits(
        of matcher: any Matcher, in corpus: Corpus, spans: [Range<Int>],
        until deadline: ContinuousClock.Instant?, isCancelled: () -> Bool
    ) throws(Interruption) -> HitList {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let partSpans = Self.partSpans(spans, of: corpus)
        let searchedBytes = partSpans.indices.reduce(0) { total, part in
            total + corpus.withTextBuffer(ofPart: part) { _, offsets in
                partSpans[part].reduce(0) { $0 + offsets[$1.upperBound] - offsets[$1.lowerBound] }
            }
        }
        let targetBytes = min(4 << 20, max(256 << 10, searchedBytes / (cores * 4) + 1))
        var pieces: [(part: Int, spans: [Range<Int>])] = []
        for part in partSpans.indices where !partSpans[part].isEmpty {
            corpus.withTextBuffer(ofPart: part) { bytes, offsets in
                let buffer = RowBuffer(bytes: bytes, offsets: offsets)
                pieces += Self.pieces(partSpans[part], of: buffer, targetBytes: targetBytes).map { (part, $0) }
            }
        }
        var all = HitList()
        let clock = ContinuousClock()
        var next = 0
        while next < pieces.count {
            if isCancelled() { throw .cancelled }
            if let deadline, clock.now > deadline {
                let piece = pieces[next]
                throw .deadlinePassed(row: corpus.firstRow(ofTextPart: piece.part) + (piece.spans.first?.lowerBound ?? 0))
            }
            let round = Array(pieces[next..<min(pieces.count, next + cores)])
            let results = ThreadSlots<Result<HitList, Interruption>>(count: round.count, repeating: .success(HitList()))
            defer { results.free() }
            DispatchQueue.concurrentPerform(iterations: round.count) { index in
                // Each iteration writes its own slot; the text is only read.
                let piece = round[index]
                results[index] = corpus.withTextBuffer(ofPart: piece.part) { bytes, offsets in
                    let buffer = RowBuffer(bytes: bytes, offsets: offsets)
                    var hits = HitList()
                    do throws(Interruption) {
                        for span in piece.spans { hits.append(contentsOf: try matcher.hits(in: buffer, rows: span, until: deadline)) }
                    } catch {
                        return .failure(error)
                    }
                    hits.moveRows(by: corpus.firstRow(ofTextPart: piece.part))
                    return .success(hits)
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

    /// `spans` (rows of `corpus`, in order) cut at the corpus's parts, each part's share in the
    /// part's own row numbers: one list per part (`Corpus.textPartCount`).
    static func partSpans(_ spans: [Range<Int>], of corpus: Corpus) -> [[Range<Int>]] {
        let count = corpus.textPartCount
        var partSpans = [[Range<Int>]](repeating: [], count: count)
        guard count > 1 else {
            partSpans[0] = spans
            return partSpans
        }
        var part = 0
        for span in spans {
            var start = span.lowerBound
            while start < span.upperBound {
                while part + 1 < count && corpus.firstRow(ofTextPart: part + 1) <= start { part += 1 }
                let end = part + 1 < count ? min(span.upperBound, corpus.firstRow(ofTextPart: part + 1)) : span.upperBound
                let first = corpus.firstRow(ofTextPart: part)
                partSpans[part].append((start - first)..<(end - first))
                start = end
            }
        }
        return partSpans
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

