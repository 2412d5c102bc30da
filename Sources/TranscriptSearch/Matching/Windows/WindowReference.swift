import TranscriptModel

/// The plain definition of a `BooleanQuery`'s hits, written for clarity and not speed: the oracle
/// `WindowSearch` is tested against (and the benchmark checks). Rows → words → windows:
///
/// 1. Each term's hits, found by the reference matcher (`RegexMatcher`; `FormsReference` for word
///    forms) in each row (a phrase across rows:
///    in each file's rows joined by one space), and each hit's place (`WindowPlaces`) computed
///    from its file's start.
/// 2. For each hit in text order, as the end of a window: the starts at or before it among the
///    hits not yet used, from the end back while the hits fit the scope, the latest one whose hits
///    satisfy the query; if no
///    NOT part is found with hits fitting beside them, that is a window, and hits that begin
///    before its end are used.
///
/// - Complexity: O(rows + hits × hits in a window × terms); for tests and the benchmark's check.
package struct WindowReference: Sendable {
    let terms: WindowTerms

    /// The reference for `query` with `options` and `filter`.
    package init(_ query: BooleanQuery, options: SearchOptions, filter: RowFilter = RowFilter()) throws(QueryError) {
        terms = try WindowTerms(query, options: options, filter: filter, matcher: SearchRequest.referenceMatcher)
    }

    /// Every window in `corpus`.
    package func search(_ corpus: Corpus) -> HitIndex {
        let stream = (try? terms.stream(in: corpus, until: nil, isCancelled: { false })) ?? []
        let places = WindowPlaces(scope: terms.scope, corpus: corpus)
        let tables = places.referenceTables()
        let placed = stream.map { places.referencePlace(of: $0, tables: tables) }
        let positive = stream.indices.filter { !terms.isNegated[stream[$0].term] }
        let negative = stream.indices.filter { terms.isNegated[stream[$0].term] }

        var windows: [(row: Int, window: HitWindow, edits: Int)] = []
        var firstUnused = 0  // into `positive`
        var reached = Int.min
        for end in positive.indices {
            guard end >= firstUnused, stream[positive[end]].begin >= reached else { continue }
            // Back from the end, the first start that satisfies the query; none once the hits no
            // longer fit (with more hits they fit less).
            var start: Int?
            for candidate in (firstUnused...end).reversed() {
                let members = positive[candidate...end]
                guard places.fit(members.map { placed[$0] }) else { break }
                let found = Set(members.map { stream[$0].term })
                if terms.query.isSatisfied(by: { found.contains($0) }) {
                    start = candidate
                    break
                }
            }
            guard let start else { continue }
            let members = positive[start...end]
            if isExcluded(members.map { placed[$0] }, negative: negative, stream: stream, placed: placed, places: places) { continue }
            windows.append(WindowTerms.window(of: members.map { stream[$0] }[...]))
            reached = members.map { stream[$0].end }.max()!
            firstUnused = end + 1
            while firstUnused < positive.count, stream[positive[firstUnused]].begin < reached { firstUnused += 1 }
        }
        return WindowTerms.index(of: windows, rowCount: corpus.rowCount)
    }

    /// Whether a NOT part of the query is found with hits that fit beside a window's places.
    private func isExcluded(
        _ window: [WindowPlaces.Place], negative: [Int], stream: [WindowTerms.TermHit], placed: [WindowPlaces.Place],
        places: WindowPlaces
    ) -> Bool {
        var next = 0
        for part in terms.query.parts {
            let range = next..<next + part.terms.count
            next = range.upperBound
            guard case .not(let negated) = part else { continue }
            let near = Set(negative.filter { places.fit(window + [placed[$0]]) }.map { stream[$0].term })
            if negated.isSatisfied(by: { near.contains(range.lowerBound + $0) }) { return true }
        }
        return false
    }
}
