import TranscriptModel

/// Turns a file's bytes into text, the way a careful subtitle editor does:
///
/// 1. a byte-order mark decides: UTF-8, UTF-32 LE/BE or UTF-16 LE/BE (the mark is dropped); it wins
///    over a named encoding too, as in ripgrep;
/// 2. a named encoding (`--encoding`) is used strictly: bytes that are no character of it are an
///    error naming the byte offset, and so is a file that is valid, non-ASCII UTF-8 (read as a
///    legacy encoding it would be mojibake);
/// 3. no mark, but every other byte of the start is NUL: UTF-16 without a mark (LE or BE by where the
///    NULs are), as some Windows tools write;
/// 4. valid UTF-8 is UTF-8, never decoded again;
/// 5. anything else is read line by line: a line that is valid UTF-8 stays UTF-8, and the other
///    lines are read in the encoding `EncodingDetection` guesses from them (GB18030, Big5,
///    Shift_JIS, windows-1251, KOI8-R, windows-1250 or, as before, windows-1252, whose five
///    unassigned bytes become the C1 control of the same value, as browsers do). So one stray byte in
///    a UTF-8 file spoils one line, not the whole file. A double-byte guess reads the whole file
///    when it can (a short line of GBK can pass for UTF-8). When the guess is not sure, `decode`
///    adds a warning naming the encoding assumed and how to name another.
///
/// Text that still holds NUL bytes, or is mostly control characters, is reported as binary.
public enum TextDecoding {
    /// Decoded text and the name of the encoding that was used.
    public struct Decoded: Sendable, Equatable {
        /// The decoded text.
        public var text: String
        /// The name of the encoding the text was decoded from, as `SourceInfo.encoding` records it (`UTF-8`, `windows-1252`, …).
        public var encoding: String
        /// The detected encoding, when it was guessed from bytes that are not UTF-8.
        var guess: EncodingDetection.Guess?
        /// Problems worth telling (an encoding that was only guessed).
        public var warnings: [FormatError] = []

        init(text: String, encoding: String, guess: EncodingDetection.Guess? = nil) {
            self.text = text
            self.encoding = encoding
            self.guess = guess
        }
    }

    /// The text of `bytes`, the encoding detected; nil when they are binary.
    public static func decode(_ bytes: [UInt8]) -> Decoded? {
        try? decode(bytes, path: "", encoding: nil)
    }

    /// The text of `bytes`, read as `encoding` (nil: detected). Errors and warnings name `path`.
    public static func decode(_ bytes: [UInt8], path: String, encoding: TextEncoding? = nil) throws(FormatError) -> Decoded {
        var decoded: Decoded
        if let marked = byteOrderMarked(bytes) {
            decoded = marked
        } else if let encoding {
            decoded = try decode(bytes, strictlyAs: encoding, path: path)
        } else {
            decoded = decodeUnmarked(bytes)
            if let guess = decoded.guess, !guess.isSure {
                decoded.warnings.append(FormatError(
                    file: path, kind: .encodingGuess(assumed: guess.encoding.name, alternative: guess.alternative?.name)
                ))
            }
        }
        guard !looksBinary(decoded.text) else { throw FormatError(file: path, kind: .binary) }
        return decoded
    }

    static func decodeIgnoringBinary(_ bytes: [UInt8]) -> Decoded {
        byteOrderMarked(bytes) ?? decodeUnmarked(bytes)
    }

