import TranscriptModel

/// The hit maps as bytes, for the cache beside a saved session. Layout, version 2, little-endian:
/// the magic `TSHITIDX`, the version, the row count, then the hits' rows, starts and ends. The row →
/// hits map (one entry per row: 4 MB for a million rows) is not written but made again on reading,
/// so saving a search of a big corpus writes what its hits take. Reading checks that the maps are
/// consistent (rows in order and in range, ranges not reversed), so a damaged cache throws instead
/// of crashing. Hits across rows need no new layout (a range simply ends past its row's text);
/// `isConsistent(with:)` checks such ranges against the rows they run into.
extension HitIndex {
    static let magic = Array("TSHITIDX".utf8)
    static let serializationVersion: UInt64 = 2

    package func serialized() -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(Self.magic)
        writer.write(Self.serializationVersion)
        writer.write(UInt64(rowCountLimit))
        writer.write(hitRows)
        writer.write(hitStarts)
        writer.write(hitEnds)
        return writer.bytes
    }

    package init(serialized bytes: [UInt8]) throws(BinaryDecodingError) {
        var reader = BinaryReader(bytes)
        guard try reader.readArray(of: UInt8.self) == Self.magic else { throw BinaryDecodingError("not a hit index cache") }
        guard try reader.readUInt64() == Self.serializationVersion else { throw BinaryDecodingError("another cache version") }
        let rowCount = Int(clamping: try reader.readUInt64())
        let rows = try reader.readArray(of: Int32.self)
        let starts = try reader.readArray(of: Int32.self)
        let ends = try reader.readArray(of: Int32.self)
        guard reader.isAtEnd, rowCount < Int32.max, rows.count == starts.count, rows.count == ends.count,
              rows.first.map({ $0 >= 0 }) ?? true, rows.last.map({ Int($0) < rowCount }) ?? true,
              zip(rows, rows.dropFirst()).allSatisfy({ $0 <= $1 }),
              zip(starts, ends).allSatisfy({ $0 >= 0 && $0 <= $1 })
        else { throw BinaryDecodingError("inconsistent hit maps") }
        self.init(rowCount: rowCount, hitRows: rows, hitStarts: starts, hitEnds: ends)
    }
}

extension HitIndex {
    /// Whether these hits can belong to `corpus`: the same number of rows; every hit starts inside
    /// its row's text (or on the space after it, for a hit across rows) and ends inside its
    /// transcript's text as searched across rows (see `Hit`), both ends on UTF-8 scalar boundaries;
    /// and within a transcript the hits are in order and do not overlap. So turning a hit into
    /// segments and `String` ranges, and highlighting them, is safe.
    /// - Complexity: O(hits + rows the hits cover).
    public func isConsistent(with corpus: Corpus) -> Bool {
        guard isComplete, rowCount == corpus.rowCount else { return false }
        func isBoundary(_ offset: Int, inRow row: Int) -> Bool {
            corpus.withTextBytes(ofRow: row) { bytes in
                offset == bytes.count || (offset >= 0 && offset < bytes.count && bytes[offset] & 0xC0 != 0x80)
            }
        }
        var sourceEnd = 0
        var reached = (row: 0, offset: 0)  // where the previous hit of this transcript ended
        for position in 0..<count {
            let hit = hit(at: position)
            if hit.row >= sourceEnd {
                let rows = corpus.rows(ofSource: corpus.source(ofRow: hit.row))
                sourceEnd = rows.upperBound
                reached = (rows.lowerBound, 0)
            }
            let start = hit.utf8Range.lowerBound
            guard start <= Self.length(ofRow: hit.row, in: corpus), isBoundary(start, inRow: hit.row),
                  (hit.row, start) >= reached
            else { return false }
            // Walk the end on through the following rows: each is one space and its text further.
            var row = hit.row
            var end = hit.utf8Range.upperBound
            while end > Self.length(ofRow: row, in: corpus) {
                guard row + 1 < sourceEnd else { return false }
                end -= Self.length(ofRow: row, in: corpus) + 1
                row += 1
            }
            guard isBoundary(end, inRow: row) else { return false }
            reached = (row, end)
        }
        return true
    }
}
