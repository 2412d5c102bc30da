import TranscriptModel

/// Finds a `--fuzzy` query's hits fast, with the rules `FuzzyQuery` states and `FuzzyReference`
/// defines (the tests and the benchmark hold it to that reference on generated and real text).
///
/// ```
///  row        Kubernetis is on the rodmap.            bytes; a row with any non-ASCII byte is
///                                                     read character by character instead
///  pieces     kub|ern|etis, ku+e, er+e                a row holding none of a query word's
///                                                     pieces is skipped (`FuzzyPieces`)
///  words      kubernetis|is|on|the|rodmap             folded units (one UInt32 a character:
///                                                     its folded scalar, or an id)
///  gate       |len(word) − len(query unit)| ≤ budget  most words fail it, at no cost
///  distance   optimal string alignment, cut off      only for the words that pass the gate
///             at the budget
///  phrase     the same unit by unit, over words split by whitespace only
/// ```
///
/// Exact by construction: the gate is a bound no match can fail (a distance is at least the
/// difference of the lengths), and the rest computes what the reference computes, on the same
/// units. Characters fold one at a time; a folded character of one scalar is that scalar, one of
/// several is an id given to the query's own such characters (any other one in the text is a unit
/// no query character equals).
struct FuzzyMatcher: Matcher {
    let query: FuzzyQuery
    /// Each query word as units.
    let words: [[UInt32]]
    /// Each query word joined with the next, as units (one fewer than `words`).
    let joinedWords: [[UInt32]]
    /// Every pattern (each word, then each word joined with the next) flat, for `PatternTables`:
    /// its units, its ASCII masks (128 a pattern) and its other masks, each from its start.
    let flatUnits: [UInt32]
    let unitStartsByPattern: [Int]
    let flatASCIIMasks: [UInt64]
    let flatOtherUnits: [UInt32]
    let flatOtherMasks: [UInt64]
    let otherStartsByPattern: [Int]
    /// The budgets of each word, and of each word joined with the next.
    let budgets: [Int]
    let joinedBudgets: [Int]
    /// The units of the ASCII characters (index: the byte), and whether each is a word character.
    let asciiUnits: [UInt32]
    let asciiIsWord: [Bool]
    /// The query's folded characters of several scalars, and their units.
    let multiScalarUnits: [String: UInt32]
    /// The pieces a row must hold to be read (nil: every row is read).
    let pieces: FuzzyPieces?
    /// `FuzzyPieces.twoByteEntries` for this query's units.
    let twoByteEntries: [UInt32]

    /// A unit no query character has.
    static let foreignUnit: UInt32 = 0xFFFF_FFFF

    /// The fast matcher of `query` (its options' `fuzzy` is assumed).
    /// - Throws: `QueryError` when the query has no word.
    init(_ query: Query) throws(QueryError) {
        let fuzzy = try FuzzyQuery(query)
        self.query = fuzzy
        var multi: [String: UInt32] = [:]
        for word in fuzzy.words {
            for folded in word where folded.unicodeScalars.count != 1 && multi[folded] == nil {
                multi[folded] = 0x11_0000 + UInt32(multi.count)
            }
        }
        multiScalarUnits = multi
        func unit(_ folded: String) -> UInt32 {
            if folded.unicodeScalars.count == 1, let scalar = folded.unicodeScalars.first { return scalar.value }
            return multi[folded] ?? Self.foreignUnit
        }
        let words = fuzzy.words.map { $0.map(unit) }
        self.words = words
        joinedWords = zip(words, words.dropFirst()).map { $0 + $1 }
        let patterns = words + zip(words, words.dropFirst()).map { $0 + $1 }
        var flatUnits: [UInt32] = [], unitStarts = [0], ascii: [UInt64] = [], otherUnits: [UInt32] = [], otherMasks: [UInt64] = [], otherStarts = [0]
        for pattern in patterns {
            flatUnits += pattern
            unitStarts.append(flatUnits.count)
            var table = [UInt64](repeating: 0, count: 128)
            var others: [(unit: UInt32, mask: UInt64)] = []
            for (i, unit) in pattern.prefix(64).enumerated() {
                let bit: UInt64 = 1 << UInt64(i)
                if unit < 128 {
                    table[Int(unit)] |= bit
                } else if let at = others.firstIndex(where: { $0.unit == unit }) {
                    others[at].mask |= bit
                } else {
                    others.append((unit, bit))
                }
            }
            ascii += table
            otherUnits += others.map(\.unit)
            otherMasks += others.map(\.mask)
            otherStarts.append(otherUnits.count)
        }
        (self.flatUnits, unitStartsByPattern, flatASCIIMasks) = (flatUnits, unitStarts, ascii)
        (flatOtherUnits, flatOtherMasks, otherStartsByPattern) = (otherUnits, otherMasks, otherStarts)
        budgets = words.indices.map { fuzzy.budget(ofWord: $0, joined: false) }
        joinedBudgets = words.indices.dropLast().map { fuzzy.budget(ofWord: $0, joined: true) }
        asciiUnits = (0..<128).map { byte in unit(fuzzy.folding.fold(Character(Unicode.Scalar(UInt8(byte))))) }
        asciiIsWord = (0..<128).map { byte in CharacterFolding.isWordCharacter(Character(Unicode.Scalar(UInt8(byte)))) }
        pieces = FuzzyPieces(words: words, budgets: budgets, joinedBudgets: joinedBudgets)
        let folding = fuzzy.folding
        twoByteEntries = pieces == nil ? [] : FuzzyPieces.twoByteEntries { unit(folding.fold($0)) }
    }

