import Testing
import TranscriptModel
import TranscriptSearch
import TranscriptRendering

/// `SearchPrinter`: the count, file and JSON printers and the totals line, in the files' order.
struct SearchPrinterTests {
    static let corpus = Corpus((0..<3).map { file in
        Transcript(source: SourceInfo(path: "m\(file).vtt", format: "vtt", encoding: "UTF-8"), rows: (0..<3).map { row in
            Row(id: RowID(source: file, index: row), text: file == 1 ? "nothing" : "budget \(row) and budget", locator: Locator(file: "m\(file).vtt"))
        })
    })

    @Test func countsFilesAndTotalsInTheGivenOrder() throws {
        let index = try SearchRequest(text: "budget").runner().search(Self.corpus)
        let printer = SearchPrinter(corpus: Self.corpus, index: index, sources: [2, 1, 0])
        let plain = Styler(isEnabled: false)
        #expect(printer.hitsPerSource == [6, 0, 6])
        #expect(printer.countLines(styler: plain) == ["m2.vtt:6", "m0.vtt:6", "12 total"])
        #expect(printer.fileLines(styler: plain) == ["m2.vtt", "m0.vtt"])
        #expect(printer.totalsLine == "12 hits in 6 rows of 2 files")
    }

    @Test func jsonEndsWithTheSummaryAndStopsWhenTheReaderIsGone() throws {
        let index = try SearchRequest(text: "budget").runner().search(Self.corpus)
        let printer = SearchPrinter(corpus: Self.corpus, index: index, sources: [0, 1, 2])
        let summary = SearchSummary(query: "budget", caseMatching: .insensitive, hits: 12, rowsWithHits: 6, rows: 9, files: 3, filesWithHits: 2, errors: 0, warnings: 0)
        var lines: [String] = []
        printer.writeJSON(before: 0, after: 0, summary: summary) { lines.append($0); return true }
        #expect(lines.count == 13)
        #expect(lines.last?.contains(#""type":"summary""#) == true)
        var written = 0
        printer.writeJSON(before: 0, after: 0, summary: summary) { _ in written += 1; return written < 3 }
        #expect(written == 3, "nothing after the write that failed")
    }
}
