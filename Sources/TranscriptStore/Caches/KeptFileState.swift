import TranscriptFormats
import TranscriptModel

/// What a file of rows keeps of each transcript it holds: the file's identity when its rows were
/// read (`FileCalls.FileIdentity`: size, modification and status-change times, inode, device),
/// its content hash (`SourceFingerprint`), and its load warnings and notes, each without its leading
/// path (`:38: expected …`), to be shown under the path the file has today.
struct KeptFileState: Equatable {
    var identity: FileCalls.FileIdentity
    var hash: String
    var warningTails: [KeptWarning]
    /// The notes' tails (`FormatError.isNote`: guesses and choices), kept apart from the warnings.
    var noteTails: [KeptWarning]

    init(_ identity: FileCalls.FileIdentity, hash: String, warningTails: [KeptWarning], noteTails: [KeptWarning]) {
        self.identity = identity
        self.hash = hash
        self.warningTails = warningTails
        self.noteTails = noteTails
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
        for kept in [warningTails, noteTails] {
            writer.write(UInt64(kept.count))
            for warning in kept {
                writer.write(warning.tail)
                writer.write(warning.placeTail)
                writer.write(warning.group ?? "")
            }
        }
    }

    init(reading reader: inout RegionReader) throws(BinaryDecodingError) {
        identity = FileCalls.FileIdentity(
            size: Int64(bitPattern: try reader.readUInt64()), modified: Int64(bitPattern: try reader.readUInt64()),
            changed: Int64(bitPattern: try reader.readUInt64()), inode: try reader.readUInt64(), device: try reader.readUInt64(),
            isRegular: try reader.readUInt64() == 1)
        hash = try reader.readString()
        func readKept(_ reader: inout RegionReader) throws(BinaryDecodingError) -> [KeptWarning] {
            var kept: [KeptWarning] = []
            for _ in 0..<(try reader.readCount(elementSize: 24)) {
                let tail = try reader.readString(), placeTail = try reader.readString(), group = try reader.readString()
                kept.append(KeptWarning(tail: tail, placeTail: placeTail, group: group.isEmpty ? nil : group))
            }
            return kept
        }
        warningTails = try readKept(&reader)
        noteTails = try readKept(&reader)
    }
}

/// One warning or note of a kept file, without the file's path: its text (`:38: expected …`), its
/// place (`:38`, or empty) and the summary it is grouped under (`FormatError.groupSummary`).
struct KeptWarning: Equatable {
    var tail: String
    var placeTail: String
    var group: String?

    /// `warning` of the file shown as `path`, or nil when its text does not begin with that path.
    init?(_ warning: FormatError, path: String) {
        let description = warning.description
        guard description.hasPrefix(path) else { return nil }
        tail = String(description.dropFirst(path.count))
        placeTail = warning.line.map { ":\($0)" } ?? ""
        group = warning.groupSummary
    }

    init(tail: String, placeTail: String, group: String?) {
        self.tail = tail
        self.placeTail = placeTail
        self.group = group
    }
}