    /// The unit of a character of the text.
    func unit(of character: Character) -> UInt32 {
        if let ascii = character.asciiValue, character.unicodeScalars.count == 1 { return asciiUnits[Int(ascii)] }
        let folded = query.folding.fold(character)
        if folded.unicodeScalars.count == 1, let scalar = folded.unicodeScalars.first { return scalar.value }
        return multiScalarUnits[folded] ?? Self.foreignUnit
    }

    func ranges(in text: String) -> [Range<String.Index>] {
        HitList.ranges(in: text) { bytes, offsets in
            // One row, no deadline: nothing interrupts it.
            (try? hits(in: RowBuffer(bytes: bytes, offsets: offsets), rows: 0..<1, until: nil)) ?? HitList()
        }
    }

    func hits(in buffer: RowBuffer, rows: Range<Int>, until deadline: ContinuousClock.Instant?) throws(SearchRunner.Interruption) -> HitList {
        var hits = HitList()
        let row = RowWords()
        var scratch = [Int?](repeating: nil, count: (words.count + 1) * (2 * words.count + 1))
        var candidates: [Candidate] = []
        var cache: [UInt32: UInt64] = [:]
        let tables = PatternTables(self)
        defer { tables.free() }
        let asciiTable = UnsafeMutablePointer<UInt32>.allocate(capacity: 128)
        defer { asciiTable.deallocate() }
        for byte in 0..<128 { asciiTable[byte] = asciiUnits[byte] | (asciiIsWord[byte] ? RowWords.wordFlag : 0) }
        let pieceBits = UnsafeMutablePointer<UInt64>.allocate(capacity: 1024)
        defer { pieceBits.deallocate() }
        if let pieces { pieceBits.initialize(from: pieces.bits, count: 1024) }
        let twoBytes = UnsafeMutablePointer<UInt32>.allocate(capacity: 0x800)
        defer { twoBytes.deallocate() }
        if pieces != nil { twoBytes.initialize(from: twoByteEntries, count: 0x800) }
        // Made once: a closure made per row would copy the matcher into its context each time.
        let info = { (value: UInt32) -> UInt64 in scalarInfo(of: value, cache: &cache) }
        let characterUnit = { (character: Character) in unit(of: character) }
        let clock = ContinuousClock()
        for (count, index) in rows.enumerated() {
            if count % 4096 == 4095, let deadline, clock.now > deadline { throw .deadlinePassed(row: index) }
            let start = buffer.offsets[index], end = buffer.offsets[index + 1]
            let bytes = UnsafeBufferPointer(rebasing: buffer.bytes[start..<end])
            if let pieces, !pieces.mayMatch(bytes, table: asciiTable, twoBytes: twoBytes, bits: pieceBits) { continue }
            row.reserve(bytes.count)
            if !row.readASCII(bytes, table: asciiTable),
               !row.readScalars(bytes, units: asciiUnits, isWord: asciiIsWord, info: info, characterUnit: characterUnit) {
                row.readCharacters(String(decoding: bytes, as: UTF8.self), unit: characterUnit, isWord: asciiIsWord)
            }
            candidates.removeAll(keepingCapacity: true)
            let units = UnsafeBufferPointer(start: row.units, count: row.unitCount)
            let view = row.view(of: bytes)
            for word in 0..<view.count {
                if let (count, edits) = bestMatch(from: word, in: view, units: units, tables: tables, scratch: &scratch) {
                    candidates.append(Candidate(start: word, count: count, edits: edits))
                }
            }
            for candidate in Self.kept(&candidates) {
                hits.append(
                    row: index, start: Int(row.byteStarts[candidate.start]),
                    end: Int(row.byteEnds[candidate.start + candidate.count - 1]), edits: candidate.edits)
            }
        }
        return hits
    }

