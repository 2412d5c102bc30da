/// A regular expression that is only literals and `|` (`budget|forecast`), searched as the default
/// search is: the literal scan for each alternative, then the reference's choice among them.
///
/// ```
///  scan      each alternative's `LiteralMatcher` scan over the piece, every occurrence (overlapping
///            too), with its word-boundary check when whole words are asked for
///  choose    the scans merged in (row, start) order; per row, as `Regex` alternation does: from
///            the end of the last hit, the leftmost occurrence, and at one place the first
///            alternative in the pattern's order
///  reference a row any alternative's scan was unsure of goes to the whole pattern's `RegexMatcher`
/// ```
///
/// Cost: one scan per alternative, a merge of their occurrences, and the reference on unsure rows.
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
        // In spans of about 128 KB, so that the second alternative's scan reads the text from the
        // cache the first one brought it into, not from memory.
        var hits = HitList()
        var start = rows.lowerBound
        while start < rows.upperBound {
            let limit = buffer.offsets[start] + (128 << 10)
            let end = max(start + 1, (start..<rows.upperBound).partitionPoint { buffer.offsets[$0 + 1] > limit })
            hits.append(contentsOf: search(buffer.bytes, offsets: buffer.offsets, rows: start..<end))
            start = end
        }
        return hits
    }

    func search(_ bytes: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<Int>, rows: Range<Int>) -> HitList {
        var needsReference = [Bool](repeating: false, count: rows.count)
        var scans: [HitList] = []
        for alternative in alternatives {
            let scanned = alternative.scan(bytes, offsets: offsets, rows: rows, occurrences: .all)
            for (index, unsure) in scanned.needsReference.enumerated() where unsure { needsReference[index] = true }
            scans.append(scanned.hits.sortedByStart())
        }
        // Each scan's occurrences come in (row, start) order: merged, not sorted, taking at one
        // place the first alternative in the pattern's order.
        var next = [Int](repeating: 0, count: scans.count)
        var chosen = HitList()
        var lastRow: Int32 = -1
        var lastEnd: Int32 = 0
        while true {
            var pick = -1
            for alternative in scans.indices where next[alternative] < scans[alternative].count {
                let scan = scans[alternative]
                let at = next[alternative]
                if pick < 0 { pick = alternative; continue }
                let best = scans[pick]
                let bestAt = next[pick]
                if (scan.rows[at], scan.starts[at]) < (best.rows[bestAt], best.starts[bestAt]) { pick = alternative }
            }
            guard pick >= 0 else { break }
            let at = next[pick]
            next[pick] += 1
            let (row, start, end) = (scans[pick].rows[at], scans[pick].starts[at], scans[pick].ends[at])
            if needsReference[Int(row) - rows.lowerBound] { continue }
            if row == lastRow && start < lastEnd { continue }
            chosen.append(row: Int(row), start: Int(start), end: Int(end))
            lastRow = row
            lastEnd = end
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

extension HitList {
    /// These hits in (row, start) order: themselves when they are already (a scan's are), else
    /// sorted, keeping the order of equal ones. - Complexity: O(n) when sorted.
    fileprivate func sortedByStart() -> HitList {
        let isSorted = (0..<max(0, count - 1)).allSatisfy { (rows[$0], starts[$0]) <= (rows[$0 + 1], starts[$0 + 1]) }
        guard !isSorted else { return self }
        var sorted = HitList()
        for hit in (0..<count).sorted(by: { (rows[$0], starts[$0], $0) < (rows[$1], starts[$1], $1) }) {
            sorted.append(row: Int(rows[hit]), start: Int(starts[hit]), end: Int(ends[hit]))
        }
        return sorted
    }
}
