import Foundation

/// One piece of a literal search for one query: the hazard pass, the verify step at each place its
/// anchor was found, and the bookkeeping (hits, rows left to the reference). `LiteralMatcher` drives
/// one; `LiteralSetMatcher` drives one per alternative from a single scan of the piece.
struct PieceScan {
    /// What the verify step concluded at one candidate start.
    enum Verdict {
        case hit(end: Int)
        case miss
        case unsure
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let base: UnsafePointer<UInt8>
    let offsets: UnsafeBufferPointer<Int>
    let rows: Range<Int>
    let characters: UnsafeBufferPointer<LiteralPattern.CharacterPattern>
    let words: WordMatching
    let folding: LiteralPattern.Folding
    let occurrences: LiteralMatcher.Occurrences
    /// The piece's first and last byte (exclusive).
    let lower: Int
    let upper: Int
    var hits = HitList()
    /// Per row of the piece: left to the reference.
    var needsReference: [Bool]
    /// The row holding the current candidate; candidates come in ascending order.
    private var row: Int
    private var lastHitRow = -1
    private var lastHitEnd = 0

    init(
        bytes: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>, offsets: UnsafeBufferPointer<Int>,
        rows: Range<Int>, characters: UnsafeBufferPointer<LiteralPattern.CharacterPattern>,
        words: WordMatching, folding: LiteralPattern.Folding, occurrences: LiteralMatcher.Occurrences
    ) {
        self.words = words
        self.folding = folding
        self.occurrences = occurrences
        self.bytes = bytes
        self.base = base
        self.offsets = offsets
        self.rows = rows
        self.characters = characters
        lower = offsets[rows.lowerBound]
        upper = offsets[rows.upperBound]
        needsReference = [Bool](repeating: false, count: rows.count)
        row = rows.lowerBound
    }

    /// Step 1: rows holding a hazard go to the reference.
    mutating func markHazards(_ hazards: [LiteralPattern.Hazard]) {
        for hazard in hazards {
            var position = lower
            while let found = Self.find(hazard.needle, base: base, from: position, to: upper) {
                let row = RowBuffer(bytes: bytes, offsets: offsets).row(containing: found, in: rows)
                let end = found + hazard.needle.count
                let isHarmless = hazard.harmlessWhenEnding.contains { spelling in
                    end - spelling.count >= offsets[row] && Self.bytes(base, at: end - spelling.count, equal: spelling)
                }
                if isHarmless {
                    position = end
                } else {
                    needsReference[row - rows.lowerBound] = true
                    position = offsets[row + 1]
                }
            }
        }
    }

    /// For `LiteralPattern.Folding.foldedRows`: marks every row holding a non-ASCII byte, which the
    /// scan then skips (`FoldedRows` searches it). One pass over the piece, eight bytes at a time.
    mutating func markRowsWithNonASCII() {
        let buffer = RowBuffer(bytes: bytes, offsets: offsets)
        var position = lower
        while let found = Self.firstNonASCII(base, from: position, to: upper) {
            let row = buffer.row(containing: found, in: rows)
            needsReference[row - rows.lowerBound] = true
            position = offsets[row + 1]
        }
    }

