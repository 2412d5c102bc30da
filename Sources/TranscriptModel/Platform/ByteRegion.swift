#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes that columns of a `Corpus` can point into without copying: a file mapped read-only into
/// memory, or a private copy of an array. Aligned to at least 16 bytes; alive as long as any
/// column refers to it.
package final class ByteRegion: @unchecked Sendable {
    // Immutable once made; shared read-only between threads, hence `@unchecked`.
    package let bytes: UnsafeRawBufferPointer
    private let isMapped: Bool

    /// A private, aligned copy of `array`.
    package init(copying array: [UInt8]) {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, array.count), alignment: 16)
        array.withUnsafeBytes { memory.copyMemory(from: $0) }
        bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(memory)[0..<array.count])
        isMapped = false
    }

    /// `path` mapped read-only, or nil when it cannot be opened or mapped (or is empty). The file
    /// should not change while mapped: caches are replaced by renaming, never rewritten in place.
    package init?(mapping path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
        let length = Int(status.st_size)
        guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else { return nil }
        bytes = UnsafeRawBufferPointer(start: address, count: length)
        isMapped = true
    }

    deinit {
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        } else {
            UnsafeMutableRawPointer(mutating: bytes.baseAddress)?.deallocate()
        }
    }
}
