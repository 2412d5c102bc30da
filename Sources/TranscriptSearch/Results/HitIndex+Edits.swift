/// Approximate hits (`SearchOptions.fuzzy`): each hit knows its edits, 0 for an exact one (the
/// query's words as they are in the text). Kept as one byte per hit beside the maps, and not at
/// all while every hit is exact, so an exact search pays nothing for it.
extension HitIndex {
    /// The edits of hit `position`: 0 when it is exact. - Complexity: O(1).
    public func edits(ofHitAt position: Int) -> Int {
        precondition(position >= 0 && position < count, "hit position out of range")
        return hitEdits.isEmpty ? 0 : Int(hitEdits[position])
    }

    /// Whether any hit is approximate (has edits).
    public var hasApproximateHits: Bool { hitEdits.contains { $0 != 0 } }

    /// How many hits are approximate. - Complexity: O(count).
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
