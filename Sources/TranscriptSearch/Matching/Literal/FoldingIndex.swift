import Foundation

/// For accents off: the scalars that fold to a given scalar (`é`, `è`, `ê` … for `e`; `ł` and `ľ`
/// for `l`), so a query character's candidates include every accented form of its case relatives;
/// and, for the byte-level folding of rows (`FoldedRows`), what each scalar folds to when that is
/// ASCII (`é` → `e`, `æ` → `ae`, the Kelvin sign → `K`). Built once per process from
/// `ScalarEquivalence`'s decomposable ranges and `LatinLetterFolding` (a few milliseconds).
struct FoldingIndex: Sendable {
    static let shared = FoldingIndex()

    private let byBase: [UInt32: [UInt32]]
    /// Scalar → its accents-off folding, for every scalar whose folding differs from itself and is
    /// all ASCII; scalars whose folding mixes ASCII with other scalars are in `mixed`.
    let asciiFoldings: [UInt32: [UInt8]]
    /// Scalars whose folding holds ASCII and non-ASCII scalars (rows holding one are left to the
    /// reference by `FoldedRows`).
    let mixed: Set<UInt32>
    /// `asciiFoldings` for the scalars below U+0800 (two UTF-8 bytes), packed for a look-up
    /// without hashing: the folding's length in the low byte, then up to three ASCII bytes; 0 for
    /// a scalar whose folding is not ASCII.
    let packedTwoByteFoldings: [UInt32]
    /// How many ASCII bytes each scalar's folding holds (`asciiFoldings` and `mixed` alike), for
    /// `FoldedRows`'s bound on the folded letters a run of text can give: a bit per scalar
    /// saying it has some, and the counts of those.
    private let hasASCIIFolding: [UInt64]
    private let asciiCounts: [UInt32: Int]

    init() {
        var byBase: [UInt32: [UInt32]] = [:]
        var asciiFoldings: [UInt32: [UInt8]] = [:]
        var mixed = Set<UInt32>()
        var asciiCounts: [UInt32: Int] = [:]
        func record(_ value: UInt32, folding scalars: [Unicode.Scalar]) {
            var folded: [UInt8] = []
            var hasOther = false
            for scalar in scalars where scalar.properties.generalCategory != .nonspacingMark {
                let base = LatinLetterFolding.baseLetters(of: scalar.value).map { Array($0.unicodeScalars) } ?? [scalar]
                for part in base {
                    if part.isASCII { folded.append(UInt8(part.value)) } else { hasOther = true }
                }
            }
            if folded.isEmpty { return }
            asciiCounts[value] = folded.count
            if hasOther { mixed.insert(value) } else { asciiFoldings[value] = folded }
        }
        for range in ScalarEquivalence.decomposableRanges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let decomposed = Array(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars)
                if decomposed.count == 1 && decomposed[0] == scalar && LatinLetterFolding.baseLetters(of: value) == nil { continue }
                record(value, folding: decomposed)
                guard decomposed.count > 1, let base = decomposed.first else { continue }
                byBase[base.value, default: []].append(value)
            }
        }
        // Letters with no decomposition fold to their base letter (`ł` → `l`), and so do the
        // decomposable letters built on them (`ǿ` = `ø` + acute → `o`).
        for (value, base) in LatinLetterFolding.baseLetters {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if asciiFoldings[value] == nil { record(value, folding: [scalar]) }
            let letters = Array(base.unicodeScalars)
            guard letters.count == 1 else { continue }
            byBase[letters[0].value, default: []] += [value] + (byBase[value] ?? [])
        }
        self.byBase = byBase
        self.asciiFoldings = asciiFoldings
        var packed = [UInt32](repeating: 0, count: 0x800)
        for (value, folding) in asciiFoldings where value < 0x800 && folding.count <= 3 {
            packed[Int(value)] = folding.enumerated().reduce(UInt32(folding.count)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset + 1)) }
        }
        packedTwoByteFoldings = packed
        self.mixed = mixed
        var hasASCIIFolding = [UInt64](repeating: 0, count: 0x110000 / 64)
        for value in asciiCounts.keys { hasASCIIFolding[Int(value) / 64] |= 1 << UInt64(value % 64) }
        self.hasASCIIFolding = hasASCIIFolding
        self.asciiCounts = asciiCounts
    }

    /// How many ASCII bytes the folding of the non-ASCII scalar `value` holds (`é` 1, `æ` 2, a
    /// letter of another script 0).
    @inline(__always)
    func asciiCount(inFoldingOf value: UInt32) -> Int {
        guard value < 0x110000, hasASCIIFolding[Int(value) / 64] & (1 << UInt64(value % 64)) != 0 else { return 0 }
        return asciiCounts[value] ?? 0
    }

    /// The scalars whose folding starts with `base` (for a letter with no decomposition, whose
    /// folding is `base`).
    func scalars(foldingTo base: UInt32) -> [UInt32] {
        byBase[base] ?? []
    }
}