    /// A word's best match: from word `start`, `count` words, `edits` edits.
    struct Candidate {
        var start: Int
        var count: Int
        var edits: Int
    }

    /// The hits among `candidates` (in order of their start): where two overlap, fewer edits win,
    /// then the earlier one; in order of their start.
    static func kept(_ candidates: inout [Candidate]) -> [Candidate] {
        guard candidates.count > 1 else { return candidates }
        // Without overlaps (the common case) every candidate is kept.
        if zip(candidates, candidates.dropFirst()).allSatisfy({ $0.start + $0.count <= $1.start }) { return candidates }
        var kept: [Candidate] = []
        for candidate in candidates.sorted(by: { ($0.edits, $0.start) < ($1.edits, $1.start) })
        where !kept.contains(where: { $0.start < candidate.start + candidate.count && candidate.start < $0.start + $0.count }) {
            kept.append(candidate)
        }
        return kept.sorted { $0.start < $1.start }
    }

    /// The match from word `start` of `row` with the fewest edits, then the fewest words.
    @inline(__always)
    private func bestMatch(
        from start: Int, in row: RowView, units text: UnsafeBufferPointer<UInt32>, tables: PatternTables, scratch: inout [Int?]
    ) -> (count: Int, edits: Int)? {
        let units = words.count
        if units == 1 {
            // One word: the word itself, or it and the next joined.
            // The length gate first, here, where it is cheapest: most words end at it.
            let length = tables.unitStarts[1] - tables.unitStarts[0], budget = tables.budgets[0]
            let alone = Int(row.unitEnds[start] - row.unitStarts[start])
            let joinedLength = start + 1 < row.count ? Int(row.unitEnds[start + 1] - row.unitStarts[start]) : Int.max / 2
            guard abs(alone - length) <= budget || abs(joinedLength - length) <= budget else { return nil }
            var best: (count: Int, edits: Int)?
            if let distance = distance(ofWord: 0, joined: false, toWords: start..<start + 1, in: row, units: text, tables: tables) { best = (1, distance) }
            if best?.edits != 0, start + 1 < row.count, row.spaced[start],
               let distance = distance(ofWord: 0, joined: false, toWords: start..<start + 2, in: row, units: text, tables: tables),
               best.map({ distance + 1 < $0.edits }) ?? true {
                best = (2, distance + 1)
            }
            return best
        }
        let width = 2 * units + 1
        for cell in scratch.indices { scratch[cell] = nil }
        scratch[0] = 0
        var reachedAny = false
        for j in 0..<units {
            for d in 0..<width {
                guard let sofar = scratch[j * width + d] else { continue }
                let word = start + d
                guard word < row.count, d == 0 || row.spaced[word - 1] else { continue }
                func relax(_ j: Int, _ d: Int, _ value: Int) {
                    if scratch[j * width + d].map({ value < $0 }) ?? true { scratch[j * width + d] = value }
                }
                if let distance = distance(ofWord: j, joined: false, toWords: word..<word + 1, in: row, units: text, tables: tables) {
                    relax(j + 1, d + 1, sofar + distance)
                    reachedAny = true
                }
                if word + 1 < row.count, row.spaced[word],
                   let distance = distance(ofWord: j, joined: false, toWords: word..<word + 2, in: row, units: text, tables: tables) {
                    relax(j + 1, d + 2, sofar + distance + 1)
                    reachedAny = true
                }
                if j + 1 < units, let distance = distance(ofWord: j, joined: true, toWords: word..<word + 1, in: row, units: text, tables: tables) {
                    relax(j + 2, d + 1, sofar + distance + 1)
                    reachedAny = true
                }
            }
            if j == 0 && !reachedAny { return nil }
        }
        var best: (count: Int, edits: Int)?
        for d in 1..<width {
            guard let edits = scratch[units * width + d] else { continue }
            if best.map({ edits < $0.edits }) ?? true { best = (d, edits) }
        }
        return best
    }

