import TranscriptModel

/// Runs a matcher over the rows of a corpus that pass a filter, and records the hits as a
/// `HitIndex`. Without a matcher (a query of filter tokens only), every passing row is one hit with
/// an empty range: the search lists rows. With `.acrossRows` each transcript is searched as one
/// text, rows joined by one space (`JoinedRows`), and the filter applies to the row a hit starts in.
///
/// `let index = SearchRunner(try RegexMatcher(query)).search(corpus)`
///
/// Limits: `search(_:until:isCancelled:)` checks its deadline and cancellation between rows, so it
/// cannot stop inside one row; a catastrophic regular expression on one long row must be bounded
/// from outside (the command line runs the search on another thread and gives up waiting).
public struct SearchRunner: Sendable {
    public let matcher: (any Matcher)?
    public let filter: RowFilter
    /// Whether hits may cross rows; a listing without a matcher is always one hit per row.
    public let spanning: RowSpanning

    public init(_ matcher: (any Matcher)?, filter: RowFilter = RowFilter(), spanning: RowSpanning = .withinRows) {
        self.matcher = matcher
        self.filter = filter
        self.spanning = spanning
    }

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

    /// The same search, stopping between rows when `deadline` passes or `isCancelled()` says so.
    /// `candidates` (row indices in order), when given, are the only rows searched: the rows that
    /// matched a query this one refines (see `refines(_:)`); a search across rows ignores them (a
    /// longer query's hit may start in a row where the shorter one's did not).
    public func search(
        _ corpus: Corpus, until deadline: ContinuousClock.Instant?, candidates: [Int]? = nil, isCancelled: () -> Bool
    ) throws(Interruption) -> HitIndex {
        if spanning == .acrossRows, let matcher {
            return try searchAcrossRows(corpus, matcher: matcher, until: deadline, isCancelled: isCancelled)
        }
        if let index = try matcher?.hits(in: corpus, filter: filter, candidates: candidates, until: deadline, isCancelled: isCancelled) {
            return index
        }
        var index = HitIndex(rowCount: corpus.rowCount)
        let clock = ContinuousClock()
        var nextCandidate = 0
        for row in 0..<corpus.rowCount {
            if row % 256 == 0 {
                if isCancelled() { throw .cancelled }
                if let deadline, clock.now > deadline { throw .deadlinePassed(row: row) }
            }
            if let candidates {
                while nextCandidate < candidates.count, candidates[nextCandidate] < row { nextCandidate += 1 }
                guard nextCandidate < candidates.count, candidates[nextCandidate] == row else {
                    index.append(row: row, utf8Ranges: [])
                    continue
                }
            }
            guard filter.isEmpty || filter.accepts(row: row, in: corpus) else {
                index.append(row: row, utf8Ranges: [])
                continue
            }
            guard let matcher else {
                index.append(row: row, utf8Ranges: [0..<0])
                continue
            }
            let text = corpus.text(ofRow: row)
            let utf8 = text.utf8
            let ranges = matcher.ranges(in: text).map { range in
                utf8.distance(from: utf8.startIndex, to: range.lowerBound)
                    ..< utf8.distance(from: utf8.startIndex, to: range.upperBound)
            }
            index.append(row: row, utf8Ranges: ranges)
        }
        return index
    }
}
