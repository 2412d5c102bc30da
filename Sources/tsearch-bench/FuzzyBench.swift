import Foundation
import TranscriptModel
import TranscriptSearch

/// `--section fuzzy`: approximate words (`--fuzzy`) on the benchmark's corpus, next to the exact
/// default (a query `~ word`: `--sounds-like`).
///
/// - Search only: the fast `FuzzyMatcher` against `FuzzyReference` (the plain definition: fold,
///   split into words, the distance to every word and joined pair), hits and edits; a difference
///   stops the benchmark (exit 1) before any time is printed for that query. Next to it, the exact
///   whole-word search of the same words (`-w`). The goal: 300 MB/s or more.
/// - Whole processes, warm (the row cache made by a first run), side by side in one run:
///   `tsearch search -c --fuzzy Q` next to our own exact `tsearch search -c -w Q` (the goal: at
///   most 3×) and `ugrep -Z -i -w -c Q` (to a pipe; the goal: at most ugrep's time; ugrep's budget
///   set to ours: `-Z1` for 4–7 letters, `-Z2` for 8 or more; it counts lines, and a cue is two
///   lines of the SubRip file, so the counts are shown, not compared).
enum FuzzyBench {
    static let queries = ["budgit", "milestone", "postmortem", "customer interview feedback", "the budgit review", "~ milestone"]
    /// A query written `~ word` is searched by sound (`--sounds-like`), without ugrep (it has no such search).
    static func read(_ query: String) -> (text: String, options: SearchOptions, flag: String) {
        query.hasPrefix("~ ")
            ? (String(query.dropFirst(2)), SearchOptions(fuzzy: true, fuzzyComparison: .sound), "--sounds-like")
            : (query, SearchOptions(fuzzy: true), "--fuzzy")
    }

    /// `--quick` (CI) times one word and one phrase; the full run all five queries.
    static func run(corpus: Corpus, file: String, runs: Int, quick: Bool = false) throws {
        let queries = quick ? ["budgit", "the budgit review"] : Self.queries
        let megabytes = Double(corpus.textByteCount) / 1e6
        print("\n--fuzzy (\(corpus.rowCount) rows, \(String(format: "%.1f", megabytes)) MB of row text): search only, the reference once, the engines \(runs) times")
        print("  query                          hits  approx   reference     fuzzy    fuzzy MB/s   exact -w   exact MB/s")
        for shown in queries {
            let (query, options, _) = read(shown)
            let engine = try SearchRequest(text: query, options: options).runner()
            let reference = SearchRunner(try FuzzyReference(Query(query, options: options)))
            var expected = HitIndex(rowCount: 0), found = HitIndex(rowCount: 0)
            let referenceTime = median(1) { expected = reference.search(corpus) }
            let engineTime = median(runs) { found = engine.search(corpus) }
            guard found == expected else {
                print("  \(query): the engine's \(found.count) hits (\(found.approximateCount) approximate) differ from the reference's \(expected.count) (\(expected.approximateCount)); no time reported")
                exit(1)
            }
            let exact = try SearchRequest(text: query, options: SearchOptions(words: .wholeWords)).runner()
            let exactTime = median(runs) { _ = exact.search(corpus) }
            print("  \(padded(shown, 28)) \(String(format: "%7d", found.count)) \(String(format: "%7d", found.approximateCount))  \(format(referenceTime))  \(format(engineTime))  \(String(format: "%10.0f", megabytes / engineTime))  \(format(exactTime))  \(String(format: "%10.0f", megabytes / exactTime))")
        }

        let ugrep = onPath("ugrep")
        print("\n--fuzzy, whole processes, warm, on \(URL(fileURLWithPath: file).lastPathComponent): against our exact -w search and ugrep -Z -i -w\(ugrep == nil ? " (ugrep is not on the PATH: not compared)" : "")")
        print("  query                          hits        fuzzy    exact -w   ratio       ugrep -Z   ratio   ugrep lines")
        let state = scratch.appendingPathComponent("fuzzy-\(UUID().uuidString)/session.json")
        func warm(_ arguments: [String]) throws -> (seconds: Double, run: ProcessRun) {
            try warmRuns(arguments, state: state, runs: runs)
        }
        _ = try runTSearch(["search", "-c", "budget", file], state: state)  // the row cache
        for shown in queries {
            let (query, _, flag) = read(shown)
            let (time, result) = try warm(["search", "-c", flag, query, file])
            let exact = try warm(["search", "-c", "-w", query, file]).seconds
            let hits = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
            var line = "  \(padded(shown, 28)) \(padded(hits, 12)) \(format(time))  \(format(exact))  \(String(format: "%5.2f", time / exact))"
            if let ugrep, flag == "--fuzzy" {
                let longest = query.split(separator: " ").map(\.count).max() ?? 0
                let budget = longest >= 8 ? 2 : longest >= 4 ? 1 : 0
                var lines = ""
                let ugrepTime = try median(runs) { lines = try BoolBench.runUgrep(ugrep, ["-Z\(budget)", "-i", "-w", "-c", query, file]) }
                line += "  \(format(ugrepTime))  \(String(format: "%5.2f", time / ugrepTime))   \(lines)"
            }
            print(line)
        }
    }
}
