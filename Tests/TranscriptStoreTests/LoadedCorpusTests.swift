import Testing
import TranscriptFormats
import TranscriptModel
@testable import TranscriptStore

/// Loading is a function from inputs to a value: rows, what was read, and what to tell, as data.
struct LoadedCorpusTests {
    static let meeting = """
        1
        00:00:01,000 --> 00:00:03,000
        Alice: The budget review starts now.

        2
        00:00:04,000 --> 00:00:06,500
        Bob: I brought the figures for March.

        """

    /// A cue whose times cannot be read is skipped with a warning naming its line.
    static let withABadCue = meeting + """

        3
        00:00:07,000 --> soon
        This cue has no end time.

        4
        00:00:09,000 --> 00:00:10,000
        And this one is fine.

        """

    @Test func everyInputGivesRowsOrADiagnosticAndNothingIsPrinted() throws {
        let folder = try Folder()
        try folder.write("talks/review.srt", Self.meeting)
        try folder.write("talks/empty.vtt", "WEBVTT\n")
        try folder.write("talks/slides.pdf", "%PDF-1.4 not a transcript")
        let loader = CorpusLoader(location: StoreLocation(variables: folder.variables))

        let loaded = loader.load(["talks", "missing.srt"], options: LoadOptions(), baseDirectory: folder.path)

        #expect(loaded.corpus.rowCount == 2)
        #expect(loaded.corpus.sources.map(\.path) == ["talks/review.srt"])
        #expect(loaded.sources.fingerprints.map(\.path) == ["talks/empty.vtt", "talks/review.srt"])
        #expect(loaded.sources.unreadable == ["missing.srt"])
        #expect(loaded.errorCount == 1 && loaded.warningCount == 1, "\(loaded.diagnostics)")
        let error = try #require(loaded.diagnostics.first { $0.severity == .error })
        #expect(error.message.hasPrefix("missing.srt: "))
        // A file of another kind in a folder is a note: named, said once, never a warning each time.
        #expect(loaded.diagnostics.contains { $0.severity == .note && $0.message.contains("slides.pdf") })
        #expect(loaded.diagnostics.contains { $0.severity == .warning && $0.description.hasPrefix("warning: talks/empty.vtt") })
    }

    @Test func anUnchangedFileIsTakenFromItsRowCacheWithItsWarningsAgain() throws {
        let folder = try Folder()
        try folder.write("review.srt", Self.withABadCue)
        let loader = CorpusLoader(location: StoreLocation(variables: folder.variables))

        let first = loader.load(["review.srt"], options: LoadOptions(), baseDirectory: folder.path)
        let second = loader.load(["review.srt"], options: LoadOptions(), baseDirectory: folder.path)

        #expect(first.corpus.rowCount == 3)
        guard case .rowCache(let kept) = try #require(second.sources.keptRows.first) else {
            Issue.record("the second loading did not take the row cache: \(second.sources.keptRows)")
            return
        }
        #expect(first.sources.keptRows == [.rowCache(kept)])
        #expect(kept.hash == second.sources.fingerprints.first?.hash)
        #expect((0..<3).map { second.corpus.row(at: $0).text } == (0..<3).map { first.corpus.row(at: $0).text })
        #expect(second.diagnostics == first.diagnostics)
        #expect(second.diagnostics.count == 1 && second.diagnostics[0].message.hasPrefix("review.srt:"))
    }

    @Test func smallFilesAreKeptTogetherAndTakenInOneRun() throws {
        let folder = try Folder()
        try folder.write("a.srt", Self.meeting)
        try folder.write("b.srt", Self.meeting.replacingOccurrences(of: "budget", with: "roadmap"))
        var variables = folder.variables
        variables["TSEARCH_ROW_CACHE_MIN_BYTES"] = "1000000"
        let loader = CorpusLoader(location: StoreLocation(variables: variables))

        let first = loader.load(["a.srt", "b.srt"], options: LoadOptions(), baseDirectory: folder.path)
        let second = loader.load(["a.srt", "b.srt"], options: LoadOptions(), baseDirectory: folder.path)

        guard case .smallFiles(let file, let id, 0) = second.sources.keptRows[0] else {
            Issue.record("not kept in a small-files cache: \(second.sources.keptRows)")
            return
        }
        #expect(second.sources.keptRows == [.smallFiles(file: file, id: id, position: 0), .smallFiles(file: file, id: id, position: 1)])
        #expect(first.sources.keptRows == second.sources.keptRows, "an unchanged list is not written again")
        #expect(second.corpus.row(at: 2).text.contains("roadmap"))
        #expect(second.corpus.sources.map(\.path) == ["a.srt", "b.srt"])
    }
}
