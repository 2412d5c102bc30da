import Foundation
import TranscriptFormats
import TranscriptModel
import TranscriptSearch

/// `--section parts`: several big files searched in place. The SubRip corpus of `--section accents`
/// (20 % of rows with an accented word) as one file, the same file copied three times into a
/// folder (three row caches, mapped and searched part by part), and its rows split into files of
/// 1,000 cues, copied twice (the small-files cache: 2,000 files for 1,000,000 rows). Whole
/// `tsearch search -c` processes, warm (caches made and checked by two first runs), next to
/// `rg -c` on the same paths (lines, not hits: the count is shown, not compared). Every query's
/// count is first checked against the `Regex` reference on the file's rows (times the copies); a
/// difference stops the benchmark (exit 1) before any time is printed.
enum PartsBench {
    /// Each query: its label, tsearch's flags and text, and rg's arguments before the path.
    static let queries: [(label: String, flags: [String], text: String, rgArguments: [String])] = [
        ("rare postmortem", [], "postmortem", ["-i", "-F", "postmortem"]),
        ("no hit zqxj", [], "zqxj", ["-i", "-F", "zqxj"]),
        ("accented café", [], "café", ["-i", "-F", "café"]),
        ("-E budget|forecast", ["-E"], "budget|forecast", ["-i", "-e", "budget", "-e", "forecast"]),
    ]

    static func run(rows: Int, runs: Int) throws {
        let corpora = FileManager.default.temporaryDirectory.appendingPathComponent("tsearch-bench-corpus")
        let file = corpora.appendingPathComponent("accented20-v1-\(rows).srt")
        if !FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.createDirectory(at: corpora, withIntermediateDirectories: true)
            var generator = CorpusGenerator(seed: 20, accentedPercent: 20)
            try Data(generator.subRip(rows: rows).utf8).write(to: file.appendingPathExtension("partial"))
            rename(file.appendingPathExtension("partial").path, file.path)
        }
        let bytes = try Data(contentsOf: file)
        guard let corpus = try Array(bytes).withUnsafeBytes({ try TranscriptLoader.loadCorpus(bytes: $0, path: file.lastPathComponent, options: LoadOptions()) })?.corpus else {
            print("  parts: could not load \(file.path)")
            exit(1)
        }
        let folder = scratch.appendingPathComponent("parts-\(UUID().uuidString)")
        let three = folder.appendingPathComponent("three")
        let meetings = folder.appendingPathComponent("meetings")
        try FileManager.default.createDirectory(at: three, withIntermediateDirectories: true)
        for copy in 1...3 { try FileManager.default.copyItem(at: file, to: three.appendingPathComponent("copy-\(copy).srt")) }
        // Cues are separated by a blank line: 1,000 of them per file, each file twice.
        let cues = bytes.split(separator: Data("\n\n".utf8)).filter { !$0.isEmpty }
        for copy in 1...2 {
            let copyFolder = meetings.appendingPathComponent("copy-\(copy)")
            try FileManager.default.createDirectory(at: copyFolder, withIntermediateDirectories: true)
            for (number, start) in stride(from: 0, to: cues.count, by: 1_000).enumerated() {
                var text = Data()
                for cue in cues[start..<min(cues.count, start + 1_000)] { text.append(cue); text.append(contentsOf: Array("\n\n".utf8)) }
                try text.write(to: copyFolder.appendingPathComponent(String(format: "meeting-%05d.srt", number)))
            }
        }
        let rg = onPath("rg")
        let shapes = [("one file", file.path, 1), ("three copies", three.path, 3), ("\(cues.count / 1_000 * 2) files", meetings.path, 2)]
        print("\nseveral big files in place (\(rows) rows, \(String(format: "%.0f", Double(bytes.count) / 1e6)) MB SubRip, 20 % accented): whole processes, warm, medians of \(runs)")
        print("  query                 hits      one file   three copies  (×one)  rg three  (ratio)   \(padded(shapes[2].0, 9))  rg files  (ratio)")
        let state = folder.appendingPathComponent("state/session.json")
        for (_, path, _) in shapes {
            // The caches written, then read back and checked once: what a warm search finds.
            for _ in 0..<2 { _ = try runTSearch(["search", "-c", "budget", path], state: state) }
        }
        for query in queries {
            var options = SearchOptions()
            if query.flags.contains("-E") { options.syntax = .regularExpression }
            let expected = referenceSearch(try RegexMatcher(try Query(query.text, options: options)), spanning: .withinRows, corpus).count
            var times: [Double] = []
            var rgTimes: [Double] = []
            var rgLines = 0
            for (_, path, copies) in shapes {
                let (seconds, last) = try warmRuns(["search", "-c"] + query.flags + [query.text, path], state: state, runs: runs)
                let total = last.stdout.split(separator: "\n").last.flatMap { Int($0.split(separator: " ").first ?? "") } ?? 0
                guard total == expected * copies else {
                    print("  tsearch search -c \(query.text) \(path): \(total) hits where the reference finds \(expected * copies); no time reported")
                    exit(1)
                }
                times.append(seconds)
                if let rg {
                    rgTimes.append(try median(runs) {
                        rgLines = try tsearch_bench.run(rg, query.rgArguments + ["-c", path], environment: [:]).stdout.split(separator: "\n")
                            .reduce(0) { $0 + (Int($1.split(separator: ":").last ?? "") ?? 0) }
                    })
                }
            }
            let rgText = { (index: Int) in rgTimes.count > index ? format(rgTimes[index]) : "       -" }
            let ratio = { (index: Int) in rgTimes.count > index ? String(format: "%5.2f", times[index] / rgTimes[index]) : "    -" }
            print("  \(padded(query.label, 20)) \(String(format: "%7d", expected)) \(format(times[0]))  \(format(times[1]))  \(String(format: "%5.2f", times[1] / times[0]))  \(rgText(1))  \(ratio(1))  \(format(times[2]))  \(rgText(2))  \(ratio(2))   (rg lines in the files: \(rgLines))")
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
