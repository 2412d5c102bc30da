import Testing
import TranscriptStore
@testable import TSearchCLI

/// The progress line of a long loading: what it says at each stage, and that it always fits the
/// terminal (a line that wrapped could not be redrawn in place).
struct ProgressLineTests {
    static func snapshot(_ stage: LoadProgress.Stage, files: Int = 0, of totalFiles: Int = 0, bytes: Int64 = 0, of totalBytes: Int64 = 0)
        -> LoadProgress.Snapshot
    {
        var snapshot = LoadProgress.Snapshot()
        snapshot.stage = stage
        (snapshot.files, snapshot.totalFiles, snapshot.bytes, snapshot.totalBytes) = (files, totalFiles, bytes, totalBytes)
        return snapshot
    }

    @Test func eachStageSaysWhatIsGoingOn() {
        #expect(ProgressLine.text(Self.snapshot(.listing), elapsed: .seconds(1), columns: 100) == "listing files…")
        let reading = Self.snapshot(.reading, files: 812, of: 2000, bytes: 69_300_000, of: 171_200_000)
        #expect(ProgressLine.text(reading, elapsed: .seconds(2), columns: 100)
            == "reading 812/2000 files · 69.3/171.2 MB · 34.7 MB/s · 3 s left")
        #expect(ProgressLine.text(reading, elapsed: .milliseconds(100), columns: 100) == "reading 812/2000 files · 69.3/171.2 MB",
                "no rate before there is a fair measure of it")
        let nearlyDone = Self.snapshot(.reading, files: 1999, of: 2000, bytes: 171_000_000, of: 171_200_000)
        #expect(ProgressLine.text(nearlyDone, elapsed: .seconds(5), columns: 100).hasSuffix("under 1 s left"))
        let oneStream = Self.snapshot(.reading, files: 0, of: 1)
        #expect(ProgressLine.text(oneStream, elapsed: .seconds(1), columns: 100) == "reading 0/1 file", "a pipe's size is not known")
        let keeping = Self.snapshot(.keeping, files: 2000, of: 2000, bytes: 171_200_000, of: 171_200_000)
        #expect(ProgressLine.text(keeping, elapsed: .seconds(5), columns: 100) == "keeping the rows of 2000 files for the next search…")
        let searching = Self.snapshot(.loaded, files: 2000, of: 2000, bytes: 171_200_000, of: 171_200_000)
        #expect(ProgressLine.text(searching, elapsed: .seconds(6), columns: 100) == "searching 2000 files (171.2 MB)…")
    }

    @Test(arguments: [10, 30, 45, 80])
    func theLineIsNarrowerThanTheTerminal(_ columns: Int) {
        let reading = Self.snapshot(.reading, files: 812, of: 2000, bytes: 69_300_000, of: 171_200_000)
        let line = ProgressLine.text(reading, elapsed: .seconds(2), columns: columns)
        #expect(line.count <= max(columns - 1, 10))
        #expect(line.hasPrefix("reading 8"))
    }

    @Test func thePagerShowsTheProgressAndTheKeysTypedAheadInItsStatusLine() {
        let lines = PagerView.loading(progress: "reading 3/9 files", typedAhead: "/bud▏", rows: 5, columns: 60, look: .plain)
        #expect(lines.count == 5)
        #expect(lines.prefix(4).allSatisfy { $0 == "~" })
        #expect(lines[4] == "/bud▏   · reading 3/9 files · q: quit".padding(toLength: 60, withPad: " ", startingAt: 0))
    }
}
