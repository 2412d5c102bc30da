import TranscriptModel
import TranscriptSearch

/// Which rows a listing of hits shows, as grep's `-C` (or `-B`/`-A`): every row with a hit, up to
/// `before` rows before it and `after` rows after it, within one source's rows, in order, each row once. `startsGroup` marks the
/// first row after a gap (where grep prints `--`).
public enum ContextRows {
    /// One row to show.
    public struct Shown: Hashable, Sendable {
        /// The corpus row index.
        public var row: Int
        /// Whether a gap comes before this row (grep's `--` line), within its source.
        public var startsGroup: Bool
    }

    /// With `corpus`, a row's hits that run on into following rows (a search across cues) bring
    /// those rows in too, as rows of the hit: the context starts after the last row a hit reaches.
    /// - Complexity: O(rows shown + hits).
    public static func shown(in rows: Range<Int>, index: HitIndex, context: Int, corpus: Corpus? = nil) -> [Shown] {
        shown(in: rows, index: index, before: context, after: context, corpus: corpus)
    }

    /// The rows shown with `before` rows of context before each row with a hit and `after` rows
    /// after the last row its hits reach (grep's `-B` and `-A`).
    /// - Complexity: O(rows shown + rows with hits).
    public static func shown(in rows: Range<Int>, index: HitIndex, before: Int, after: Int, corpus: Corpus? = nil) -> [Shown] {
        var shown: [Shown] = []
        var next = rows.lowerBound  // the first row not yet shown
        guard !rows.isEmpty else { return shown }
        // The rows with hits, found from the hits (not by asking every row).
        var position = index.positions(inRow: rows.lowerBound).lowerBound
        let end = index.positions(inRow: rows.upperBound - 1).upperBound
        while position < end {
            let row = index.hit(at: position).row
            let positions = index.positions(inRow: row)
            position = positions.upperBound
            let reached = corpus.map { index.lastRow(ofHitAt: positions.upperBound - 1, in: $0) } ?? row
            let from = max(next, row - before)
            let to = min(rows.upperBound - 1, reached + after)
            guard from <= to else { continue }
            for value in from...to {
                shown.append(Shown(row: value, startsGroup: value == from && !shown.isEmpty && from > next))
            }
            next = to + 1
        }
        return shown
    }
}
