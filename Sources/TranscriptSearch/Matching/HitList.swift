/// Hits as parallel arrays in corpus order (rows ascending, ranges in text order within a row, as
/// row-relative UTF-8 offsets): what a matcher returns for a span of rows, and what the
/// `SearchRunner` joins into a `HitIndex`.
public struct HitList: Sendable, Equatable {
    var rows: [Int32] = []
    var starts: [Int32] = []
    var ends: [Int32] = []
    /// Each hit's edits (`SearchOptions.fuzzy`), parallel to the others, or empty while every hit
    /// is exact.
    var edits: [UInt8] = []

    /// An empty list.
    public init() {}

    /// The number of hits.
    public var count: Int { rows.count }

    /// Adds a hit after the others (its row at or after theirs).
    public mutating func append(row: Int, start: Int, end: Int) {
        rows.append(Int32(row))
        starts.append(Int32(start))
        ends.append(Int32(end))
        if !edits.isEmpty { edits.append(0) }
    }

    /// Adds a hit that took `edits` edits (0: exact) after the others.
    public mutating func append(row: Int, start: Int, end: Int, edits: Int) {
        append(row: row, start: start, end: end)
        guard edits != 0 else { return }
        if self.edits.isEmpty { self.edits = [UInt8](repeating: 0, count: rows.count) }
        self.edits[self.edits.count - 1] = UInt8(clamping: edits)
    }

    /// The edits of hit `hit` of the list (0 when exact).
    func edits(ofHit hit: Int) -> Int {
        edits.isEmpty ? 0 : Int(edits[hit])
    }

    /// Adds `other`'s hits (in rows at or after this list's) after these.
    public mutating func append(contentsOf other: HitList) {
        rows.append(contentsOf: other.rows)
        starts.append(contentsOf: other.starts)
        ends.append(contentsOf: other.ends)
        if !edits.isEmpty || !other.edits.isEmpty {
            if edits.isEmpty { edits = [UInt8](repeating: 0, count: rows.count - other.rows.count) }
            edits.append(contentsOf: other.edits.isEmpty ? [UInt8](repeating: 0, count: other.rows.count) : other.edits)
        }
    }

    /// Moves every hit `offset` rows on: hits found in a part of a corpus, numbered as the whole
    /// corpus numbers its rows (`Corpus.firstRow(ofTextPart:)`).
    mutating func moveRows(by offset: Int) {
        guard offset != 0 else { return }
        let step = Int32(offset)
        rows.withUnsafeMutableBufferPointer { rows in
            for index in rows.indices { rows[index] &+= step }
        }
    }

    /// Removes the hits of `row` at the end of the list.
    mutating func removeTrailingHits(ofRow row: Int) {
        while let last = rows.last, last == Int32(row) {
            rows.removeLast()
            starts.removeLast()
            ends.removeLast()
            if !edits.isEmpty { edits.removeLast() }
        }
    }

    /// This list and `other` (rows disjoint from this one's) in row order.
    func merged(with other: HitList) -> HitList {
        guard !other.rows.isEmpty else { return self }
        guard !rows.isEmpty else { return other }
        var merged = HitList()
        var (a, b) = (0, 0)
        while a < rows.count || b < other.rows.count {
            if b == other.rows.count || (a < rows.count && rows[a] < other.rows[b]) {
                merged.append(row: Int(rows[a]), start: Int(starts[a]), end: Int(ends[a]), edits: edits(ofHit: a))
                a += 1
            } else {
                merged.append(row: Int(other.rows[b]), start: Int(other.starts[b]), end: Int(other.ends[b]), edits: other.edits(ofHit: b))
                b += 1
            }
        }
        return merged
    }

    /// The distinct rows with hits, in order.
    var distinctRows: [Int] {
        var found: [Int] = []
        for row in rows where found.last != Int(row) { found.append(Int(row)) }
        return found
    }
}

extension HitIndex {
    /// An index over `rowCount` rows holding `hits`. - Complexity: O(rowCount + hits).
    init(rowCount: Int, hits: HitList) {
        self.init(rowCount: rowCount, hitRows: hits.rows, hitStarts: hits.starts, hitEnds: hits.ends)
        hitEdits = hits.edits
    }
}

extension HitList {
    /// The hits `search` finds in `text` taken as a corpus of one row (its UTF-8 and the offsets
    /// `[0, count]`), as ranges of `text`: a buffer matcher's `ranges(in:)`.
    static func ranges(
        in text: String, _ search: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Int>) -> HitList
    ) -> [Range<String.Index>] {
        var text = text
        let found = text.withUTF8 { bytes in
            [0, bytes.count].withUnsafeBufferPointer { offsets in search(bytes, offsets) }
        }
        let utf8 = text.utf8
        return found.starts.indices.map { hit in
            utf8.index(utf8.startIndex, offsetBy: Int(found.starts[hit]))
                ..< utf8.index(utf8.startIndex, offsetBy: Int(found.ends[hit]))
        }
    }
}
