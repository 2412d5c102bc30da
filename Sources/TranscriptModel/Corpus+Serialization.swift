/// The corpus as bytes, for the row cache and the cache beside a saved session (so `tsearch next`
/// and a new search of unchanged files need not parse them again). Layout, version 4,
/// little-endian: the magic `TSCORPUS`, the version, the sources (path, format, encoding, and the
/// meeting's facts as `MeetingFacts.write` lists them: version 4 added them), each
/// source's first row (plus the row count), then the columns of every field in `Corpus.fields`
/// order, each as a count, zero padding to an 8-byte boundary and its raw values, then the interned
/// strings. A change to `Corpus.fields` changes this layout and goes with a new version. Columns are
/// read in place (`Column` points into the mapped file), so reading costs the validation, not a
/// copy.
///
/// Reading checks every count, offset, reference and the text's UTF-8, so a damaged cache throws
/// instead of crashing (or handing a matcher a row that ends inside a character).
extension Corpus {
    static let magic = Array("TSCORPUS".utf8)
    static let serializationVersion: UInt64 = 4

    /// About how many bytes `write(to:)` writes: the text and cue bytes, and about 60 bytes of
    /// columns per row (a writer makes room for it at once).
    package var serializedSizeEstimate: Int {
        guard parts.isEmpty else { return parts.reduce(4096) { $0 + $1.corpus.serializedSizeEstimate } }
        return textBytes.count + cueBytes.count + rowCount * 64 + 4096
    }

    /// The serialized corpus, appended to `writer`, which must be at an 8-byte boundary of the
    /// file being written. A corpus in parts is written as one (its parts joined first).
    package func write(to writer: inout BinaryWriter) {
        guard parts.isEmpty else { return joinedCopy().write(to: &writer) }
        writer.write(Self.magic)
        writer.write(Self.serializationVersion)
        writer.write(UInt64(sources.count))
        for source in sources {
            writer.write(source.path)
            writer.write(source.format)
            writer.write(source.encoding)
            source.facts.write(to: &writer)
        }
        writer.write(column: Column(sourceFirstRow))
        for field in Self.fields { field.write(self, to: &writer) }
        writer.write(UInt64(strings.count))
        for string in strings { writer.write(string) }
    }

    /// The serialized corpus as an array (`write(to:)` into memory).
    package func serialized() -> [UInt8] {
        var writer = BinaryWriter()
        write(to: &writer)
        return writer.bytes
    }

    /// Reads a corpus from `bytes` as `serialized()` made them, checking everything (the text's UTF-8
    /// too); trailing bytes are an error.
    package init(serialized bytes: [UInt8]) throws(BinaryDecodingError) {
        var reader = RegionReader(ByteRegion(copying: bytes))
        try self.init(reading: &reader)
        guard reader.isAtEnd else { throw BinaryDecodingError("trailing bytes") }
    }

    /// What reading a corpus checks, from most to least.
    package enum ReadChecks: Sendable {
        /// Everything `row(at:)` and the matchers rely on: counts, offsets, references, values in
        /// range, and the text's UTF-8.
        case everything
        /// All but the text's UTF-8: the bytes were just checked against a `Checksum` written with
        /// them, so the text is the valid UTF-8 that was written.
        case structure
        /// Only what costs no pass over the rows: every column's count (which reading checks
        /// against the region anyway), the offsets' first and last values, the sources' rows.
        /// For bytes that were checked whole once and are trusted since by their file's identity
        /// (what that does and does not catch is argued where the trust is given, `VerifiedCaches`).
        case counts
    }

    /// Reads a corpus at the reader's offset (8-byte aligned), pointing into its region, checking
    /// what `checks` says (`everything` for bytes nothing else vouches for).
    package init(reading reader: inout RegionReader, checks: ReadChecks = .everything) throws(BinaryDecodingError) {
        guard try reader.readBytes() == Self.magic else { throw BinaryDecodingError("not a corpus cache") }
        guard try reader.readUInt64() == Self.serializationVersion else { throw BinaryDecodingError("another cache version") }
        self.init()
        let sourceCount = try reader.readCount(elementSize: 24)
        for _ in 0..<sourceCount {
            let (path, format, encoding) = (try reader.readString(), try reader.readString(), try reader.readString())
            sources.append(SourceInfo(path: path, format: format, encoding: encoding, facts: try MeetingFacts(reading: &reader)))
        }
        sourceFirstRow = Array(try reader.readColumn(of: Int.self))
        for field in Self.fields { try field.read(into: &self, from: &reader) }
        let stringCount = try reader.readCount(elementSize: 8)
        for _ in 0..<stringCount {
            let string = try reader.readString()
            stringIDs[string] = Int32(strings.count)
            strings.append(string)
        }
        try validate(checks)
    }

