#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's `iconv` (glibc's on Linux, libiconv on Apple platforms): decodes bytes in any
/// encoding the system knows into UTF-8. The only code that calls it.
enum Iconv {
    /// Why bytes could not be decoded. Offsets count bytes from the start of the input.
    enum Failure: Error, Equatable {
        /// The system does not know the encoding's name.
        case unknownEncoding
        /// The bytes at `offset` are no character of the encoding.
        case invalid(offset: Int)
        /// The input ends inside a character that starts at `offset`.
        case truncated(offset: Int)
    }

    /// Whether the system can decode `name` (names are matched case-insensitively).
    static func knows(_ name: String) -> Bool {
        guard let descriptor = open(name) else { return false }
        iconv_close(descriptor)
        return true
    }

    /// `bytes` decoded from `name` into a string; strict: the first byte sequence that is no
    /// character of the encoding is a failure, never a replacement character.
    static func decode(_ bytes: some Collection<UInt8>, from name: String) -> Result<String, Failure> {
        guard let descriptor = open(name) else { return .failure(.unknownEncoding) }
        defer { iconv_close(descriptor) }
        var input = Array(bytes)
        guard !input.isEmpty else { return .success("") }
        var output: [UInt8] = []
        output.reserveCapacity(input.count + input.count / 2)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let total = input.count
        return input.withUnsafeMutableBytes { inputBytes -> Result<String, Failure> in
            var inPointer = inputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
            var inLeft = total
            while true {
                var failure: Int32 = 0
                let produced = chunk.withUnsafeMutableBytes { outputBytes -> Int in
                    var outPointer = outputBytes.baseAddress?.assumingMemoryBound(to: CChar.self)
                    var outLeft = outputBytes.count
                    // With all input consumed, a last call with no input flushes a stateful encoding.
                    let result = inLeft > 0
                        ? iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                        : iconv(descriptor, nil, nil, &outPointer, &outLeft)
                    if result == -1 { failure = errno }
                    return outputBytes.count - outLeft
                }
                output += chunk[..<produced]
                switch failure {
                case 0:
                    if inLeft == 0 && produced == 0 { return .success(String(decoding: output, as: UTF8.self)) }
                case E2BIG:
                    continue
                case EINVAL:
                    return .failure(.truncated(offset: total - inLeft))
                default:
                    return .failure(.invalid(offset: total - inLeft))
                }
            }
        }
    }

    private static func open(_ name: String) -> iconv_t? {
        let descriptor = iconv_open("UTF-8", name)
        return descriptor == iconv_t(bitPattern: -1) ? nil : descriptor
    }
}