    /// The distance of query word `word` (joined with the next one) to the text words `words` of
    /// `row` joined, or nil past its budget.
    @inline(__always)
    private func distance(
        ofWord word: Int, joined: Bool, toWords range: Range<Int>, in row: RowView, units: UnsafeBufferPointer<UInt32>,
        tables: PatternTables
    ) -> Int? {
        let pattern = joined ? tables.count + word : word
        let budget = tables.budgets[pattern]
        let lower = Int(row.unitStarts[range.lowerBound]), upper = Int(row.unitEnds[range.upperBound - 1])
        let length = upper - lower
        // The gate: most words end here.
        let patternLength = tables.unitStarts[pattern + 1] - tables.unitStarts[pattern]
        guard abs(length - patternLength) <= budget else { return nil }
        let textClasses = range.count == 1 ? row.classes[range.lowerBound] : row.classes[range.lowerBound] | row.classes[range.lowerBound + 1]
        guard (tables.classes[pattern] & ~textClasses).nonzeroBitCount <= budget else { return nil }
        let text = UnsafeBufferPointer(rebasing: units[lower..<upper])
        let patternUnits = UnsafeBufferPointer(start: tables.units + tables.unitStarts[pattern], count: patternLength)
        let distance: Int?
        if budget == 0 {
            distance = text.elementsEqual(patternUnits) ? 0 : nil
        } else if patternLength <= 64 {
            distance = tables.distance(ofPattern: pattern, length: patternLength, to: text, bound: budget)
        } else {
            distance = boundedAlignmentDistance(Array(patternUnits)[...], Array(text)[...], bound: budget)
        }
        guard let distance, query.comparison == .sound else { return distance }
        return query.soundsAlike(pattern: pattern, distance: distance, { foldedText(of: range, in: row) }) ? distance : nil
    }

    /// The folded characters of the text words `range` of `row`, joined (what `FuzzyReference`
    /// codes by sound).
    private func foldedText(of range: Range<Int>, in row: RowView) -> String {
        var text = ""
        for word in range {
            let bytes = UnsafeBufferPointer(rebasing: row.bytes[Int(row.byteStarts[word])..<Int(row.byteEnds[word])])
            for character in String(decoding: bytes, as: UTF8.self) { text += query.folding.fold(character) }
        }
        return text
    }

    /// A scalar's unit (low 32 bits), whether it is a word character (bit 32) and whitespace
    /// (bit 33), as a character of its own; kept in `cache`.
    private func scalarInfo(of value: UInt32, cache: inout [UInt32: UInt64]) -> UInt64 {
        if let known = cache[value] { return known }
        guard let scalar = Unicode.Scalar(value) else { return UInt64(Self.foreignUnit) }
        let character = Character(scalar)
        var info = UInt64(unit(of: character))
        if CharacterFolding.isWordCharacter(character) { info |= 1 << 32 }
        if character.isWhitespace { info |= 1 << 33 }
        cache[value] = info
        return info
    }
}

/// A read row's words as plain pointers (what the matching loop reads, touching no object).
struct RowView {
    let count: Int
    /// The row's bytes, and each word's span of them (for a code by sound).
    let bytes: UnsafeBufferPointer<UInt8>
    let byteStarts: UnsafeMutablePointer<Int32>
    let byteEnds: UnsafeMutablePointer<Int32>
    let unitStarts: UnsafeMutablePointer<Int32>
    let unitEnds: UnsafeMutablePointer<Int32>
    let spaced: UnsafeMutablePointer<Bool>
    let classes: UnsafeMutablePointer<UInt64>
}

/// One row read as words: the folded units of its word characters back to back, each word's
/// span of units and of bytes, and whether only whitespace lies between a word and the next.
/// Reused from row to row: raw memory sized for the longest row yet (a row of n bytes has at most
/// n units and n words), so reading a row allocates nothing and checks no reference.
final class RowWords {
    private(set) var units: UnsafeMutablePointer<UInt32>
    private(set) var unitStarts: UnsafeMutablePointer<Int32>
    private(set) var unitEnds: UnsafeMutablePointer<Int32>
    private(set) var byteStarts: UnsafeMutablePointer<Int32>
    private(set) var byteEnds: UnsafeMutablePointer<Int32>
    private(set) var spaced: UnsafeMutablePointer<Bool>
    /// Each word's classes: bit `unit & 63` set for each of its units (`PatternTables.classes`).
    private(set) var classes: UnsafeMutablePointer<UInt64>
    private var currentClasses: UInt64 = 0
    /// The number of units, and of words.
    private(set) var unitCount = 0
    private(set) var count = 0
    private var capacity = 0

