/// A corpus row written down: which source it came from (its position in the corpus's load order)
/// and its position within that source.
///
/// Within a corpus the API names a row by one number, its index (`Corpus.row(at:)`, `Hit.row`,
/// `HitIndex`, `SearchHit.row`, cursors and filters); a `RowID` is that same row in the form that
/// is saved and sent: `Corpus.id(ofRow:)` and `Corpus.rowIndex(of:)` convert, and one round trip
/// gives the index back. Deterministic by construction: loading the same files in the same order
/// yields the same IDs, so the persisted session can refer to rows by ID. Written on every wire as
/// `"source:index"`, e.g. `"0:17"`.
public struct RowID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The source's position in the corpus's load order, from 0.
    public var source: Int
    /// The row's position within its source, from 0.
    public var index: Int

    /// The ID of row `index` (from 0) of source `source` (from 0).
    public init(source: Int, index: Int) {
        self.source = source
        self.index = index
    }

    /// Parses the wire form `"source:index"`; nil for anything else.
    public init?(_ description: String) {
        let parts = description.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let source = Int(parts[0]), let index = Int(parts[1]),
              source >= 0, index >= 0 else { return nil }
        self.init(source: source, index: index)
    }

    /// The wire form, `"source:index"`.
    public var description: String { "\(source):\(index)" }

    /// Whether `lhs` comes first in load order: by source, then by position within it.
    public static func < (lhs: RowID, rhs: RowID) -> Bool {
        (lhs.source, lhs.index) < (rhs.source, rhs.index)
    }
}
