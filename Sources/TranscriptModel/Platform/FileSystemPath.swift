#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// File names as the system keeps them (bytes) in a Swift `String` (always valid Unicode), without
/// losing any: a Latin-1 `Café.srt` from an old archive is a name whose bytes are not UTF-8.
///
/// A byte that is not part of valid UTF-8 (0x80…0xFF) is kept as the private-use scalar
/// U+10FF00 + byte, and turned back into that byte whenever the path is given to the system
/// (`withSystemPath`). Valid UTF-8 is unchanged, so every ordinary name is its own string. Shown to
/// a person, such a byte reads `\xE9` (`displayed`). A real name holding U+10FF80…U+10FFFF itself
/// (plane 16's last private-use scalars, unassigned by any standard) would be read as those bytes.
package enum FileSystemPath {
    /// The name or path whose bytes are `bytes`.
    package static func string(fromBytes bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = scalar(in: bytes, at: index) {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(Unicode.Scalar(0x10FF00 + UInt32(bytes[index]))!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// The bytes the system knows `path` by.
    package static func bytes(of path: String) -> [UInt8] {
        guard path.unicodeScalars.contains(where: isKeptByte) else { return Array(path.utf8) }
        var bytes: [UInt8] = []
        for scalar in path.unicodeScalars {
            if isKeptByte(scalar) {
                bytes.append(UInt8(scalar.value - 0x10FF00))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Calls `body` with `path` as the system's NUL-terminated bytes.
    package static func withSystemPath<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        var bytes = bytes(of: path)
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// `path` for a person to read: each byte that is not UTF-8 as `\xE9`.
    package static func displayed(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: isKeptByte) else { return path }
        var out = ""
        for scalar in path.unicodeScalars {
            if isKeptByte(scalar) {
                let hex = String(scalar.value - 0x10FF00, radix: 16, uppercase: true)
                out += "\\x" + (hex.count == 1 ? "0" : "") + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `scalar` stands for a byte of a name that is not UTF-8.
    @inline(__always)
    package static func isKeptByte(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x10FF80
    }

    /// The scalar of the valid UTF-8 sequence at `index` and its length; nil when none starts there.
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= smallest, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}

// The calls that take a path, taking the path as a `String` kept by `FileSystemPath`: in this
// package they are chosen over the C functions (which would hand the system the kept bytes
// re-encoded as UTF-8, another name). The command line adds the calls only it makes
// (`TSearchCLI/Platform/PathCalls.swift`).
package func open(_ path: String, _ flags: Int32) -> Int32 {
    FileSystemPath.withSystemPath(path) { open($0, flags) }
}

package func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    FileSystemPath.withSystemPath(path) { open($0, flags, mode) }
}

package func stat(_ path: String, _ status: UnsafeMutablePointer<stat>) -> Int32 {
    FileSystemPath.withSystemPath(path) { stat($0, status) }
}
