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
