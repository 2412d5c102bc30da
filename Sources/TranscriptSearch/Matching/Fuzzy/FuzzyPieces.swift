/// The rows a `--fuzzy` query cannot have a hit in, told apart before they are read into words:
/// pieces of a query word, one of which every match must hold unchanged (`FuzzyMatcher` reads only
/// the rows that hold one).
///
/// Why no hit slips past (the pigeonhole, with swaps): cut a query unit of m units and a budget of
/// k edits into k + 1 neighbouring pieces X₀ … Xₖ, and add for each cut the piece Yᵢ = Xᵢ without
/// its last unit followed by the first unit of Xᵢ₊₁. A text unit within k edits of the query unit
/// holds one of them as it is:
/// - an insertion, deletion or substitution spoils at most one Xᵢ; a swap inside a piece spoils
///   that one; a swap across cut i spoils Xᵢ and Xᵢ₊₁ but leaves Yᵢ in the text (the swapped
///   pair reads Xᵢ₊₁'s first unit, then Xᵢ's last);
/// - for Yᵢ of the leftmost swap of a run of neighbouring cuts to be spoilt too, another edit must
///   fall inside Xᵢ, already spoilt (a swap across cut i − 1 would extend the run). So the pieces
///   spoilt are at most the edits, k, and one of the k + 1 Xᵢ is left.
///
/// ```
///  budgit, 1 edit     bud | git, and bu + g          any text within 1 edit holds bud, git or bug
///  milestone, 2       mil | est | one, mi+e, es+o
///  the, 0             the
/// ```
///
/// A hit matches one query word (a chosen one) on its own, or joined with a neighbour, to one
/// text word or two neighbours joined. Their units lie back to back in the row's word units with
/// everything else left out, where the pieces of the chosen word's three query units are looked
/// for, each cut to the same length L (any part of a piece held is held). So a row holding none
/// has no hit. A row is looked through byte by byte, each scalar below U+0800 that is a character
/// of its own with the matcher's unit; a row with any other scalar (a mark, a joiner, CJK) is
/// always read.
struct FuzzyPieces: Sendable {
    /// The pieces' length, 2 to 4 units.
    let length: Int
    /// Bit `hash(piece)` set for each piece (65,536 bits), its units' low bytes packed.
    let bits: [UInt64]

    /// The pieces of `matcher`'s best query word (the one whose pieces are longest), or nil when
    /// every word's pieces would be shorter than 2 units (then every row is read).
    init?(words: [[UInt32]], budgets: [Int], joinedBudgets: [Int]) {
        // Each query word's units: it alone, and joined with each neighbour, with their budgets.
        func units(of word: Int) -> [(units: [UInt32], budget: Int)] {
            var all = [(words[word], budgets[word])]
            if word > 0 { all.append((words[word - 1] + words[word], joinedBudgets[word - 1])) }
            if word + 1 < words.count { all.append((words[word] + words[word + 1], joinedBudgets[word])) }
            return all
        }
        var best: (length: Int, pieces: [[UInt32]])?
        for word in words.indices {
            let pieces = units(of: word).map { Self.pieces(of: $0.units, budget: $0.budget) }
            let length = min(4, pieces.joined().map(\.count).min() ?? 0)
            if length >= 2, best.map({ length > $0.length }) ?? true { best = (length, Array(pieces.joined())) }
        }
        guard let best else { return nil }
        length = best.length
        var bits = [UInt64](repeating: 0, count: 1024)
        for piece in best.pieces {
            let hash = Self.hash(Self.packed(piece.prefix(best.length)))
            bits[Int(hash >> 6)] |= 1 << UInt64(hash & 63)
        }
        self.bits = bits
    }

    /// The pieces of a query unit (`units`, `budget` edits): k + 1 neighbouring pieces of about
    /// equal length, and the piece across each cut.
    static func pieces(of units: [UInt32], budget: Int) -> [[UInt32]] {
        let count = budget + 1
        guard units.count >= count else { return [[]] }
        let cuts = (0...count).map { $0 * units.count / count }
        let main = (0..<count).map { Array(units[cuts[$0]..<cuts[$0 + 1]]) }
        let across = (0..<budget).map { Array(main[$0].dropLast()) + [main[$0 + 1][0]] }
        return main + across
    }

    /// The low bytes of `units` packed, the last in the lowest byte.
    static func packed<C: Collection>(_ units: C) -> UInt32 where C.Element == UInt32 {
        units.reduce(0) { $0 << 8 | ($1 & 0xFF) }
    }

    @inline(__always)
    static func hash(_ packed: UInt32) -> UInt32 {
        (packed &* 0x9E37_79B1) >> 16
    }

    /// Whether the row `bytes` may hold a hit: its word units (`table`: the matcher's units of
    /// ASCII bytes with `RowWords.wordFlag`; `twoBytes`: of the scalars below U+0800, each its own
    /// character, as `twoByteEntries` makes them), back to back, hold a piece, or it has a scalar of
    /// neither table (a mark, a joiner, a scalar of three bytes or more: then the row is read).
    @inline(__always)
    func mayMatch(
        _ bytes: UnsafeBufferPointer<UInt8>, table: UnsafePointer<UInt32>, twoBytes: UnsafePointer<UInt32>, bits: UnsafePointer<UInt64>
    ) -> Bool {
        let mask: UInt32 = length == 4 ? ~0 : (1 << UInt32(8 * length)) - 1
        var window: UInt32 = 0
        var held = 0
        var offset = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return false }
        while offset < count {
            let byte = base[offset]
            let entry: UInt32
            if byte < 0x80 {
                entry = table[Int(byte)]
                offset += 1
            } else {
                guard byte >= 0xC2, byte < 0xE0, offset + 1 < count, base[offset + 1] & 0xC0 == 0x80 else { return true }
                entry = twoBytes[Int(UInt32(byte & 0x1F) << 6 | UInt32(base[offset + 1] & 0x3F))]
                if entry == 0 { return true }
                offset += 2
            }
            guard entry & RowWords.wordFlag != 0 else { continue }
            window = (window << 8 | (entry & 0xFF)) & mask
            held += 1
            if held >= length {
                let hash = Self.hash(window)
                if bits[Int(hash >> 6)] & (1 << UInt64(hash & 63)) != 0 { return true }
            }
        }
        return false
    }

    /// For each scalar below U+0800: 0 when it may join its neighbours into one character (not
    /// `RowWords.isAlone`), else the low byte of its unit (`unit`), bit 8 set, and
    /// `RowWords.wordFlag` for a word character. ASCII's entries are unused.
    static func twoByteEntries(unit: (Character) -> UInt32) -> [UInt32] {
        (0..<0x800).map { (value: UInt32) -> UInt32 in
            guard value >= 0x80, RowWords.isAlone(value), let scalar = Unicode.Scalar(value) else { return 0 }
            let character = Character(scalar)
            return (unit(character) & 0xFF) | 0x100 | (CharacterFolding.isWordCharacter(character) ? RowWords.wordFlag : 0)
        }
    }
}
