#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TranscriptModel

// The system calls the command line makes with a path, beyond `open` and `stat` (in
// `TranscriptModel/Platform/FileSystemPath.swift`), taking it as a `String` kept by
// `FileSystemPath` (a name whose bytes are not UTF-8 keeps them): chosen over the C functions,
// which would hand the system the kept bytes re-encoded as UTF-8, another name.

func lstat(_ path: String, _ status: UnsafeMutablePointer<stat>) -> Int32 {
    FileSystemPath.withSystemPath(path) { lstat($0, status) }
}

func opendir(_ path: String) -> OpaquePointer? {
    FileSystemPath.withSystemPath(path) { opendir($0) }
}

@discardableResult
func mkdir(_ path: String, _ mode: mode_t) -> Int32 {
    FileSystemPath.withSystemPath(path) { mkdir($0, mode) }
}

func rename(_ old: String, _ new: String) -> Int32 {
    FileSystemPath.withSystemPath(old) { old in FileSystemPath.withSystemPath(new) { rename(old, $0) } }
}

@discardableResult
func unlink(_ path: String) -> Int32 {
    FileSystemPath.withSystemPath(path) { unlink($0) }
}

func access(_ path: String, _ mode: Int32) -> Int32 {
    FileSystemPath.withSystemPath(path) { access($0, mode) }
}

func mkfifo(_ path: String, _ mode: mode_t) -> Int32 {
    FileSystemPath.withSystemPath(path) { mkfifo($0, mode) }
}

/// `realpath(3)` of `path`, kept as `FileSystemPath` keeps names; nil when it cannot be resolved.
func resolvedPath(_ path: String) -> String? {
    FileSystemPath.withSystemPath(path) { pointer -> String? in
        guard let resolved = realpath(pointer, nil) else { return nil }
        defer { free(resolved) }
        return FileSystemPath.string(fromBytes: UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)))
    }
}

/// `strdup(3)` of `path`'s system bytes (for an argument list handed to a new process).
func duplicateSystemPath(_ path: String) -> UnsafeMutablePointer<CChar>? {
    FileSystemPath.withSystemPath(path) { strdup($0) }
}
