import Testing
@testable import TranscriptStore

/// The session cache names rows kept elsewhere instead of writing them again, in as few parts as
/// their order allows.
struct CachePartTests {
    @Test func consecutiveSourcesOfOneKindShareAPart() {
        let big = RowCacheFile(file: "/rows/1.rows", hash: "sum64:0000000000000001")
        let kept: [KeptRows?] = [
            .smallFiles(file: "/rows/a.files", id: "7", position: 0), .smallFiles(file: "/rows/a.files", id: "7", position: 1),
            nil, nil, .rowCache(big), .rowCache(big),
            .smallFiles(file: "/rows/a.files", id: "7", position: 3),  // not next to position 1: a part of its own
        ]
        #expect(CachePart.parts(kept) == [
            .smallFiles(file: "/rows/a.files", id: "7", first: 0, sources: 0..<2),
            .inline(2..<4),
            .rowCache(source: 4, big), .rowCache(source: 5, big),
            .smallFiles(file: "/rows/a.files", id: "7", first: 3, sources: 6..<7),
        ])
    }

    @Test func eachPartOpensWithItsOwnTag() {
        #expect(CachePart.Tag(rawValue: 0) == .inline)
        #expect(CachePart.Tag(rawValue: 1) == .rowCache)
        #expect(CachePart.Tag(rawValue: 2) == .smallFiles)
        #expect(CachePart.Tag(rawValue: 3) == nil, "an unknown part makes the cache unreadable, not misread")
    }
}
