/// A regular expression that is only literals and `|` (`budget|forecast`), searched as the default
/// search is: the literal scan for each alternative, then the reference's choice among them.
///
/// ```
///  scan      each alternative's `LiteralMatcher` scan over the piece, every occurrence (overlapping
///            too), with its word-boundary check when whole words are asked for
///  choose    per row, as `Regex` alternation does: from the end of the last hit, the leftmost
///            occurrence, and at one place the first alternative in the pattern's order
///  reference a row any alternative's scan was unsure of goes to the whole pattern's `RegexMatcher`
/// ```
///
/// Cost: one scan per alternative, a sort of the occurrences, and the reference on unsure rows.
struct LiteralSetMatcher: Matcher, HitLengthBounded {
    let alternatives: [LiteralMatcher]
    let reference: RegexMatcher

    /// A hit is one alternative's: the longest of theirs.
    var longestASCIIHit: Int { alternatives.map(\.longestASCIIHit).max() ?? 0 }

    /// A matcher for `query` (a regular expression whose pattern is `alternatives` joined by `|`),
    /// or nil when the literal scan cannot take one of them.
    init?(_ query: Query, alternatives texts: [String]) {
        var options = query.options
        options.syntax = .verbatim
        var alternatives: [LiteralMatcher] = []
        for text in texts {
            guard let literal = try? Query(text, options: options), literal.text == text,
                  let matcher = LiteralMatcher(literal) else { return nil }
            alternatives.append(matcher)
        }
        guard let reference = try? RegexMatcher(query) else { return nil }
        self.alternatives = alternatives
        self.reference = reference
    }

    func ranges(in text: String) -> [Range<String.Index>] {
        HitList.ranges(in: text) { search($0, offsets: $1, rows: 0..<1) }
    }

    func hits(
        in buffer: RowBuffer, rows: Range<Int>, until deadline: ContinuousClock.Instant?
    ) throws(SearchRunner.Interruption) -> HitList {
        search(buffer.bytes, offsets: buffer.offsets, rows: rows)
    }

    /// One occurrence of one alternative.
    private struct Occurrence: Comparable {
        var row: Int32
        var start: Int32
        var alternative: Int32
        var end: Int32

        static func < (a: Occurrence, b: Occurrence) -> Bool {
            (a.row, a.start, a.alternative) < (b.row, b.start, b.alternative)
        }
    }

    func search(_ bytes: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<Int>, rows: Range<Int>) -> HitList {
        var needsReference = [Bool](repeating: false, count: rows.count)
        var occurrences: [Occurrence] = []
        for (number, alternative) in alternatives.enumerated() {
            let scanned = alternative.scan(bytes, offsets: offsets, rows: rows, occurrences: .all)
            for (index, unsure) in scanned.needsReference.enumerated() where unsure { needsReference[index] = true }
            let hits = scanned.hits
            for hit in 0..<hits.count {
                occurrences.append(Occurrence(row: hits.rows[hit], start: hits.starts[hit], alternative: Int32(number), end: hits.ends[hit]))
            }
        }
        occurrences.sort()
        var chosen = HitList()
        var lastRow: Int32 = -1
        var lastEnd: Int32 = 0
        for occurrence in occurrences where !needsReference[Int(occurrence.row) - rows.lowerBound] {
            if occurrence.row == lastRow && occurrence.start < lastEnd { continue }
            chosen.append(row: Int(occurrence.row), start: Int(occurrence.start), end: Int(occurrence.end))
            lastRow = occurrence.row
            lastEnd = occurrence.end
        }
        guard needsReference.contains(true) else { return chosen }
        var referred = HitList()
        for row in rows where needsReference[row - rows.lowerBound] {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offsets[row]..<offsets[row + 1]]), as: UTF8.self)
            let utf8 = text.utf8
            for range in reference.ranges(in: text) {
                referred.append(
                    row: row, start: utf8.distance(from: utf8.startIndex, to: range.lowerBound),
                    end: utf8.distance(from: utf8.startIndex, to: range.upperBound))
            }
        }
        return chosen.merged(with: referred)
    }
}
