import CZlib

/// Writes ZIP archives in memory, for tests and the benchmark (tsearch itself only reads them):
/// stored or raw-deflated members, CRC-32 from zlib. `claimedSize` lets a test state a different
/// uncompressed size than the truth (a zip bomb's trick), and `claimedOffset` a ZIP64 local-header
/// offset anywhere (past the end, near `Int.max`). Otherwise no ZIP64: archives under 4 GiB.
package struct ZIPWriter {
    package struct Member {
        var name: String
        var data: [UInt8]
        var deflate = true
        var claimedSize: Int?
        var claimedOffset: UInt64?
    }

    package var members: [Member] = []

    package init() {}

    package mutating func add(_ name: String, _ text: String, deflate: Bool = true) {
        members.append(Member(name: name, data: Array(text.utf8), deflate: deflate))
    }

    package mutating func add(_ name: String, bytes: [UInt8], deflate: Bool = true, claimedSize: Int? = nil, claimedOffset: UInt64? = nil) {
        members.append(Member(name: name, data: bytes, deflate: deflate, claimedSize: claimedSize, claimedOffset: claimedOffset))
    }

    package func archive() -> [UInt8] {
        var out: [UInt8] = []
        var directory: [UInt8] = []
        for member in members {
            let body = member.deflate ? Self.deflate(member.data) : member.data
            let crc = member.data.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
            let name = Array(member.name.utf8)
            let offset = out.count
            let size = member.claimedSize ?? member.data.count
            func common(_ bytes: inout [UInt8]) {
                bytes += le16(20) + le16(0) + le16(member.deflate ? 8 : 0) + le16(0) + le16(0)
                bytes += le32(crc) + le32(UInt32(body.count)) + le32(UInt32(size)) + le16(UInt16(name.count))
            }
            out += le32(0x0403_4B50)
            common(&out)
            out += le16(0) + name + body
            directory += le32(0x0201_4B50) + le16(20)
            common(&directory)
            if let claimed = member.claimedOffset {
                // The offset in a ZIP64 extra field (id 1), the directory's own field 0xFFFFFFFF.
                directory += le16(12) + le16(0) + le16(0) + le16(0) + le32(0) + le32(0xFFFF_FFFF) + name
                directory += le16(1) + le16(8) + le32(UInt32(claimed & 0xFFFF_FFFF)) + le32(UInt32(claimed >> 32))
            } else {
                directory += le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(UInt32(offset)) + name
            }
        }
        let start = out.count
        out += directory
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(members.count)) + le16(UInt16(members.count))
        out += le32(UInt32(directory.count)) + le32(UInt32(start)) + le16(0)
        return out
    }

    package static func deflate(_ data: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        defer { deflateEnd(&stream) }
        var input = data
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))) + 16)
        input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                _ = CZlib.deflate(&stream, Z_FINISH)
            }
        }
        return Array(output.prefix(Int(stream.total_out)))
    }

    private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
}

