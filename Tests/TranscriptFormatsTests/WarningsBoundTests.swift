import Testing
import TranscriptModel
@testable import TranscriptFormats

/// Every reader's warnings are kept to a bound per file: the first `Warnings.kept` in full, the
/// rest counted and said in one line.
struct WarningsBoundTests {
    /// Regression: every junk line was a warning, kept and printed: a 4 MB `.sub` cost 0.5–1.1 GB
    /// and printed 2,097,152 lines. Each reader here is given 20,000 junk cues between two good ones.
    @Test(arguments: [
        ("junk.sub", "{1}{1}25\n{25}{50}budget\n", "x\n", "{75}{100}end\n"),
        ("junk.srt", "1\n00:00:01,000 --> 00:00:02,000\nbudget\n\n", "5\n00:00:0x,000 --> 00:00:02,000\nz\n\n", "2\n00:00:03,000 --> 00:00:04,000\nend\n"),
        ("junk.vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\nbudget\n\n", "1\n00:x --> y\nz\n\n", "00:03.000 --> 00:04.000\nend\n"),
        ("junk.sbv", "0:00:01.000,0:00:02.000\nbudget\n\n", "x\n\n", "0:00:03.000,0:00:04.000\nend\n"),
        ("junk.tsv", "start\tend\ttext\n1000\t2000\tbudget\n", "x\ty\tz\n", "3000\t4000\tend\n"),
        ("junk.ass", "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:01.00,0:00:02.00,D,,0,0,0,,budget\n",
         "Dialogue: 0,x,y,D,,0,0,0,,z\n", "Dialogue: 0,0:00:03.00,0:00:04.00,D,,0,0,0,,end\n"),
        ("junk.json", "{\"segments\": [{\"start\": 1, \"end\": 2, \"text\": \"budget\"},", "{\"start\": \"x\", \"end\": 2, \"text\": \"z\"},",
         "{\"start\": 3, \"end\": 4, \"text\": \"end\"}]}"),
    ])
    func aFileOfJunkCuesGivesFiveWarningsAndACount(_ path: String, _ head: String, _ junk: String, _ tail: String) throws {
        let text = head + String(repeating: junk, count: 20_000) + tail
        for result in try [load(text, as: path), Self.loadInPlace(text, as: path)] {
            #expect(result.texts.first == "budget", "\(path)")
            #expect(result.warnings.count == Warnings.kept + 1, "\(path): \(result.warnings.count)")
            let summary = try #require(result.warnings.last)
            guard case .moreWarnings(let more) = summary.kind else {
                Issue.record("\(path): the last warning is \(summary)")
                continue
            }
            #expect(more >= 20_000 - Warnings.kept, "\(path)")
            #expect(summary.description == "\(path): … and \(grouped(more)) more warnings like these (the first 5 are shown)")
        }
    }

    /// A file with nothing but junk says how many cues were skipped, counting those not kept.
    @Test func aFileOfOnlyJunkIsOneErrorCountingEveryCue() throws {
        let text = "{1}{1}25\n" + String(repeating: "x\n", count: 100_000)
        let error = try #require(loadError(Array(text.utf8), as: "junk.sub"))
        guard case .noRows(let skipped) = error.kind else { Issue.record("\(error)"); return }
        #expect(skipped.count == Warnings.kept + 1)
        #expect(error.message == "no rows: none of its 100,000 cue(s) could be read")
    }

    @Test func warningsKeepTheFirstFiveAndCountTheRest() {
        var warnings = Warnings()
        for line in 1...12 { warnings.append(FormatError(file: "a.srt", line: line, kind: .strayText(found: "x"))) }
        #expect(warnings.map(\.line) == [1, 2, 3, 4, 5])
        #expect(warnings.omitted == 7)
        #expect(warnings.total == 12)
        let both = warnings + [FormatError(file: "a.srt", kind: .assumedFrameRate(25))]
        #expect(both.omitted == 8)
        #expect(both.reported.last?.description == "a.srt: … and 8 more warnings like these (the first 5 are shown)")
        #expect(grouped(2_097_147) == "2,097,147")
        #expect(grouped(999) == "999")
    }

    /// `text` read as the command line reads a file: in place from its bytes where the format allows.
    static func loadInPlace(_ text: String, as path: String) throws -> LoadResult {
        let corpus = try Array(text.utf8).withUnsafeBytes {
            try TranscriptLoader.loadCorpus(bytes: $0, path: path, options: LoadOptions())
        }
        let loaded = try #require(corpus)
        let rows = loaded.corpus.rows(ofSource: 0).map { loaded.corpus.row(at: $0) }
        return LoadResult(transcript: Transcript(source: loaded.corpus.sources[0], rows: rows), warnings: loaded.warnings)
    }
}
