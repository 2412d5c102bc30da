#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TranscriptModel

/// How much room a file system has, for the caches' size bound (`CacheBound`).
extension FileCalls {
    /// The bytes an unprivileged process may still write on the file system holding `path`, or
    /// the nearest folder above it that exists (`statvfs`: available blocks × fragment size);
    /// nil when none can be examined.
    package static func availableBytes(near path: String) -> Int64? {
        var candidate = path
        while true {
            var info = statvfs()
            if FileSystemPath.withSystemPath(candidate, { statvfs($0, &info) }) == 0 {
                let (bytes, overflow) = Int64(info.f_bavail).multipliedReportingOverflow(by: Int64(info.f_frsize))
                return overflow ? .max : bytes
            }
            guard let slash = candidate.lastIndex(of: "/") else {
                // A relative path's first folder: the current one's file system.
                guard candidate != "." else { return nil }
                candidate = "."
                continue
            }
            guard slash != candidate.startIndex else {
                guard candidate != "/" else { return nil }
                candidate = "/"
                continue
            }
            candidate = String(candidate[..<slash])
        }
    }
}