    init() {
        (units, unitStarts, unitEnds, byteStarts, byteEnds, spaced) = (.allocate(capacity: 1), .allocate(capacity: 1), .allocate(capacity: 1),
                                                                       .allocate(capacity: 1), .allocate(capacity: 1), .allocate(capacity: 1))
        classes = .allocate(capacity: 1)
        capacity = 1
    }

    deinit { free() }

    private func free() {
        units.deallocate()
        unitStarts.deallocate()
        unitEnds.deallocate()
        byteStarts.deallocate()
        byteEnds.deallocate()
        spaced.deallocate()
        classes.deallocate()
    }

    /// The words of `bytes` (the row just read) as plain pointers.
    func view(of bytes: UnsafeBufferPointer<UInt8>) -> RowView {
        RowView(count: count, bytes: bytes, byteStarts: byteStarts, byteEnds: byteEnds, unitStarts: unitStarts, unitEnds: unitEnds,
                spaced: spaced, classes: classes)
    }

    /// Makes room for a row of `bytes` bytes.
    func reserve(_ bytes: Int) {
        guard bytes + 1 > capacity else { return }
        free()
        capacity = max(bytes + 1, capacity * 2)
        (units, unitStarts, unitEnds, byteStarts, byteEnds, spaced) = (.allocate(capacity: capacity), .allocate(capacity: capacity),
            .allocate(capacity: capacity), .allocate(capacity: capacity), .allocate(capacity: capacity), .allocate(capacity: capacity))
        classes = .allocate(capacity: capacity)
    }

    private func clear() {
        unitCount = 0
        count = 0
    }

    @inline(__always)
    private func startWord(at offset: Int, gapIsSpace: Bool) {
        if count > 0 { spaced[count - 1] = gapIsSpace }
        unitStarts[count] = Int32(unitCount)
        byteStarts[count] = Int32(offset)
        currentClasses = 0
    }

    @inline(__always)
    private func endWord(at offset: Int) {
        unitEnds[count] = Int32(unitCount)
        byteEnds[count] = Int32(offset)
        classes[count] = currentClasses
        count += 1
    }

    @inline(__always)
    private func append(_ unit: UInt32) {
        units[unitCount] = unit
        unitCount += 1
        currentClasses |= 1 << UInt64(unit & 63)
    }

    /// In a table of ASCII entries (`FuzzyMatcher.asciiEntries`): the unit's bits, and the flag of a
    /// word character.
    static let unitBits: UInt32 = 0x7FFF_FFFF
    static let wordFlag: UInt32 = 0x8000_0000

    /// Reads an ASCII row (every byte one character; CR LF is one, and whitespace either way);
    /// false, having read nothing useful, at the first byte of 0x80 or more.
    func readASCII(_ bytes: UnsafeBufferPointer<UInt8>, table: UnsafePointer<UInt32>) -> Bool {
        clear()
        guard let base = bytes.baseAddress else { return true }
        // Local copies: the loop touches no property of this object.
        let (units, unitStarts, unitEnds, byteStarts, byteEnds, spaced, classes) =
            (self.units, self.unitStarts, self.unitEnds, self.byteStarts, self.byteEnds, self.spaced, self.classes)
        var unitCount = 0, count = 0, current: UInt64 = 0
        var inWord = false
        var gapIsSpace = true
        for offset in 0..<bytes.count {
            let byte = base[offset]
            if byte >= 0x80 { return false }
            let entry = table[Int(byte)]
            if entry & RowWords.wordFlag != 0 {
                if !inWord {
                    if count > 0 { spaced[count - 1] = gapIsSpace }
                    unitStarts[count] = Int32(unitCount)
                    byteStarts[count] = Int32(offset)
                    current = 0
                    inWord = true
                }
                let unit = entry & RowWords.unitBits
                units[unitCount] = unit
                unitCount += 1
                current |= 1 << UInt64(unit & 63)
            } else {
                if inWord {
                    unitEnds[count] = Int32(unitCount)
                    byteEnds[count] = Int32(offset)
                    classes[count] = current
                    count += 1
                    inWord = false
                    gapIsSpace = true
                }
                if !(byte == 0x20 || (0x09...0x0D).contains(byte)) { gapIsSpace = false }
            }
        }
        if inWord {
            unitEnds[count] = Int32(unitCount)
            byteEnds[count] = Int32(bytes.count)
            classes[count] = current
            count += 1
        }
        self.unitCount = unitCount
        self.count = count
        return true
    }

