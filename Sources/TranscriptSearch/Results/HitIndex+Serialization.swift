import TranscriptModel

/// The hit maps as bytes, for the cache beside a saved session. Layout, version 1, little-endian:
/// the magic `TSHITIDX`, the version, the row count, then the four arrays. Reading checks that the
/// maps are consistent (sorted, in range, agreeing), so a damaged cache throws instead of crashing.
extension HitIndex {
    static let magic = Array("TSHITIDX".utf8)
    static let serializationVersion: UInt64 = 1

    package func serialized() -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(Self.magic)
        writer.write(Self.serializationVersion)
        writer.write(UInt64(rowCountLimit))
        writer.write(hitRows)
        writer.write(hitStarts)
        writer.write(hitEnds)
        writer.write(firstPosition)
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
        let first = try reader.readArray(of: Int32.self)
        guard reader.isAtEnd, rows.count == starts.count, rows.count == ends.count, first.count == rowCount + 1,
              first.first == 0, first.last.map(Int.init) == rows.count,
              zip(first, first.dropFirst()).allSatisfy({ $0 <= $1 }),
              (0..<rowCount).allSatisfy({ row in (first[row]..<first[row + 1]).allSatisfy { rows[Int($0)] == row } }),
              zip(starts, ends).allSatisfy({ $0 >= 0 && $0 <= $1 })
        else { throw BinaryDecodingError("inconsistent hit maps") }
        self.init(rowCount: rowCount)
        hitRows = rows
        hitStarts = starts
        hitEnds = ends
        firstPosition = first
    }
}

extension HitIndex {
    /// Whether these hits can belong to `corpus`: the same number of rows, and every range inside
    /// its row's text and on UTF-8 scalar boundaries (so turning it into a `String` range is safe).
    /// - Complexity: O(hits).
    public func isConsistent(with corpus: Corpus) -> Bool {
        guard isComplete, rowCount == corpus.rowCount else { return false }
        for position in 0..<count {
            let hit = hit(at: position)
            let fits = corpus.withTextBytes(ofRow: hit.row) { bytes in
                func isBoundary(_ offset: Int) -> Bool {
                    offset == bytes.count || (offset < bytes.count && bytes[offset] & 0xC0 != 0x80)
                }
                return hit.utf8Range.upperBound <= bytes.count
                    && isBoundary(hit.utf8Range.lowerBound) && isBoundary(hit.utf8Range.upperBound)
            }
            if !fits { return false }
        }
        return true
    }
}
