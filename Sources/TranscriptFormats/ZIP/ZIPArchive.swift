import CZlib

/// A read-only ZIP archive in memory: the central directory (ZIP64 where needed), stored and
/// deflated members inflated with the system zlib, CRC-32 checked. It never extracts to disk.
///
/// Bounded, because an archive is untrusted input:
/// - at most `Limits.maximumEntries` members, and every count, size and offset must lie inside the
///   archive (a directory that claims otherwise is refused before anything is allocated);
/// - every number the archive gives (a 64-bit ZIP64 offset or size near `Int.max` included) is
///   compared with what is left of the bytes before anything is added to it, so no sum or product
///   of them can overflow: a lie is a `ZIPError`, never a trap;
/// - a member that inflates past `Limits.maximumEntrySize` bytes, or past `Limits.maximumRatio`
///   times its compressed size, is refused (a zip bomb), and inflation stops the moment it would be.
public struct ZIPArchive: Sendable {
    /// How much an archive may ask for.
    public struct Limits: Hashable, Sendable {
        /// Members in the central directory.
        public var maximumEntries: Int
        /// Bytes one member may inflate to.
        public var maximumEntrySize: Int
        /// Inflated bytes per compressed byte.
        public var maximumRatio: Int

        /// Limits for untrusted input: 100,000 members, 64 MiB per member, 1,000 inflated bytes per compressed byte.
        public init(maximumEntries: Int = 100_000, maximumEntrySize: Int = 64 << 20, maximumRatio: Int = 1_000) {
            self.maximumEntries = maximumEntries
            self.maximumEntrySize = maximumEntrySize
            self.maximumRatio = maximumRatio
        }
    }

    /// One member, as the central directory describes it.
    public struct Entry: Hashable, Sendable {
        /// The member's path inside the archive, e.g. `OEBPS/ch01.xhtml`.
        public var name: String
        /// The compression method: 0 stored, 8 deflate (the only two read).
        public var method: UInt16
        /// Whether the member is encrypted (its contents cannot be read).
        public var isEncrypted: Bool
        /// The CRC-32 of the inflated bytes, checked when they are read.
        public var crc32: UInt32
        /// Bytes stored in the archive.
        public var compressedSize: Int
        /// Bytes once inflated, as the directory claims (inflation stops at the limits whatever it claims).
        public var uncompressedSize: Int
        var localHeaderOffset: Int
    }

    /// The members in central-directory order.
    public let entries: [Entry]
    /// The bounds this archive is read within.
    public let limits: Limits
    private let bytes: [UInt8]
    private let byName: [String: Int]

    /// Reads the central directory of the archive in `bytes` (kept in memory; members are inflated
    /// when asked for). Throws when the directory is damaged or past `limits`.
    public init(bytes: [UInt8], limits: Limits = Limits()) throws(ZIPError) {
        self.bytes = bytes
        self.limits = limits
        self.entries = try Self.readCentralDirectory(bytes, limits: limits)
        var byName: [String: Int] = [:]
        for (index, entry) in entries.enumerated() where byName[entry.name] == nil { byName[entry.name] = index }
        self.byName = byName
    }

    /// The first member named `name` exactly, or nil. - Complexity: O(1).
    public func entry(named name: String) -> Entry? {
        byName[name].map { entries[$0] }
    }

