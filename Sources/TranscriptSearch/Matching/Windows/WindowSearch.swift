import TranscriptModel

/// Finds the hits of a `BooleanQuery`: windows of term hits, within a `WindowScope`.
///
/// ```
///  terms     budget      hiring     -travel          each term searched on its own, by the
///            ──●────●──────●───────────●────          fast matchers (one search per term)
///  stream    ● ● ●  ●                                 every term hit, in text order, with its
///                                                     place (group, lo…hi: WindowPlaces)
///  window    left ─────── right                       right moves over the stream; left moves up
///                                                     while the window does not fit the scope, then
///                                                     while it still satisfies the query without it
///  hit       the window when it satisfies the query and no NOT hit fits beside it
/// ```
///
/// Rules, the same as `WindowReference`'s (the plain definition, the oracle of the tests and the
/// benchmark): windows come left to right, each the smallest that ends where it ends (ending as
/// early as possible, then starting as late as possible), and none overlaps another (the next
/// one uses only hits that begin at or after the previous one's end). A NOT part excludes a
/// window when its terms are found with hits that would fit in the window's scope beside the
/// window's terms. A window's terms are every hit of a positive term inside it.
///
/// Cost: the terms' own searches, a sort of their hits, and one pass over them (each hit enters
/// and leaves the window once; a NOT check is a binary search and a scan of the NOT hits within
/// the limit). For `Nw`, the words between neighbouring hits are counted, no further than N.
struct WindowSearch: Sendable {
    let terms: WindowTerms

    /// The windows of `corpus`, within `deadline`.
    func search(
        _ corpus: Corpus, until deadline: ContinuousClock.Instant?, isCancelled: () -> Bool
    ) throws(SearchRunner.Interruption) -> HitIndex {
        let stream = try terms.stream(in: corpus, until: deadline, narrowing: true, isCancelled: isCancelled)
        let places = WindowPlaces(scope: terms.scope, corpus: corpus)
        let placed = places.places(of: stream)
        let positive = stream.indices.filter { !terms.isNegated[stream[$0].term] }
        let nots = NotHits(terms: terms, stream: stream, places: placed, limit: places.limit)
        let limit = places.limit
        let termCount = terms.runners.count

        var windows = WindowTerms.IndexBuilder(rowCount: corpus.rowCount)
        var tally = Tally(terms.query, termCount: termCount)
        // Indices into `positive` of the window's ends, and the hits' places in monotone queues
        // for the least `lo` and the greatest `hi` inside the window.
        var left = 0
        var lows: [Int] = [], lowsStart = 0
        var highs: [Int] = [], highsStart = 0
        var reached = Int.min  // where the last window ended: later windows begin at or after it
        func place(_ k: Int) -> WindowPlaces.Place { placed[positive[k]] }
        func fits(_ from: Int, _ to: Int) -> Bool {
            place(from).group == place(to).group && place(highs[highsStart]).hi - place(lows[lowsStart]).lo <= limit
        }
        func remove(_ k: Int) {
            tally.remove(stream[positive[k]].term)
            if lows[lowsStart] == k { lowsStart += 1 }
            if highs[highsStart] == k { highsStart += 1 }
        }

        var right = 0
        while right < positive.count {
            if right % 4096 == 0, isCancelled() { throw .cancelled }
            let hit = stream[positive[right]]
            guard hit.begin >= reached else {
                right += 1
                left = right
                continue
            }
            tally.add(hit.term)
            while lows.count > lowsStart, place(lows[lows.count - 1]).lo >= place(right).lo { lows.removeLast() }
            lows.append(right)
            while highs.count > highsStart, place(highs[highs.count - 1]).hi <= place(right).hi { highs.removeLast() }
            highs.append(right)
            lowsStart = min(lowsStart, lows.count - 1)
            highsStart = min(highsStart, highs.count - 1)
            while left < right, !fits(left, right) {
                remove(left)
                left += 1
            }
            if !fits(left, right) {
                // The hit alone spans more than the limit (a long phrase for a short Nw).
                remove(left)
                left = right + 1
                right += 1
                continue
            }
            if tally.isSatisfied() {
                while left < right, tally.isSatisfied(without: stream[positive[left]].term) {
                    remove(left)
                    left += 1
                }
                let group = place(left).group
                let lo = place(lows[lowsStart]).lo, hi = place(highs[highsStart]).hi
                if nots.isEmpty || !nots.exclude(group: group, lo: lo, hi: hi) {
                    let first = stream[positive[left]]
                    let origin = first.begin - first.range.lowerBound
                    windows.add(
                        row: first.row, terms: positive[left...right].lazy.map { (stream[$0].begin - origin)..<(stream[$0].end - origin) },
                        edits: positive[left...right].reduce(0) { $0 + stream[$1].edits })
                    reached = positive[left...right].reduce(Int.min) { max($0, stream[$1].end) }
                    for k in left...right { tally.remove(stream[positive[k]].term) }
                    left = right + 1
                    lows.removeAll(keepingCapacity: true); lowsStart = 0
                    highs.removeAll(keepingCapacity: true); highsStart = 0
                }
            }
            right += 1
        }
        return windows.finish()
    }
}

