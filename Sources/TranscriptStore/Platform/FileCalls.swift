#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TranscriptModel

/// Every call into the operating system that the store makes, in one place: file reading and
/// writing (atomic replacement, streamed caches), directory listing, file identities, locks and
/// the clock. (The command line's terminal, signal and process calls are its own `SystemCalls`.)
package enum FileCalls {
    /// What became of a write: all of it written, the reader gone (EPIPE), or another failure.
    package enum WriteOutcome { case written, brokenPipe, failed(String) }

    /// Writes all of `bytes` to `descriptor`, retrying short writes and EINTR.
    package static func write(_ bytes: [UInt8], to descriptor: Int32) -> WriteOutcome {
        bytes.withUnsafeBytes { write($0, to: descriptor) }
    }

    /// Writes all of `bytes` to `descriptor`, retrying short writes and EINTR.
    package static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> WriteOutcome {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno == EPIPE ? .brokenPipe : .failed(errorMessage(errno))
            }
            offset += written
        }
        return .written
    }

    /// What a path is; symbolic links are followed.
    package enum PathKind { case file, directory, stream, missing, other }

    /// What is at `path`, following links (`.missing` when nothing, or it cannot be examined).
    package static func kind(of path: String) -> PathKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFIFO, S_IFCHR, S_IFSOCK: return .stream
        default: return .other
        }
    }

    /// Whether `path` itself is a symbolic link.
    package static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// The whole file, or the system's reason it cannot be read (`No such file or directory`).
    package static func readFile(_ path: String) -> Result<[UInt8], SystemError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(SystemError(errorMessage(errno))) }
        defer { close(descriptor) }
        return readAll(descriptor)
    }

    /// Everything readable from `descriptor` until end of file; more than `limit` bytes is an error
    /// (a stream such as `/dev/zero` never ends).
    package static func readAll(_ descriptor: Int32, limit: Int = 1 << 30) -> Result<[UInt8], SystemError> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(SystemError(errorMessage(errno)))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { return .failure(SystemError("larger than \(limit >> 20) MiB, not read")) }
        }
    }

    /// Reads the file at `path` from start to end in pieces of 1 MiB, handing each to `body` (for a
    /// file too large to hold, such as a video); the system's reason if it cannot be read.
    package static func readChunks(_ path: String, _ body: (UnsafeRawBufferPointer) -> Void) -> Result<Void, SystemError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(SystemError(errorMessage(errno))) }
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer.baseAddress!, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(SystemError(errorMessage(errno)))
            }
            if count == 0 { return .success(()) }
            body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// The names in a directory (not `.` or `..`), unsorted.
    package static func directoryEntries(_ path: String) -> Result<[String], SystemError> {
        guard let directory = opendir(path) else { return .failure(SystemError(errorMessage(errno))) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            // Kept whole: a name whose bytes are not UTF-8 is still a name to open.
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                FileSystemPath.string(fromBytes: raw.prefix { $0 != 0 })
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }

    /// A file's size and modification time (nanoseconds since the epoch), or nil if it cannot be
    /// examined.
    package static func fileStatus(_ path: String) -> (size: Int64, modified: Int64)? {
        fileIdentity(path).map { ($0.size, $0.modified) }
    }

    /// What the caches of parsed rows compare to trust a file without reading it: its size, its
    /// modification and status-change times (nanoseconds since the epoch; `chmod`, `touch -r`
    /// and a rename over it change the latter), its inode and device, and whether it is a
    /// regular file.
    package struct FileIdentity: Equatable, Sendable {
        /// Bytes.
        package var size: Int64
        /// Modification time, ns since the epoch.
        package var modified: Int64
        /// Status-change time, ns since the epoch.
        package var changed: Int64
        /// The inode number.
        package var inode: UInt64
        /// The device the file is on.
        package var device: UInt64
        /// Whether it is a regular file (not a pipe, a device, a folder).
        package var isRegular: Bool

        /// An identity as the system reports it (or as a test makes it).
        package init(size: Int64, modified: Int64, changed: Int64, inode: UInt64, device: UInt64, isRegular: Bool) {
            (self.size, self.modified, self.changed, self.inode, self.device, self.isRegular) = (size, modified, changed, inode, device, isRegular)
        }

        /// Whether the file had last changed (content or status) at least `settle` ns before `time`.
        package func isSettled(before time: Int64, settle: Int64) -> Bool {
            let (limit, overflow) = time.subtractingReportingOverflow(settle)
            return !overflow && max(modified, changed) < limit
        }
    }

    /// The identity of the file at `path` (following links), or nil if it cannot be examined.
    package static func fileIdentity(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
        let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        return FileIdentity(
            size: Int64(info.st_size), modified: nanoseconds(modified), changed: nanoseconds(changed),
            inode: UInt64(info.st_ino), device: UInt64(info.st_dev), isRegular: (info.st_mode & S_IFMT) == S_IFREG)
    }

    /// Nanoseconds since the epoch, clamped to what an `Int64` holds (a file may claim a time
    /// after 2262 or before 1677).
    package static func nanoseconds(_ time: timespec) -> Int64 {
        let (seconds, overflow) = Int64(time.tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return time.tv_sec < 0 ? .min : .max }
        let (sum, overflowed) = seconds.addingReportingOverflow(Int64(time.tv_nsec))
        return overflowed ? .max : sum
    }

    /// The time now, in nanoseconds since the epoch.
    package static func now() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return nanoseconds(now)
    }

    /// Sets the modification time of `path` to now (nothing happens when it cannot be).
    package static func touch(_ path: String) {
        _ = FileSystemPath.withSystemPath(path) { utimensat(AT_FDCWD, $0, nil, 0) }
    }

    /// A number for naming a file that another write, here or in another process, is unlikely to
    /// give: the time in nanoseconds mixed with the process ID.
    package static func uniqueNumber() -> UInt64 {
        UInt64(bitPattern: now()) ^ UInt64(getpid())
    }

    /// Sleeps the calling thread for `milliseconds`.
    package static func pause(milliseconds: Int) {
        usleep(UInt32(max(0, milliseconds)) * 1000)
    }

    /// The current working directory.
    package static func currentDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "." }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// `mkdir -p`: creates `path` and any missing parents (mode 0700: the state is private).
    package static func makeDirectories(_ path: String) -> Result<Void, SystemError> {
        var built = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o700) != 0 && errno != EEXIST {
                return .failure(SystemError("cannot create \(built): \(errorMessage(errno))"))
            }
        }
        return .success(())
    }

    /// Takes an exclusive advisory lock on `path` (created if missing), waiting for it; the lock is
    /// held until the returned descriptor is closed with `unlock`.
    /// The lock file is never reached through a symbolic link and must be a regular file: a link or
    /// a named pipe planted at its name is an error (not a write elsewhere, not a hang).
    package static func lock(_ path: String) -> Result<Int32, SystemError> {
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        return take(descriptor, openError: errno, LOCK_EX, path: path)
    }

    /// Takes a shared advisory lock on `path` for reading only, waiting for any writer: the lock
    /// file is created if it can be, else opened read-only (a read-only state folder), and when it
    /// does not exist and cannot be made, nil: nothing has written there since the folder became
    /// read-only, and writes are atomic renames, so reading without it is safe.
    package static func lockForReading(_ path: String) -> Result<Int32?, SystemError> {
        var descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        if descriptor < 0, errno == EROFS || errno == EACCES || errno == EPERM {
            descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            if descriptor < 0, errno == ENOENT { return .success(nil) }
        }
        return take(descriptor, openError: errno, LOCK_SH, path: path).map { $0 }
    }

    /// The lock `operation` on the lock file just opened as `descriptor` (negative: the opening
    /// failed with `openError`): refused through a link or on anything but a regular file; the
    /// descriptor is closed on failure.
    private static func take(_ descriptor: Int32, openError: Int32, _ operation: Int32, path: String) -> Result<Int32, SystemError> {
        guard descriptor >= 0 else {
            return .failure(SystemError("cannot open \(path): " + (openError == ELOOP ? "it is a symbolic link" : errorMessage(openError))))
        }
        guard isRegularFile(descriptor) else {
            close(descriptor)
            return .failure(SystemError("cannot lock \(path): not a regular file"))
        }
        while flock(descriptor, operation) != 0 {
            if errno == EINTR { continue }
            let message = errorMessage(errno)
            close(descriptor)
            return .failure(SystemError("cannot lock \(path): \(message)"))
        }
        return .success(descriptor)
    }

    /// Lets go of a lock taken by `lock` or `lockForReading`.
    package static func unlock(_ descriptor: Int32) {
        close(descriptor)
    }

    /// Whether the open `descriptor` is a regular file.
    package static func isRegularFile(_ descriptor: Int32) -> Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The whole regular file at `path`, for the files tsearch keeps itself (the session, cache
    /// entries): opened without waiting (a named pipe planted at the name is not waited on) and
    /// refused unless it is a regular file (`/dev/zero` there is not read forever).
    package static func readRegularFile(_ path: String, limit: Int = 1 << 30) -> Result<[UInt8], SystemError> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(SystemError(errorMessage(errno))) }
        defer { close(descriptor) }
        guard isRegularFile(descriptor) else { return .failure(SystemError("not a regular file")) }
        return readAll(descriptor, limit: limit)
    }

    /// The first `count` bytes of the regular file at `path` (fewer when it is shorter), opened as
    /// `readRegularFile` opens one: to tell a file by its header without reading it all.
    package static func readPrefix(_ path: String, count: Int) -> Result<[UInt8], SystemError> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(SystemError(errorMessage(errno))) }
        defer { close(descriptor) }
        guard isRegularFile(descriptor) else { return .failure(SystemError("not a regular file")) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, count - filled) }
            if got < 0, errno == EINTR { continue }
            if got < 0 { return .failure(SystemError(errorMessage(errno))) }
            if got == 0 { break }
            filled += got
        }
        return .success(Array(bytes[..<filled]))
    }

    /// Removes `path`; a missing file is not an error.
    package static func remove(_ path: String) {
        unlink(path)
    }

    /// The system's message for the error `code` (`strerror`).
    package static func errorMessage(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// A failed system call, with the system's message.
public struct SystemError: Error, CustomStringConvertible, Sendable {
    /// The system's message (`No such file or directory`), sometimes after what was being done.
    public var description: String
    /// An error with `description` as its message.
    public init(_ description: String) { self.description = description }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Musl)
private let systemWrite = Musl.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
