import Foundation
import Testing
import TranscriptModel
import TranscriptSearch
@testable import TranscriptServer

/// Indexing sends only what changed, replaces a changed file's rows, and never shows half a file.
@Suite(.enabled(if: ServerFixture.isInstalled, ServerFixture.skipNote))
struct IndexingTests {
    static func rows(_ texts: [String], path: String) -> Transcript {
        Transcript(source: SourceInfo(path: path, format: "srt", encoding: "utf-8"), rows: texts.enumerated().map { index, text in
            Row(id: RowID(source: 0, index: index), text: text, locator: Locator(file: path))
        })
    }

    @Test func everyFieldOfARowComesBackAsItWasSent() throws {
        let archive = try ServerFixture.archive(on: .singleNode, prefix: "fields")
        let texts = [
            "tab\there, line\nend, back\\slash, 'quote' \"double\"", "\u{0}nul \u{1B}[31m escape \u{7F}", "e\u{301} é 👍🏽 会议 \u{212A}",
            "\\N", "", "trailing space ", "\r\n",
        ]
        let rows = texts.enumerated().map { index, text in
            Row(id: RowID(source: 0, index: index), text: text,
                start: index % 2 == 0 ? Timestamp(milliseconds: Int64(index) * 1001) : nil, end: index % 3 == 0 ? Timestamp(milliseconds: 86_400_000 + Int64(index)) : nil,
                speaker: index == 1 ? "" : index % 2 == 0 ? "Zoë\t\\" : nil, title: index == 2 ? "Ch. 1\n'x'" : nil,
                locator: Locator(file: "dir/it's.srt", line: index == 0 ? nil : index, cue: index == 3 ? "" : index == 4 ? "cue\t4" : nil,
                                 href: index == 5 ? "ch1.xhtml" : nil, element: index == 5 ? 0 : nil))
        }
        let corpus = Corpus([Transcript(source: SourceInfo(path: "dir/it's.srt", format: "srt", encoding: "windows-1252"), rows: rows)])
        try archive.index(ServerFixture.files(of: corpus), of: corpus)
        let sent = try archive.candidates(for: SearchRequest(text: "", filter: RowFilter(speakers: ["x"])), narrowing: .everyRow)
        #expect(sent.corpus.sources == corpus.sources)
        // Rows without a speaker are not sent for a speaker filter; the others come back whole.
        let expected = rows.filter { $0.speaker != nil }
        #expect(sent.rowNumbers == expected.map(\.id.index))
        #expect((0..<sent.corpus.rowCount).map { sent.corpus.row(at: $0) }.map(Self.withoutID) == expected.map(Self.withoutID))
    }

    static func withoutID(_ row: Row) -> Row {
        var copy = row
        copy.id = RowID(source: 0, index: 0)
        return copy
    }

    @Test(arguments: [LocalClickHouse.Layout.singleNode, .twoShards])
    func reindexingUnchangedFilesSendsNoRows(layout: LocalClickHouse.Layout) throws {
        let archive = try ServerFixture.archive(on: layout, prefix: "unchanged")
        let corpus = ServerFixture.generated(files: 3, rows: 200)
        let first = try archive.index(ServerFixture.files(of: corpus), of: corpus)
        #expect(first.filesSent == 3 && first.rowsSent == 600)
        let again = try archive.index(ServerFixture.files(of: corpus), of: corpus)
        #expect(again == TranscriptArchive.IndexSummary(filesSent: 0, filesUnchanged: 3, rowsSent: 0, bytesSent: 0))
    }

    @Test(arguments: [LocalClickHouse.Layout.singleNode, .twoShards])
    func aChangedFilesOldRowsAreGoneAfterReindexing(layout: LocalClickHouse.Layout) throws {
        let archive = try ServerFixture.archive(on: layout, prefix: "changed")
        let before = Corpus([Self.rows(["the old budget", "kept line"], path: "a.srt"), Self.rows(["other budget"], path: "b.srt")])
        try archive.index(ServerFixture.files(of: before), of: before)
        let after = Corpus([Self.rows(["the new plan", "kept line", "a third line"], path: "a.srt"), Self.rows(["other budget"], path: "b.srt")])
        let summary = try archive.index(ServerFixture.files(of: after), of: after)
        #expect(summary.filesSent == 1 && summary.filesUnchanged == 1 && summary.rowsSent == 3)
        #expect(try ServerFixture.serverHits(SearchRequest(text: "budget"), in: archive).map(\.file) == ["b.srt"])
        #expect(try ServerFixture.serverHits(SearchRequest(text: "line"), in: archive).map(\.row) == [1, 2])
        // ClickHouse deletes the old rows in the background: within a few seconds none is left.
        var left = -1
        for _ in 0..<100 {
            left = 0
            for (store, table) in try archive.rowStores() {
                let count = try store.rows("SELECT count() FROM \(table) WHERE file = 'a.srt' FORMAT TabSeparated").rows.first?.first ?? nil
                left += Int(count ?? "") ?? 0
            }
            if left == 3 { break }
            pause(milliseconds: 100)
        }
        #expect(left == 3, "only the new version's three rows are stored")
    }