    /// The member's bytes, inflated and checked.
    public func contents(of entry: Entry) throws(ZIPError) -> [UInt8] {
        func fail(_ kind: ZIPError.Kind) -> ZIPError { ZIPError(entry: entry.name, kind: kind) }
        guard !entry.isEncrypted else { throw fail(.encrypted) }
        // Each number the archive gives is compared with what is left before anything is added to
        // it (an offset near `Int.max` would overflow `header + 30`).
        let header = entry.localHeaderOffset
        guard header >= 0, bytes.count >= 30, header <= bytes.count - 30, read32(header) == 0x0403_4B50 else {
            throw fail(.corrupt("no local header where the directory says"))
        }
        // At most `bytes.count + 2 × 65,535`: no overflow.
        let start = header + 30 + Int(read16(header + 26)) + Int(read16(header + 28))
        guard start <= bytes.count, entry.compressedSize >= 0, entry.compressedSize <= bytes.count - start else {
            throw fail(.corrupt("the member runs past the end of the archive"))
        }
        let compressed = bytes[start..<start + entry.compressedSize]
        let (ratioLimit, overflow) = max(entry.compressedSize, 1).multipliedReportingOverflow(by: max(limits.maximumRatio, 0))
        let limit = min(limits.maximumEntrySize, overflow ? Int.max : ratioLimit)
        guard entry.uncompressedSize <= limit else { throw fail(.tooLarge(limit: limit)) }
        let output: [UInt8]
        switch entry.method {
        case 0:
            output = Array(compressed)
        case 8:
            output = try inflate(compressed, limit: limit, entry: entry.name)
        default:
            throw fail(.unsupportedMethod(entry.method))
        }
        let checksum = output.withUnsafeBufferPointer { buffer in
            UInt32(crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
        guard checksum == entry.crc32 else { throw fail(.corrupt("CRC-32 mismatch")) }
        return output
    }

    /// The member named `name`, or nil when there is none.
    public func contents(ofEntryNamed name: String) throws(ZIPError) -> [UInt8]? {
        guard let entry = entry(named: name) else { return nil }
        return try contents(of: entry)
    }

    private func inflate(_ input: ArraySlice<UInt8>, limit: Int, entry: String) throws(ZIPError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ZIPError(entry: entry, kind: .corrupt("zlib could not start"))
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var input = Array(input)
        var status: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    let produced = target.count - Int(stream.avail_out)
                    output.append(contentsOf: target[0..<produced])
                }
            } while status == Z_OK && output.count <= limit && (stream.avail_in > 0 || stream.avail_out == 0)
        }
        guard output.count <= limit else { throw ZIPError(entry: entry, kind: .tooLarge(limit: limit)) }
        guard status == Z_STREAM_END else { throw ZIPError(entry: entry, kind: .corrupt("the deflate stream is damaged")) }
        return output
    }

    // MARK: The central directory

    private static func readCentralDirectory(_ bytes: [UInt8], limits: Limits) throws(ZIPError) -> [Entry] {
        func fail(_ reason: String) -> ZIPError { ZIPError(entry: nil, kind: .corrupt(reason)) }
        guard bytes.count >= 22 else { throw fail("too short to be a ZIP archive") }
        // The end-of-central-directory record is in the last 22 + 65,535 bytes.
        let earliest = max(0, bytes.count - 22 - 0xFFFF)
        var end = bytes.count - 22
        while end >= earliest && !(bytes[end] == 0x50 && bytes[end + 1] == 0x4B && bytes[end + 2] == 5 && bytes[end + 3] == 6) {
            end -= 1
        }
        guard end >= earliest else { throw fail("no end of central directory (not a ZIP archive)") }
        var count = Int(le16(bytes, end + 10))
        var size = Int(le32(bytes, end + 12))
        var offset = Int(le32(bytes, end + 16))
        if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
            // ZIP64: a locator right before the record points at the ZIP64 end record.
            let locator = end - 20
            guard locator >= 0, le32(bytes, locator) == 0x0706_4B50 else { throw fail("ZIP64 locator missing") }
            let record = Int(clamping: le64(bytes, locator + 8))
            guard record >= 0, bytes.count >= 56, record <= bytes.count - 56, le32(bytes, record) == 0x0606_4B50 else {
                throw fail("ZIP64 end record missing")
            }
            count = Int(clamping: le64(bytes, record + 32))
            size = Int(clamping: le64(bytes, record + 40))
            offset = Int(clamping: le64(bytes, record + 48))
        }
        guard count <= limits.maximumEntries else {
            throw ZIPError(entry: nil, kind: .tooManyEntries(count, limit: limits.maximumEntries))
        }
        guard offset >= 0, size >= 0, offset <= bytes.count, size <= bytes.count - offset, count <= size / 46 else {
            throw fail("the central directory lies outside the archive")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        var position = offset
        for _ in 0..<count {
            guard position + 46 <= offset + size, le32(bytes, position) == 0x0201_4B50 else {
                throw fail("a damaged central directory entry")
            }
            let nameLength = Int(le16(bytes, position + 28))
            let extraLength = Int(le16(bytes, position + 30))
            let commentLength = Int(le16(bytes, position + 32))
            let next = position + 46 + nameLength + extraLength + commentLength
            guard next <= offset + size else { throw fail("a central directory entry runs past the directory") }
            var compressed = Int(le32(bytes, position + 20))
            var uncompressed = Int(le32(bytes, position + 24))
            var local = Int(le32(bytes, position + 42))
            // ZIP64 extra field (0x0001): the 64-bit values, in order, for those that are 0xFFFFFFFF.
            var extra = position + 46 + nameLength
            while extra + 4 <= position + 46 + nameLength + extraLength {
                let id = le16(bytes, extra), length = Int(le16(bytes, extra + 2))
                if id == 1 {
                    var field = extra + 4
                    if uncompressed == 0xFFFF_FFFF, field + 8 <= extra + 4 + length {
                        uncompressed = Int(clamping: le64(bytes, field)); field += 8
                    }
                    if compressed == 0xFFFF_FFFF, field + 8 <= extra + 4 + length {
                        compressed = Int(clamping: le64(bytes, field)); field += 8
                    }
                    if local == 0xFFFF_FFFF, field + 8 <= extra + 4 + length {
                        local = Int(clamping: le64(bytes, field)); field += 8
                    }
                }
                extra += 4 + length
            }
            let nameBytes = bytes[(position + 46)..<(position + 46 + nameLength)]
            entries.append(Entry(
                name: String(decoding: nameBytes, as: UTF8.self),
                method: le16(bytes, position + 10),
                isEncrypted: le16(bytes, position + 8) & 1 != 0,
                crc32: le32(bytes, position + 16),
                compressedSize: compressed, uncompressedSize: uncompressed, localHeaderOffset: local
            ))
            position = next
        }
        return entries
    }

    private func read16(_ offset: Int) -> UInt16 { le16(bytes, offset) }
    private func read32(_ offset: Int) -> UInt32 { le32(bytes, offset) }
}

