/// The corpus's row text as one UTF-8 buffer and its row offset table, as a matcher scans it: row
/// `i` is `bytes[offsets[i]..<offsets[i + 1]]`. Valid only inside the call that lends it (the
/// corpus's `withTextBuffer`); the bytes are valid UTF-8, since they came from `String`s.
public struct RowBuffer: @unchecked Sendable {
    // `@unchecked`: the pointers are only read, and only while the lending call runs.
    /// Every row's text, back to back.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// Row `i`'s text is `bytes[offsets[i]..<offsets[i + 1]]`: `rowCount + 1` entries.
    public let offsets: UnsafeBufferPointer<Int>

    /// A buffer lent by the corpus (`Corpus.withTextBuffer`); `offsets` is never empty.
    public init(bytes: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<Int>) {
        precondition(!offsets.isEmpty, "an offset table has rowCount + 1 entries")
        self.bytes = bytes
        self.offsets = offsets
    }

    /// The number of rows.
    public var rowCount: Int { offsets.count - 1 }

    /// Row `row`'s text as a `String` (a copy).
    public func text(ofRow row: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[offsets[row]..<offsets[row + 1]]), as: UTF8.self)
    }

    /// The row of `rows` holding byte `position` (the last whose start is at or before it).
    /// - Complexity: O(log rows).
    public func row(containing position: Int, in rows: Range<Int>) -> Int {
        max(rows.lowerBound, rows.partitionPoint { offsets[$0] > position } - 1)
    }
}

extension Range<Int> {
    /// The first value in this range for which `isAbove` is true, where `isAbove` is false for a
    /// prefix of the range and true after it; `upperBound` when it is never true. The one binary
    /// search of the matching code. - Complexity: O(log count).
    func partitionPoint(_ isAbove: (Int) -> Bool) -> Int {
        var low = lowerBound
        var high = upperBound
        while low < high {
            let mid = low + (high - low) / 2
            if isAbove(mid) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
