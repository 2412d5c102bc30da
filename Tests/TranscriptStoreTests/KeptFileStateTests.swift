import Testing
@testable import TranscriptStore
import TranscriptModel

/// When a cache of parsed rows takes a file for the one it kept without reading it.
struct KeptFileStateTests {
    static let second: Int64 = 1_000_000_000
    static let identity = FileCalls.FileIdentity(
        size: 4096, modified: 1_700_000_000 * second, changed: 1_700_000_001 * second, inode: 42, device: 7, isRegular: true)
    static let kept = KeptFileState(identity, hash: "h", warningTails: [], noteTails: [])
    /// The loading that kept it began 10 s after the file last changed.
    static let keptAt = identity.changed + 10 * second

    @Test func theSameSettledFileIsTrusted() {
        #expect(Self.kept.trusts(Self.identity, keptAt: Self.keptAt, settle: 2 * Self.second))
    }

    @Test(arguments: ["size", "modified", "changed", "inode", "device", "kind"])
    func anyOtherIdentityIsNot(_ field: String) {
        var other = Self.identity
        switch field {
        case "size": other.size += 1
        case "modified": other.modified += 1
        case "changed": other.changed += 1
        case "inode": other.inode += 1
        case "device": other.device += 1
        default: other.isRegular = false
        }
        #expect(!Self.kept.trusts(other, keptAt: Self.keptAt, settle: 2 * Self.second))
    }

    /// A file changed less than `settle` before the loading began may have changed again since
    /// within the same timestamp: not trusted, whichever of its times is the later.
    @Test func aFileThatHadNotSettledIsNot() {
        #expect(!Self.kept.trusts(Self.identity, keptAt: Self.keptAt, settle: 10 * Self.second))
        #expect(Self.kept.trusts(Self.identity, keptAt: Self.keptAt, settle: 10 * Self.second - 1))
        var later = Self.kept
        later.identity.modified = Self.keptAt
        #expect(!later.identity.isSettled(before: Self.keptAt, settle: 0))
        #expect(!Self.identity.isSettled(before: Int64.min + 1, settle: 2 * Self.second), "no overflow")
    }
}

/// A kept file's warnings and notes read back as they were written, with their places and groups.
struct KeptWarningsRoundTripTests {
    @Test func warningsAndNotesReadBackWhole() throws {
        let state = KeptFileState(
            KeptFileStateTests.identity, hash: "sum64:0123",
            warningTails: [KeptWarning(tail: ":10: expected a timing line", placeTail: ":10", group: "{n} timing lines could not be read")],
            noteTails: [
                KeptWarning(tail: ": the times carry no unit", placeTail: "", group: "the times of {n} files carry no unit"),
                KeptWarning(tail: ": holds 2 language tracks", placeTail: "", group: nil),
            ])
        var writer = BinaryWriter()
        state.write(to: &writer)
        var reader = RegionReader(ByteRegion(copying: writer.bytes))
        let read = try KeptFileState(reading: &reader)
        #expect(read == state)
        #expect(reader.isAtEnd)
    }
}
