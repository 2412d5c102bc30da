/// One column of a `Corpus`: an array, or values read in place from a `ByteRegion` (a mapped cache
/// file) without copying. Reading is the same either way; the first change to a mapped column
/// copies it into an array.
package struct Column<Element: BitwiseCopyable>: RandomAccessCollection, ExpressibleByArrayLiteral, @unchecked Sendable {
    // `@unchecked`: the mapped buffer is immutable and kept alive by `region`.
    private var array: [Element]
    private var mapped: UnsafeBufferPointer<Element>?
    private var region: ByteRegion?

    /// A column holding `array`.
    package init(_ array: [Element] = []) {
        self.array = array
    }

    /// A column holding `elements`.
    package init(arrayLiteral elements: Element...) {
        array = elements
    }

    /// `count` values of `Element` at byte `offset` of `region`, which must be aligned for them.
    package init(region: ByteRegion, offset: Int, count: Int) {
        precondition(offset % MemoryLayout<Element>.alignment == 0, "column data is aligned")
        precondition(offset + count * MemoryLayout<Element>.stride <= region.bytes.count, "column data inside the region")
        array = []
        self.region = region
        let start = region.bytes.baseAddress.map { ($0 + offset).assumingMemoryBound(to: Element.self) }
        mapped = UnsafeBufferPointer(start: start, count: count)
    }

    /// Whether the values are read in place from a region (a mapped file) rather than held.
    package var isMapped: Bool { mapped != nil }

    /// The values in place when they are read from a region (valid while the region is, which
    /// this column keeps alive); nil when the column holds an array.
    package var mappedValues: UnsafeBufferPointer<Element>? { mapped }

    /// Always 0.
    package var startIndex: Int { 0 }
    /// The number of values.
    package var endIndex: Int { mapped?.count ?? array.count }

    /// The value at `position`. - Complexity: O(1).
    package subscript(position: Int) -> Element {
        if let mapped { return mapped[position] }
        return array[position]
    }

    /// Calls `body` with the values in place, mapped or not.
    package func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        if let mapped { return try body(mapped) }
        return try array.withUnsafeBufferPointer(body)
    }

    /// The values in place: a column is always contiguous.
    package func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
        try withUnsafeBufferPointer(body)
    }

    /// Appends `element`, copying a mapped column into an array first.
    package mutating func append(_ element: Element) {
        makeOwned()
        array.append(element)
    }

    /// Appends `elements`, copying a mapped column into an array first.
    package mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        makeOwned()
        array.append(contentsOf: elements)
    }

    /// Appends another column's values in one copy (the generic `append(contentsOf:)` would take
    /// them one by one).
    package mutating func append(contentsOf other: Column<Element>) {
        makeOwned(reserving: other.count)
        other.withUnsafeBufferPointer { array.append(contentsOf: $0) }
    }

    /// The values in `range`: in place when this column is mapped (sharing its region), else copied.
    package func slice(_ range: Range<Int>) -> Column {
        guard let mapped, let region else { return Column(Array(array[range])) }
        var column = Column()
        column.region = region
        column.mapped = UnsafeBufferPointer(rebasing: mapped[range])
        return column
    }

    /// Makes room for `capacity` values, copying a mapped column into an array first.
    package mutating func reserveCapacity(_ capacity: Int) {
        makeOwned()
        array.reserveCapacity(capacity)
    }

    /// Copies a mapped column into an array, with room for `extra` more values (so that what is
    /// appended next does not copy it all again), in huge pages when it is big.
    private mutating func makeOwned(reserving extra: Int = 0) {
        guard let mapped else { return }
        var owned: [Element] = []
        owned.reserveCapacity(mapped.count + extra)
        HugePages.advise(&owned)
        owned.append(contentsOf: mapped)
        array = owned
        self.mapped = nil
        region = nil
    }
}

extension Column<UInt8> {
    /// Row `index`'s text, when this column holds rows' UTF-8 back to back and `offsets` cuts it
    /// (`offsets[index]..<offsets[index + 1]`). - Complexity: O(its length).
    package func string(ofRow index: Int, offsets: Column<Int>) -> String {
        withUnsafeBufferPointer { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[offsets[index]..<offsets[index + 1]]), as: UTF8.self)
        }
    }
}