private func le16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
}

private func le32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(le16(bytes, offset)) | UInt32(le16(bytes, offset + 2)) << 16
}

private func le64(_ bytes: [UInt8], _ offset: Int) -> UInt64 {
    UInt64(le32(bytes, offset)) | UInt64(le32(bytes, offset + 4)) << 32
}

/// A ZIP archive or member that cannot be read; `entry` names the member when there is one.
public struct ZIPError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The archive contradicts itself or runs short; the reason says where.
        case corrupt(String)
        /// The member is encrypted.
        case encrypted
        /// The member uses a compression method other than stored (0) and deflate (8).
        case unsupportedMethod(UInt16)
        /// The member would inflate past `limit` bytes.
        case tooLarge(limit: Int)
        /// The directory lists more members than `limit`.
        case tooManyEntries(Int, limit: Int)
    }

    /// The member concerned, or nil for the archive as a whole.
    public var entry: String?
    /// What went wrong.
    public var kind: Kind

    /// The message: the member (when there is one), then what went wrong.
    public var description: String {
        (entry.map { "\($0): " } ?? "") + problem
    }

    /// What went wrong, without the member (for a message that names it already).
    public var problem: String {
        switch kind {
        case .corrupt(let reason): return "damaged archive: " + reason
        case .encrypted: return "encrypted"
        case .unsupportedMethod(let method): return "compression method \(method) is not supported (stored and deflate are)"
        case .tooLarge(let limit): return "refused: it would inflate past \(limit) bytes (a zip bomb?)"
        case .tooManyEntries(let count, let limit): return "refused: \(count) members, more than \(limit)"
        }
    }
}
