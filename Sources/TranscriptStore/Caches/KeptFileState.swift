import TranscriptModel

/// What a file of rows keeps of each transcript it holds: the file's identity when its rows were
/// read (`FileCalls.FileIdentity`: size, modification and status-change times, inode, device),
/// its content hash (`SourceFingerprint`), and its load warnings, each without its leading path
/// (`:38: expected …`), to be shown under the path the file has today.
struct KeptFileState: Equatable {
    var identity: FileCalls.FileIdentity
    var hash: String
    var warningTails: [String]

    init(_ identity: FileCalls.FileIdentity, hash: String, warningTails: [String]) {
        self.identity = identity
        self.hash = hash
        self.warningTails = warningTails
    }

    /// Whether the file, as `identity` says it is now, can be taken for the one kept without
    /// reading it: the same identity, last changed at least `settle` before `keptAt` (when the
    /// loading that kept it began: a file that changed later may have changed again since within
    /// the same timestamp).
    func trusts(_ identity: FileCalls.FileIdentity, keptAt: Int64, settle: Int64) -> Bool {
        self.identity == identity && identity.isSettled(before: keptAt, settle: settle)
    }

    func write(to writer: inout BinaryWriter) {
        for value in [identity.size, identity.modified, identity.changed] { writer.write(UInt64(bitPattern: value)) }
        writer.write(identity.inode)
        writer.write(identity.device)
        writer.write(identity.isRegular ? 1 : 0)
        writer.write(hash)
        writer.write(UInt64(warningTails.count))
        for tail in warningTails { writer.write(tail) }
    }

    init(reading reader: inout RegionReader) throws(BinaryDecodingError) {
        identity = FileCalls.FileIdentity(
            size: Int64(bitPattern: try reader.readUInt64()), modified: Int64(bitPattern: try reader.readUInt64()),
            changed: Int64(bitPattern: try reader.readUInt64()), inode: try reader.readUInt64(), device: try reader.readUInt64(),
            isRegular: try reader.readUInt64() == 1)
        hash = try reader.readString()
        warningTails = []
        for _ in 0..<(try reader.readCount(elementSize: 8)) { warningTails.append(try reader.readString()) }
    }
}
