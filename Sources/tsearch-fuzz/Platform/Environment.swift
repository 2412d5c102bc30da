#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The environment variable `name`, or nil when it is not set (read with `getenv`: libFuzzer's
/// driver runs before Foundation would be set up).
func environmentVariable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

/// Writes `bytes` to the file at `path` (created or replaced); silent when it cannot (a seed less).
func writeFile(_ path: String, _ bytes: [UInt8]) {
    guard let file = fopen(path, "wb") else { return }
    defer { fclose(file) }
    _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
}
