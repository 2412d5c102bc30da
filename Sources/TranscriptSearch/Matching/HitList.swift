/// Hits as parallel arrays in corpus order (rows ascending, ranges in text order within a row, as
/// row-relative UTF-8 offsets): what a matcher returns for a span of rows, and what the
/// `SearchRunner` joins into a `HitIndex`.
public struct HitList: Sendable, Equatable {
    var rows: [Int32] = []
    var starts: [Int32] = []
    var ends: [Int32] = []

    /// An empty list.
    public init() {}

    /// The number of hits.
    public var count: Int { rows.count }

    /// Adds a hit after the others (its row at or after theirs).
    public mutating func append(row: Int, start: Int, end: Int) {
        rows.append(Int32(row))
        starts.append(Int32(start))
        ends.append(Int32(end))
    }

    /// Adds `other`'s hits (in rows at or after this list's) after these.
    public mutating func append(contentsOf other: HitList) {
        rows.append(contentsOf: other.rows)
        starts.append(contentsOf: other.starts)
        ends.append(contentsOf: other.ends)
    }

    /// Removes the hits of `row` at the end of the list.
    mutating func removeTrailingHits(ofRow row: Int) {
        while let last = rows.last, last == Int32(row) {
            rows.removeLast()
            starts.removeLast()
            ends.removeLast()
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
                merged.append(row: Int(rows[a]), start: Int(starts[a]), end: Int(ends[a]))
                a += 1
            } else {
                merged.append(row: Int(other.rows[b]), start: Int(other.starts[b]), end: Int(other.ends[b]))
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
