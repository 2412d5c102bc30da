#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every call into the operating system that tsearch makes, in one place: file reading, directory
/// listing, terminals, signals, standard streams and the environment.
enum SystemCalls {
    /// Ignore SIGPIPE so a closed pipe shows up as EPIPE from `write`, which ends output quietly.
    static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }

    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let pair = String(cString: entry)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    enum WriteOutcome { case written, brokenPipe, failed(String) }

    /// Writes all of `bytes` to `descriptor`, retrying short writes and EINTR.
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> WriteOutcome {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno == EPIPE ? .brokenPipe : .failed(errorMessage(errno))
            }
            offset += written
        }
        return .written
    }

    /// What a path is; symbolic links are followed.
    enum PathKind { case file, directory, missing, other }

    static func kind(of path: String) -> PathKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// Whether `path` itself is a symbolic link.
    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// The whole file, or the system's reason it cannot be read (`No such file or directory`).
    static func readFile(_ path: String) -> Result<[UInt8], SystemError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(SystemError(errorMessage(errno))) }
        defer { close(descriptor) }
        return readAll(descriptor)
    }

    /// Everything readable from `descriptor` until end of file.
    static func readAll(_ descriptor: Int32) -> Result<[UInt8], SystemError> {
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
        }
    }

    /// The names in a directory (not `.` or `..`), unsorted.
    static func directoryEntries(_ path: String) -> Result<[String], SystemError> {
        guard let directory = opendir(path) else { return .failure(SystemError(errorMessage(errno))) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }

    static func errorMessage(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// A failed system call, with the system's message.
struct SystemError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Musl)
private let systemWrite = Musl.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
