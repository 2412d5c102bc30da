import Foundation
import Testing

/// Speaker, time and file filters and facet counts, end to end on the samples.
@Suite(.serialized) struct OptionsAndFiltersTests {
    static func hits(_ arguments: [String]) throws -> [[String: Any]] {
        let outcome = try TSearch.run(["search", "--json"] + arguments)
        return try jsonRecords(outcome.stdout).filter { $0["type"] as? String == "hit" }
    }

    @Test func speakerFilterAsFlagAndAsToken() throws {
        let all = try Self.hits(["budget", "Samples/"])
        let alice = all.filter { $0["speaker"] as? String == "Alice" }
        #expect(!alice.isEmpty)
        let flag = try Self.hits(["--speaker", "alice", "budget", "Samples/"])
        let token = try Self.hits(["speaker:Alice", "budget", "Samples/"])
        let quoted = try Self.hits(["speaker:Alice budget", "Samples/"])
        for filtered in [flag, token, quoted] {
            #expect(filtered.map { $0["row"] as? String } == alice.map { $0["row"] as? String })
        }
        // Tokens only: every row Alice speaks in standup.vtt.
        let rows = try printedRows("Samples/standup.vtt").rows.filter { $0.speaker == "Alice" }
        let listed = try Self.hits(["speaker:Alice", "Samples/standup.vtt"])
        #expect(listed.map { $0["row"] as? String } == rows.map(\.id))
    }

    @Test func timeFilters() throws {
        let hits = try Self.hits(["--after", "00:01:00", "--before", "1:30", "budget", "Samples/"])
        #expect(!hits.isEmpty)
        for hit in hits {
            let start = try #require(hit["start_ms"] as? Int)
            let end = (hit["end_ms"] as? Int) ?? start
            #expect(end > 60_000 && start < 90_000)
        }
        let token = try Self.hits(["after:00:01:00 before:00:01:30 budget", "Samples/"])
        #expect(token.count == hits.count)
        let bad = try TSearch.run(["search", "--after", "soon", "budget", "Samples/"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--after expects a time like 00:10:00"))
    }

    @Test func fileAndSectionFilters() throws {
        let vtt = try Self.hits(["--file", "*.vtt", "budget", "Samples/"])
        #expect(!vtt.isEmpty && vtt.allSatisfy { ($0["file"] as? String)?.hasSuffix(".vtt") == true })
        let section = try Self.hits(["section:Decisions", "budget", "Samples/minutes.epub"])
        #expect(!section.isEmpty && section.allSatisfy { $0["title"] as? String == "Decisions" })
    }

    @Test func facetsInTheSummaryAddUpAndMatchTheHits() throws {
        let outcome = try TSearch.run(["search", "--json", "budget", "Samples/"])
        let records = try jsonRecords(outcome.stdout)
        let hits = records.filter { $0["type"] as? String == "hit" }
        let facets = try #require(records.last?["facets"] as? [String: Any])
        for (name, key) in [("speaker", "speaker"), ("file", "file"), ("section", "title")] {
            let counts = try #require(facets[name] as? [[String: Any]])
            #expect(counts.compactMap { $0["hits"] as? Int }.reduce(0, +) == hits.count)
            for count in counts {
                let value = count["value"] as? String
                #expect(hits.filter { ($0[key] as? String) == value }.count == count["hits"] as? Int, "\(name) \(value ?? "nil")")
            }
        }
        let human = try TSearch.run(["search", "--facets", "budget", "Samples/"])
        // Forty files' counts do not fit on a line: one value a line under the label, most hits first.
        #expect(human.stdout.contains("\nhits by speaker:\n  (none) 44\n  Alice 30\n"))
        #expect(human.stdout.contains("\nhits by file:\n  Samples/minutes.epub 18\n  Samples/standup.vtt 8\n"))
        // A short list stays on one line.
        let short = try TSearch.run(["search", "--facets", "budget", "Samples/planning.srt", "Samples/standup.vtt"])
        #expect(short.stdout.contains("\nhits by file: Samples/standup.vtt 8 · Samples/planning.srt 6\n"))
    }

    @Test func optionsFromTheCommandLine() throws {
        #expect(try Self.hits(["--ignore-accents", "cafe", "Samples/"]).count > 0)
        #expect(try Self.hits(["cafe", "Samples/"]).isEmpty)
        // sync.json says "budgets" and "budgeted": not whole words.
        #expect(try Self.hits(["-w", "budget", "Samples/sync.json"]).count < (try Self.hits(["budget", "Samples/sync.json"]).count))
        #expect(try Self.hits(["--speaker", "Chen Wei", "budget", "Samples/standup.vtt"]).count == 3)
        #expect(try Self.hits(["speaker:\"Chen Wei\" budget", "Samples/standup.vtt"]).count == 3)
        #expect(try Self.hits(["-E", "budg(et|ets)\\b", "Samples/planning.srt"]).count == 6)
        let bad = try TSearch.run(["search", "-E", "a(b", "Samples/"])
        #expect(bad.status == 2)
        #expect(bad.stderr == "tsearch: bad query at character 4: expected ')'\n")
    }

    @Test func aRunawayPatternIsStoppedAndReported() throws {
        let folder = try TSearch.temporaryDirectory()
        try (String(repeating: "a", count: 40) + "b\n").write(to: folder.appendingPathComponent("a.txt"), atomically: true, encoding: .utf8)
        let outcome = try TSearch.runGuarded(["search", "--timeout", "1.5", "-E", "(a+)+$", "a.txt"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("the search ran out of its time limit (1.5 s) and was abandoned"))
        #expect(outcome.stderr.contains("such as (a+)+"))
        #expect(outcome.stderr.contains("--timeout SECONDS gives it longer (--timeout 0: no limit)"))
    }

    /// Regression: a slow search was blamed on nested repetition whatever the query was; only a
    /// pattern that has some is, and one without a literal says so.
    @Test func anAbandonedSearchNamesItsRealCause() throws {
        let folder = try TSearch.temporaryDirectory()
        try (String(repeating: "a", count: 40) + "b\n").write(to: folder.appendingPathComponent("a.txt"), atomically: true, encoding: .utf8)
        let outcome = try TSearch.run(["search", "--timeout", "1", "-E", "(?:a|aa)*$", "a.txt"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("the search ran out of its time limit (1 s)"))
        #expect(!outcome.stderr.contains("(a+)+"))
        #expect(outcome.stderr.contains("no literal text every match must contain"))
    }

    /// Regression: `next` ran a saved regular expression again without the time limit when its
    /// file changed, and ran on for as long as the pattern took.
    @Test func aSavedSearchRunAgainKeepsTheTimeLimit() throws {
        let folder = try TSearch.temporaryDirectory()
        let file = folder.appendingPathComponent("a.txt")
        try "aaab\n".write(to: file, atomically: true, encoding: .utf8)
        let state = ["TSEARCH_STATE": folder.appendingPathComponent("state/session.json").path]
        let first = try TSearch.run(["search", "-E", "(a+)+$", "a.txt"], in: folder, environment: state)
        #expect(first.status == 1)
        try (String(repeating: "a", count: 40) + "b\n").write(to: file, atomically: true, encoding: .utf8)
        let next = try TSearch.runGuarded(["next", "--timeout", "1"], in: folder, environment: state)
        #expect(next.status == 2)
        #expect(next.stderr.contains("searching them again failed: the search ran out of its time limit (1 s)"))
    }
}
