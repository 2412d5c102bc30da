import Testing
@testable import TranscriptStore

/// Where the store keeps things, as the environment says.
struct StoreLocationTests {
    @Test func theStateVariableNamesTheSessionAndEveryCacheBesideIt() {
        let location = StoreLocation(variables: ["TSEARCH_STATE": "/s/session.json", "XDG_CACHE_HOME": "/x", "HOME": "/h"])
        #expect(location.sessionFile == "/s/session.json")
        #expect(location.rowsDirectory == "/s/rows")
        #expect(location.unicodeDirectory == "/s/unicode")
        #expect(location.subtitlesDirectory == "/s/session.json.subtitles")
    }

    @Test func withoutItXDGThenHomeDecide() {
        let xdg = StoreLocation(variables: ["XDG_STATE_HOME": "/state", "XDG_CACHE_HOME": "/x", "HOME": "/h"])
        #expect(xdg.sessionFile == "/state/tsearch/session.json")
        #expect(xdg.subtitlesDirectory == "/x/tsearch/subtitles")
        let home = StoreLocation(variables: ["XDG_CACHE_HOME": "relative", "HOME": "/h"])
        #expect(home.sessionFile == "/h/.local/state/tsearch/session.json")
        #expect(home.rowsDirectory == "/h/.local/state/tsearch/rows")
        #expect(home.subtitlesDirectory == "/h/.cache/tsearch/subtitles")
        #expect(StoreLocation(variables: [:]).subtitlesDirectory == nil)
    }

    @Test func theTestVariablesTuneTheCaches() {
        let tuned = StoreLocation(variables: [
            "TSEARCH_ROW_CACHE_MIN_BYTES": "10", "TSEARCH_CACHE_SETTLE_NS": "5", "TSEARCH_TEST_PAUSE_MID_WRITE_MS": "3",
        ])
        #expect(tuned.rowCacheMinimumBytes == 10 && tuned.smallFilesMinimumBytes == 10)
        #expect(tuned.settle == 5 && tuned.pauseMidWrite == 3)
        let defaults = StoreLocation(variables: [:])
        #expect(defaults.rowCacheMinimumBytes == 256 * 1024 && defaults.settle == 2_000_000_000)
    }

    @Test func theCacheBoundIsBytesWithAnOptionalBinaryUnit() {
        #expect(StoreLocation(variables: [:]).cacheMaximumBytes == nil, "nil: the default, measured when pruning")
        let cases: [(String, Int64?)] = [
            ("0", 0), ("4096", 4096), ("512K", 512 << 10), ("512 KiB", 512 << 10), ("3m", 3 << 20), ("2GB", 2 << 30),
            ("", nil), ("lots", nil), ("5T", nil), ("1.5G", nil), ("-1", nil),
        ]
        for (text, bytes) in cases {
            #expect(StoreLocation(variables: ["TSEARCH_CACHE_MAX_BYTES": text]).cacheMaximumBytes == bytes, "\(text)")
        }
    }

    @Test func theDefaultBoundIsTheSmallerOfOneGibibyteAndATenthOfTheFreeSpace() throws {
        let folder = try Folder()
        let bound = CacheBound(location: StoreLocation(variables: folder.variables))
        let free = try #require(FileCalls.availableBytes(near: folder.path + "/state/rows"), "the nearest existing folder's file system")
        #expect(bound.bytes == min(1 << 30, free / 10))
    }
}