    /// What the scalar before was, for the scalars that join it (`readScalars`).
    private enum Before {
        /// The row's start, whitespace or a control: a joining scalar after it is read slowly.
        case edge
        /// A word character, whose unit a combining mark changes.
        case word
        /// Any other character (punctuation, a symbol, an emoji): a joining scalar after it stays
        /// in that character, which is no word character and no whitespace.
        case other
    }

    /// Reads a row scalar by scalar: ASCII, the non-ASCII scalars `isAlone` accepts (no mark,
    /// joiner or other scalar that joins its neighbours), emoji (`isPictograph`), and the scalars
    /// that join the character before (`isJoining`: combining marks, the zero-width joiner,
    /// variation selectors, skin tones) where that character is known: after punctuation or an
    /// emoji they change nothing (the character stays no word and no space); a combining mark
    /// after a word character makes one character with it, whose unit `characterUnit` gives.
    /// False, having read nothing useful, at the first other scalar (or a joining one anywhere
    /// else, or a word character right after a joiner).
    func readScalars(
        _ bytes: UnsafeBufferPointer<UInt8>, units table: [UInt32], isWord: [Bool], info: (UInt32) -> UInt64,
        characterUnit: (Character) -> UInt32
    ) -> Bool {
        clear()
        var inWord = false
        var gapIsSpace = true
        var offset = 0
        var before = Before.edge
        var afterJoiner = false
        var characterStart = 0
        while offset < bytes.count {
            let lead = bytes[offset]
            var value: UInt32
            var length: Int
            if lead < 0x80 {
                value = UInt32(lead)
                length = 1
            } else if lead < 0xE0 {
                value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F)
                length = 2
            } else if lead < 0xF0 {
                value = UInt32(lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F)
                length = 3
            } else {
                value = UInt32(lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12 | UInt32(bytes[offset + 2] & 0x3F) << 6
                    | UInt32(bytes[offset + 3] & 0x3F)
                length = 4
            }
            if value >= 0x80, Self.isJoining(value) {
                switch before {
                case .other:
                    if value == 0x200D { afterJoiner = true }
                case .word where (0x300..<0x370).contains(value):
                    // The letter and its marks so far are one character.
                    let character = String(decoding: UnsafeBufferPointer(rebasing: bytes[characterStart..<offset + length]), as: UTF8.self)
                    guard character.count == 1 else { return false }
                    replaceLast(characterUnit(Character(character)))
                default:
                    return false
                }
                offset += length
                continue
            }
            let word: Bool, space: Bool, unit: UInt32
            if value < 0x80 {
                word = isWord[Int(value)]
                space = value == 0x20 || (0x09...0x0D).contains(value)
                unit = table[Int(value)]
            } else {
                guard Self.isAlone(value) || Self.isPictograph(value) else { return false }
                let known = info(value)
                word = known & (1 << 32) != 0
                space = known & (1 << 33) != 0
                unit = UInt32(truncatingIfNeeded: known)
            }
            if word && afterJoiner { return false }  // an emoji sequence could take it in
            afterJoiner = false
            characterStart = offset
            // A control (and the soft hyphen, a format character) ends a character whatever follows.
            let control = !space && (value < 0x20 || (0x7F..<0xA0).contains(value) || value == 0xAD)
            before = word ? .word : space || control ? .edge : .other
            if word {
                if !inWord {
                    startWord(at: offset, gapIsSpace: gapIsSpace)
                    inWord = true
                }
                append(unit)
            } else {
                if inWord {
                    endWord(at: offset)
                    inWord = false
                    gapIsSpace = true
                }
                if !space { gapIsSpace = false }
            }
            offset += length
        }
        if inWord { endWord(at: offset) }
        return true
    }

