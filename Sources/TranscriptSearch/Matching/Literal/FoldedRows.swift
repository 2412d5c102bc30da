/// Accents off, for a query that folds to ASCII (`cafe`, `resume`, `lukasz`): the rows that hold a
/// non-ASCII byte, each folded byte by byte into a scratch buffer and searched there, with no
/// `String` per row. Rows of ASCII only fold to themselves and are left to the literal scan.
///
/// ```
///  row      c a f e ́  ·  Ł u k a s z  ·  æ                 UTF-8 bytes of one row
///  folded   c a f e   ·  L u k a s z  ·  a e               each scalar by a table (FoldingIndex:
///  origin   [0,1)[1,2)[2,3)[3,6) …       [k,k+2)[k,k+2)     é → e, ł → l, æ → ae, the Kelvin sign →
///                                                          K); nonspacing marks join the character
///                                                          before them; other plain scalars are
///                                                          copied (they match no ASCII byte)
///  search   the folded query, left to right, not overlapping (case folded for ASCII letters unless
///           case-sensitive; word boundaries on the folded bytes with `WordBoundary`)
///  map back a hit covers its first byte's character to its last byte's: whole characters of the
///           row; a hit that would overlap the one before once widened is dropped, as the
///           reference drops it
/// ```
///
/// Exact for the reference (`TextFolding` per character, then `Regex`) because every byte of the
/// folded buffer that can match is a whole character of the reference's folded text: ASCII (a
/// carriage return, which joins a line feed, makes the row unsure), or an ASCII letter of a folding.
/// Scalars that join the character before them (a joiner, a skin tone, a spacing mark) are copied
/// when that character is one copied too (an emoji sequence stays whole and matches nothing).
/// Anything else it does not classify (such a joiner after a letter, a prepended mark, a format
/// character, a scalar whose folding mixes ASCII with other scalars) makes the row unsure: nil, and the reference searches it. With
/// case ignored, the typographic apostrophes and quotes fold to `'` and `"` (`QuoteEquivalence`);
/// for whole words a row holding one is unsure, since their word-break classes differ.
///
/// Before folding, a row must hold a stretch that could fold to the query (`mayHold`): no ASCII
/// byte in it that is not one of the query's (either case, ignoring case), and as many folded
/// ASCII bytes as the query has, counting each non-ASCII scalar as the ASCII bytes of its folding
/// (`é` 1, `æ` 2, a typographic quote 1 when quotes fold, a mark or a letter of another script 0).
/// Every ASCII scalar of the characters a hit covers is one of the query's bytes (folding keeps
/// ASCII scalars, and a character with anything left on it besides is not one an ASCII query
/// character matches), and a hit's characters fold to at least the query's length in ASCII
/// bytes. So a row without such a stretch has no hit, for the reference too; most rows with an
/// accented or foreign word elsewhere (`très`, `会议` next to a search for `cafe`) are passed over
/// after one loop over their bytes, unfolded.
///
/// Cost: O(row bytes) per row with a non-ASCII byte, a table look-up per non-ASCII scalar of the
/// rows that pass the run test.
struct FoldedRows {
    /// The folded query, ASCII.
    let query: [UInt8]
    let caseMatching: CaseMatching
    let words: WordMatching
    /// For each byte, whether it may be part of a hit's characters: the query's bytes (both cases
    /// of its letters when ignoring case) and every non-ASCII byte.
    let mayBeInHit: [Bool]

    /// Scratch space reused from row to row of one piece: the folded bytes and, for each, the
    /// row-relative UTF-8 range of the original character it came from.
    struct Scratch {
        var folded: [UInt8] = []
        var starts: [Int] = []
        var ends: [Int] = []

        /// Makes room for the folding of a row of `bytes` bytes (a folding is never longer than
        /// the scalar it folds: `ß` → `ss`, `ﬃ` → `ffi`; four times that, to be safe).
        mutating func reserve(_ bytes: Int) {
            let needed = 4 * bytes + 4
            guard folded.count < needed else { return }
            folded = [UInt8](repeating: 0, count: 2 * needed)
            starts = [Int](repeating: 0, count: 2 * needed)
            ends = [Int](repeating: 0, count: 2 * needed)
        }
    }

    /// A search of `query` (which must be ASCII) folded with accents off.
    init(query: [UInt8], caseMatching: CaseMatching, words: WordMatching) {
        self.query = caseMatching == .insensitive ? query.map(Self.lowercased) : query
        self.caseMatching = caseMatching
        self.words = words
        var mayBeInHit = [Bool](repeating: false, count: 256)
        for byte in 0x80...0xFF { mayBeInHit[byte] = true }
        for byte in query {
            mayBeInHit[Int(byte)] = true
            if caseMatching == .insensitive {
                mayBeInHit[Int(Self.lowercased(byte))] = true
                if byte >= 0x61 && byte <= 0x7A { mayBeInHit[Int(byte - 0x20)] = true }
            }
        }
        self.mayBeInHit = mayBeInHit
    }