/// The NOT parts' hits, by term and place, for deciding quickly whether one fits beside a window.
struct NotHits {
    /// For each NOT part: its query and the range of its terms in `WindowTerms.query.terms`.
    let parts: [(query: BooleanQuery, terms: Range<Int>)]
    /// For each term, its hits' places, in order of (group, lo); empty for a positive term.
    let places: [[WindowPlaces.Place]]
    let limit: Int64

    init(terms: WindowTerms, stream: [WindowTerms.TermHit], places placed: [WindowPlaces.Place], limit: Int64) {
        var parts: [(BooleanQuery, Range<Int>)] = []
        var next = 0
        for part in terms.query.parts {
            let count = part.terms.count
            if case .not(let negated) = part { parts.append((negated, next..<next + count)) }
            next += count
        }
        self.parts = parts
        var places = [[WindowPlaces.Place]](repeating: [], count: terms.runners.count)
        for (index, hit) in stream.enumerated() where terms.isNegated[hit.term] { places[hit.term].append(placed[index]) }
        self.places = places.map { $0.sorted { ($0.group, $0.lo) < ($1.group, $1.lo) } }
        self.limit = limit
    }

    /// Whether the query has no NOT part.
    var isEmpty: Bool { parts.isEmpty }

    /// Whether a NOT part is found beside a window of `group` spanning `lo…hi`.
    func exclude(group: Int, lo: Int64, hi: Int64) -> Bool {
        parts.contains { part in
            part.query.isSatisfied { fits(term: part.terms.lowerBound + $0, group: group, lo: lo, hi: hi) }
        }
    }

    /// Whether a hit of `term` fits beside the window: the same group, and the window's span with
    /// it within `limit`.
    func fits(term: Int, group: Int, lo: Int64, hi: Int64) -> Bool {
        let hits = places[term]
        // The first hit of the group whose lo could still fit (lo ≥ hi − limit).
        var low = 0, high = hits.count
        while low < high {
            let mid = (low + high) / 2
            if (hits[mid].group, hits[mid].lo) < (group, hi - limit) { low = mid + 1 } else { high = mid }
        }
        var index = low
        while index < hits.count, hits[index].group == group, hits[index].lo <= lo + limit {
            if max(hi, hits[index].hi) - min(lo, hits[index].lo) <= limit { return true }
            index += 1
        }
        return false
    }
}

/// The terms found in a window, and whether they satisfy the query: counted per term, and for a
/// query whose positive parts are words or ORs of words (`a b`, `a (b|c) -d`) per part too, so the
/// question is one comparison; any other query is decided by its `Program`.
struct Tally {
    private var counts: [Int]
    /// Each term's positive part, -1 for a NOT part's; nil when the parts are not all words or
    /// ORs of words.
    private let partOf: [Int]?
    private var partCounts: [Int]
    private var partsFound = 0
    private let program: BooleanQuery.Program
    private var stack: [Bool] = []

    init(_ query: BooleanQuery, termCount: Int) {
        counts = [Int](repeating: 0, count: termCount)
        program = query.program
        var partOf: [Int]? = []
        var positiveParts = 0
        for part in query.parts {
            switch part {
            case .not(let negated):
                partOf?.append(contentsOf: Array(repeating: -1, count: negated.terms.count))
            case .term:
                partOf?.append(positiveParts)
                positiveParts += 1
            case .any(let choices) where choices.allSatisfy({ if case .term = $0 { true } else { false } }):
                partOf?.append(contentsOf: Array(repeating: positiveParts, count: choices.count))
                positiveParts += 1
            default:
                partOf = nil
            }
        }
        self.partOf = partOf
        partCounts = [Int](repeating: 0, count: positiveParts)
    }

    mutating func add(_ term: Int) {
        counts[term] += 1
        if let part = partOf?[term], part >= 0 {
            partCounts[part] += 1
            if partCounts[part] == 1 { partsFound += 1 }
        }
    }

    mutating func remove(_ term: Int) {
        counts[term] -= 1
        if let part = partOf?[term], part >= 0 {
            partCounts[part] -= 1
            if partCounts[part] == 0 { partsFound -= 1 }
        }
    }

    /// Whether the terms counted satisfy the query.
    mutating func isSatisfied() -> Bool {
        if partOf != nil { return partsFound == partCounts.count }
        return program.evaluate({ counts[$0] > 0 }, stack: &stack)
    }

    /// Whether they still would with one hit of `term` fewer.
    mutating func isSatisfied(without term: Int) -> Bool {
        remove(term)
        defer { add(term) }
        return isSatisfied()
    }
}