    /// Gives the last unit read another value (a letter that a combining mark joined). Its class
    /// bit stays set too: a class more in the word only lets more words through the gate.
    @inline(__always)
    private func replaceLast(_ unit: UInt32) {
        units[unitCount - 1] = unit
        currentClasses |= 1 << UInt64(unit & 63)
    }

    /// Whether a scalar always joins the character before it (grapheme cluster break Extend or
    /// ZWJ): combining diacritical marks, the zero-width joiner, variation selectors 15 and 16,
    /// the emoji skin tones.
    static func isJoining(_ value: UInt32) -> Bool {
        (0x300..<0x370).contains(value) || value == 0x200D || value == 0xFE0E || value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(value)
    }

    /// Whether a scalar is an emoji or symbol that begins a character of its own (grapheme
    /// cluster break Other; after a zero-width joiner it may join an emoji before, which
    /// `readScalars` allows only for no word character): miscellaneous symbols and dingbats,
    /// regional indicators (flags), the emoji planes' pictographs.
    static func isPictograph(_ value: UInt32) -> Bool {
        (0x2600..<0x2800).contains(value) || (0x1F1E6...0x1F1FF).contains(value) || ((0x1F300..<0x1FB00).contains(value) && !(0x1F3FB...0x1F3FF).contains(value))
    }

    /// Whether a non-ASCII scalar always makes a character of its own (grapheme cluster break
    /// Other or Control: never a mark, joiner, variation selector, prepended or Hangul jamo):
    /// Latin, IPA, Greek, Cyrillic letters, general punctuation, letterlike symbols (the Kelvin
    /// sign), CJK punctuation, kana and ideographs, full-width forms.
    static func isAlone(_ value: UInt32) -> Bool {
        switch value {
        case 0x80..<0x300, 0x370..<0x483, 0x48A..<0x530, 0x2010..<0x2028, 0x2030..<0x205F, 0x2100..<0x2150,
             0x3000..<0x302A, 0x3030..<0x3099, 0x309B..<0x3100, 0x3400..<0x4DC0, 0x4E00..<0xA000, 0xFF01..<0xFF9E:
            return true
        default:
            return false
        }
    }

    /// Reads any row, character by character.
    func readCharacters(_ text: String, unit: (Character) -> UInt32, isWord table: [Bool]) {
        clear()
        var inWord = false
        var gapIsSpace = true
        var offset = 0
        for character in text {
            let length = character.utf8.count
            let isWord = if length == 1, let ascii = character.asciiValue { table[Int(ascii)] } else { CharacterFolding.isWordCharacter(character) }
            if isWord {
                if !inWord {
                    startWord(at: offset, gapIsSpace: gapIsSpace)
                    inWord = true
                }
                append(unit(character))
            } else {
                if inWord {
                    endWord(at: offset)
                    inWord = false
                    gapIsSpace = true
                }
                if !character.isWhitespace { gapIsSpace = false }
            }
            offset += length
        }
        if inWord { endWord(at: offset) }
    }
}

/// A `FuzzyMatcher`'s patterns as raw memory for one call of `hits` (copied from its arrays, freed
/// at the end), so the inner loop touches no reference: pattern p is word p, or for p ≥ `count`
/// word p − count joined with the next.
struct PatternTables {
    let count: Int
    let units: UnsafeMutablePointer<UInt32>
    let unitStarts: UnsafeMutablePointer<Int>
    let budgets: UnsafeMutablePointer<Int>
    let asciiMasks: UnsafeMutablePointer<UInt64>
    let otherUnits: UnsafeMutablePointer<UInt32>
    let otherMasks: UnsafeMutablePointer<UInt64>
    let otherStarts: UnsafeMutablePointer<Int>
    /// Each pattern's classes: bit `unit & 63` set for each of its units. A pattern unit whose
    /// class no unit of the text has is matched to nothing equal: it is deleted or substituted,
    /// one edit each (a swap only moves equal units). So more classes missing from the text than
    /// the budget rule it out before any distance is computed.
    let classes: UnsafeMutablePointer<UInt64>