    @Test(arguments: [LocalClickHouse.Layout.singleNode, .twoShards])
    func anInterruptedRunLeavesNoHalfIndexedFileVisible(layout: LocalClickHouse.Layout) throws {
        let archive = try ServerFixture.archive(on: layout, prefix: "interrupted")
        let first = Corpus([Self.rows(["budget one", "budget two"], path: "a.srt")])
        try archive.index(ServerFixture.files(of: first), of: first)
        // The second version's rows are all stored, but the run stops before naming the file.
        let second = Corpus([Self.rows(["budget changed", "budget two", "budget three"], path: "a.srt"), Self.rows(["budget new file"], path: "new.srt")])
        try archive.index(ServerFixture.files(of: second), of: second, batchBytes: 16, interruption: .beforeNamingFiles)
        let seen = try ServerFixture.serverHits(SearchRequest(text: "budget"), in: archive)
        #expect(seen.map(\.file) == ["a.srt", "a.srt"], "only the first version is visible")
        #expect(try archive.storedFiles().keys.sorted() == ["a.srt"])
        // The next complete run shows the second version whole, and removes the orphaned rows.
        try archive.index(ServerFixture.files(of: second), of: second)
        #expect(try ServerFixture.serverHits(SearchRequest(text: "budget"), in: archive).map(\.file) == ["a.srt", "a.srt", "a.srt", "new.srt"])
    }
}

extension IndexingTests {
    /// The steps of two index runs of one file, `older` (whose version is stamped first) and
    /// `newer`, in the order a test plays them.
    enum Step: String, CustomTestStringConvertible {
        case olderSends, newerSends, olderRemoves, newerRemoves
        var testDescription: String { rawValue }
    }

    /// Regression: of two overlapping `tsearch index` runs of the same file, the one with the
    /// older stamp removed the visible version's rows when it finished; the file was then gone
    /// from searches for good (indexing again found it unchanged). Whatever the order of the
    /// two runs' steps, the file stays whole and searchable.
    @Test(arguments: [LocalClickHouse.Layout.singleNode, .twoShards], [
        [Step.olderSends, .newerSends, .newerRemoves, .olderRemoves],
        [.olderSends, .newerSends, .olderRemoves, .newerRemoves],
        [.newerSends, .newerRemoves, .olderSends, .olderRemoves],
        [.newerSends, .olderSends, .olderRemoves, .newerRemoves],
    ])
    func overlappingRunsOfTheSameFileNeverHideIt(layout: LocalClickHouse.Layout, steps: [Step]) throws {
        let archive = try ServerFixture.archive(on: layout, prefix: "overlap")
        let corpus = Corpus([Self.rows(["the budget", "the plan", "the budget again"], path: "a.srt")])
        let files = ServerFixture.files(of: corpus)
        // Both runs found the archive as it was before either: both send the file.
        let before = try archive.storedFiles()
        var sent: [Step: [TranscriptArchive.SentFile]] = [:]
        for step in steps {
            switch step {
            case .olderSends: sent[step] = try archive.send(files, of: corpus, stored: before, clock: { 1_000_000 }).sent
            case .newerSends: sent[step] = try archive.send(files, of: corpus, stored: before, clock: { 2_000_000 }).sent
            case .olderRemoves: try archive.removeOlderRows(of: sent[.olderSends] ?? [])
            case .newerRemoves: try archive.removeOlderRows(of: sent[.newerSends] ?? [])
            }
        }
        try Self.waitForDeletions(in: archive)
        #expect(try archive.storedFiles()["a.srt"]?.generation == sent[.newerSends]?.first?.generation)
        #expect(try ServerFixture.serverHits(SearchRequest(text: "budget"), in: archive).map(\.row) == [0, 2])
        // Only the visible version's rows are left.
        var left = 0
        for (store, table) in try archive.rowStores() {
            let count = try store.rows("SELECT count() FROM \(table) WHERE file = 'a.srt' FORMAT TabSeparated").rows.first?.first ?? nil
            left += Int(count ?? "") ?? 0
        }
        #expect(left == 3)
    }

    /// Waits until the server has carried out every deletion asked of the archive's row tables
    /// (ClickHouse deletes in the background), for at most 20 s.
    static func waitForDeletions(in archive: TranscriptArchive) throws {
        for (store, table) in try archive.rowStores() {
            let name = table.split(separator: ".").last.map(String.init) ?? table
            for _ in 0..<200 {
                let pending = try store.rows(
                    "SELECT count() FROM system.mutations WHERE table = \(ClickHouseClient.literal(name)) AND is_done = 0 FORMAT TabSeparated")
                if pending.rows.first?.first == "0" { break }
                pause(milliseconds: 100)
            }
        }
    }
}

/// Sleeps the test's thread (the server deletes in the background).
func pause(milliseconds: Int) {
    Thread.sleep(forTimeInterval: Double(milliseconds) / 1000)
}

/// A version's stamp is read back from its generation whatever its hash holds (`-` included).
@Test(arguments: ["test:1", "3f9a/readers-12/auto,detected,collapsed", "rows-ab-cd/readers-1/srt,utf-8,rolling"])
func aGenerationGivesBackItsStamp(hash: String) {
    let generation = TranscriptArchive.generation(hash: hash, indexedAt: 0x1789_0000_0000_0001)
    #expect(TranscriptArchive.indexedAt(ofGeneration: generation) == 0x1789_0000_0000_0001)
    #expect(TranscriptArchive.indexedAt(ofGeneration: "not-ours") == nil)
}
