/// A regular expression with a literal every match must contain (`budget\s+\d+` holds `budget`):
/// the literal scan finds the rows that hold it, and only those rows reach the `Regex`.
///
/// ```
///  prefilter  the required literal's `LiteralMatcher` scan over the piece → rows with an
///             occurrence, plus the rows it was unsure of (a superset of the rows with a match)
///  regex      the whole pattern's `RegexMatcher` on each of those rows, checking the deadline
/// ```
///
/// Exact because every match of the pattern holds the literal, matched character by character
/// with the same case rule as a verbatim query, so a row without an occurrence has no match.
/// Cost: one scan of the piece plus about 10 µs (the `Regex`) per candidate row.
struct PrefilteredRegexMatcher: Matcher {
    let prefilter: LiteralMatcher
    let regex: RegexMatcher

    /// A matcher for `query` (a regular expression) whose matches all contain `literal`, or nil when
    /// the literal scan cannot take it (accents off, Turkic case, no plain character).
    init?(_ query: Query, requiredLiteral literal: String) {
        var options = query.options
        options.syntax = .verbatim
        options.words = .anywhere
        options.spanning = .withinRows
        guard let literalQuery = try? Query(literal, options: options), literalQuery.text == literal,
              let prefilter = LiteralMatcher(literalQuery), let regex = try? RegexMatcher(query) else { return nil }
        self.prefilter = prefilter
        self.regex = regex
    }

    func ranges(in text: String) -> [Range<String.Index>] {
        regex.ranges(in: text)
    }

    func hits(
        in buffer: RowBuffer, rows: Range<Int>, until deadline: ContinuousClock.Instant?
    ) throws(SearchRunner.Interruption) -> HitList {
        let scanned = prefilter.scan(buffer.bytes, offsets: buffer.offsets, rows: rows, occurrences: .nonOverlapping)
        var candidates = scanned.hits.distinctRows
        if scanned.needsReference.contains(true) {
            candidates = Array(Set(candidates + rows.filter { scanned.needsReference[$0 - rows.lowerBound] })).sorted()
        }
        return try regex.hitsRowByRow(in: buffer, rows: candidates, until: deadline)
    }
}
