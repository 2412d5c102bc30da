import TranscriptModel
import TranscriptSearch

/// `-m NUM`, as rg's: only the first NUM rows with hits of each file are kept (with every hit in
/// them), so the listing, the counts, `--json` and the saved search all see the same hits.
enum HitLimit {
    /// `index` with only the first `rows` rows with hits of each source of `corpus`; hits keep their
    /// order and are numbered again from 1. - Complexity: O(rows + hits kept).
    static func firstRows(_ rows: Int, ofEachSourceIn index: HitIndex, corpus: Corpus) -> HitIndex {
        var limited = HitIndex(rowCount: index.rowCount)
        for source in corpus.sources.indices {
            var kept = 0
            for row in corpus.rows(ofSource: source) {
                let hits = index.hits(inRow: row)
                if hits.isEmpty || kept >= rows {
                    limited.append(row: row, utf8Ranges: [])
                } else {
                    kept += 1
                    limited.appendHits(ofRow: row, from: index)
                }
            }
        }
        return limited
    }
}
