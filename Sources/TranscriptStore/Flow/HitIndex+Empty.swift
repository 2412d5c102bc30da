import TranscriptSearch

extension HitIndex {
    /// No hits over `rows` rows.
    package static func empty(rows: Int) -> HitIndex {
        var index = HitIndex(rowCount: rows)
        for row in 0..<rows { index.append(row: row, utf8Ranges: []) }
        return index
    }
}
