#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TranscriptModel

/// Writing files so that no reader, and no crash, ever sees half of one: atomic replacement
/// (a temporary file beside the target, then a rename), streamed caches, and `-o FILE` exports.
extension FileCalls {
    /// Replaces `path` with `bytes` so that a reader (or a crash at any moment) only ever sees the
    /// old file or the whole new one: write a temporary file beside it, fsync (unless `sync` is
    /// false: for caches, whose checksum finds a file a crash cut short), rename over, fsync the
    /// directory. `pauseMidWrite` (milliseconds) stops halfway through, for crash tests only.
    /// `mode` is the new file's permissions before the umask: private (0600) for the session,
    /// ordinary (0644) for an export.
    package static func writeAtomically(
        _ bytes: [UInt8], to path: String, mode: mode_t = 0o600, sync: Bool = true, pauseMidWrite: Int = 0
    ) -> Result<Void, SystemError> {
        let descriptor: Int32, temporary: String
        switch createTemporary(beside: path, mode: mode) {
        case .success(let created): (descriptor, temporary) = created
        case .failure(let error): return .failure(error)
        }
        func fail(_ what: String) -> Result<Void, SystemError> {
            let message = errorMessage(errno)
            close(descriptor)
            unlink(temporary)
            return .failure(SystemError("cannot \(what) \(temporary): \(message)"))
        }
        let half = bytes.count / 2
        guard case .written = write(Array(bytes[..<half]), to: descriptor) else { return fail("write") }
        if pauseMidWrite > 0 { usleep(UInt32(min(pauseMidWrite, 60_000)) * 1000) }
        guard case .written = write(Array(bytes[half...]), to: descriptor) else { return fail("write") }
        guard !sync || fsync(descriptor) == 0 else { return fail("sync") }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let message = errorMessage(errno)
            unlink(temporary)
            return .failure(SystemError("cannot replace \(path): \(message)"))
        }
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let directoryDescriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
        return .success(())
    }

    /// Writes what `body` writes to a streaming `BinaryWriter` (its big columns go out in place, not
    /// copied) to `path`, atomically as `writeAtomically(_:to:)` does, but without waiting for the
    /// disk: for caches, whose checksum finds a file cut short by a crash (it is then rebuilt).
    package static func writeCacheAtomically(
        to path: String, mode: mode_t = 0o600, _ body: (inout BinaryWriter) -> Void
    ) -> Result<Void, SystemError> {
        let descriptor: Int32, temporary: String
        switch createTemporary(beside: path, mode: mode) {
        case .success(let created): (descriptor, temporary) = created
        case .failure(let error): return .failure(error)
        }
        var failure: String?
        var writer = BinaryWriter { bytes in
            guard failure == nil, case .failed(let message) = write(bytes, to: descriptor) else { return }
            failure = message
        }
        body(&writer)
        writer.finish()
        if failure == nil, let patch = writer.checksumPatch {
            let written = withUnsafeBytes(of: patch.value.littleEndian) { pwrite(descriptor, $0.baseAddress, 8, off_t(patch.offset)) }
            if written != 8 { failure = errorMessage(errno) }
        }
        close(descriptor)
        if let failure {
            unlink(temporary)
            return .failure(SystemError("cannot write \(temporary): \(failure)"))
        }
        guard rename(temporary, path) == 0 else {
            let message = errorMessage(errno)
            unlink(temporary)
            return .failure(SystemError("cannot replace \(path): \(message)"))
        }
        return .success(())
    }

    /// A new, empty file beside `path` to write what will replace it, named `NAME.tmp-PID-RANDOM`:
    /// unpredictable, and created exclusively without following links (`O_EXCL | O_NOFOLLOW`), so
    /// a file, link or named pipe that someone planted in the folder is never opened, written
    /// through or waited on. - Returns: the open descriptor and the file's path.
    package static func createTemporary(beside path: String, mode: mode_t) -> Result<(descriptor: Int32, path: String), SystemError> {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<32 {
            let name = path + ".tmp-\(getpid())-" + String(generator.next() as UInt64, radix: 36)
            let descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if descriptor >= 0 { return .success((descriptor, name)) }
            if errno != EEXIST { return .failure(SystemError("cannot create \(name): \(errorMessage(errno))")) }
        }
        return .failure(SystemError("cannot create a temporary file beside \(path): every name tried exists"))
    }

    /// Writes an export to `path` as a user expects of `-o FILE`: a regular file (or a new one) is
    /// replaced atomically, keeping its permissions; through a symbolic link, the file it points to
    /// is replaced so, the link kept; anything else that exists (a named pipe, a device, a
    /// terminal) is written into directly, as a shell's `>` would, never replaced. A write that
    /// fails (a full disk, `/dev/full`) is a failure. Temporary files left beside the target by an
    /// earlier export that was killed are removed first.
    package static func writeOutput(_ bytes: [UInt8], to path: String) -> Result<Void, SystemError> {
        var target = path
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = resolvedPath(path) else {
                // A link to a file not there yet: the shell's `>` creates it.
                return writeDirectly(bytes, to: path, flags: O_CREAT)
            }
            target = resolved
        }
        var mode: mode_t = 0o644
        if stat(target, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: mode = info.st_mode & 0o7777
            case S_IFDIR: return .failure(SystemError("it is a directory"))
            default: return writeDirectly(bytes, to: target, flags: 0)
            }
        }
        removeStaleTemporaries(beside: target)
        return writeAtomically(bytes, to: target, mode: mode)
    }

    /// Opens `path` for writing (truncated, with `flags` added) and writes `bytes` into it.
    private static func writeDirectly(_ bytes: [UInt8], to path: String, flags: Int32) -> Result<Void, SystemError> {
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | flags, 0o644)
        guard descriptor >= 0 else { return .failure(SystemError(errorMessage(errno))) }
        let outcome = write(bytes, to: descriptor)
        let closed = close(descriptor) == 0 ? nil : errorMessage(errno)
        switch outcome {
        case .written: return closed.map { .failure(SystemError($0)) } ?? .success(())
        case .brokenPipe: return .failure(SystemError("the reader closed the pipe"))
        case .failed(let message): return .failure(SystemError(message))
        }
    }

    /// Removes `NAME.tmp-PID…` files beside `path` left by a process that no longer runs (a write
    /// killed before its rename): only regular files of this user, only when no process has that
    /// ID (a live one, whatever it is, keeps its file).
    package static func removeStaleTemporaries(beside path: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let prefix = String(path[(slash.map(path.index(after:)) ?? path.startIndex)...]) + ".tmp-"
        guard case .success(let names) = directoryEntries(folder.isEmpty ? "." : folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let pid = pid_t(rest.prefix { $0 != "-" }), pid > 0 else { continue }
            guard kill(pid, 0) != 0, errno == ESRCH else { continue }
            var info = stat()
            guard lstat(folder + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == getuid() else { continue }
            unlink(folder + name)
        }
    }

    /// The running executable's path, size and modification time, or nil where they cannot be
    /// known (only Linux names it, through `/proc/self/exe`).
    package static func executableIdentity() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0, let status = fileStatus("/proc/self/exe") else { return nil }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "\(path)\u{0}\(status.size)\u{0}\(status.modified)"
        #else
        return nil
        #endif
    }
}
