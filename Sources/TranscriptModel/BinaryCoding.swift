import Dispatch

/// A minimal binary encoding for caches: little-endian fixed-width integers, length-prefixed byte
/// strings and arrays copied as raw memory. Reading is checked: a short or inconsistent input is a
/// `BinaryDecodingError`, never a crash, so a damaged cache is only ever a cache miss.
package struct BinaryWriter {
    /// What is written (in memory), or what is not yet handed to `output` (streaming).
    package private(set) var bytes: [UInt8] = []
    /// Streaming: where the bytes go, in order, and how many went there already.
    private let output: ((UnsafeRawBufferPointer) -> Void)?
    private var flushed = 0
    /// Streaming: the checksum being summed (from byte `start` on).
    private var running: (start: Int, checksum: Checksum)?
    /// Streaming: a checksum the caller must still write at `offset` of the output (its
    /// placeholder went out before the value was known).
    package private(set) var checksumPatch: (offset: Int, value: UInt64)?

    /// Writes into `bytes`, with room for `capacity` bytes made at once (a big cache grown by
    /// doubling would be copied several times).
    package init(reservingCapacity capacity: Int = 0) {
        output = nil
        bytes.reserveCapacity(capacity)
    }

    /// Streams to `output`: small values are gathered, big columns handed over in place (never
    /// copied), so a large cache is written with little memory. Call `finish()` at the end.
    package init(streamingTo output: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.output = output
    }

    /// Bytes written so far.
    package var count: Int { flushed + bytes.count }

    /// Eight bytes, little-endian.
    package mutating func write(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// The UTF-8 byte count (eight bytes), then the bytes.
    package mutating func write(_ string: String) {
        write(UInt64(string.utf8.count))
        bytes.append(contentsOf: string.utf8)
    }

    /// A placeholder for a `Checksum` of everything written after it; `endChecksum(at:)` with the
    /// returned offset fills it in once all is written (`RegionReader.verifyChecksum()` checks it).
    package mutating func beginChecksum() -> Int {
        let offset = count
        write(UInt64(0))
        if output != nil { running = (offset + 8, Checksum()) }
        return offset
    }

    /// Fills in the checksum placeholder at `offset` with the checksum of everything written after it
    /// (streaming: sets `checksumPatch`, for the caller to write there).
    package mutating func endChecksum(at offset: Int) {
        guard output == nil else {
            flush()
            checksumPatch = running.map { (offset, $0.checksum.value) }
            running = nil
            return
        }
        let value = bytes.withUnsafeBytes { Checksum.of(UnsafeRawBufferPointer(rebasing: $0[(offset + 8)...])) }
        withUnsafeBytes(of: value.littleEndian) { raw in
            for index in 0..<8 { bytes[offset + index] = raw[index] }
        }
    }

    /// Streaming: hands everything gathered to `output`.
    package mutating func finish() {
        flush()
    }

    private mutating func flush() {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { emit($0) }
        bytes.removeAll(keepingCapacity: true)
    }

    /// Streaming: `raw` goes out now (what was gathered before it must have gone already).
    private mutating func emit(_ raw: UnsafeRawBufferPointer) {
        if var sum = running {
            let skip = max(0, min(raw.count, sum.start - flushed))
            sum.checksum.add(UnsafeRawBufferPointer(rebasing: raw[skip...]))
            running = sum
        }
        output?(raw)
        flushed += raw.count
    }

    /// Zero bytes up to the next multiple of `alignment` (counted from the start of the output).
    package mutating func align(to alignment: Int) {
        while count % alignment != 0 { bytes.append(0) }
    }

    /// A column: its count, zero padding to an 8-byte boundary, then its raw memory (little-endian
    /// hosts only write columns), so a reader can point into the bytes instead of copying them.
    package mutating func write<T: FixedWidthInteger>(column: Column<T>) {
        precondition(isLittleEndianHost, "columns are written on little-endian hosts")
        write(UInt64(column.count))
        align(to: 8)
        column.withUnsafeBufferPointer { values in
            let raw = UnsafeRawBufferPointer(values)
            if output != nil && raw.count >= 1 << 16 {
                flush()
                emit(raw)
            } else {
                bytes.append(contentsOf: raw)
            }
        }
    }

    /// An array of fixed-width integers (or Bools), as its count then its raw memory.
    package mutating func write<T: FixedWidthInteger>(_ array: [T]) {
        write(UInt64(array.count))
        array.withUnsafeBytes { raw in
            if T.self == UInt8.self || T.self == Int8.self || isLittleEndianHost {
                bytes.append(contentsOf: raw)
            } else {
                for value in array { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
            }
        }
    }
}

/// Reads what `BinaryWriter` wrote from an array (a copy of it, read through `RegionReader`).
package struct BinaryReader {
    private var reader: RegionReader

    /// A reader of a copy of `bytes`, from the start.
    package init(_ bytes: [UInt8]) {
        reader = RegionReader(ByteRegion(copying: bytes))
    }

    /// Whether every byte has been read.
    package var isAtEnd: Bool { reader.isAtEnd }

    /// Eight bytes, little-endian.
    package mutating func readUInt64() throws(BinaryDecodingError) -> UInt64 { try reader.readUInt64() }

    /// A count, refused when `count × elementSize` bytes cannot follow.
    package mutating func readCount(elementSize: Int) throws(BinaryDecodingError) -> Int {
        try reader.readCount(elementSize: elementSize)
    }

    /// A string written by `BinaryWriter.write(_:)`; refused when it is not UTF-8.
    package mutating func readString() throws(BinaryDecodingError) -> String { try reader.readString() }

    /// An array written by `write(_:)`: its count, then its raw memory (copied out).
    package mutating func readArray<T: FixedWidthInteger>(of type: T.Type) throws(BinaryDecodingError) -> [T] {
        try reader.readArray(of: type)
    }
}

/// Reads what `BinaryWriter` wrote, in place: columns point into the region instead of copying it.
/// Offsets are absolute within the region, whose start is aligned.
package struct RegionReader {
    /// The bytes read, kept alive while any column points into them.
    package let region: ByteRegion
    /// The next byte to read, from the region's start.
    package private(set) var offset: Int

    /// A reader of `region` from byte `offset`.
    package init(_ region: ByteRegion, offset: Int = 0) {
        self.region = region
        self.offset = offset
    }

    /// Whether every byte has been read.
    package var isAtEnd: Bool { offset == region.bytes.count }

    /// Eight bytes, little-endian; refused past the end.
    package mutating func readUInt64() throws(BinaryDecodingError) -> UInt64 {
        guard region.bytes.count - offset >= 8 else { throw BinaryDecodingError("truncated") }
        var value: UInt64 = 0
        for shift in 0..<8 { value |= UInt64(region.bytes[offset + shift]) << (8 * shift) }
        offset += 8
        return value
    }

    /// A count, refused when `count × elementSize` bytes cannot follow (so nothing is allocated for
    /// a count a damaged file claims).
    package mutating func readCount(elementSize: Int) throws(BinaryDecodingError) -> Int {
        let count = try readUInt64()
        guard count <= UInt64(region.bytes.count - offset) / UInt64(max(1, elementSize)) else {
            throw BinaryDecodingError("a count larger than the data")
        }
        return Int(count)
    }

    /// A byte string written by `BinaryWriter.write(_:)` for an array of bytes, copied out.
    package mutating func readBytes() throws(BinaryDecodingError) -> [UInt8] {
        let count = try readCount(elementSize: 1)
        defer { offset += count }
        return Array(region.bytes[offset..<offset + count])
    }

    /// A string written by `BinaryWriter.write(_:)`; refused when it is not UTF-8.
    package mutating func readString() throws(BinaryDecodingError) -> String {
        let count = try readCount(elementSize: 1)
        defer { offset += count }
        guard let string = String(validating: region.bytes[offset..<offset + count], as: UTF8.self) else {
            throw BinaryDecodingError("a string that is not UTF-8")
        }
        return string
    }

    /// An array written by `BinaryWriter.write(_:)` (no padding), copied out.
    package mutating func readArray<T: FixedWidthInteger>(of type: T.Type) throws(BinaryDecodingError) -> [T] {
        let size = MemoryLayout<T>.size
        let count = try readCount(elementSize: size)
        var array = [T](repeating: 0, count: count)
        array.withUnsafeMutableBytes { raw in
            raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: region.bytes[offset..<offset + count * size]))
        }
        offset += count * size
        if !isLittleEndianHost { array = array.map { T(littleEndian: $0) } }
        return array
    }

    /// Reads the checksum `BinaryWriter.beginChecksum()` left and checks it against every byte
    /// after it, to the end of the region.
    package mutating func verifyChecksum() throws(BinaryDecodingError) {
        let expected = try readUInt64()
        guard Checksum.ofInParallel(UnsafeRawBufferPointer(rebasing: region.bytes[offset...])) == expected else {
            throw BinaryDecodingError("checksum")
        }
    }

    /// Steps over the checksum `BinaryWriter.beginChecksum()` left without checking it: for bytes
    /// already checked whole once and trusted since (`RowsFile`'s record of verified caches).
    package mutating func skipChecksum() throws(BinaryDecodingError) {
        _ = try readUInt64()
    }

    /// Skips zero padding up to an 8-byte boundary.
    package mutating func align() throws(BinaryDecodingError) {
        while offset % 8 != 0 {
            guard offset < region.bytes.count, region.bytes[offset] == 0 else { throw BinaryDecodingError("bad padding") }
            offset += 1
        }
    }

    /// A column written by `BinaryWriter.write(column:)`, pointing into the region (not copied).
    package mutating func readColumn<T: FixedWidthInteger>(of type: T.Type) throws(BinaryDecodingError) -> Column<T> {
        guard isLittleEndianHost else { throw BinaryDecodingError("columns are read on little-endian hosts") }
        let count = try readUInt64()
        try align()
        guard count <= UInt64(region.bytes.count - offset) / UInt64(MemoryLayout<T>.stride) else {
            throw BinaryDecodingError("a count larger than the data")
        }
        let column = Column<T>(region: region, offset: offset, count: Int(count))
        offset += Int(count) * MemoryLayout<T>.stride
        return column
    }
}

