#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The files mapped into memory right now (`ByteRegion(mapping:)`), so that a fault in one can be
/// told apart from a crash and named: a file cut short while it is mapped (a cache restored with
/// `cp` or `rsync --inplace`, emptied with `: > file`) makes the next read of a page past its new
/// end raise SIGBUS.
///
/// A fixed table of `capacity` slots (start, end, path as C bytes), written under a lock and read
/// without one by a signal handler (`path(containing:)` only reads memory allocated once, before any
/// handler runs: call `prepare()` before installing one).
package enum MappedFiles {
    package static let capacity = 64
    private static let pathBytes = 4096

    private struct Table: @unchecked Sendable {
        let starts: UnsafeMutablePointer<UInt>
        let ends: UnsafeMutablePointer<UInt>
        let paths: UnsafeMutablePointer<CChar>
        let lock: UnsafeMutablePointer<pthread_mutex_t>
    }

    private static let table: Table = {
        let table = Table(
            starts: .allocate(capacity: capacity), ends: .allocate(capacity: capacity),
            paths: .allocate(capacity: capacity * pathBytes), lock: .allocate(capacity: 1))
        table.starts.initialize(repeating: 0, count: capacity)
        table.ends.initialize(repeating: 0, count: capacity)
        table.paths.initialize(repeating: 0, count: capacity * pathBytes)
        pthread_mutex_init(table.lock, nil)
        return table
    }()

    /// Makes the table, so that a signal handler never runs its one-time initialisation.
    package static func prepare() {
        _ = table
    }

    /// Records that `bytes` map the file at `path`; the slot to give to `unregister`, or nil when
    /// every slot is taken (the mapping then goes unnamed).
    package static func register(_ bytes: UnsafeRawBufferPointer, path: String) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        pthread_mutex_lock(table.lock)
        defer { pthread_mutex_unlock(table.lock) }
        guard let slot = (0..<capacity).first(where: { table.ends[$0] == 0 }) else { return nil }
        let name = FileSystemPath.bytes(of: path).prefix(pathBytes - 1)
        let destination = table.paths + slot * pathBytes
        for (offset, byte) in name.enumerated() { destination[offset] = CChar(bitPattern: byte) }
        destination[name.count] = 0
        table.starts[slot] = UInt(bitPattern: base)
        table.ends[slot] = UInt(bitPattern: base) + UInt(bytes.count)
        return slot
    }

    /// Forgets the mapping in `slot` (it is being unmapped).
    package static func unregister(_ slot: Int) {
        pthread_mutex_lock(table.lock)
        defer { pthread_mutex_unlock(table.lock) }
        table.ends[slot] = 0
        table.starts[slot] = 0
    }

    /// The path of the mapped file holding `address`, as NUL-terminated bytes; nil when no
    /// registered mapping holds it. Safe in a signal handler (no lock, no allocation).
    package static func path(containing address: UInt) -> UnsafePointer<CChar>? {
        for slot in 0..<capacity where table.starts[slot] <= address && address < table.ends[slot] {
            return UnsafePointer(table.paths + slot * pathBytes)
        }
        return nil
    }
}
