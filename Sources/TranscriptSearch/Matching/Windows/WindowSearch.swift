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
        let stream = try terms.stream(in: corpus, until: deadline, isCancelled: isCancelled)
        let places = WindowPlaces(scope: terms.scope, corpus: corpus)
        let placed = places.places(of: stream)
        let positive = stream.indices.filter { !terms.isNegated[stream[$0].term] }
        let nots = NotHits(terms: terms, stream: stream, places: placed, limit: places.limit)
        let limit = places.limit
        let termCount = terms.runners.count

        var windows: [(row: Int, window: HitWindow, edits: Int)] = []
        var counts = [Int](repeating: 0, count: termCount)
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
            counts[stream[positive[k]].term] -= 1
            if lows[lowsStart] == k { lowsStart += 1 }
            if highs[highsStart] == k { highsStart += 1 }
        }
        func satisfied() -> Bool { terms.query.isSatisfied { counts[$0] > 0 } }

        var right = 0
        while right < positive.count {
            if right % 4096 == 0, isCancelled() { throw .cancelled }
            let hit = stream[positive[right]]
            guard hit.begin >= reached else {
                right += 1
                left = right
                continue
            }
            counts[hit.term] += 1
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
            if satisfied() {
                while left < right {
                    counts[stream[positive[left]].term] -= 1
                    if satisfied() {
                        counts[stream[positive[left]].term] += 1
                        remove(left)
                        left += 1
                    } else {
                        counts[stream[positive[left]].term] += 1
                        break
                    }
                }
                let members = positive[left...right].map { placed[$0] }
                let group = members[0].group
                let lo = members.map(\.lo).min()!, hi = members.map(\.hi).max()!
                if !nots.exclude(group: group, lo: lo, hi: hi) {
                    let hits = positive[left...right].map { stream[$0] }
                    windows.append(WindowTerms.window(of: hits[...]))
                    reached = hits.map(\.end).max()!
                    for k in left...right { counts[stream[positive[k]].term] -= 1 }
                    left = right + 1
                    lows.removeAll(keepingCapacity: true); lowsStart = 0
                    highs.removeAll(keepingCapacity: true); highsStart = 0
                }
            }
            right += 1
        }
        return WindowTerms.index(of: windows, rowCount: corpus.rowCount)
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
