import Foundation
import Testing
@testable import TranscriptStore

/// The files tsearch writes in its cache folders are told by name and header, and nothing else is:
/// what the caches' bound may remove (`CacheFile`).
struct CacheFileTests {
    @Test(arguments: [
        ("0123456789abcdef.rows", CacheFile.Kind.rows), ("0123456789abcdef.files", .smallFiles),
        ("0123456789abcdef-ignoring-case.classes", .unicodeTable), ("0123456789abcdef-with-case.classes", .unicodeTable),
        ("sum64-0123456789abcdef.json", .videoSubtitles), ("stat-0123456789abcdef", .videoHash),
    ])
    func theNamesTsearchWritesAreKnown(name: String, kind: CacheFile.Kind) {
        #expect(CacheFile.kind(ofName: name[...]) == kind)
    }

    @Test(arguments: [
        "experiment.rows", "0123456789ABCDEF.rows", "0123456789abcde.rows", "0123456789abcdef.rows.bak", "notes.files",
        "table-with-case.classes", "sum64-xyz.json", "stat-notes", "session.json.cache-1", "data.csv", "",
    ])
    func otherNamesAreNot(name: String) {
        #expect(CacheFile.kind(ofName: name[...]) == nil)
    }

    @Test func aSessionCacheIsNamedAfterTheSession() {
        #expect(CacheFile.kind(ofName: "tsearch.json.cache-18ec07c436e366a5", sessionName: "tsearch.json") == .sessionCache)
        #expect(CacheFile.kind(ofName: "tsearch.json.cache-notes", sessionName: "tsearch.json") == nil)
        #expect(CacheFile.kind(ofName: "other.json.cache-1a", sessionName: "tsearch.json") == nil)
    }

    @Test func aTemporaryFileNamesWhatItIsWrittenFor() {
        #expect(CacheFile.target(ofTemporary: "0123456789abcdef.rows.tmp-4242-k3z9") == "0123456789abcdef.rows")
        #expect(CacheFile.target(ofTemporary: "results.tmp-1") == nil)
        #expect(CacheFile.target(ofTemporary: "results.tmp-x-1") == nil)
        #expect(CacheFile.target(ofTemporary: "results.tmp-1-A") == nil)
    }

    @Test func aFileIsOursOnlyWithItsKindsHeader() throws {
        let folder = try Folder()
        let rows = "0123456789abcdef.rows"
        try Data([6, 0, 0, 0, 0, 0, 0, 0] + Array("TSROWS".utf8) + [2, 0]).write(to: URL(fileURLWithPath: folder.path + "/" + rows))
        #expect(CacheFile.isOurs(rows, in: folder.path))
        try folder.write("fedcba9876543210.rows", "TSROWS, but not as tsearch writes it")
        #expect(!CacheFile.isOurs("fedcba9876543210.rows", in: folder.path))
        // A temporary file: empty, or a beginning of the header, is ours; anything else is not.
        try folder.write(rows + ".tmp-1-a", "")
        try Data([6, 0, 0]).write(to: URL(fileURLWithPath: folder.path + "/" + rows + ".tmp-2-b"))
        try folder.write(rows + ".tmp-3-c", "mine")
        #expect(CacheFile.isOurs(rows + ".tmp-1-a", in: folder.path) && CacheFile.isOurs(rows + ".tmp-2-b", in: folder.path))
        #expect(!CacheFile.isOurs(rows + ".tmp-3-c", in: folder.path))
        // A session's cache of any version (its magic's count varies).
        let session = "s.json.cache-1f"
        try Data([14, 0, 0, 0, 0, 0, 0, 0] + Array("TSSESSIONCACHE".utf8)).write(to: URL(fileURLWithPath: folder.path + "/" + session))
        #expect(CacheFile.isOurs(session, in: folder.path, sessionName: "s.json"))
        #expect(!CacheFile.isOurs(session, in: folder.path), "only beside its session")
        #expect(!CacheFile.isOurs("missing.rows", in: folder.path))
    }

    @Test func aVideosSubtitlesAndItsHashAreWrittenWithTheirHeaders() throws {
        let folder = try Folder()
        let cache = SubtitleCache(directory: folder.path)
        let hash = SourceFingerprint.hash(Array("a video".utf8))
        cache.store(VideoSubtitles(streams: []), hash: hash)
        let entry = "sum64-" + hash.dropFirst(SourceFingerprint.hashPrefix.count) + ".json"
        #expect(CacheFile.isOurs(entry, in: folder.path))
        try folder.write("stat-0123456789abcdef", hash)
        #expect(CacheFile.isOurs("stat-0123456789abcdef", in: folder.path))
    }
}
