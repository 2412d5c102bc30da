import Foundation
import Testing
@testable import TranscriptModel
@testable import TranscriptStore

/// A cache file checked whole once is trusted afterwards by its identity (`VerifiedCaches`): the
/// record's shape, and where the trust ends.
struct VerifiedCachesTests {
    static func identity(size: Int64 = 100, changed: Int64 = 7) -> FileCalls.FileIdentity {
        FileCalls.FileIdentity(size: size, modified: 5, changed: changed, inode: 42, device: 3, isRegular: true)
    }

    @Test func aRecordReadsBackAndTrustsOnlyTheSameIdentity() throws {
        let folder = try Folder()
        var record = VerifiedCaches(file: folder.path + "/session.json.verified")
        record.record("/state/rows/a b.rows", identity: Self.identity())
        record.save()
        let back = VerifiedCaches(file: folder.path + "/session.json.verified")
        #expect(back.trusts("/state/rows/a b.rows", identity: Self.identity()))
        #expect(!back.trusts("/state/rows/a b.rows", identity: Self.identity(changed: 8)), "a write moves the status-change time")
        #expect(!back.trusts("/state/rows/a b.rows", identity: Self.identity(size: 99)))
        #expect(!back.trusts("/state/rows/other.rows", identity: Self.identity()))
    }

    @Test func aRecordKeepsTheNewestAndADamagedOneIsEmpty() throws {
        let folder = try Folder()
        var record = VerifiedCaches(file: folder.path + "/v")
        for number in 0..<(VerifiedCaches.limit + 5) { record.record("/rows/\(number).rows", identity: Self.identity()) }
        record.save()
        let back = VerifiedCaches(file: folder.path + "/v")
        #expect(back.entries.count == VerifiedCaches.limit)
        #expect(!back.trusts("/rows/0.rows", identity: Self.identity()) && back.trusts("/rows/\(VerifiedCaches.limit + 4).rows", identity: Self.identity()))
        try folder.write("v", "tsearch verified caches 1\n/rows/x.rows 1 2 three 4 5\n")
        #expect(VerifiedCaches(file: folder.path + "/v").entries.isEmpty)
    }

    /// Writes a rows file of one source whose rows say `word`; returns its path.
    static func writeRows(in folder: Folder, word: String) throws -> String {
        let file = folder.path + "/rows.rows"
        let transcript = Transcript(
            source: SourceInfo(path: "talk.srt", format: "srt", encoding: "UTF-8"),
            rows: (0..<50).map { Row(id: RowID(source: 0, index: $0), text: "the \(word) number \($0)", locator: Locator(file: "talk.srt")) })
        let written = RowsFile.write(to: file, magic: RowCache.magic, version: RowCache.version, keptAt: 0, corpus: Corpus([transcript])) {
            $0.write("header")
        }
        #expect(written)
        return file
    }

    static func read(_ file: String, verified: inout VerifiedCaches?) -> Corpus? {
        RowsFile.read(file, magic: RowCache.magic, version: RowCache.version, verified: &verified) { reader throws(BinaryDecodingError) in try reader.readString() }?.corpus
    }

    /// Bytes changed through the file system change the identity: the file is checked whole and
    /// refused. Bytes changed under an unchanged identity (damage below the file system, here
    /// made by recording the damaged file's identity) are taken as they are: the limit the
    /// record's argument states.
    @Test func changedBytesAreCaughtWhenTheIdentityChangesAndTakenWhenItDoesNot() throws {
        let folder = try Folder()
        let file = try Self.writeRows(in: folder, word: "budget")
        var verified: VerifiedCaches? = VerifiedCaches(file: folder.path + "/v")
        #expect(Self.read(file, verified: &verified)?.text(ofRow: 3) == "the budget number 3", "checked whole, then recorded")
        let checked = try #require(FileCalls.fileIdentity(file))
        #expect(verified?.trusts(file, identity: checked) == true)
        #expect(Self.read(file, verified: &verified)?.text(ofRow: 3) == "the budget number 3", "trusted")

        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        let range = try #require(bytes.range(of: Data("the budget number 3".utf8)))
        bytes.replaceSubrange(range, with: Data("the gadget number 3".utf8))
        try bytes.write(to: URL(fileURLWithPath: file))
        // Another modification time too, so that the identity differs even within one tick of
        // the file system's clock.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: file)
        #expect(Self.read(file, verified: &verified) == nil, "the identity changed: checked whole, the checksum refuses it")

        let damaged = try #require(FileCalls.fileIdentity(file))
        verified?.record(file, identity: damaged)
        #expect(Self.read(file, verified: &verified)?.text(ofRow: 3) == "the gadget number 3", "under an unchanged identity, taken")
        var none: VerifiedCaches?
        #expect(Self.read(file, verified: &none) == nil, "without the record, refused")
    }
}
