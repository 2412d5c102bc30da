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
    struct TermHit: Equatable {
        var term: Int
        var row: Int
        var range: Range<Int>
        var begin: Int
        var end: Int
        /// Its edits (`SearchOptions.fuzzy`; 0 when exact).
        var edits = 0
    }

    /// Every term's hits, in the order of their beginnings (ties by term), within `deadline`.
    func stream(
        in corpus: Corpus, until deadline: ContinuousClock.Instant?, isCancelled: () -> Bool
    ) throws(SearchRunner.Interruption) -> [TermHit] {
        var stream: [TermHit] = []
        for (term, runner) in runners.enumerated() {
            let index = try runner.search(corpus, until: deadline, isCancelled: isCancelled)
            for position in 0..<index.count {
                let hit = index.hit(at: position)
                stream.append(TermHit(
                    term: term, row: hit.row, range: hit.utf8Range,
                    begin: Self.place(row: hit.row, offset: hit.utf8Range.lowerBound, in: corpus),
                    end: Self.place(row: hit.row, offset: hit.utf8Range.upperBound, in: corpus),
                    edits: index.edits(ofHitAt: position)))
            }
        }
        stream.sort { ($0.begin, $0.term) < ($1.begin, $1.term) }
        return stream
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

    /// The index of `windows` (by row, in order) over `corpus`: a window of one term is a plain
    /// hit, so a query of one word gives the very index of a one-word search.
    static func index(of windows: [(row: Int, window: HitWindow, edits: Int)], rowCount: Int) -> HitIndex {
        var index = HitIndex(rowCount: rowCount)
        var next = 0
        for row in 0..<rowCount {
            let start = next
            while next < windows.count, windows[next].row == row { next += 1 }
            let own = windows[start..<next].map(\.window)
            if own.allSatisfy({ $0.terms.count == 1 }) {
                index.append(row: row, utf8Ranges: own.map(\.utf8Range))
            } else {
                index.append(row: row, windows: own)
            }
        }
        for (position, window) in windows.enumerated() where window.edits != 0 { index.setEdits(window.edits, ofHitAt: position) }
        return index
    }
}
