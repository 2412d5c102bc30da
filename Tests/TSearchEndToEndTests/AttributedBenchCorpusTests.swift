import Foundation
import Testing
import TranscriptFormats
import TranscriptModel
import TranscriptRendering
import TranscriptSearch

/// `AttributedTranscript` on the benchmark's own corpus: `tsearch-bench --generate-only --rows
/// 100000` writes it (meeting text with NFC and NFD accents, CJK, emoji with skin tones, joiners and
/// flags, ß/İ/Σ), the test reads its SubRip file as `tsearch` does, and for every hit of each query
/// kind the `hit` attribute's runs, read back from the `AttributedString`s, lie at exactly the hit
/// maps' UTF-8 ranges, with the row's text kept scalar for scalar.
struct AttributedBenchCorpusTests {
    static let bench = TSearch.binary.deletingLastPathComponent().appendingPathComponent("tsearch-bench")

    /// The query kinds whose hits touch what can go wrong between byte offsets and attributed
    /// ranges: plain, accented (composed and decomposed in the text), accents folded, CJK, emoji
    /// sequences, case folds that change length (ß, Kelvin), regular expressions, hits across cues.
    static let queries: [(text: String, options: SearchOptions)] = [
        ("budget", SearchOptions()),
        ("café", SearchOptions()),
        ("cafe", SearchOptions(diacritics: .insensitive)),
        ("会议", SearchOptions()),
        ("👍🏽", SearchOptions()),
        ("👩🏽‍💻", SearchOptions()),
        ("🇯🇵", SearchOptions()),
        ("straße", SearchOptions()),
        ("σοφια", SearchOptions()),
        ("kelvin", SearchOptions()),
        ("budget (review|plan)", SearchOptions(syntax: .regularExpression)),
        ("plan", SearchOptions(words: .wholeWords)),
        ("review the budget", SearchOptions(spanning: .acrossRows)),
        // A hit that starts on a row's last character and ends in the next row.
        (". We", SearchOptions(spanning: .acrossRows)),
    ]

    @Test(.timeLimit(.minutes(10)))
    func attributeRangesEqualTheHitMapsOnEveryHitOfTheBenchmarkCorpus() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("attributed-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let generation = try TSearch.run(["--generate-only", "--rows", "100000"], executable: Self.bench, environment: ["TMPDIR": folder.path])
        try #require(generation.status == 0, "\(generation.stderr)")
        // The generator's version names the folder (`v3-100000`): the one it just wrote.
        let corpora = folder.appendingPathComponent("tsearch-bench-corpus")
        let written = try #require(try FileManager.default.contentsOfDirectory(atPath: corpora.path).first { $0.hasSuffix("-100000") })
        let file = corpora.appendingPathComponent(written + "/corpus.srt")
        let bytes = try [UInt8](Data(contentsOf: file))
        let corpus = try #require(try bytes.withUnsafeBytes { try TranscriptLoader.loadCorpus(bytes: $0, path: "corpus.srt", options: LoadOptions()) }?.corpus)
        #expect(corpus.rowCount == 100_000)

        var checkedHits = 0
        for query in Self.queries {
            let index = try SearchRequest(text: query.text, options: query.options).runner().search(corpus)
            #expect(index.count > 0, "\(query.text) has hits in the benchmark corpus")
            let view = AttributedTranscript(corpus: corpus, index: index, current: index.count / 2)
            var rows = Set<Int>()
            for position in 0..<index.count { for segment in index.segments(ofHitAt: position, in: corpus) { rows.insert(segment.row) } }
            var seen = Set<Int>()
            for row in rows.sorted() {
                let text = corpus.text(ofRow: row)
                let attributed = view.text(ofRow: row)
                #expect(Array(String(attributed.characters).unicodeScalars) == Array(text.unicodeScalars), "row \(row)")
                let expected = index.segments(inRow: row, in: corpus).filter { !$0.utf8Range.isEmpty }.map { Marked(position: $0.position, utf8Range: $0.utf8Range) }
                let found = Self.markedRanges(attributed)
                #expect(found == expected, "\(query.text), row \(row): \(text)")
                for mark in found {
                    seen.insert(mark.position)
                    #expect(Self.isCurrent(mark, in: attributed) == (mark.position == view.current))
                }
            }
            #expect(seen.count == index.count, "\(query.text): every hit is marked")
            checkedHits += index.count
        }
        #expect(checkedHits > 30_000)
    }

    /// A hit's marked range: its position and UTF-8 offsets in the row's text.
    struct Marked: Equatable, CustomStringConvertible {
        var position: Int
        var utf8Range: Range<Int>
        var description: String { "\(position)@\(utf8Range)" }
    }

    /// The `hit` runs of `string`, adjacent runs of one hit joined, measured in UTF-8 bytes from
    /// the string's start.
    static func markedRanges(_ string: AttributedString) -> [Marked] {
        var marks: [Marked] = []
        for run in string.runs {
            guard let position = run.transcript.hit else { continue }
            let lower = string.utf8.distance(from: string.startIndex, to: run.range.lowerBound)
            let upper = string.utf8.distance(from: string.startIndex, to: run.range.upperBound)
            if let last = marks.last, last.position == position, last.utf8Range.upperBound == lower {
                marks[marks.count - 1].utf8Range = last.utf8Range.lowerBound..<upper
            } else {
                marks.append(Marked(position: position, utf8Range: lower..<upper))
            }
        }
        return marks
    }

    /// Whether every run of `mark` carries `currentHit`.
    static func isCurrent(_ mark: Marked, in string: AttributedString) -> Bool {
        string.runs.filter { $0.transcript.hit == mark.position }.allSatisfy { $0.transcript.currentHit == true }
    }
}