    /// Every invariant `row(at:)`, `text(ofRow:)` and the matchers rely on: the sources' rows, then
    /// each field's columns as `CorpusField.check` says, as far as `checks` asks.
    /// - Complexity: O(rows), plus O(text bytes) for `everything`, O(sources) for `counts`; no allocation.
    private func validate(_ checks: ReadChecks) throws(BinaryDecodingError) {
        let rows = textOffsets.count - 1
        guard rows >= 0, sourceFirstRow.count == sources.count + 1, sourceFirstRow.first == 0, sourceFirstRow.last == rows else {
            throw BinaryDecodingError("source rows")
        }
        guard zip(sourceFirstRow, sourceFirstRow.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            throw BinaryDecodingError("source rows order")
        }
        for field in Self.fields { try field.check(self, rows: rows, checks: checks) }
    }
}

/// UTF-8 validation, 32 or 8 bytes at a time while the text is ASCII.
package enum UTF8Validation {
    /// Whether `bytes` are valid UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        let count = bytes.count
        while index < count {
            if index + 32 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: index + 16, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: index + 24, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index += 32
                    continue
                }
            }
            if index + 8 <= count && raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            let minimum: UInt32
            var value: UInt32
            switch lead {
            case 0xC2...0xDF: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1F))
            case 0xE0...0xEF: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0F))
            case 0xF0...0xF4: (length, minimum, value) = (4, 0x10000, UInt32(lead & 0x07))
            default: return false
            }
            guard index + length <= count else { return false }
            for offset in 1..<length {
                let byte = bytes[index + offset]
                guard byte & 0xC0 == 0x80 else { return false }
                value = value << 6 | UInt32(byte & 0x3F)
            }
            guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return false }
            index += length
        }
        return true
    }
}

/// UTF-8 checked piece by piece, as a file is read: a character cut between two pieces is checked
/// whole. A stream that starts inside a text (`startsInside`: the second half of a file) sets its
/// first continuation bytes aside (`leading`) for whoever checks them with the end of the text
/// before (`trailing` of that stream).
package struct UTF8Stream {
    private let startsInside: Bool
    private var started = false
    /// Whether every piece so far was valid.
    package private(set) var isValid = true
    /// The first bytes of a character the last piece cut (at most 3).
    package private(set) var trailing: [UInt8] = []
    /// Continuation bytes at the start of a stream that starts inside a text.
    package private(set) var leading: [UInt8] = []

    /// A stream for a text's first piece, or (`startsInside`) for a piece that starts inside it.
    package init(startsInside: Bool = false) {
        self.startsInside = startsInside
    }

    /// Checks `piece`, the bytes after those added before.
    package mutating func add(_ piece: UnsafeBufferPointer<UInt8>) {
        guard isValid, !piece.isEmpty else { return }
        var start = 0
        // Set aside the continuation bytes a stream inside a text starts with (up to three, however
        // the pieces cut them).
        while !started, startsInside, start < piece.count, leading.count < 3, piece[start] & 0xC0 == 0x80 {
            leading.append(piece[start])
            start += 1
        }
        if start == piece.count && leading.count < 3 && startsInside && !started { return }
        started = true
        if !trailing.isEmpty {
            let length = Self.length(ofSequenceStartingWith: trailing[0])
            while trailing.count < length, start < piece.count {
                trailing.append(piece[start])
                start += 1
            }
            guard trailing.count == length else { return }
            isValid = trailing.withUnsafeBufferPointer(UTF8Validation.isValid)
            trailing = []
            guard isValid else { return }
        }
        // A character starting in the last three bytes may run on into the next piece.
        var cut = piece.count
        var back = piece.count - 1
        while back >= max(start, piece.count - 3) {
            if piece[back] & 0xC0 != 0x80 {
                if back + Self.length(ofSequenceStartingWith: piece[back]) > piece.count { cut = back }
                break
            }
            back -= 1
        }
        isValid = UTF8Validation.isValid(UnsafeBufferPointer(rebasing: piece[start..<cut]))
        trailing = Array(piece[cut...])
    }

    /// The length of the sequence a lead byte starts (1 for ASCII and for bytes that start none).
    private static func length(ofSequenceStartingWith byte: UInt8) -> Int {
        switch byte {
        case 0xC0...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF7: return 4
        default: return 1
        }
    }

    /// Whether a text read as `first` then `second` (which `startsInside`) is valid UTF-8.
    package static func isValid(_ first: UTF8Stream, then second: UTF8Stream) -> Bool {
        first.isValid && second.isValid && second.trailing.isEmpty
            && (first.trailing + second.leading).withUnsafeBufferPointer(UTF8Validation.isValid)
    }
}