    /// The first byte at or after `from` (before `to`) that is not ASCII.
    @inline(__always)
    static func firstNonASCII(_ base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        let high: UInt64 = 0x8080_8080_8080_8080
        let raw = UnsafeRawPointer(base)
        var position = from
        while position + 32 <= to {
            let a = raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            let b = raw.loadUnaligned(fromByteOffset: position + 8, as: UInt64.self)
            let c = raw.loadUnaligned(fromByteOffset: position + 16, as: UInt64.self)
            let d = raw.loadUnaligned(fromByteOffset: position + 24, as: UInt64.self)
            if (a | b | c | d) & high != 0 { break }
            position += 32
        }
        while position + 8 <= to {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)) & high
            if word != 0 { return position + word.trailingZeroBitCount / 8 }
            position += 8
        }
        while position < to {
            if base[position] >= 0x80 { return position }
            position += 1
        }
        return nil
    }

    @inline(__always)
    static func bytes(_ base: UnsafePointer<UInt8>, at position: Int, equal spelling: [UInt8]) -> Bool {
        for offset in spelling.indices where base[position + offset] != spelling[offset] { return false }
        return true
    }

    /// A place where the ASCII run's two probes matched: checks the whole run, then verifies.
    /// Returns the next position to consider.
    @inline(__always)
    mutating func considerRun(at runStart: Int, characters run: Range<Int>) -> Int {
        guard runStart + run.count <= upper else { return runStart + 1 }
        for offset in 0..<run.count where !characters[run.lowerBound + offset].accepts(UInt32(base[runStart + offset])) {
            return runStart + 1
        }
        return consider(anchorStart: runStart, anchorWidth: run.count, precedingCharacters: run.lowerBound)
    }

    /// Every place one of `needles` (the spellings of query character `character`) occurs, in
    /// position order, verified.
    mutating func considerSpellings(_ needles: [[UInt8]], ofCharacter character: Int) {
        var nextFound = needles.map { Self.find($0, base: base, from: lower, to: upper) }
        while true {
            var stream = -1
            for index in nextFound.indices {
                if let position = nextFound[index], stream < 0 || position < nextFound[stream] ?? Int.max { stream = index }
            }
            guard stream >= 0, let found = nextFound[stream] else { break }
            let resume = consider(anchorStart: found, anchorWidth: needles[stream].count, precedingCharacters: character)
            for index in nextFound.indices {
                if let position = nextFound[index], position < resume {
                    nextFound[index] = Self.find(needles[index], base: base, from: max(resume, position + 1), to: upper)
                }
            }
        }
    }

    /// Steps back from the anchor to the candidate hit's start and verifies it; records a hit, or
    /// sends the row to the reference. Returns the next position to consider.
    @inline(__always)
    private mutating func consider(anchorStart: Int, anchorWidth: Int, precedingCharacters: Int) -> Int {
        while offsets[row + 1] <= anchorStart { row += 1 }
        let rowStart = offsets[row]
        let rowEnd = offsets[row + 1]
        if needsReference[row - rows.lowerBound] { return rowEnd }
        guard anchorStart + anchorWidth <= rowEnd else { return anchorStart + 1 }
        var start = anchorStart
        for _ in 0..<precedingCharacters {
            guard start > rowStart else { return anchorStart + 1 }
            start = UTF8Stepping.startOfScalar(before: start, lowerBound: rowStart, in: bytes)
            if folding == .marksRemoved {
                // With accents off, nonspacing marks belong to the character before them.
                while bytes[start] >= 0x80 && Self.isNonspacingMark(UTF8Stepping.scalar(at: start, in: bytes).value) {
                    guard start > rowStart else { return markUnsure(row: row, rowEnd: rowEnd) }
                    start = UTF8Stepping.startOfScalar(before: start, lowerBound: rowStart, in: bytes)
                }
            }
            // Stepping back counts scalars for characters: only right while each is one plain
            // scalar. A mark (a decomposed `é`) means the hit may start further back.
            if bytes[start] >= 0x80 && !PlainScalars.isPlain(UTF8Stepping.scalar(at: start, in: bytes).value) {
                return markUnsure(row: row, rowEnd: rowEnd)
            }
        }
        if occurrences == .nonOverlapping && row == lastHitRow && start < lastHitEnd { return anchorStart + 1 }
        switch verify(at: start, rowStart: rowStart, rowEnd: rowEnd) {
        case .hit(let end):
            if words == .wholeWords {
                // Both ends on word boundaries, decided on ASCII bytes; anything else: the reference.
                switch (WordBoundary.at(start, rowStart: rowStart, rowEnd: rowEnd, in: bytes),
                        WordBoundary.at(end, rowStart: rowStart, rowEnd: rowEnd, in: bytes)) {
                case (.boundary, .boundary): break
                case (.unsure, _), (_, .unsure): return markUnsure(row: row, rowEnd: rowEnd)
                default: return anchorStart + 1
                }
            }
            hits.append(row: row, start: start - rowStart, end: end - rowStart)
            lastHitRow = row
            lastHitEnd = end
            return anchorStart + 1
        case .miss:
            return anchorStart + 1
        case .unsure:
            return markUnsure(row: row, rowEnd: rowEnd)
        }
    }

    /// Sends `row` to the reference (dropping any hits found in it so far); returns where the
    /// scan goes on: the row's end.
    private mutating func markUnsure(row: Int, rowEnd: Int) -> Int {
        needsReference[row - rows.lowerBound] = true
        hits.removeTrailingHits(ofRow: row)
        if lastHitRow == row { lastHitRow = -1 }
        return rowEnd
    }

    /// The end of one of `character`'s decomposed spellings at `position`, when one is there and
    /// a character boundary (the row's end, ASCII or a plain scalar) follows it.
    @inline(__always)
    private func decomposedSpelling(of character: LiteralPattern.CharacterPattern, at position: Int, rowEnd: Int) -> Int? {
        for spelling in character.decomposed where position + spelling.count <= rowEnd {
            guard Self.bytes(base, at: position, equal: spelling) else { continue }
            let end = position + spelling.count
            if end == rowEnd || bytes[end] < 0x80 || PlainScalars.isPlain(UTF8Stepping.scalar(at: end, in: bytes).value) {
                return end
            }
        }
        return nil
    }

    /// Compares the query with the text characters from `start`, each of which must be one ASCII
    /// or plain scalar (with plain or ASCII neighbours) for the answer to be certain.
    @inline(__always)
    private func verify(at start: Int, rowStart: Int, rowEnd: Int) -> Verdict {
        if start > rowStart {
            let previous = UTF8Stepping.startOfScalar(before: start, lowerBound: rowStart, in: bytes)
            let value = UTF8Stepping.scalar(at: previous, in: bytes).value
            // A plain scalar starts a character after a nonspacing mark too (a mark is never a
            // prepended one or a joiner); only the folding paths rely on that.
            if value >= 0x80 && !PlainScalars.isPlain(value) && !(folding != .none && Self.isNonspacingMark(value)) {
                return .unsure
            }
        }
        var position = start
        var index = 0
        while index < characters.count {
            guard position < rowEnd else { return .miss }
            let (value, length) = UTF8Stepping.scalar(at: position, in: bytes)
            if value >= 0x80 && !PlainScalars.isPlain(value) { return .unsure }
            if folding != .none {
                // The character: this scalar and, with accents off, the nonspacing marks after it.
                var next = position + length
                if next < rowEnd && bytes[next] >= 0x80 && !PlainScalars.isPlain(UTF8Stepping.scalar(at: next, in: bytes).value) {
                    guard folding == .marksRemoved else { return .unsure }
                    while next < rowEnd && bytes[next] >= 0x80 {
                        let (mark, markLength) = UTF8Stepping.scalar(at: next, in: bytes)
                        guard Self.isNonspacingMark(mark) else { break }
                        next += markLength
                    }
                    if next < rowEnd && bytes[next] >= 0x80 && !PlainScalars.isPlain(UTF8Stepping.scalar(at: next, in: bytes).value) {
                        return .unsure
                    }
                }
                guard characters[index].isDecidable else { return .unsure }
                guard characters[index].accepts(value) else { return .miss }
                position = next
                index += 1
                continue
            }
            let next = position + length
            if next < rowEnd && bytes[next] >= 0x80
                && !PlainScalars.isPlain(UTF8Stepping.scalar(at: next, in: bytes).value) {
                // A mark (or joiner, …) follows: certain only for a known decomposed spelling
                // followed by a character boundary.
                guard characters[index].isDecidable,
                      let after = decomposedSpelling(of: characters[index], at: position, rowEnd: rowEnd)
                else { return .unsure }
                position = after
                index += 1
                continue
            }
            guard characters[index].isDecidable else { return .unsure }
            guard characters[index].accepts(value) else { return .miss }
            position = next
            index += 1
        }
        return .hit(end: position)
    }

    /// Whether `value` is a nonspacing mark (general category Mn), which accents-off folding removes.
    static func isNonspacingMark(_ value: UInt32) -> Bool {
        Unicode.Scalar(value)?.properties.generalCategory == .nonspacingMark
    }

    /// The first position of `needle` in `base[from..<to]`: memchr for its last byte (for UTF-8
    /// scalars, the most varied one), then a comparison of the bytes before it.
    @inline(__always)
    static func find(_ needle: [UInt8], base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        let width = needle.count
        guard width > 0, to - from >= width else { return nil }
        let last = Int32(needle[width - 1])
        var position = from + width - 1
        while position < to {
            guard let raw = memchr(base + position, last, to - position) else { return nil }
            let end = UnsafeRawPointer(raw) - UnsafeRawPointer(base)
            let start = end - (width - 1)
            var equal = true
            for offset in 0..<(width - 1) where base[start + offset] != needle[offset] {
                equal = false
                break
            }
            if equal { return start }
            position = end + 1
        }
        return nil
    }
}
