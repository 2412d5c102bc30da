import TranscriptModel

/// A file of parsed rows (`RowCache`, `SmallFilesCache`): its magic, its version, a `Checksum` of
/// everything after it (checked before anything else is read), the time the loading that wrote it
/// began (ns since the epoch), a header of its own, zero padding to an 8-byte boundary, then a
/// corpus (`Corpus` serialization), read in place by mapping the file.
enum RowsFile {
    /// Writes the file atomically, streamed from the corpus's columns; false when it could not be.
    static func write(
        to path: String, magic: [UInt8], version: UInt64, keptAt: Int64, corpus: Corpus, header: (inout BinaryWriter) -> Void
    ) -> Bool {
        let written = FileCalls.writeCacheAtomically(to: path) { writer in
            writer.write(magic)
            writer.write(version)
            let checksumOffset = writer.beginChecksum()
            writer.write(UInt64(bitPattern: keptAt))
            header(&writer)
            writer.align(to: 8)
            corpus.write(to: &writer)
            writer.endChecksum(at: checksumOffset)
        }
        guard case .success = written else { return false }
        return true
    }

    /// The header, the time the loading that wrote it began, and the corpus (mapped, not copied)
    /// of a file read back whole, or nil if it is missing, of another magic or version, or damaged.
    /// With `verified`, a file whose identity it records as checked is trusted without reading its
    /// bytes (only its counts are checked, `Corpus.ReadChecks.counts`), and a file checked whole
    /// is recorded there; without, every file is checked whole.
    static func read<Header>(
        _ path: String, magic: [UInt8], version: UInt64, verified: inout VerifiedCaches?,
        header: (inout RegionReader) throws(BinaryDecodingError) -> Header
    ) -> (header: Header, keptAt: Int64, corpus: Corpus)? {
        // The identity before and after mapping: equal, it is the identity of what was mapped.
        let before = FileCalls.fileIdentity(path)
        guard let region = ByteRegion(mapping: path, copyingBelow: RowCache.copyBelowBytes) else { return nil }
        let identity = before.flatMap { $0 == FileCalls.fileIdentity(path) ? $0 : nil }
        let trusted = identity.map { verified?.trusts(path, identity: $0) ?? false } ?? false
        var reader = RegionReader(region)
        do {
            guard try reader.readBytes() == magic, try reader.readUInt64() == version else { return nil }
            if trusted { try reader.skipChecksum() } else { try reader.verifyChecksum() }
            let keptAt = Int64(bitPattern: try reader.readUInt64())
            let read = try header(&reader)
            try reader.align()
            let corpus = try Corpus(reading: &reader, checks: trusted ? .counts : .structure)
            guard reader.isAtEnd else { return nil }
            if !trusted, let identity { verified?.record(path, identity: identity) }
            return (read, keptAt, corpus)
        } catch {
            return nil
        }
    }

    /// `read` checking every file whole, recording nothing.
    static func read<Header>(
        _ path: String, magic: [UInt8], version: UInt64, header: (inout RegionReader) throws(BinaryDecodingError) -> Header
    ) -> (header: Header, keptAt: Int64, corpus: Corpus)? {
        var none: VerifiedCaches?
        return read(path, magic: magic, version: version, verified: &none, header: header)
    }
}