    /// Whether the row `bytes[start..<end]` holds a stretch that may fold to the query (see the
    /// type's notes); false proves the row has no hit.
    func mayHold(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> Bool {
        let needed = query.count
        let index = FoldingIndex.shared
        let quoteSpan: ClosedRange<UInt32>? = caseMatching == .insensitive ? QuoteEquivalence.nonASCIISpan : nil
        return mayBeInHit.withUnsafeBufferPointer { inHit in
            var run = 0
            var position = start
            while position < end {
                let byte = bytes[position]
                if byte < 0x80 {
                    run = inHit[Int(byte)] ? run + 1 : 0
                    position += 1
                } else {
                    let (value, length) = UTF8Stepping.scalar(at: position, in: bytes)
                    position += length
                    run += index.asciiCount(inFoldingOf: value)
                    if quoteSpan?.contains(value) == true && QuoteEquivalence.asciiRepresentative(of: value) != nil { run += 1 }
                }
                if run >= needed { return true }
            }
            return false
        }
    }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// The hits in the rows of `rows` marked in `needsReference` (row-relative UTF-8 offsets); the
    /// rows this decides are unmarked, the others stay marked for the reference.
    func hits(
        _ bytes: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<Int>, rows: Range<Int>, needsReference: inout [Bool]
    ) -> HitList {
        var scratch = Scratch()
        var hits = HitList()
        for row in rows where needsReference[row - rows.lowerBound] {
            guard mayHold(bytes, start: offsets[row], end: offsets[row + 1]) else {
                needsReference[row - rows.lowerBound] = false
                continue
            }
            guard let found = self.hits(bytes, start: offsets[row], end: offsets[row + 1], scratch: &scratch) else { continue }
            needsReference[row - rows.lowerBound] = false
            for range in found { hits.append(row: row, start: range.lowerBound, end: range.upperBound) }
        }
        return hits
    }

    /// The hits of the row `bytes[start..<end]` as row-relative UTF-8 ranges of whole characters,
    /// or nil when the row holds something this does not decide.
    func hits(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, scratch: inout Scratch) -> [Range<Int>]? {
        scratch.reserve(end - start)
        let words = words
        let query = query
        let ignoringCase = caseMatching == .insensitive
        let foldsQuotes = ignoringCase
        return scratch.folded.withUnsafeMutableBufferPointer { folded in
            scratch.starts.withUnsafeMutableBufferPointer { starts in
                scratch.ends.withUnsafeMutableBufferPointer { ends -> [Range<Int>]? in
                    guard let count = Self.fold(
                        bytes, start: start, end: end, foldsQuotes: foldsQuotes, words: words,
                        folded: folded, starts: starts, ends: ends) else { return nil }
                    return Self.search(
                        query, ignoringCase: ignoringCase, words: words,
                        in: UnsafeBufferPointer(rebasing: folded[0..<count]), starts: starts, ends: ends)
                }
            }
        }
    }

    /// The hits of `query` in the folded row, mapped back through `starts` and `ends`; nil when a
    /// word boundary is unsure.
    private static func search(
        _ query: [UInt8], ignoringCase: Bool, words: WordMatching, in folded: UnsafeBufferPointer<UInt8>,
        starts: UnsafeMutableBufferPointer<Int>, ends: UnsafeMutableBufferPointer<Int>
    ) -> [Range<Int>]? {
        let count = folded.count
        let width = query.count
        guard width > 0, count >= width else { return [] }
        let first = query[0]
        var found: [Range<Int>] = []
        var lastEnd = -1
        var position = 0
        while position + width <= count {
            let byte = ignoringCase ? lowercased(folded[position]) : folded[position]
            if byte != first {
                position += 1
                continue
            }
            var equal = true
            for offset in 1..<width {
                let byte = ignoringCase ? lowercased(folded[position + offset]) : folded[position + offset]
                if byte != query[offset] {
                    equal = false
                    break
                }
            }
            if !equal {
                position += 1
                continue
            }
            let hitEnd = position + width
            if words == .wholeWords {
                switch (WordBoundary.at(position, rowStart: 0, rowEnd: count, in: folded),
                        WordBoundary.at(hitEnd, rowStart: 0, rowEnd: count, in: folded)) {
                case (.boundary, .boundary): break
                case (.unsure, _), (_, .unsure): return nil
                default:
                    position += 1
                    continue
                }
            }
            let range = starts[position]..<ends[hitEnd - 1]
            // Two hits inside one original character overlap once widened: the first stays.
            if range.lowerBound >= lastEnd {
                found.append(range)
                lastEnd = range.upperBound
            }
            position = hitEnd
        }
        return found
    }

    /// Folds the row `bytes[start..<end]` into `folded` (with each byte's original character in
    /// `starts` and `ends`); the folded length, or nil when the row holds something this does not
    /// decide.
    private static func fold(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, foldsQuotes: Bool, words: WordMatching,
        folded: UnsafeMutableBufferPointer<UInt8>, starts: UnsafeMutableBufferPointer<Int>, ends: UnsafeMutableBufferPointer<Int>
    ) -> Int? {
        let index = FoldingIndex.shared
        var count = 0
        @inline(__always) func append(_ byte: UInt8, _ from: Int, _ to: Int) {
            folded[count] = byte
            starts[count] = from
            ends[count] = to
            count += 1
        }
        // Where the folded bytes of the character before begin (nil: nothing a mark may join), and
        // whether they were copied as they are (no byte of them can match the query).
        var previous: Int?
        var previousIsOpaque = false
        var position = start
        while position < end {
            let byte = bytes[position]
            if byte < 0x80 {
                if byte == 0x0D { return nil }
                previous = byte >= 0x20 && byte != 0x7F ? count : nil
                previousIsOpaque = false
                append(byte, position - start, position + 1 - start)
                position += 1
                continue
            }
            let (value, length) = UTF8Stepping.scalar(at: position, in: bytes)
            let characterStart = position - start
            position += length
            let characterEnd = position - start
            if isNonspacingMark(value) {
                // A mark belongs to the character before it, which folding leaves without it.
                guard let first = previous else { return nil }
                for folded in first..<count { ends[folded] = characterEnd }
                continue
            }
            let foldedStart = count
            let previousWasOpaque = previousIsOpaque
            previousIsOpaque = false
            defer { previous = foldedStart }
            if value < 0x800 {
                let packed = index.packedTwoByteFoldings[Int(value)]
                if packed != 0 {
                    for offset in 0..<Int(packed & 0xFF) {
                        append(UInt8(truncatingIfNeeded: packed >> (8 * UInt32(offset + 1))), characterStart, characterEnd)
                    }
                    continue
                }
            } else if let ascii = index.asciiFoldings[value] {
                for byte in ascii { append(byte, characterStart, characterEnd) }
                continue
            }
            if foldsQuotes, let representative = QuoteEquivalence.asciiRepresentative(of: value) {
                if words == .wholeWords { return nil }
                append(representative, characterStart, characterEnd)
            } else if !index.mixed.contains(value) {
                switch Self.opacity(of: value) {
                case .opaque:
                    break
                case .joinsThePrevious:
                    // A joiner, a skin tone, a spacing mark: part of the character before, which
                    // must be one no byte of the query can match (an emoji, not a letter).
                    guard previousWasOpaque || count == 0 else { return nil }
                case .undecided:
                    return nil
                }
                for offset in characterStart..<characterEnd { append(bytes[start + offset], characterStart, characterEnd) }
                previousIsOpaque = true
            } else {
                return nil
            }
        }
        return count
    }

    /// How a non-ASCII scalar that does not fold to ASCII is copied into the folded row.
    enum Opacity {
        /// A character of its own, or one that joins only non-ASCII scalars (an emoji, a regional
        /// indicator, Hangul, a plain letter): copied, it matches no byte of the query.
        case opaque
        /// Joins the character before it (grapheme extend, zero-width joiner, emoji modifier,
        /// spacing mark).
        case joinsThePrevious
        /// Joins the character after it, or not classified (prepended marks, format characters,
        /// Brahmi-derived letters).
        case undecided
    }

    @inline(__always)
    static func opacity(of value: UInt32) -> Opacity {
        if PlainScalars.isPlain(value) { return .opaque }
        guard let scalar = Unicode.Scalar(value) else { return .undecided }
        let properties = scalar.properties
        if value == 0x200D || value == 0x0E33 || value == 0x0EB3 || properties.isGraphemeExtend || properties.isEmojiModifier
            || properties.generalCategory == .spacingMark {
            return .joinsThePrevious
        }
        if value == 0x0D4E || (0x11000...0x11FFF).contains(value) || properties.generalCategory == .format {
            return .undecided
        }
        return .opaque
    }

    /// Whether `value` (not ASCII) is a nonspacing mark; the combining diacritical marks without a
    /// table look-up, and no scalar below them is one.
    @inline(__always)
    private static func isNonspacingMark(_ value: UInt32) -> Bool {
        if value < 0x300 { return false }
        if value < 0x370 { return true }
        return PieceScan.isNonspacingMark(value)
    }
}
