/// The optimal string alignment distance of one pattern (a query unit of at most 64 units) to any
/// text, bit-parallel: Myers's algorithm for the edit distance of whole strings with Hyyrö's term
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
/// The tests hold it to `FuzzyReference`'s distance in full, through the matcher.
struct BitParallelDistance: Sendable {
    let length: Int
    private let asciiMasks: [UInt64]
    private let otherMasks: [(unit: UInt32, mask: UInt64)]
    private let top: UInt64

    /// The tables of `pattern`, or nil when it is longer than 64 units or empty.
    init?(_ pattern: [UInt32]) {
        guard !pattern.isEmpty, pattern.count <= 64 else { return nil }
        length = pattern.count
        var ascii = [UInt64](repeating: 0, count: 128)
        var other: [(unit: UInt32, mask: UInt64)] = []
        for (i, unit) in pattern.enumerated() {
            let bit: UInt64 = 1 << UInt64(i)
            if unit < 128 {
                ascii[Int(unit)] |= bit
            } else if let at = other.firstIndex(where: { $0.unit == unit }) {
                other[at].mask |= bit
            } else {
                other.append((unit, bit))
            }
        }
        asciiMasks = ascii
        otherMasks = other
        top = 1 << UInt64(pattern.count - 1)
    }

    @inline(__always)
    private func mask(_ unit: UInt32) -> UInt64 {
        if unit < 128 { return asciiMasks[Int(unit)] }
        for entry in otherMasks where entry.unit == unit { return entry.mask }
        return 0
    }

    /// The distance to `text` (units), or nil when more than `bound`.
    @inline(__always)
    func distance(to text: UnsafeBufferPointer<UInt32>, bound: Int) -> Int? {
        if abs(text.count - length) > bound { return nil }
        var vp: UInt64 = ~0, vn: UInt64 = 0
        var previousD0: UInt64 = 0, previousMask: UInt64 = 0
        var score = length
        for unit in text {
            let pm = mask(unit)
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