    private static func byteOrderMarked(_ bytes: [UInt8]) -> Decoded? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return Decoded(text: utf8OrLegacy(bytes[3...]).text, encoding: "UTF-8 with BOM")
        }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
            return Decoded(text: utf32(bytes[4...], littleEndian: true), encoding: "UTF-32LE")
        }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) {
            return Decoded(text: utf32(bytes[4...], littleEndian: false), encoding: "UTF-32BE")
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return Decoded(text: utf16(bytes[2...], littleEndian: true), encoding: "UTF-16LE")
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return Decoded(text: utf16(bytes[2...], littleEndian: false), encoding: "UTF-16BE")
        }
        return nil
    }

    private static func decodeUnmarked(_ bytes: [UInt8]) -> Decoded {
        if let littleEndian = unmarkedUTF16(bytes) {
            return Decoded(
                text: utf16(bytes[...], littleEndian: littleEndian),
                encoding: littleEndian ? "UTF-16LE" : "UTF-16BE"
            )
        }
        return utf8OrLegacy(bytes[...])
    }

    /// `bytes` read as `encoding`, refusing what does not fit it (see the type's comment, step 2).
    private static func decode(_ bytes: [UInt8], strictlyAs encoding: TextEncoding, path: String) throws(FormatError) -> Decoded {
        if !encoding.isUTF8, let firstNonASCII = bytes.firstIndex(where: { $0 >= 0x80 }),
           String(validating: bytes, as: UTF8.self) != nil {
            throw FormatError(
                file: path, line: lineNumber(atOffset: firstNonASCII, in: bytes),
                kind: .validUTF8(asked: encoding.name, offset: firstNonASCII)
            )
        }
        switch Iconv.decode(bytes, from: encoding.iconvName) {
        case .success(let text):
            var decoded = Decoded(text: text, encoding: encoding.name)
            // Bytes that fit the named encoding can still be another one (KOI8-R read as
            // windows-1251 is valid, and garbled): when detection is sure of one that reads them
            // differently, say so.
            if bytes.contains(where: { $0 >= 0x80 }) {
                let guess = EncodingDetection.guess(bytes)
                if guess.isSure, guess.encoding.iconvName.lowercased() != encoding.iconvName.lowercased(),
                   case .success(let other) = Iconv.decode(bytes, from: guess.encoding.iconvName), other != text {
                    decoded.warnings.append(FormatError(
                        file: path, kind: .encodingDoubt(asked: encoding.name, detected: guess.encoding.name)
                    ))
                }
            }
            return decoded
        case .failure(.invalid(let offset)), .failure(.truncated(let offset)):
            throw FormatError(
                file: path, line: lineNumber(atOffset: offset, in: bytes),
                kind: .undecodable(encoding: encoding.name, offset: offset, bytes: Array(bytes[offset..<min(offset + 4, bytes.count)]))
            )
        case .failure(.unknownEncoding):
            throw FormatError(file: path, kind: .unknownEncoding(encoding.name))
        }
    }

    /// The 1-based line that the byte at `offset` is on (counting line feeds before it).
    static func lineNumber(atOffset offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<min(offset, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }

    private static func utf8OrLegacy(_ bytes: ArraySlice<UInt8>) -> Decoded {
        if let text = String(validating: bytes, as: UTF8.self) {
            return Decoded(text: text, encoding: "UTF-8")
        }
        var lines: [(range: Range<Int>, isUTF8: Bool)] = []
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.endIndex
            lines.append((start..<end, String(validating: bytes[start..<end], as: UTF8.self) != nil))
            start = end
        }
        let legacy = lines.filter { !$0.isUTF8 }.flatMap { bytes[$0.range] }
        let guess = EncodingDetection.guess(legacy)
        let table = EncodingDetection.table(for: guess.encoding)
        if table == nil, case .success(let text) = Iconv.decode(bytes, from: guess.encoding.iconvName) {
            return Decoded(text: text, encoding: guess.encoding.name, guess: guess)
        }
        var text = ""
        text.reserveCapacity(bytes.count)
        var sawUTF8 = false
        for line in lines {
            let lineBytes = bytes[line.range]
            if line.isUTF8 {
                text += String(decoding: lineBytes, as: UTF8.self)
                sawUTF8 = sawUTF8 || lineBytes.contains { $0 >= 0x80 }
            } else if guess.encoding == .windows1252 {
                text += windows1252(lineBytes)
            } else if let table {
                text += singleByte(lineBytes, table: table)
            } else if case .success(let decoded) = Iconv.decode(lineBytes, from: guess.encoding.iconvName) {
                text += decoded
            } else {
                text += windows1252(lineBytes)
            }
        }
        let name = guess.encoding.name
        return Decoded(text: text, encoding: sawUTF8 ? "UTF-8 with \(name) lines" : name, guess: guess)
    }

    /// Bytes in a single-byte encoding by its table; an unassigned byte becomes the C1 control of
    /// the same value (as for windows-1252).
    private static func singleByte(_ bytes: ArraySlice<UInt8>, table: [Unicode.Scalar?]) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte < 0x80 {
                scalars.append(Unicode.Scalar(byte))
            } else {
                scalars.append(table[Int(byte - 0x80)] ?? Unicode.Scalar(byte))
            }
        }
        return String(scalars)
    }

    private static func windows1252(_ bytes: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(bytes.count)
        for byte in bytes {
            let value = byte >= 0x80 && byte <= 0x9F ? windows1252High[Int(byte - 0x80)] : UInt32(byte)
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return String(scalars)
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let (low, high) = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        if index < bytes.endIndex { units.append(0xFFFD) }  // an odd trailing byte
        return String(decoding: units, as: UTF16.self)
    }

    private static func utf32(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> String {
        var scalars = String.UnicodeScalarView()
        var index = bytes.startIndex
        while index + 3 < bytes.endIndex {
            let quad = (0..<4).map { UInt32(bytes[index + $0]) }
            let value = littleEndian
                ? quad[0] | quad[1] << 8 | quad[2] << 16 | quad[3] << 24
                : quad[3] | quad[2] << 8 | quad[1] << 16 | quad[0] << 24
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            index += 4
        }
        if index < bytes.endIndex { scalars.append("\u{FFFD}") }
        return String(scalars)
    }

    /// Little-endian (true), big-endian (false) or not UTF-16 (nil), judged from the first 64 bytes:
    /// ASCII text in UTF-16 has a NUL in every other byte.
    private static func unmarkedUTF16(_ bytes: [UInt8]) -> Bool? {
        let sample = bytes.prefix(64)
        guard sample.count >= 8, sample.count % 2 == 0 else { return nil }
        let evens = stride(from: 0, to: sample.count, by: 2).map { sample[$0] }
        let odds = stride(from: 1, to: sample.count, by: 2).map { sample[$0] }
        if odds.allSatisfy({ $0 == 0 }) && !evens.contains(0) { return true }
        if evens.allSatisfy({ $0 == 0 }) && !odds.contains(0) { return false }
        return nil
    }

    /// NUL anywhere, or more than a tenth of the first 4,096 scalars being control characters other
    /// than tab, line ends, form feed and escape.
    static func looksBinary(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { looksBinary(utf8: $0) }
    }

    /// `looksBinary` of the text valid UTF-8 `bytes` hold (or the start of such a text, cut
    /// anywhere): each scalar starts at a byte that is not a continuation byte, and the control
    /// characters counted are single bytes.
    static func looksBinary(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if let base = bytes.baseAddress, ByteSearch.find(base, 0, bytes.count) != nil { return true }
        var controls = 0
        var total = 0
        for byte in bytes where byte & 0xC0 != 0x80 {
            guard total < 4096 else { break }
            total += 1
            switch byte {
            case 0x09, 0x0A, 0x0C, 0x0D, 0x1B: break
            case 0..<0x20, 0x7F: controls += 1
            default: break
            }
        }
        return total > 0 && controls * 10 > total
    }

    /// Windows-1252 bytes 0x80–0x9F; unassigned ones map to the C1 control of the same value.
    private static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
}
