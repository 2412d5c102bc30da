#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Bytes that columns of a `Corpus` can point into without copying: a file mapped read-only into
/// memory, or a private copy of an array; or a file read whole into pages of its own (`reading`),
/// which a parser can give back as it goes (`release`). Aligned to at least 16 bytes; alive as long
/// as any column refers to it.
package final class ByteRegion: @unchecked Sendable {
    // Immutable once made (but for `release`); shared read-only between threads, hence `@unchecked`.
    package let bytes: UnsafeRawBufferPointer
    private let isMapped: Bool
    /// Whether `release` may give pages back (memory of its own, made by `init(reading:)`).
    package let isReleasable: Bool
    /// Where a mapped file is recorded in `MappedFiles`.
    private var mappedSlot: Int?

    /// A private, aligned copy of `array`.
    package init(copying array: [UInt8]) {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, array.count), alignment: 16)
        array.withUnsafeBytes { memory.copyMemory(from: $0) }
        bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(memory)[0..<array.count])
        isMapped = false
        isReleasable = false
    }

    /// `path` mapped read-only, or nil when it cannot be opened or mapped (or is empty). The file
    /// should not change while mapped: caches are replaced by renaming, never rewritten in place.
    /// Only a regular file is mapped, never reached through a symbolic link, and opening it never
    /// waits (a named pipe or a device planted at a cache's name is no cache).
    ///
    /// A file smaller than `copyingBelow` bytes is read into memory instead: a copy cannot fault if
    /// the file is cut short while in use. A mapped file is recorded in `MappedFiles`, so that such
    /// a fault can be named (see the command line's fault handler).
    package init?(mapping path: String, copyingBelow threshold: Int = 0) {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 else { return nil }
        let length = Int(status.st_size)
        isReleasable = false
        if length < threshold {
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: length, alignment: 16)
            var done = 0
            while done < length {
                let count = read(descriptor, memory.baseAddress! + done, length - done)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    memory.deallocate()
                    return nil
                }
                done += count
            }
            bytes = UnsafeRawBufferPointer(memory)
            isMapped = false
            return
        }
        guard let address = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else { return nil }
        bytes = UnsafeRawBufferPointer(start: address, count: length)
        isMapped = true
        mappedSlot = MappedFiles.register(bytes, path: path)
    }

    /// The file at `path` read whole (not mapped: a file cut short while it is read cannot crash
    /// this process) into memory of its own, or nil when it cannot be read, is empty, or changed
    /// size while it was read (the caller then reads it as an array, with the system's reason).
    /// A big file is read on two threads, each handing `inspect` its half (0 or 1) piece by piece.
    package init?(reading path: String, inspect: (@Sendable (_ half: Int, _ piece: UnsafeRawBufferPointer) -> Void)? = nil) {
        // Not opened unless regular: opening a named pipe and closing it unread would lose what its
        // writer sends (the caller reads it as a stream instead).
        var before = stat()
        guard stat(path, &before) == 0, (before.st_mode & S_IFMT) == S_IFREG else { return nil }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        let length = Int(status.st_size)
        guard let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              address != MAP_FAILED else { return nil }
        HugePages.advise(address, count: length)
        // Two halves read at once (the first ends on a 32-byte boundary), each in pieces handed to
        // `inspect` in order as soon as they are read, while they are still in the processor's cache.
        let middle = length >= 1 << 24 ? length / 64 * 32 : length
        let halves = [0..<middle, middle..<length]
        let shared = SharedRead(descriptor: descriptor, address: address, filled: .allocate(capacity: 2))
        defer { shared.filled.deallocate() }
        DispatchQueue.concurrentPerform(iterations: middle < length ? 2 : 1) { half in
            var offset = halves[half].lowerBound
            while offset < halves[half].upperBound {
                let count = pread(shared.descriptor, shared.address + offset, min(halves[half].upperBound - offset, 1 << 22), off_t(offset))
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                inspect?(half, UnsafeRawBufferPointer(start: shared.address + offset, count: count))
                offset += count
            }
            shared.filled[half] = offset == halves[half].upperBound
        }
        var probe: UInt8 = 0
        guard shared.filled[0], middle == length || shared.filled[1], pread(descriptor, &probe, 1, off_t(length)) == 0 else {
            munmap(address, length)
            return nil
        }
        bytes = UnsafeRawBufferPointer(start: address, count: length)
        isMapped = true
        isReleasable = true
    }

    /// What the threads reading a file share: each writes only its own half and its own slot.
    private struct SharedRead: @unchecked Sendable {
        let descriptor: Int32
        let address: UnsafeMutableRawPointer
        let filled: UnsafeMutableBufferPointer<Bool>
    }

    /// Gives back the whole pages inside `range` of a region made by `init(reading:)`: they no
    /// longer count against memory, and read as zeros. For a parser that is past them for good;
    /// threads may give back ranges that do not overlap at the same time.
    package func release(_ range: Range<Int>) {
        guard isReleasable, let base = bytes.baseAddress else { return }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (range.lowerBound + page - 1) / page * page
        let end = min(range.upperBound, bytes.count) / page * page
        guard end > start else { return }
        madvise(UnsafeMutableRawPointer(mutating: base) + start, end - start, Int32(MADV_DONTNEED))
    }

    deinit {
        if let mappedSlot { MappedFiles.unregister(mappedSlot) }
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        } else {
            UnsafeMutableRawPointer(mutating: bytes.baseAddress)?.deallocate()
        }
    }
}
