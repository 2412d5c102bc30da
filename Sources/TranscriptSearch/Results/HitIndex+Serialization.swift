import TranscriptModel

/// The hit maps as bytes, for the cache beside a saved session. Layout, version 2, little-endian:
/// the magic `TSHITIDX`, the version, the row count, then the hits' rows, starts and ends, then (version
/// 3) the windows' term starts, ends and bounds (`HitIndex+Terms.swift`; empty arrays when every hit
/// is one term; a version 2 cache reads as that), then (version 4) each hit's edits as bytes
/// (`HitIndex+Edits.swift`; empty when every hit is exact; versions 2 and 3 read as all exact). The row →
/// hits map (one entry per row: 4 MB for a million rows) is not written but made again on reading,
/// so saving a search of a big corpus writes what its hits take. Reading checks that the maps are
/// consistent (rows in order and in range, ranges not reversed), so a damaged cache throws instead
/// of crashing. Hits across rows need no new layout (a range simply ends past its row's text);
/// `isConsistent(with:)` checks such ranges against the rows they run into.
extension HitIndex {
    static let magic = Array("TSHITIDX".utf8)
    static let serializationVersion: UInt64 = 4

    package func serialized() -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(Self.magic)
        writer.write(Self.serializationVersion)
        writer.write(UInt64(rowCountLimit))
        writer.write(hitRows)
        writer.write(hitStarts)
        writer.write(hitEnds)
        writer.write(termStarts)
        writer.write(termEnds)
        writer.write(termBounds)
        writer.write(hitEdits)
        return writer.bytes
    }

    package init(serialized bytes: [UInt8]) throws(BinaryDecodingError) {
        var reader = BinaryReader(bytes)
        guard try reader.readArray(of: UInt8.self) == Self.magic else { throw BinaryDecodingError("not a hit index cache") }
        let version = try reader.readUInt64()
        guard (2...Self.serializationVersion).contains(version) else { throw BinaryDecodingError("another cache version") }
        let rowCount = Int(clamping: try reader.readUInt64())
        let rows = try reader.readArray(of: Int32.self)
        let starts = try reader.readArray(of: Int32.self)
        let ends = try reader.readArray(of: Int32.self)
        let termStarts = version == 2 ? [] : try reader.readArray(of: Int32.self)
        let termEnds = version == 2 ? [] : try reader.readArray(of: Int32.self)
        let termBounds = version == 2 ? [] : try reader.readArray(of: Int32.self)
        let edits = version < 4 ? [] : try reader.readArray(of: UInt8.self)
        guard edits.isEmpty || edits.count == rows.count else { throw BinaryDecodingError("inconsistent edits") }
        guard Self.areConsistentTerms(starts: termStarts, ends: termEnds, bounds: termBounds, hitStarts: starts, hitEnds: ends)
        else { throw BinaryDecodingError("inconsistent window terms") }
        guard reader.isAtEnd, rowCount < Int32.max, rows.count == starts.count, rows.count == ends.count,
              rows.first.map({ $0 >= 0 }) ?? true, rows.last.map({ Int($0) < rowCount }) ?? true,
              zip(rows, rows.dropFirst()).allSatisfy({ $0 <= $1 }),
              zip(starts, ends).allSatisfy({ $0 >= 0 && $0 <= $1 })
        else { throw BinaryDecodingError("inconsistent hit maps") }
        self.init(rowCount: rowCount, hitRows: rows, hitStarts: starts, hitEnds: ends)
        self.termStarts = termStarts
        self.termEnds = termEnds
        self.termBounds = termBounds
        self.hitEdits = edits
    }

    /// Whether window terms read back fit their hits: none at all, or one bound per hit and one
    /// more, rising from 0 to the terms' count, each hit's terms in order, apart, and inside it.
    static func areConsistentTerms(starts: [Int32], ends: [Int32], bounds: [Int32], hitStarts: [Int32], hitEnds: [Int32]) -> Bool {
        guard !bounds.isEmpty else { return starts.isEmpty && ends.isEmpty }
        guard starts.count == ends.count, bounds.count == hitStarts.count + 1, bounds.first == 0,
              bounds.last.map({ Int($0) == starts.count }) ?? false, zip(bounds, bounds.dropFirst()).allSatisfy({ $0 < $1 })
        else { return false }
        for hit in hitStarts.indices {
            var reached = hitStarts[hit]
            for term in Int(bounds[hit])..<Int(bounds[hit + 1]) {
                guard starts[term] >= reached, starts[term] <= ends[term], ends[term] <= hitEnds[hit] else { return false }
                reached = ends[term]
            }
        }
        return true
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
            // A window's terms lie inside it (checked on reading); each end on a character.
            if hasTerms {
                for term in termRanges(ofHitAt: position) {
                    for offset in [term.lowerBound, term.upperBound] {
                        guard let (row, inRow) = place(offset, ofHit: hit, in: corpus, sourceEnd: sourceEnd),
                              isBoundary(inRow, inRow: row) else { return false }
                    }
                }
            }
        }
        return true
    }

    /// The row and the offset in it of `offset`, in `hit`'s coordinates; nil past its transcript.
    private func place(_ offset: Int, ofHit hit: Hit, in corpus: Corpus, sourceEnd: Int) -> (row: Int, offset: Int)? {
        var row = hit.row
        var offset = offset
        while offset > Self.length(ofRow: row, in: corpus) {
            guard row + 1 < sourceEnd else { return nil }
            offset -= Self.length(ofRow: row, in: corpus) + 1
            row += 1
        }
        return (row, offset)
    }
}
