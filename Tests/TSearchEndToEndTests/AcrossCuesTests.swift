import Foundation
import Testing

/// Searching across cues as a user meets it: a sentence cut over two SRT cues is found with
/// `--across-cues`, printed whole with the first cue's time, stepped by `next`, exported whole.
@Suite(.serialized) struct AcrossCuesTests {
    static let srt = """
    1
    00:00:01,000 --> 00:00:03,000
    Alice: Good morning everyone.

    2
    00:00:03,500 --> 00:00:06,000
    Alice: So, we need to cut the

    3
    00:00:06,000 --> 00:00:09,000
    budget by ten percent
    before the end of the

    4
    00:00:09,500 --> 00:00:12,000
    quarter. The budget review is on Friday.

    """

    struct Folder {
        let url: URL
        var state: URL { url.appendingPathComponent("state/session.json") }

        init() throws {
            url = try TSearch.temporaryDirectory()
            try Data(AcrossCuesTests.srt.utf8).write(to: url.appendingPathComponent("cut.srt"))
        }

        func run(_ arguments: [String]) throws -> TSearch.Outcome {
            try TSearch.run(arguments, in: url, environment: ["TSEARCH_STATE": state.path])
        }
    }

    @Test func aSentenceSplitOverTwoCuesIsFoundAndPrintedWhole() throws {
        let folder = try Folder()
        let without = try folder.run(["search", "cut the budget", "cut.srt"])
        #expect(without.status == 1 && without.stdout.isEmpty)
        let found = try folder.run(["search", "--heading", "--across-cues", "cut the budget", "cut.srt"])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout == """
        cut.srt
          1/1  00:00:03  Alice: So, we need to cut the
               00:00:06  budget by ten percent before the end of the

        """)
        // A speaker filter keeps the sentence Alice starts, though the next cue names no one.
        let alice = try folder.run(["--heading", "--across-cues", "--speaker", "Alice", "the budget", "cut.srt"])
        #expect(alice.status == 0 && alice.stdout == found.stdout)
        // Across three cues, with context after the last one.
        let three = try folder.run(["--heading", "--across-cues", "cut the budget by ten percent before the end of the quarter", "cut.srt", "-C", "1"])
        #expect(three.stdout.split(separator: "\n").map(String.init) == [
            "cut.srt",
            "       00:00:01  Alice: Good morning everyone.",
            "  1/1  00:00:03  Alice: So, we need to cut the",
            "       00:00:06  budget by ten percent before the end of the",
            "       00:00:09  quarter. The budget review is on Friday.",
        ])
        // Piped, each row the hit covers is a line of the hit (`:`), as rg prints a multi-line match.
        let piped = try folder.run(["--across-cues", "cut the budget", "cut.srt", "-A", "1"])
        #expect(piped.stdout == """
        cut.srt:00:00:03:Alice: So, we need to cut the
        cut.srt:00:00:06:budget by ten percent before the end of the
        cut.srt-00:00:09-quarter. The budget review is on Friday.

        """)
    }

    @Test func jsonListsTheRowSpans() throws {
        let folder = try Folder()
        let outcome = try folder.run(["search", "--across-cues", "--json", "the end of the quarter", "cut.srt"])
        let records = try jsonRecords(outcome.stdout)
        #expect(records.map { $0["type"] as? String } == ["hit", "context", "summary"])
        let hit = records[0]
        #expect(hit["cue"] as? String == "3" && hit["start_ms"] as? Int == 6_000)
        let match = try #require(hit["match"] as? [String: Any])
        #expect(match["text"] as? String == "the end of the quarter")
        let spans = try #require(hit["spans"] as? [[String: Any]])
        #expect(spans.map { $0["row"] as? String } == ["0:2", "0:3"])
        #expect(spans.map { $0["text"] as? String } == ["the end of the", "quarter"])
        #expect(records[1]["row"] as? String == "0:3")
    }

    @Test func nextStepsHitByHitAndTheSessionKeepsTheOption() throws {
        let folder = try Folder()
        #expect(try folder.run(["search", "--across-cues", "the budget", "cut.srt"]).status == 0)
        let show = try folder.run(["show", "-C", "0"])
        #expect(show.stdout == """
        hit 1 of 2 · 00:00:03.500 · Alice · cut.srt
            1/2  00:00:03  Alice: So, we need to cut the
                 00:00:06  budget by ten percent before the end of the

        """)
        let next = try folder.run(["next", "-C", "0"])
        #expect(next.stdout.hasPrefix("hit 2 of 2 · 00:00:09.500 · cut.srt\n    2/2  00:00:09  quarter. The budget"))
        let wrapped = try folder.run(["next", "-C", "0", "--json"])
        #expect(wrapped.stderr == "tsearch: hit 1 of 2 (went past the last hit and wrapped to the first)\n")
        let records = try jsonRecords(wrapped.stdout)
        #expect(records.map { $0["type"] as? String } == ["hit", "context"])
        #expect((records[0]["spans"] as? [Any])?.count == 2)

        // The option is saved; a changed file is searched again with it.
        let saved = try String(contentsOf: folder.state, encoding: .utf8)
        #expect(saved.contains("\"spanning\" : \"acrossRows\""))
        try Data((Self.srt + "\n5\n00:00:13,000 --> 00:00:14,000\nOne more thing about the\n\n6\n00:00:14,000 --> 00:00:15,000\nbudget.\n").utf8)
            .write(to: folder.url.appendingPathComponent("cut.srt"))
        let again = try folder.run(["goto", "3", "-C", "0"])
        #expect(again.stderr.contains("searched again"))
        #expect(again.stdout.hasPrefix("hit 3 of 3 · 00:00:13.000 · cut.srt"))
        #expect(again.stdout.hasSuffix("budget.\n"))
    }

    @Test func exportsMarkEveryPart() throws {
        let folder = try Folder()
        #expect(try folder.run(["search", "--across-cues", "the budget", "cut.srt"]).status == 0)
        let markup = try folder.run(["export", "--format", "markup"])
        #expect(markup.stdout == """
        cut.srt\t0:1\t00:00:03.500\tAlice\tSo, we need to cut <em>the</em>
        cut.srt\t0:2\t00:00:06.000\t\t<em>budget</em> by ten percent before the end of the
        cut.srt\t0:3\t00:00:09.500\t\tquarter. <em>The budget</em> review is on Friday.

        """)
        let html = try folder.run(["export", "--format", "html"]).stdout
        #expect(html.contains(##"cut <mark id="hit-1" data-hit="0" class="current"><a href="#hit-1">the</a></mark>"##))
        #expect(html.contains(##"<mark data-part="0" class="current"><a href="#hit-1">budget</a></mark> by ten"##))
        let ansi = try folder.run(["export", "--format", "ansi"]).stdout
        #expect(ansi.contains("\u{1B}[1;30;43mthe\u{1B}[0m\n"))
        #expect(ansi.contains("\u{1B}[1;30;43mbudget\u{1B}[0m by ten percent"))
        // A fresh query given to export is searched across cues too.
        let fresh = try folder.run(["export", "--format", "markup", "--across-cues", "cut the budget", "cut.srt"])
        #expect(fresh.stdout.split(separator: "\n").count == 2)
    }
}
