import TranscriptModel

/// The terms of a `BooleanQuery` as searches of their own, and their hits as one stream in text
/// order: what both the window search and its reference assemble windows from.
///
/// Each term is a `Query` with the request's options: a word or a phrase verbatim (a phrase
/// across rows, as `--across-cues`, unless the scope is one row), a prefix `budg*` the pattern
/// `\bbudg\w*` (the hit is the whole word). Its hits come from a `SearchRunner` with the
/// request's filter: the fast matchers for the search, the `RegexMatcher` for the reference.
struct WindowTerms: Sendable {
    let query: BooleanQuery
    let scope: WindowScope
    /// One runner per term of `query.terms`, in that order.
    let runners: [SearchRunner]
    /// Whether each term stands under a NOT.
    let isNegated: [Bool]
    /// Each term's length in characters (a longer word is likely a rarer one).
    let termLengths: [Int]

    /// The terms of `query` with `options`, each found by `matcher(for:)`'s matcher.
    init(
        _ query: BooleanQuery, options: SearchOptions, filter: RowFilter,
        matcher: (Query) throws(QueryError) -> any Matcher
    ) throws(QueryError) {
        self.query = query
        scope = options.within
        var runners: [SearchRunner] = []
        for term in query.terms {
            let (query, spanning) = try Self.query(for: term, options: options)
            runners.append(SearchRunner(try matcher(query), filter: filter, spanning: spanning))
        }
        self.runners = runners
        termLengths = query.terms.map(\.text.count)
        var negated: [Bool] = []
        for part in query.parts {
            let isNot = if case .not = part { true } else { false }
            negated += Array(repeating: isNot, count: part.terms.count)
        }
        isNegated = negated
    }

    /// The query that finds `term`, and whether it may run across rows.
    static func query(for term: BooleanQuery.Term, options: SearchOptions) throws(QueryError) -> (Query, RowSpanning) {
        var options = options
        options.spanning = .withinRows
        options.syntax = .verbatim
        if term.isPrefix {
            options.syntax = .regularExpression
            options.words = .anywhere
            options.forms = false
            return (try Query("\\b" + escapedForRegex(term.text) + "\\w*", options: options), .withinRows)
        }
        let crossesRows = term.text.contains(" ") && options.within != .row
        return (try Query(term.text, options: options), crossesRows ? .acrossRows : .withinRows)
    }

