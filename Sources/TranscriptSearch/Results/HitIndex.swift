/// The result of a search: every hit, as the maps the product is built on.
///
/// - position → (row, range): `hit(at:)`, O(1);
/// - row → its hits in text order: `hits(inRow:)`, O(1) to find, O(k) to list;
/// - row → its positions: `positions(inRow:)`, a contiguous range since hits are in corpus order, O(1).
///
/// A hit across rows (`RowSpanning.acrossRows`) is in the maps once, against the row it starts in,
/// its range running on past that row's text (see `Hit`); `segments(inRow:in:)` also finds the parts
/// of such hits in the rows they run into.
///
/// Storage is flat so a million hits cost about 12 bytes each plus 4 bytes per row: three parallel
/// arrays over hits (row, UTF-8 start, UTF-8 end) and a per-row table of first positions
/// (`rowCount + 1` entries), instead of a dictionary of arrays.
public struct HitIndex: Sendable, Equatable {
    var hitRows: [Int32] = []
    var hitStarts: [Int32] = []
    var hitEnds: [Int32] = []
    /// `firstPosition[row]` is the position of the row's first hit; `firstPosition[rowCount]` is `count`.
    var firstPosition: [Int32]
    /// A window's terms (`HitIndex+Terms.swift`): hit `p`'s are `termStarts`/`termEnds` at
    /// `termBounds[p]..<termBounds[p + 1]`, in the hit's own coordinates. All three are empty while
    /// every hit is one term (every search but `QuerySyntax.boolean`'s).
    var termStarts: [Int32] = []
    var termEnds: [Int32] = []
    var termBounds: [Int32] = []
    /// Each hit's edits (`HitIndex+Edits.swift`), parallel to `hitRows`, or empty while every hit
    /// is exact (every search but `SearchOptions.fuzzy`'s).
    var hitEdits: [UInt8] = []

    /// An index with no hits over `rowCount` rows; fill it with `append(row:utf8Ranges:)`.
    public init(rowCount: Int) {
        firstPosition = [0]
        firstPosition.reserveCapacity(rowCount + 1)
        self.rowCountLimit = rowCount
    }

    let rowCountLimit: Int

    /// An index from hits already in corpus order (rows ascending; within a row, ranges in text
    /// order and not overlapping), as parallel arrays. - Complexity: O(rowCount + hits).
    init(rowCount: Int, hitRows: [Int32], hitStarts: [Int32], hitEnds: [Int32]) {
        precondition(hitRows.count == hitStarts.count && hitRows.count == hitEnds.count, "parallel arrays")
        self.rowCountLimit = rowCount
        self.hitRows = hitRows
        self.hitStarts = hitStarts
        self.hitEnds = hitEnds
        var firstPosition = [Int32](repeating: 0, count: rowCount + 1)
        var position = 0
        for row in 0...rowCount {
            while position < hitRows.count && Int(hitRows[position]) < row { position += 1 }
            firstPosition[row] = Int32(position)
        }
        precondition(position == hitRows.count, "hit rows within the row count")
        self.firstPosition = firstPosition
    }

    /// The number of hits.
    public var count: Int { hitRows.count }

    /// The number of rows the search covered (the corpus's row count).
    public var rowCount: Int { rowCountLimit }

    /// Records the hits of the next row; rows must be appended in order, each exactly once, with
    /// ranges in text order (a hit across rows: its range as `Hit` describes it). Hits are numbered
    /// as they are appended.
    public mutating func append(row: Int, utf8Ranges: [Range<Int>]) {
        precondition(row == firstPosition.count - 1, "rows are appended in order, each once")
        precondition(row < rowCountLimit, "row beyond the row count")
        var previousEnd = 0
        for range in utf8Ranges {
            precondition(range.lowerBound >= previousEnd, "hits in a row are in order and do not overlap")
            previousEnd = range.upperBound
            hitRows.append(Int32(row))
            hitStarts.append(Int32(range.lowerBound))
            hitEnds.append(Int32(range.upperBound))
            if hasTerms { appendTerms([range]) }
            if !hitEdits.isEmpty { hitEdits.append(0) }
        }
        firstPosition.append(Int32(hitRows.count))
    }

    /// Whether every row has been appended.
    public var isComplete: Bool { firstPosition.count == rowCountLimit + 1 }

    /// The hit at `position` (0-based). - Complexity: O(1).
    public func hit(at position: Int) -> Hit {
        precondition(position >= 0 && position < count, "hit position out of range")
        return Hit(
            position: position, row: Int(hitRows[position]),
            utf8Range: Int(hitStarts[position])..<Int(hitEnds[position])
        )
    }

    /// The positions of the hits in `row`, a contiguous range (empty for a row without hits or one
    /// not yet appended). - Complexity: O(1).
    public func positions(inRow row: Int) -> Range<Int> {
        guard row >= 0, row + 1 < firstPosition.count else { return count..<count }
        return Int(firstPosition[row])..<Int(firstPosition[row + 1])
    }

    /// The hits in `row`, in text order. - Complexity: O(k) for k hits.
    public func hits(inRow row: Int) -> [Hit] {
        positions(inRow: row).map(hit(at:))
    }

    /// The rows that have at least one hit, in order. - Complexity: O(count).
    public var rowsWithHits: [Int] {
        var rows: [Int] = []
        for position in hitRows.indices where position == 0 || hitRows[position] != hitRows[position - 1] {
            rows.append(Int(hitRows[position]))
        }
        return rows
    }

    /// The number of hits in rows `rows`. - Complexity: O(1).
    public func count(inRows rows: Range<Int>) -> Int {
        guard !rows.isEmpty else { return 0 }
        return positions(inRow: rows.upperBound - 1).upperBound - positions(inRow: rows.lowerBound).lowerBound
    }
}
