#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's byte scans and moves (`memchr`, `memcmp`, `memmove`: vectorised, far faster
/// than a loop) and the number of cores, for the readers and the loader, so that no file outside a
/// Platform folder imports the C library. Inlined at each call: these run once per line of every
/// file read.
package enum ByteSearch {
    /// The first `byte` in the `count` bytes from `start`, or nil (`memchr`).
    @inlinable @inline(__always)
    package static func find(_ start: UnsafeRawPointer, _ byte: Int32, _ count: Int) -> UnsafeMutableRawPointer? {
        memchr(start, byte, count)
    }

    /// The order of the `count` bytes at `left` and at `right`: 0 when equal (`memcmp`).
    @inlinable @inline(__always)
    package static func compare(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, _ count: Int) -> Int32 {
        memcmp(left, right, count)
    }

    /// Copies `count` bytes from `source` to `destination`, which may overlap (`memmove`).
    @inlinable @inline(__always)
    package static func move(_ destination: UnsafeMutableRawPointer, _ source: UnsafeRawPointer, _ count: Int) {
        memmove(destination, source, count)
    }

    /// How many cores are online (at least 1).
    package static var onlineCores: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
