/// Re-anchoring: where the current hit goes when the hits change under it (the query was refined,
/// typed letter by letter, or a file changed and was searched again). The rules, in order:
///
/// 1. if the old current hit's range overlaps a new hit in the same row, that hit is current
///    (typing `b`, `bu`, `bud` keeps you on the same word);
/// 2. else the new hit nearest the centre of the rows on screen: the first hit of a row below the
///    centre, the last hit of a row above it (the closest row wins; below wins a tie);
/// 3. else the first hit at or after the old current row; else the first hit.
extension HitCursor {
    /// The old current hit, in the row numbering of the new hits.
    public struct Anchor: Hashable, Sendable {
        /// The row index (in the new corpus) of the old current hit's row.
        public var row: Int
        /// The old hit's UTF-8 byte range in that row's text.
        public var utf8Range: Range<Int>

        /// The old hit at `utf8Range` of row `row` (numbered as in the new corpus).
        public init(row: Int, utf8Range: Range<Int>) {
            self.row = row
            self.utf8Range = utf8Range
        }
    }

    /// A cursor over `index` placed by the three rules from `anchor` (nil: nothing was current) and
    /// the rows on screen (nil: no screen, as on the command line).
    public static func reanchored(
        in index: HitIndex, from anchor: Anchor?, rowsOnScreen: Range<Int>? = nil, wrapping: Wrapping = .wraps
    ) -> HitCursor {
        var cursor = HitCursor(count: index.count, wrapping: wrapping)
        guard index.count > 0 else { return cursor }
        if let position = rule1(index, anchor) ?? rule2(index, rowsOnScreen) ?? rule3(index, anchor) {
            cursor.select(position)
        }
        return cursor
    }

    /// Rule 1: a new hit in the anchor's row whose range overlaps the anchor's range.
    static func rule1(_ index: HitIndex, _ anchor: Anchor?) -> Int? {
        guard let anchor else { return nil }
        return index.hits(inRow: anchor.row).first { hit in
            hit.utf8Range.overlaps(anchor.utf8Range)
                || (anchor.utf8Range.isEmpty && hit.utf8Range.contains(anchor.utf8Range.lowerBound))
        }?.position
    }

    /// Rule 2: the hit nearest the centre of the rows on screen.
    static func rule2(_ index: HitIndex, _ rowsOnScreen: Range<Int>?) -> Int? {
        guard let rows = rowsOnScreen, !rows.isEmpty else { return nil }
        let centre = rows.lowerBound + (rows.count - 1) / 2
        for distance in 0..<rows.count {
            for row in [centre + distance, centre - distance] where rows.contains(row) {
                let positions = index.positions(inRow: row)
                if !positions.isEmpty { return row >= centre ? positions.lowerBound : positions.upperBound - 1 }
            }
        }
        return nil
    }

    /// Rule 3: the first hit at or after the anchor's row, else the first hit.
    static func rule3(_ index: HitIndex, _ anchor: Anchor?) -> Int? {
        guard index.count > 0 else { return nil }
        guard let anchor else { return 0 }
        return index.firstPosition(atOrAfterRow: anchor.row) ?? 0
    }
}

extension HitIndex {
    /// The position of the first hit in `row` or a later row, or nil if there is none.
    /// - Complexity: O(1).
    public func firstPosition(atOrAfterRow row: Int) -> Int? {
        guard row < rowCount else { return nil }
        let position = positions(inRow: max(0, row)).lowerBound
        return position < count ? position : nil
    }
}
