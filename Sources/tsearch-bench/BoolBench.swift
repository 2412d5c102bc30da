import Foundation
import TranscriptModel
import TranscriptSearch

/// `--section bool`: queries of several words (`--bool`, `--within`) on the benchmark's corpus.
///
/// - Search only: the window search against `WindowReference` (the plain definition); a difference
///   stops the benchmark (exit 1) before any time is printed for that query.
/// - Whole processes, warm (the row cache made by a first run): `tsearch search -c --bool Q
///   --within S` next to the sum of its terms' own `tsearch search -c TERM` (the goal: at most
///   1.5 times), and with `--within row` next to `ugrep --bool -i -c Q` on the same file (the goal:
///   at most ugrep's time; ugrep counts lines, and a cue is two lines of the SubRip file, so the
///   counts are shown, not compared).
enum BoolBench {
    struct Case {
        var query: String
        var scope: WindowScope
        /// The terms as `tsearch search` takes them one at a time.
        var terms: [String]
    }

    static let cases = [
        Case(query: "budget hiring", scope: .seconds(30), terms: ["budget", "hiring"]),
        Case(query: "pricing -travel", scope: .turn, terms: ["pricing", "travel"]),
        Case(query: "\"action item\" (deadline|review)", scope: .words(20), terms: ["action item", "deadline", "review"]),
    ]

    static func run(corpus: Corpus, file: String, runs: Int) throws {
        print("\n--bool (\(corpus.rowCount) rows): search only, the reference once, the engine \(runs) times")
        print("  query                                      within   windows   reference     engine")
        for test in cases {
            let options = SearchOptions(syntax: .boolean, within: test.scope)
            let engine = try SearchRequest(text: test.query, options: options).runner()
            let reference = try WindowReference(BooleanQuery(parsing: test.query), options: options)
            var expected = HitIndex(rowCount: 0), found = HitIndex(rowCount: 0)
            let referenceTime = median(1) { expected = reference.search(corpus) }
            let engineTime = median(runs) { found = engine.search(corpus) }
            guard found == expected else {
                print("  \(test.query): the engine's \(found.count) windows differ from the reference's \(expected.count); no time reported")
                exit(1)
            }
            print("  \(padded(test.query, 42)) \(padded(test.scope.description, 7)) \(String(format: "%8d", found.count))  \(format(referenceTime))  \(format(engineTime))")
        }

        let ugrep = onPath("ugrep")
        print("\n--bool, whole processes, warm, on \(URL(fileURLWithPath: file).lastPathComponent): against the sum of its terms' own searches, and per row against ugrep --bool\(ugrep == nil ? " (ugrep is not on the PATH: not compared)" : "")")
        print("  query                                      within   windows     time   terms' sum   ratio")
        let state = scratch.appendingPathComponent("bool-\(UUID().uuidString)/session.json")
        func warm(_ arguments: [String]) throws -> (seconds: Double, run: ProcessRun) {
            try warmRuns(arguments, state: state, runs: runs)
        }
        _ = try runTSearch(["search", "-c", "budget", file], state: state)  // the row cache
        for test in cases {
            let (time, result) = try warm(["search", "-c", "--bool", "--within", test.scope.description, test.query, file])
            var sum = 0.0
            for term in test.terms { sum += try warm(["search", "-c", term, file]).seconds }
            let windows = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
            print("  \(padded(test.query, 42)) \(padded(test.scope.description, 7)) \(padded(windows, 10)) \(format(time))   \(format(sum))   \(String(format: "%5.2f", time / sum))")
        }
        print("  per row (--within row) against ugrep --bool -i -c (to a pipe):")
        for test in cases {
            let (time, result) = try warm(["search", "-c", "--bool", "--within", "row", test.query, file])
            let windows = result.stdout.split(separator: "\n").last.map(String.init) ?? ""
            guard let ugrep else {
                print("    \(padded(test.query, 42)) \(padded(windows, 10)) \(format(time))")
                continue
            }
            var lines = ""
            let ugrepTime = try median(runs) { lines = try BoolBench.runUgrep(ugrep, ["--bool", "-i", "-c", test.query, file]) }
            print("    \(padded(test.query, 42)) \(padded(windows, 10)) \(format(time))   ugrep \(format(ugrepTime)) (\(lines) lines)   ratio \(String(format: "%5.2f", time / ugrepTime))")
        }
    }

    static func runUgrep(_ ugrep: String, _ arguments: [String]) throws -> String {
        let result = try tsearch_bench.run(ugrep, arguments, environment: ["PATH": "/usr/bin:/bin"])
        guard result.status <= 1 else {
            print("  ugrep \(arguments.joined(separator: " ")) failed: \(result.stderr)")
            exit(1)
        }
        return result.stdout.split(separator: "\n").joined(separator: " ")
    }
}
