import TranscriptModel

/// A window: one hit made of several term matches (a `QuerySyntax.boolean` query's AND, `budget
/// hiring` within 30 s). It is one hit in the maps, like a hit across rows: recorded against the
/// row its first term starts in, its range running from its first term's start to its last term's
/// end in that transcript's text as searched across rows (see `Hit`). What sets it apart is what
/// is highlighted: only its terms, each a range in the same coordinates, in order, not overlapping.
///
/// `segments(ofHitAt:in:)` and `forEachSegment(inRow:in:_:)` give a window's terms, split at rows,
/// so every renderer, `--json`'s `spans` and the pager highlight the terms and not the words
/// between them; the cursor, the counts and the facets see one hit.
public struct HitWindow: Hashable, Sendable {
    /// From the first term's start to the last term's end (UTF-8 offsets from the start of the
    /// row the window is recorded against, on through the rows after it, each after one space).
    public var utf8Range: Range<Int>
    /// The terms' ranges in the same coordinates, in order, not overlapping, inside `utf8Range`.
    public var terms: [Range<Int>]

    /// A window of `terms` (in order, not overlapping); its range runs from the first to the last.
    public init(terms: [Range<Int>]) {
        precondition(!terms.isEmpty, "a window has at least one term")
        precondition(zip(terms, terms.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound }, "terms in order, apart")
        self.terms = terms
        utf8Range = terms[0].lowerBound..<terms[terms.count - 1].upperBound
    }
}

extension HitIndex {
    /// Whether any hit is a window of terms (`append(row:windows:)`); else each hit is one term.
    public var hasTerms: Bool { !termBounds.isEmpty }

    /// The term ranges of hit `position`, in its own coordinates (as `Hit.utf8Range`): a window's
    /// terms, or the hit's whole range for a hit of one term. - Complexity: O(terms).
    public func termRanges(ofHitAt position: Int) -> [Range<Int>] {
        guard hasTerms else { return [hit(at: position).utf8Range] }
        return (Int(termBounds[position])..<Int(termBounds[position + 1])).map { Int(termStarts[$0])..<Int(termEnds[$0]) }
    }

    /// Records the hits of the next row as windows (see `append(row:utf8Ranges:)` for the order);
    /// hits appended before as plain ranges become windows of one term.
    public mutating func append(row: Int, windows: [HitWindow]) {
        if !hasTerms {
            termBounds = [0]
            for position in 0..<count { appendTerms([hit(at: position).utf8Range]) }
        }
        precondition(row == firstPosition.count - 1, "rows are appended in order, each once")
        precondition(row < rowCountLimit, "row beyond the row count")
        var previousEnd = 0
        for window in windows {
            precondition(window.utf8Range.lowerBound >= previousEnd, "hits in a row are in order and do not overlap")
            previousEnd = window.utf8Range.upperBound
            hitRows.append(Int32(row))
            hitStarts.append(Int32(window.utf8Range.lowerBound))
            hitEnds.append(Int32(window.utf8Range.upperBound))
            appendTerms(window.terms)
            if !hitEdits.isEmpty { hitEdits.append(0) }
        }
        firstPosition.append(Int32(hitRows.count))
    }

    /// Appends hit `position` of `other` (its terms too) as the next hit of `row`'s, which must be
    /// the last row appended or the next one: for indexes made from another's hits (`-m`).
    package mutating func appendHits(ofRow row: Int, from other: HitIndex) {
        let positions = other.positions(inRow: row)
        let first = count
        if other.hasTerms {
            append(row: row, windows: positions.map { HitWindow(terms: other.termRanges(ofHitAt: $0)) })
        } else {
            append(row: row, utf8Ranges: positions.map { other.hit(at: $0).utf8Range })
        }
        for (offset, position) in positions.enumerated() where other.edits(ofHitAt: position) != 0 {
            setEdits(other.edits(ofHitAt: position), ofHitAt: first + offset)
        }
    }

    /// Sets every hit's terms at once (one bound per hit and one more), for an index made from
    /// flat arrays (`WindowTerms.IndexBuilder`).
    mutating func setTerms(starts: [Int32], ends: [Int32], bounds: [Int32]) {
        precondition(bounds.count == count + 1 && starts.count == ends.count, "one bound per hit and one more")
        termStarts = starts
        termEnds = ends
        termBounds = bounds
    }

    mutating func appendTerms(_ terms: [Range<Int>]) {
        for term in terms {
            termStarts.append(Int32(term.lowerBound))
            termEnds.append(Int32(term.upperBound))
        }
        termBounds.append(Int32(termStarts.count))
    }
}
