/// A regular expression with literals one of which every match must contain (`budget\s+\d+`
/// holds `budget`, `budget (review|plan)` holds `budget review` or `budget plan`): the literal
/// scan finds the rows that hold one, and only those rows reach the `Regex`.
///
/// ```
///  prefilter  each required literal's `LiteralMatcher` scan over the piece → rows with an
///             occurrence, plus the rows it was unsure of (a superset of the rows with a match)
///  regex      the whole pattern's `RegexMatcher` on each of those rows, checking the deadline
/// ```
///
/// Exact because every match of the pattern holds one of the literals, matched character by
/// character with the same case rule as a verbatim query, so a row without an occurrence has no
/// match.
/// Cost: one scan of the piece plus about 10 µs (the `Regex`) per candidate row.
struct PrefilteredRegexMatcher: Matcher {
    let prefilters: [LiteralMatcher]
    let regex: RegexMatcher

    /// A matcher for `query` (a regular expression) whose matches all contain one of `literals`, or
    /// nil when the literal scan cannot take one (no plain character) or the options fold text
    /// (accents off, Turkic case: the `Regex` then sees folded text, not the row's).
    init?(_ query: Query, requiredLiterals literals: [String]) {
        guard let regex = try? RegexMatcher(query) else { return nil }
        self.init(query, reference: regex, requiredLiterals: literals)
    }

    /// A matcher for `query` with `reference`, its `RegexMatcher` already made by the caller (a
    /// pattern is compiled once), or nil as above.
    init?(_ query: Query, reference regex: RegexMatcher, requiredLiterals literals: [String]) {
        var options = query.options
        guard TextFolding(options).isIdentity else { return nil }
        options.syntax = .verbatim
        options.words = .anywhere
        options.spanning = .withinRows
        var prefilters: [LiteralMatcher] = []
        for literal in literals {
            guard let literalQuery = try? Query(literal, options: options), literalQuery.text == literal,
                  let prefilter = LiteralMatcher(literalQuery) else { return nil }
            prefilters.append(prefilter)
        }
        guard !prefilters.isEmpty else { return nil }
        self.prefilters = prefilters
        self.regex = regex
    }

    func ranges(in text: String) -> [Range<String.Index>] {
        regex.ranges(in: text)
    }

    func hits(
        in buffer: RowBuffer, rows: Range<Int>, until deadline: ContinuousClock.Instant?
    ) throws(SearchRunner.Interruption) -> HitList {
        var isCandidate = [Bool](repeating: false, count: rows.count)
        for prefilter in prefilters {
            let scanned = prefilter.scan(buffer.bytes, offsets: buffer.offsets, rows: rows, occurrences: .nonOverlapping)
            for row in scanned.hits.rows { isCandidate[Int(row) - rows.lowerBound] = true }
            for (index, unsure) in scanned.needsReference.enumerated() where unsure { isCandidate[index] = true }
        }
        return try regex.hitsRowByRow(in: buffer, rows: rows.filter { isCandidate[$0 - rows.lowerBound] }, until: deadline)
    }
}
