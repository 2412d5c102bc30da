/// The plain definition of a `--fuzzy` search (`FuzzyQuery` states the rules), the oracle the fast
/// `FuzzyMatcher` is held to: split the row into words with `Regex`'s `\w+`, fold every character,
/// and from every word try every way the query's units can cover the words after it, computing
/// each distance in full (and, by sound, the code of every text unit within it). Slow and
/// obviously right.
package struct FuzzyReference: Matcher {
    let query: FuzzyQuery

    /// The reference for `query` (its options' `fuzzy` is assumed).
    /// - Throws: `QueryError` when the query has no word.
    package init(_ query: Query) throws(QueryError) {
        self.query = try FuzzyQuery(query)
    }

    /// The reference for an already read query.
    init(query: FuzzyQuery) {
        self.query = query
    }

    package func ranges(in text: String) -> [Range<String.Index>] {
        matches(in: text).map(\.range)
    }

    /// Row by row with `matches(in:)`, keeping each hit's edits.
    package func hits(in buffer: RowBuffer, rows: Range<Int>, until deadline: ContinuousClock.Instant?) throws(SearchRunner.Interruption) -> HitList {
        var hits = HitList()
        for row in rows {
            let text = buffer.text(ofRow: row)
            let utf8 = text.utf8
            for (range, edits) in matches(in: text) {
                hits.append(
                    row: row, start: utf8.distance(from: utf8.startIndex, to: range.lowerBound),
                    end: utf8.distance(from: utf8.startIndex, to: range.upperBound), edits: edits)
            }
        }
        return hits
    }

    /// The hits in `text` with their edits (0: the query's words as they are), in text order.
    package func matches(in text: String) -> [(range: Range<String.Index>, edits: Int)] {
        let words = text.ranges(of: #/\w+/#)
        let folded = words.map { text[$0].map(query.folding.fold) }
        let spaced = zip(words, words.dropFirst()).map { left, right in
            left.upperBound < right.lowerBound && text[left.upperBound..<right.lowerBound].allSatisfy(\.isWhitespace)
        }
        // Every word's best match; where two overlap, fewer edits win, then the earlier.
        let candidates = words.indices.compactMap { word in
            bestMatch(from: word, folded: folded, spaced: spaced, covering: nil).map { (start: word, count: $0.count, edits: $0.edits) }
        }
        var taken = [Bool](repeating: false, count: words.count)
        var kept: [(start: Int, count: Int, edits: Int)] = []
        for candidate in candidates.sorted(by: { ($0.edits, $0.start) < ($1.edits, $1.start) })
        where !taken[candidate.start..<candidate.start + candidate.count].contains(true) {
            for word in candidate.start..<candidate.start + candidate.count { taken[word] = true }
            kept.append(candidate)
        }
        let found = kept.sorted { $0.start < $1.start }.map { candidate in
            (range: words[candidate.start].lowerBound..<words[candidate.start + candidate.count - 1].upperBound, edits: candidate.edits)
        }
        return found
    }

    /// The edits of a hit whose text is `text` (all its words matched), or nil when it is none.
    package func edits(ofMatch text: String) -> Int? {
        let words = text.ranges(of: #/\w+/#)
        let folded = words.map { text[$0].map(query.folding.fold) }
        let spaced = zip(words, words.dropFirst()).map { left, right in
            left.upperBound < right.lowerBound && text[left.upperBound..<right.lowerBound].allSatisfy(\.isWhitespace)
        }
        return bestMatch(from: 0, folded: folded, spaced: spaced, covering: words.count)?.edits
    }

    /// The match from word `start` with the fewest edits, then the fewest words (or covering
    /// exactly `covering` words): how many words and its edits.
    private func bestMatch(from start: Int, folded: [[String]], spaced: [Bool], covering: Int?) -> (count: Int, edits: Int)? {
        let units = query.words.count
        // cost[j][d]: the fewest edits to match the first j query words with the d words from start.
        var cost = [[Int?]](repeating: [Int?](repeating: nil, count: 2 * units + 1), count: units + 1)
        cost[0][0] = 0
        func relax(_ j: Int, _ d: Int, _ value: Int) {
            if cost[j][d].map({ value < $0 }) ?? true { cost[j][d] = value }
        }
        for j in 0..<units {
            for d in 0...(2 * units) {
                guard let sofar = cost[j][d] else { continue }
                let word = start + d
                guard word < folded.count, d == 0 || spaced[word - 1] else { continue }
                let one = query.budget(ofWord: j, joined: false)
                let distance = Self.distance(query.words[j], folded[word])
                if distance <= one, query.soundsAlike(pattern: j, distance: distance, { folded[word].joined() }) { relax(j + 1, d + 1, sofar + distance) }
                if word + 1 < folded.count, spaced[word] {
                    let split = Self.distance(query.words[j], folded[word] + folded[word + 1])
                    if split <= one, query.soundsAlike(pattern: j, distance: split, { (folded[word] + folded[word + 1]).joined() }) {
                        relax(j + 1, d + 2, sofar + split + 1)
                    }
                }
                if j + 1 < units {
                    let joined = Self.distance(query.words[j] + query.words[j + 1], folded[word])
                    if joined <= query.budget(ofWord: j, joined: true), query.soundsAlike(pattern: units + j, distance: joined, { folded[word].joined() }) {
                        relax(j + 2, d + 1, sofar + joined + 1)
                    }
                }
            }
        }
        var best: (count: Int, edits: Int)?
        for d in 1...(2 * units) {
            guard let edits = cost[units][d], covering.map({ $0 == d }) ?? true else { continue }
            if best.map({ edits < $0.edits }) ?? true { best = (d, edits) }
        }
        return best
    }

    /// The optimal string alignment distance of `a` and `b`, in full.
    static func distance(_ a: [String], _ b: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
