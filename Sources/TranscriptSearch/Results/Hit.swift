/// One hit: its position among all hits (0-based, in corpus order), its row, and where in the row's
/// text it is, as UTF-8 byte offsets aligned to whole characters.
///
/// A hit across rows (`RowSpanning.acrossRows`) is recorded against the row it starts in, and its
/// range is measured in that transcript's text as searched: from the start of this row's text, on
/// through one space and the next row's text, and so on. So `utf8Range.upperBound` may exceed the
/// row's length (and `lowerBound` may equal it, for a hit that starts on the space after the row).
/// `HitIndex.segments(ofHitAt:in:)` splits such a hit into the part in each row.
public struct Hit: Hashable, Sendable {
    /// 0-based position among all hits of the search; shown to people as `position + 1`.
    public var position: Int
    /// The corpus row index of the row the hit is in (starts in).
    public var row: Int
    /// UTF-8 byte offsets into the row's text (continuing past its end for a hit across rows);
    /// both ends on `Character` boundaries of the text searched.
    public var utf8Range: Range<Int>

    /// A hit from its parts (see the properties for what each offset means).
    public init(position: Int, row: Int, utf8Range: Range<Int>) {
        self.position = position
        self.row = row
        self.utf8Range = utf8Range
    }

    /// The hit's range in `text`, which must be the text of the hit's row; for a hit across rows,
    /// the part in this row (the range ends at the end of `text`).
    public func range(in text: String) -> Range<String.Index> {
        let utf8 = text.utf8
        let count = utf8.count
        let lower = utf8.index(utf8.startIndex, offsetBy: min(utf8Range.lowerBound, count))
        let upper = utf8.index(lower, offsetBy: min(utf8Range.upperBound, count) - min(utf8Range.lowerBound, count))
        return lower..<upper
    }
}
