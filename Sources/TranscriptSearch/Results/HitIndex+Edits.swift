/// Approximate hits (`SearchOptions.fuzzy`): each hit knows its edits, 0 for an exact one (the
/// query's words as they are in the text). Kept as one byte per hit beside the maps, and not at
/// all while every hit is exact, so an exact search pays nothing for it.
extension HitIndex {
    /// The edits of hit `position`: 0 when it is exact. - Complexity: O(1).
    public func edits(ofHitAt position: Int) -> Int {
        precondition(position >= 0 && position < count, "hit position out of range")
        return hitEdits.isEmpty ? 0 : Int(hitEdits[position])
    }

    /// Whether the hits carry edits: some hit is approximate (one byte per hit is kept only
    /// then). - Complexity: O(1).
    public var hasApproximateHits: Bool { !hitEdits.isEmpty }

    /// How many hits are approximate. - Complexity: O(count).

    /// How many hits took each number of edits: `[0: 12, 1: 3]` (exact hits under 0); empty
    /// without hits. - Complexity: O(count).
    public var countsByEdits: [Int: Int] {
        guard count > 0 else { return [:] }
        guard hasApproximateHits else { return [0: count] }
        var counts: [Int: Int] = [:]
        for edits in hitEdits { counts[Int(edits), default: 0] += 1 }
        return counts
    }

    /// The hits that took `edits` edits, as an index of their own over the same rows (their
    /// windows' terms too): one tier of `--sort best`. - Complexity: O(rowCount + count).
    public func keepingHits(withEdits edits: Int) -> HitIndex {
        var kept = HitIndex(rowCount: rowCount)
        for row in 0..<rowCount {
            let positions = self.positions(inRow: row).filter { self.edits(ofHitAt: $0) == edits }
            let first = kept.count
            if hasTerms {
                kept.append(row: row, windows: positions.map { HitWindow(terms: termRanges(ofHitAt: $0)) })
            } else {
                kept.append(row: row, utf8Ranges: positions.map { hit(at: $0).utf8Range })
            }
            if edits != 0 { for offset in positions.indices { kept.setEdits(edits, ofHitAt: first + offset) } }
        }
        return kept
    }
    public var approximateCount: Int { hitEdits.reduce(0) { $0 + ($1 == 0 ? 0 : 1) } }

    /// Sets the edits of hit `position` (for a search that learns them after finding the hits:
    /// across rows, windows of terms).
    package mutating func setEdits(_ edits: Int, ofHitAt position: Int) {
        precondition(position >= 0 && position < count, "hit position out of range")
        if hitEdits.isEmpty {
            guard edits != 0 else { return }
            hitEdits = [UInt8](repeating: 0, count: count)
        }
        hitEdits[position] = UInt8(clamping: edits)
    }

    /// The positions in the order `--sort best` lists them: exact hits first, then by edits, then
    /// by position. - Complexity: O(count log count), O(count) when every hit is exact.
    public var positionsBestFirst: [Int] {
        guard hasApproximateHits else { return Array(0..<count) }
        return (0..<count).sorted { (hitEdits[$0], $0) < (hitEdits[$1], $1) }
    }
}