    init(_ matcher: FuzzyMatcher) {
        func copy<T>(_ array: [T]) -> UnsafeMutablePointer<T> {
            let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(1, array.count))
            if !array.isEmpty { pointer.initialize(from: array, count: array.count) }
            return pointer
        }
        count = matcher.words.count
        units = copy(matcher.flatUnits)
        unitStarts = copy(matcher.unitStartsByPattern)
        budgets = copy(matcher.budgets + matcher.joinedBudgets)
        asciiMasks = copy(matcher.flatASCIIMasks)
        otherUnits = copy(matcher.flatOtherUnits)
        otherMasks = copy(matcher.flatOtherMasks)
        otherStarts = copy(matcher.otherStartsByPattern)
        let starts = matcher.unitStartsByPattern
        classes = copy(starts.indices.dropLast().map { pattern in
            matcher.flatUnits[starts[pattern]..<starts[pattern + 1]].reduce(UInt64(0)) { $0 | 1 << UInt64($1 & 63) }
        })
    }

    func free() {
        units.deallocate()
        unitStarts.deallocate()
        budgets.deallocate()
        asciiMasks.deallocate()
        otherUnits.deallocate()
        otherMasks.deallocate()
        otherStarts.deallocate()
        classes.deallocate()
    }

    /// The optimal string alignment distance of pattern `pattern` (a query unit of `length`, 1 to 64
    /// units) to `text`, bit-parallel: Myers's algorithm for the edit distance of whole strings with Hyyrö's term
    /// for a swap of neighbours (Hyyrö 2003, "A bit-vector algorithm for computing Levenshtein and
    /// Damerau edit distances"). One pass over the text, a few word operations per unit.
    ///
    /// ```
    ///  Peq[c]   bit i set when pattern[i] == c (a table for ASCII units, a short list for others)
    ///  per text unit c:
    ///    TR  = ((~D0′ & Peq[c]) << 1) & Peq[c′]          a swap: c′ c against pattern … c c′ …
    ///    D0  = (((Peq[c] & VP) + VP) ^ VP) | Peq[c] | VN | TR
    ///    HP  = VN | ~(D0 | VP);  HN = D0 & VP
    ///    score ± the top bit of HP / HN
    ///    X = (HP << 1) | 1;  VN = X & D0;  VP = (HN << 1) | ~(X | D0)
    /// ```
    /// The tests hold it to `FuzzyReference`'s distance in full, through the matcher. Nil when more
    /// than `bound`.
    @inline(__always)
    func distance(ofPattern pattern: Int, length: Int, to text: UnsafeBufferPointer<UInt32>, bound: Int) -> Int? {
        let ascii = asciiMasks + 128 * pattern
        let others = otherStarts[pattern]..<otherStarts[pattern + 1]
        let top: UInt64 = 1 << UInt64(length - 1)
        var vp: UInt64 = ~0, vn: UInt64 = 0
        var previousD0: UInt64 = 0, previousMask: UInt64 = 0
        var score = length
        for unit in text {
            var pm: UInt64 = 0
            if unit < 128 {
                pm = ascii[Int(unit)]
            } else {
                for other in others where otherUnits[other] == unit { pm = otherMasks[other] }
            }
            let tr = ((~previousD0 & pm) << 1) & previousMask
            let d0 = (((pm & vp) &+ vp) ^ vp) | pm | vn | tr
            let hp = vn | ~(d0 | vp)
            let hn = d0 & vp
            if hp & top != 0 { score += 1 } else if hn & top != 0 { score -= 1 }
            let x = (hp << 1) | 1
            vn = x & d0
            vp = (hn << 1) | ~(x | d0)
            previousD0 = d0
            previousMask = pm
        }
        return score <= bound ? score : nil
    }
}

/// A matcher whose hits have edits it cannot keep through a search across rows (each
/// transcript's text is searched whole): the runner has it measure them afterwards.
protocol MeasuresEdits: Matcher {
    /// The rules the hits follow.
    var query: FuzzyQuery { get }
}

extension FuzzyMatcher: MeasuresEdits {}
extension FuzzyReference: MeasuresEdits {}

extension MeasuresEdits {
    /// Sets the edits of `index`'s hits from their text, for a search that found them across rows
    /// (each transcript's rows joined by one space). - Complexity: O(hits × their length).
    func measureEdits(of index: inout HitIndex, in corpus: Corpus) {
        let reference = FuzzyReference(query: query)
        for position in 0..<index.count {
            let text = index.matchedText(ofHitAt: position, in: corpus)
            index.setEdits(reference.edits(ofMatch: text) ?? 0, ofHitAt: position)
        }
    }
}
