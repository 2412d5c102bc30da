import Testing
@testable import TranscriptModel
@testable import TranscriptSearch

/// A corpus of several mapped parts (several row caches) is searched part by part in place, and
/// finds exactly the hits of the same rows copied into one buffer, numbered across the parts.
struct CorpusPartsSearchTests {
    static func transcript(_ path: String, rows: Int, seed: Int) -> Transcript {
        let words = ["budget", "café", "cafe\u{301}", "forecast", "review", "zanzibar", "the", "Budget"]
        return Transcript(
            source: SourceInfo(path: path, format: "srt", encoding: "UTF-8"),
            rows: (0..<rows).map { index in
                let text = (0..<((index + seed) % 6 + 1)).map { words[(index * 7 + $0 * 3 + seed) % words.count] }.joined(separator: " ")
                return Row(id: RowID(source: 0, index: index), text: text, start: Timestamp(milliseconds: Int64(index * 1000)),
                           speaker: index % 3 == 0 ? "Alice" : "Bob", locator: Locator(file: path))
            }
        )
    }

    static let transcripts = (0..<4).map { transcript("part\($0).srt", rows: 2_000 + $0 * 500, seed: $0) }

    /// The transcripts each mapped (as a row cache is) and appended: four parts.
    static func inParts() throws -> Corpus {
        var corpus = Corpus()
        for transcript in transcripts { corpus.append(contentsOf: try Corpus(serialized: Corpus([transcript]).serialized())) }
        return corpus
    }

    @Test(arguments: [
        ("budget", SearchOptions(), RowFilter()),
        ("café", SearchOptions(), RowFilter()),
        ("budget|forecast", SearchOptions(syntax: .regularExpression), RowFilter()),
        ("review", SearchOptions(words: .wholeWords), RowFilter(speakers: ["Alice"])),
        ("nothing here", SearchOptions(), RowFilter()),
    ])
    func aSearchOverPartsFindsTheHitsOfTheRowsCopied(_ query: String, _ options: SearchOptions, _ filter: RowFilter) throws {
        let parts = try Self.inParts()
        #expect(parts.textPartCount == 4)
        let copied = Corpus(Self.transcripts)
        let runner = try SearchRequest(text: query, options: options, filter: filter).runner()
        let found = runner.search(parts)
        #expect(found == runner.search(copied))
        if query != "nothing here" { #expect(found.count > 0) }
        // Only some rows (a refinement's candidates), across the parts' edges.
        let candidates = Array(stride(from: 1_990, to: 4_600, by: 3))
        let narrowed = try runner.search(parts, until: nil, candidates: candidates, isCancelled: { false })
        #expect(narrowed == (try runner.search(copied, until: nil, candidates: candidates, isCancelled: { false })))
    }
}
