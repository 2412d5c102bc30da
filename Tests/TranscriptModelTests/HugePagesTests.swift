#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing
@testable import TranscriptModel

/// The memory a cold search fills (a file read whole, the text column of its rows) is advised to
/// use huge pages (`HugePages`). The advice shows in the kernel's view of the mapping (`hg` among
/// its `VmFlags` in /proc/self/smaps); the bytes stay what they were.
struct HugePagesTests {
    /// The `VmFlags` of the mapping holding `address`, or nil where /proc/self/smaps cannot tell.
    static func flags(ofMappingAt address: UnsafeRawPointer) -> [Substring]? {
        guard let smaps = readProcFile("/proc/self/smaps") else { return nil }
        let target = UInt(bitPattern: address)
        var inside = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
               let low = UInt(line[..<dash], radix: 16), let high = UInt(line[line.index(after: dash)..<space], radix: 16) {
                inside = low <= target && target < high
            } else if inside, line.hasPrefix("VmFlags:") {
                return line.dropFirst("VmFlags:".count).split(separator: " ")
            }
        }
        return nil
    }

    /// A file of /proc read to its end (it tells no size beforehand).
    static func readProcFile(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            guard count > 0 else { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether this system takes the advice at all (Linux with transparent huge pages).
    static var systemTakesAdvice: Bool {
        guard let mode = readProcFile("/sys/kernel/mm/transparent_hugepage/enabled") else { return false }
        return !mode.contains("[never]")
    }

    /// The 2 MiB-aligned middle of `start..<start + count`: where the advice applies.
    static func middle(_ start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer {
        let huge = UInt(2 << 20)
        let aligned = (UInt(bitPattern: start) + huge - 1) & ~(huge - 1)
        return UnsafeRawPointer(bitPattern: aligned + huge)!
    }

    @Test(.enabled(if: systemTakesAdvice)) func aFileReadWholeIsAdvised() throws {
        let data = CacheEncodingTests.bytes((12 << 20) + 77, seed: 9)
        let path = "/tmp/tsearch-huge-\(getpid()).bin"
        defer { unlink(path) }
        try Data(data).write(to: URL(fileURLWithPath: path))
        let region = try #require(ByteRegion(reading: path))
        #expect(Array(region.bytes) == data)
        let flags = try #require(Self.flags(ofMappingAt: Self.middle(region.bytes.baseAddress!, count: region.bytes.count)))
        #expect(flags.contains("hg"), "VmFlags: \(flags)")
    }

    @Test(.enabled(if: systemTakesAdvice)) func theTextColumnIsAdvised() throws {
        var columns = CorpusColumns()
        columns.reserve(rows: 1000, textBytes: 24 << 20)
        let text = try #require(columns.textBytes.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) })
        let textFlags = try #require(Self.flags(ofMappingAt: Self.middle(text, count: 24 << 20)))
        #expect(textFlags.contains("hg"), "VmFlags: \(textFlags)")

        // The advice changes nothing written: the column still takes and keeps bytes.
        columns.textBytes.append(contentsOf: data(count: 5 << 20))
        #expect(columns.textBytes == data(count: 5 << 20))
    }

    private func data(count: Int) -> [UInt8] { CacheEncodingTests.bytes(count, seed: 4) }
}
