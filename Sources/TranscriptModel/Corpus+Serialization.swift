/// The corpus as bytes, for the row cache beside a saved session (so `tsearch next` need not load
/// and parse the files again). Layout, version 2, little-endian: the magic `TSCORPUS`, the version,
/// then the sources (path, format, encoding) and every column of `Corpus` in declaration order.
/// Reading checks every count, offset and reference, so a damaged cache throws instead of crashing.
extension Corpus {
    static let magic = Array("TSCORPUS".utf8)
    static let serializationVersion: UInt64 = 2

    package func serialized() -> [UInt8] {
        var writer = BinaryWriter()
        writer.write(Self.magic)
        writer.write(Self.serializationVersion)
        writer.write(UInt64(sources.count))
        for source in sources {
            writer.write(source.path)
            writer.write(source.format)
            writer.write(source.encoding)
        }
        writer.write(sourceFirstRow.map(Int64.init))
        writer.write(textBytes)
        writer.write(textOffsets.map(Int64.init))
        writer.write(startTimes)
        writer.write(endTimes)
        writer.write(speakerIDs)
        writer.write(titleIDs)
        writer.write(lines)
        writer.write(hrefIDs)
        writer.write(elements)
        writer.write(cueBytes)
        writer.write(cueOffsets.map(Int64.init))
        writer.write(hasCue.map { $0 ? UInt8(1) : 0 })
        writer.write(UInt64(strings.count))
        for string in strings { writer.write(string) }
        return writer.bytes
    }

    package init(serialized bytes: [UInt8]) throws(BinaryDecodingError) {
        var reader = BinaryReader(bytes)
        guard try reader.readArray(of: UInt8.self) == Self.magic else { throw BinaryDecodingError("not a corpus cache") }
        guard try reader.readUInt64() == Self.serializationVersion else { throw BinaryDecodingError("another cache version") }
        self.init()
        let sourceCount = try reader.readCount(elementSize: 24)
        for _ in 0..<sourceCount {
            sources.append(SourceInfo(path: try reader.readString(), format: try reader.readString(), encoding: try reader.readString()))
        }
        sourceFirstRow = try reader.readArray(of: Int64.self).map { Int($0) }
        textBytes = try reader.readArray(of: UInt8.self)
        textOffsets = try reader.readArray(of: Int64.self).map { Int($0) }
        startTimes = try reader.readArray(of: Int64.self)
        endTimes = try reader.readArray(of: Int64.self)
        speakerIDs = try reader.readArray(of: Int32.self)
        titleIDs = try reader.readArray(of: Int32.self)
        lines = try reader.readArray(of: Int32.self)
        hrefIDs = try reader.readArray(of: Int32.self)
        elements = try reader.readArray(of: Int32.self)
        cueBytes = try reader.readArray(of: UInt8.self)
        cueOffsets = try reader.readArray(of: Int64.self).map { Int($0) }
        hasCue = try reader.readArray(of: UInt8.self).map { $0 != 0 }
        let stringCount = try reader.readCount(elementSize: 8)
        for _ in 0..<stringCount {
            let string = try reader.readString()
            stringIDs[string] = Int32(strings.count)
            strings.append(string)
        }
        guard reader.isAtEnd else { throw BinaryDecodingError("trailing bytes") }
        try validate()
    }

    /// Every invariant `row(at:)` and `text(ofRow:)` rely on.
    private func validate() throws(BinaryDecodingError) {
        let rows = textOffsets.count - 1
        func check(_ condition: Bool, _ what: String) throws(BinaryDecodingError) {
            if !condition { throw BinaryDecodingError(what) }
        }
        try check(rows >= 0 && textOffsets.first == 0 && textOffsets.last == textBytes.count, "text offsets")
        try check(zip(textOffsets, textOffsets.dropFirst()).allSatisfy { $0 <= $1 }, "text offsets order")
        try check(sourceFirstRow.count == sources.count + 1 && sourceFirstRow.first == 0 && sourceFirstRow.last == rows, "source rows")
        try check(zip(sourceFirstRow, sourceFirstRow.dropFirst()).allSatisfy { $0 <= $1 }, "source rows order")
        try check([startTimes.count, endTimes.count, speakerIDs.count, titleIDs.count, lines.count, hrefIDs.count, elements.count, hasCue.count]
            .allSatisfy { $0 == rows }, "column lengths")
        try check(cueOffsets.count == rows + 1 && cueOffsets.first == 0 && cueOffsets.last == cueBytes.count, "cue offsets")
        try check(zip(cueOffsets, cueOffsets.dropFirst()).allSatisfy { $0 <= $1 }, "cue offsets order")
        try check((speakerIDs + titleIDs + hrefIDs).allSatisfy { $0 >= -1 && $0 < strings.count }, "string references")
        try check(startTimes.allSatisfy { $0 >= -1 } && endTimes.allSatisfy { $0 >= -1 }, "times")
    }
}
