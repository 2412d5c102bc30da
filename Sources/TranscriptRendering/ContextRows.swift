import TranscriptModel
import TranscriptSearch

/// Which rows a listing of hits shows, as grep's `-C`: every row with a hit and up to `context` rows
/// on each side of it, within one source's rows, in order, each row once. `startsGroup` marks the
/// first row after a gap (where grep prints `--`).
public enum ContextRows {
    public struct Shown: Hashable, Sendable {
        public var row: Int
        public var startsGroup: Bool
    }

    /// With `corpus`, a row's hits that run on into following rows (a search across cues) bring
    /// those rows in too, as rows of the hit: the context starts after the last row a hit reaches.
    /// - Complexity: O(rows shown + hits).
    public static func shown(in rows: Range<Int>, index: HitIndex, context: Int, corpus: Corpus? = nil) -> [Shown] {
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
            let from = max(next, row - context)
            let to = min(rows.upperBound - 1, reached + context)
            guard from <= to else { continue }
            for value in from...to {
                shown.append(Shown(row: value, startsGroup: value == from && !shown.isEmpty && from > next))
            }
            next = to + 1
        }
        return shown
    }
}
