/// One hit: its position among all hits (0-based, in corpus order), its row, and where in the row's
/// text it is, as UTF-8 byte offsets aligned to whole characters.
public struct Hit: Hashable, Sendable {
    /// 0-based position among all hits of the search; shown to people as `position + 1`.
    public var position: Int
    /// The corpus row index of the row the hit is in.
    public var row: Int
    /// UTF-8 byte offsets into the row's text; both ends on `Character` boundaries.
    public var utf8Range: Range<Int>

    public init(position: Int, row: Int, utf8Range: Range<Int>) {
        self.position = position
        self.row = row
        self.utf8Range = utf8Range
    }

    /// The hit's range in `text`, which must be the text of the hit's row.
    public func range(in text: String) -> Range<String.Index> {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: utf8Range.lowerBound)
        let upper = utf8.index(lower, offsetBy: utf8Range.count)
        return lower..<upper
    }
}