/// A 64-bit checksum of a cache file's bytes, so a damaged file (a flipped bit in a column that
/// would still read as valid values) is a miss, not wrong rows; also the content hash of a source
/// file (`SourceFingerprint`). Fletcher-style over 8-byte words in four independent lanes (a running
/// sum and a sum of sums each, so both the values and their order count), mixed at the end:
/// additions only in the loop, so a pass runs at memory speed. It detects damage and edits, not
/// forgery. Fed in pieces of any size (`add`), it equals `of` over the pieces back to back.
package struct Checksum {
    private var sums: (UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4)
    private var sumsOfSums: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// Bytes fed so far.
    private var count = 0
    /// The bytes after the last whole 32-byte block (fewer than 32).
    private var carry: [UInt8] = []

    /// The checksum of no bytes, ready to be fed.
    package init() {}

    /// The checksum of `bytes`. - Complexity: O(bytes), at about memory speed.
    package static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var checksum = Checksum()
        checksum.add(bytes)
        return checksum.value
    }

    /// `of(bytes)`, the two halves of a big buffer summed on two threads at once: the second half
    /// is summed from zero and folded in after (a running sum carries into the sum of sums once per
    /// block that follows it).
    package static func ofInParallel(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        guard bytes.count >= 1 << 24 else { return of(bytes) }
        let middle = bytes.count / 64 * 32
        let shared = ReadOnlyShared(bytes), results = ThreadSlots(count: 2, repeating: Checksum())
        defer { results.free() }
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            var checksum = Checksum()
            if half == 0 {
                checksum.addBlocks(UnsafeRawBufferPointer(rebasing: shared.value[..<middle]), upTo: middle)
            } else {
                checksum = startingFromZero()
                checksum.add(UnsafeRawBufferPointer(rebasing: shared.value[middle...]))
            }
            results[half] = checksum
        }
        let blocks = (bytes.count - middle) / 32
        return combined(results[0], then: results[1], blocks: blocks, count: bytes.count).value
    }

    /// A checksum to feed a second part with, to be `combined` after a first part's.
    package static func startingFromZero() -> Checksum {
        var checksum = Checksum()
        checksum.sums = (0, 0, 0, 0)
        return checksum
    }

    /// The checksum of two parts back to back, from the first's (fed whole 32-byte blocks only)
    /// and the second's (made by `startingFromZero`), which holds `blocks` whole blocks; `count`
    /// is both parts' bytes.
    package static func combined(_ first: Checksum, then second: Checksum, blocks: Int, count: Int) -> Checksum {
        var whole = first
        let blocks = UInt64(blocks)
        whole.sumsOfSums = (
            whole.sumsOfSums.0 &+ blocks &* whole.sums.0 &+ second.sumsOfSums.0,
            whole.sumsOfSums.1 &+ blocks &* whole.sums.1 &+ second.sumsOfSums.1,
            whole.sumsOfSums.2 &+ blocks &* whole.sums.2 &+ second.sumsOfSums.2,
            whole.sumsOfSums.3 &+ blocks &* whole.sums.3 &+ second.sumsOfSums.3
        )
        whole.sums = (
            whole.sums.0 &+ second.sums.0, whole.sums.1 &+ second.sums.1,
            whole.sums.2 &+ second.sums.2, whole.sums.3 &+ second.sums.3
        )
        whole.count = count
        whole.carry = second.carry
        return whole
    }

    /// Feeds `bytes` after those fed before (pieces of any size).
    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        count += bytes.count
        if !carry.isEmpty {
            offset = min(32 - carry.count, bytes.count)
            carry.append(contentsOf: bytes[0..<offset])
            guard carry.count == 32 else { return }
            carry.withUnsafeBytes { addBlocks($0, upTo: 32) }
            carry.removeAll(keepingCapacity: true)
        }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[offset...])
        let whole = rest.count / 32 * 32
        addBlocks(rest, upTo: whole)
        carry.append(contentsOf: rest[whole...])
    }

    private mutating func addBlocks(_ bytes: UnsafeRawBufferPointer, upTo end: Int) {
        var sums = self.sums
        var sumsOfSums = self.sumsOfSums
        var offset = 0
        while offset < end {
            sums.0 &+= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            sums.1 &+= bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
            sums.2 &+= bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)
            sums.3 &+= bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)
            sumsOfSums.0 &+= sums.0
            sumsOfSums.1 &+= sums.1
            sumsOfSums.2 &+= sums.2
            sumsOfSums.3 &+= sums.3
            offset += 32
        }
        self.sums = sums
        self.sumsOfSums = sumsOfSums
    }

    /// The checksum of everything fed so far.
    package var value: UInt64 {
        var tail = UInt64(count)
        for byte in carry { tail = tail &* 0x0000_0100_0000_01B3 ^ UInt64(byte) }
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for word in [sums.0, sums.1, sums.2, sums.3, sumsOfSums.0, sumsOfSums.1, sumsOfSums.2, sumsOfSums.3, tail] {
            value = (value ^ word) &* 0x9E37_79B9_7F4A_7C15
            value ^= value >> 29
        }
        return value
    }
}

/// A cache that cannot be read back; the message says what was wrong.
package struct BinaryDecodingError: Error, CustomStringConvertible {
    /// What was wrong, e.g. `truncated` or `text offsets`.
    package var description: String
    /// An error saying `description`.
    package init(_ description: String) { self.description = description }
}

private let isLittleEndianHost = 1.littleEndian == 1
