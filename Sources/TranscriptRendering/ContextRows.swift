import TranscriptSearch

/// Which rows a listing of hits shows, as grep's `-C`: every row with a hit and up to `context` rows
/// on each side of it, within one source's rows, in order, each row once. `startsGroup` marks the
/// first row after a gap (where grep prints `--`).
public enum ContextRows {
    public struct Shown: Hashable, Sendable {
        public var row: Int
        public var startsGroup: Bool
    }

    /// - Complexity: O(rows shown + rows with hits).
    public static func shown(in rows: Range<Int>, index: HitIndex, context: Int) -> [Shown] {
        var shown: [Shown] = []
        var next = rows.lowerBound  // the first row not yet shown
        for row in rows where !index.positions(inRow: row).isEmpty {
            let from = max(next, row - context)
            let to = min(rows.upperBound - 1, row + context)
            guard from <= to else { continue }
            for value in from...to {
                shown.append(Shown(row: value, startsGroup: value == from && !shown.isEmpty && from > next))
            }
            next = to + 1
        }
        return shown
    }
}