    /// `text` with every ASCII character that is not a letter or digit escaped, so a pattern reads
    /// it literally.
    static func escapedForRegex(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character.isASCII, !(character.isLetter || character.isNumber) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// One term's hit in the stream: its term, its row and range (as `Hit`'s: from that row's text
    /// start, on through the following rows), and where it begins and ends in the corpus as one
    /// text (`place(row:offset:)`), by which the stream is ordered.
    ///
    /// 32 bytes (half a million of them for two common words): the small numbers as `Int32`, the
    /// range in its row kept as its start there, its length the same as in the corpus.
    struct TermHit: Equatable {
        private var term32: Int32
        private var row32: Int32
        private var start32: Int32
        private var edits32: Int32
        var begin: Int
        var end: Int

        init(term: Int, row: Int, range: Range<Int>, begin: Int, end: Int, edits: Int = 0) {
            term32 = Int32(term)
            row32 = Int32(row)
            start32 = Int32(range.lowerBound)
            edits32 = Int32(clamping: edits)
            self.begin = begin
            self.end = end
        }

        var term: Int { Int(term32) }
        var row: Int { Int(row32) }
        /// Its edits (`SearchOptions.fuzzy`; 0 when exact).
        var edits: Int { Int(edits32) }
        /// Its range as `Hit`'s: from its row's text start, on through the following rows.
        var range: Range<Int> { Int(start32)..<Int(start32) + (end - begin) }
    }

    /// Every term's hits, in the order of their beginnings (ties by term), within `deadline`.
    ///
    /// `narrowing` (the search's, not the reference's): within a row or a turn, a window needs
    /// every part of the AND in its row or turn, so the parts are searched one after another, the
    /// one with the longest word first (likely the rarest), each only in the rows or turns where
    /// the parts before it are all found, and the NOT parts only there too. Within N words, the
    /// later parts and the NOT parts are searched only in the rows near the first part's hits
    /// (`rowsNear`). Hits elsewhere could make no window, and no window spans them, so the windows
    /// are the same. A phrase across rows is searched whole, and so is every term within a row or
    /// a turn when the rows left are more than an eighth of all (a scan of them one by one would
    /// cost more).
    func stream(
        in corpus: Corpus, until deadline: ContinuousClock.Instant?, narrowing: Bool = false, isCancelled: () -> Bool
    ) throws(SearchRunner.Interruption) -> [TermHit] {
        var stream: [TermHit]
        var candidates: [Int]?
        var wordLimit: Int?
        if case .words(let words) = scope { wordLimit = words }
        let narrows = narrowing && (scope == .row || scope == .turn || wordLimit != nil)
        func search(_ term: Int) throws(SearchRunner.Interruption) -> [TermHit] {
            let runner = runners[term]
            if runner.spanning == .withinRows, let matcher = runner.matcher {
                // The hits as the scan lists them, without the maps a search makes of them.
                let list = try runner.hitList(corpus, matcher: matcher, until: deadline, candidates: narrows ? candidates : nil, isCancelled: isCancelled)
                return corpus.withTextBuffer { _, offsets in
                    (0..<list.count).map { hit in
                        let row = Int(list.rows[hit]), start = Int(list.starts[hit]), end = Int(list.ends[hit])
                        let origin = offsets[row] + row
                        return TermHit(term: term, row: row, range: start..<end, begin: origin + start, end: origin + end, edits: list.edits(ofHit: hit))
                    }
                }
            }
            let index = try runner.search(corpus, until: deadline, candidates: narrows ? candidates : nil, isCancelled: isCancelled)
            return corpus.withTextBuffer { _, offsets in
                (0..<index.count).map { position in
                    let hit = index.hit(at: position)
                    let origin = offsets[hit.row] + hit.row
                    return TermHit(
                        term: term, row: hit.row, range: hit.utf8Range,
                        begin: origin + hit.utf8Range.lowerBound, end: origin + hit.utf8Range.upperBound, edits: index.edits(ofHitAt: position))
                }
            }
        }
        // The parts with their terms (indices into `query.terms`), positive ones by longest word.
        var next = 0
        var parts: [(part: BooleanQuery, terms: Range<Int>)] = []
        for part in query.parts {
            parts.append((part, next..<next + part.terms.count))
            next += part.terms.count
        }
        let positive = parts.filter { !isNegated[$0.terms.lowerBound] }
            .sorted { $0.terms.map { termLengths[$0] }.max() ?? 0 > $1.terms.map { termLengths[$0] }.max() ?? 0 }
        // Each term's hits come in order: merged, not sorted.
        var lists: [[TermHit]] = []
        for (part, terms) in positive {
            var found: [TermHit] = []
            for term in terms {
                let hits = try search(term)
                found += hits
                lists.append(hits)
            }
            if narrows, let wordLimit {
                // Within N words, every later hit of a window lies near a hit of the first part.
                if candidates == nil { candidates = rowsNear(found, words: wordLimit, in: corpus) }
            } else if narrows {
                candidates = rowsWhere(part, termsFrom: terms.lowerBound, holds: found, in: corpus)
            }
            // Rows scanned one by one cost more than one scan of them all: within a row or a turn,
            // narrow only to a few. Within N words always: counting the words between the hits of
            // every row costs more than either scan.
            if wordLimit == nil, let rows = candidates, rows.count * 8 > corpus.rowCount { candidates = nil }
        }
        for (_, terms) in parts where isNegated[terms.lowerBound] {
            for term in terms { lists.append(try search(term)) }
        }
        while lists.count > 1 {
            var merged: [[TermHit]] = []
            for pair in stride(from: 0, to: lists.count, by: 2) {
                merged.append(pair + 1 < lists.count ? Self.merge(lists[pair], lists[pair + 1]) : lists[pair])
            }
            lists = merged
        }
        stream = lists.first ?? []
        return stream
    }

    /// Two lists of hits in stream order (by beginning, then term) as one.
    static func merge(_ a: [TermHit], _ b: [TermHit]) -> [TermHit] {
        var merged: [TermHit] = []
        merged.reserveCapacity(a.count + b.count)
        var (i, j) = (0, 0)
        while i < a.count || j < b.count {
            if j == b.count || (i < a.count && (a[i].begin, a[i].term) < (b[j].begin, b[j].term)) {
                merged.append(a[i])
                i += 1
            } else {
                merged.append(b[j])
                j += 1
            }
        }
        return merged
    }

    /// The rows that may hold a word within `words` words of a hit of `found`, in order: each
    /// hit's rows, and the rows before and after them in its file while fewer than `words` words
    /// lie between (whole rows counted: a superset). - Complexity: O(hits + rows near them).
    private func rowsNear(_ found: [TermHit], words: Int, in corpus: Corpus) -> [Int] {
        let places = WindowPlaces(scope: scope, corpus: corpus)
        var counted: [Int: Int] = [:]
        func wordCount(_ row: Int, _ range: Range<Int>? = nil) -> Int {
            corpus.withTextBytes(ofRow: row) { bytes in
                let range = range.map { $0.clamped(to: 0..<bytes.count) } ?? 0..<bytes.count
                return WordStarts.count(in: bytes, range, after: range.lowerBound == 0 ? .separator : WordStarts.kind(before: range.lowerBound, in: bytes)).count
            }
        }
        func rowWords(_ row: Int) -> Int {
            if let known = counted[row] { return known }
            let count = wordCount(row)
            counted[row] = count
            return count
        }
        var spans: [Range<Int>] = []
        for hit in found.sorted(by: { $0.begin < $1.begin }) {
            let file = corpus.rows(ofSource: corpus.source(ofRow: hit.row))
            let last = places.lastRow(of: hit)
            var low = hit.row, between = wordCount(hit.row, 0..<hit.range.lowerBound)
            while low > file.lowerBound, between < words {
                low -= 1
                between += rowWords(low)
            }
            let endInLast = hit.end - WindowTerms.place(row: last, offset: 0, in: corpus)
            var high = last, after = corpus.withTextBytes(ofRow: last) { wordCount(last, endInLast..<$0.count) }
            while high + 1 < file.upperBound, after < words {
                high += 1
                after += rowWords(high)
            }
            if let previous = spans.last, previous.upperBound >= low {
                spans[spans.count - 1] = previous.lowerBound..<max(previous.upperBound, high + 1)
            } else {
                spans.append(low..<high + 1)
            }
        }
        return spans.flatMap { Array($0) }
    }

    /// The rows of the rows or turns (`scope`) where `part` holds with the hits `found` of its
    /// terms (numbered from `first`), in order. - Complexity: O(hits log hits + rows of the turns).
    private func rowsWhere(_ part: BooleanQuery, termsFrom first: Int, holds found: [TermHit], in corpus: Corpus) -> [Int] {
        let places = WindowPlaces(scope: scope, corpus: corpus)
        let byRow = found.map { ($0.row, $0.term - first) }.sorted { $0.0 < $1.0 }
        var rows: [Int] = []
        var present = [Bool](repeating: false, count: part.terms.count)  // reused for every group
        let program = part.program
        var stack: [Bool] = []
        var index = 0
        while index < byRow.count {
            // The group of the next hit: its row, or its turn's rows.
            var group = byRow[index].0..<byRow[index].0 + 1
            if scope == .turn {
                while !places.isTurnStart(group.lowerBound) { group = group.lowerBound - 1..<group.upperBound }
                while group.upperBound < corpus.rowCount, !places.isTurnStart(group.upperBound) { group = group.lowerBound..<group.upperBound + 1 }
            }
            let start = index
            while index < byRow.count, group.contains(byRow[index].0) {
                present[byRow[index].1] = true
                index += 1
            }
            if program.evaluate({ present[$0] }, stack: &stack) { rows.append(contentsOf: group) }
            for hit in byRow[start..<index] { present[hit.1] = false }
        }
        return rows
    }

    /// Where `offset` of row `row` (continuing on past its end as `Hit` does) lies in the corpus
    /// taken as one text, its rows joined by one space: the row's text offset, one per row before
    /// it, and the offset. - Complexity: O(1).
    static func place(row: Int, offset: Int, in corpus: Corpus) -> Int {
        corpus.withTextBuffer { _, offsets in offsets[row] } + row + offset
    }

    /// The window made of `hits` (one window's stream hits, in order): recorded against the first
    /// one's row, its terms the hits' ranges in that row's coordinates, overlapping ones merged;
    /// its edits are its hits' together.
    static func window(of hits: ArraySlice<TermHit>) -> (row: Int, window: HitWindow, edits: Int) {
        let first = hits[hits.startIndex]
        let origin = first.begin - first.range.lowerBound
        var terms: [Range<Int>] = []
        for hit in hits {
            let range = (hit.begin - origin)..<(hit.end - origin)
            if let last = terms.last, range.lowerBound < last.upperBound || (range.isEmpty && range.lowerBound == last.upperBound) {
                terms[terms.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                terms.append(range)
            }
        }
        return (first.row, HitWindow(terms: terms), hits.reduce(0) { $0 + $1.edits })
    }

    /// Builds the index of windows as they come, in order (each starts after the one before),
    /// into the maps' flat arrays: no array per window or per row. An index whose windows are all
    /// of one term keeps no terms, so a query of one word gives the very index of a one-word
    /// search.
    struct IndexBuilder {
        private var rows: [Int32] = [], starts: [Int32] = [], ends: [Int32] = []
        private var termStarts: [Int32] = [], termEnds: [Int32] = [], termBounds: [Int32] = [0]
        private var hasSeveralTerms = false
        /// The windows that took edits (the sum of their terms'), by position.
        private var edits: [(position: Int, edits: Int)] = []
        private let rowCount: Int

        init(rowCount: Int) {
            self.rowCount = rowCount
        }

        /// Adds a window recorded against `row` whose terms are `terms` (in that row's
        /// coordinates, in order; overlapping ones are merged).
        mutating func add(row: Int, terms: some Sequence<Range<Int>>, edits: Int = 0) {
            if edits != 0 { self.edits.append((rows.count, edits)) }
            let first = termStarts.count
            for term in terms {
                if termStarts.count > first, let last = termEnds.last,
                   term.lowerBound < Int(last) || (term.isEmpty && term.lowerBound == Int(last)) {
                    termEnds[termEnds.count - 1] = Int32(max(Int(last), term.upperBound))
                } else {
                    termStarts.append(Int32(term.lowerBound))
                    termEnds.append(Int32(term.upperBound))
                }
            }
            rows.append(Int32(row))
            starts.append(termStarts[first])
            ends.append(termEnds[termEnds.count - 1])
            termBounds.append(Int32(termStarts.count))
            if termStarts.count - first > 1 { hasSeveralTerms = true }
        }

        /// Adds a window made by `window(of:)`.
        mutating func add(_ window: (row: Int, window: HitWindow, edits: Int)) {
            add(row: window.row, terms: window.window.terms, edits: window.edits)
        }

        /// The index, its term arrays dropped when every window is one term, its edits set.
        func finish() -> HitIndex {
            var index = HitIndex(rowCount: rowCount, hitRows: rows, hitStarts: starts, hitEnds: ends)
            if hasSeveralTerms { index.setTerms(starts: termStarts, ends: termEnds, bounds: termBounds) }
            for (position, edits) in edits { index.setEdits(edits, ofHitAt: position) }
            return index
        }
    }
}
