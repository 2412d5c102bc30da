import Foundation

/// For accents off: the scalars whose canonical decomposition starts with a given scalar followed
/// only by marks (`é`, `è`, `ê` … for `e`), so a query character's candidates include every
/// accented form of its case relatives. Built once per process from `ScalarEquivalence`'s
/// decomposable ranges (a few milliseconds).
struct FoldingIndex: Sendable {
    static let shared = FoldingIndex()

    private let byBase: [UInt32: [UInt32]]

    init() {
        var byBase: [UInt32: [UInt32]] = [:]
        for range in ScalarEquivalence.decomposableRanges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let decomposed = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
                guard decomposed.count > 1, let base = decomposed.first else { continue }
                byBase[base.value, default: []].append(value)
            }
        }
        self.byBase = byBase
    }

    /// The scalars whose decomposition starts with `base`.
    func scalars(foldingTo base: UInt32) -> [UInt32] {
        byBase[base] ?? []
    }
}
