import Foundation
import TranscriptFormats
import TranscriptModel
import TranscriptSearch

/// `--section accents`: accents off on accented text. A SubRip corpus where 20 % of the rows hold
/// an accented word (`CorpusGenerator(accentedPercent: 20)`, a third of them decomposed), searched
/// by whole `tsearch search -c` processes, warm (the row cache made by a first run):
/// `--ignore-accents cafe` next to the default search of `café`, and `-w --ignore-accents resume`
/// next to `-w résumé`, with their ratio (the goal: at most 3×). Every query's hit count is first
/// checked against the `Regex` reference on the same rows; a difference stops the benchmark
/// (exit 1) before any time is printed.
enum AccentsBench {
    static let pairs: [(folded: String, accented: String, flags: [String])] = [
        ("cafe", "café", []), ("resume", "résumé", ["-w"]), ("lukasz", "Łukasz", []),
    ]

    static func run(rows: Int, runs: Int) throws {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("tsearch-bench-corpus/accented20-v1-\(rows).srt")
        if !FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            var generator = CorpusGenerator(seed: 20, accentedPercent: 20)
            try Data(generator.subRip(rows: rows).utf8).write(to: file.appendingPathExtension("partial"))
            rename(file.appendingPathExtension("partial").path, file.path)
        }
        let bytes = try Array(Data(contentsOf: file))
        guard let corpus = try bytes.withUnsafeBytes({ try TranscriptLoader.loadCorpus(bytes: $0, path: file.lastPathComponent, options: LoadOptions()) })?.corpus else {
            print("  accents: could not load \(file.path)")
            exit(1)
        }
        print("\naccents off on accented text (\(rows) rows, 20 % with an accented word, \(String(format: "%.0f", Double(bytes.count) / 1e6)) MB SubRip): whole processes, warm, medians of \(runs)")
        print("  query                          hits     accents off   accented spelling   ratio (goal ≤ 3)")
        let state = scratch.appendingPathComponent("accents-\(UUID().uuidString)/session.json")
        _ = try runTSearch(["search", "-c", "budget", file.path], state: state)  // the row cache
        for pair in pairs {
            let folded = ["--ignore-accents"] + pair.flags + [pair.folded]
            let accented = pair.flags + [pair.accented]
            var times: [Double] = []
            var counts: [Int] = []
            for arguments in [folded, accented] {
                var options = SearchOptions(words: pair.flags.contains("-w") ? .wholeWords : .anywhere)
                if arguments.contains("--ignore-accents") { options.diacritics = .insensitive }
                let text = arguments.last ?? ""
                let expected = referenceSearch(try RegexMatcher(try Query(text, options: options)), spanning: .withinRows, corpus).count
                let (seconds, last) = try warmRuns(["search", "-c"] + arguments + [file.path], state: state, runs: runs)
                let total = last.stdout.split(separator: "\n").last.flatMap { Int($0.split(separator: " ").first ?? "") } ?? 0
                guard total == expected else {
                    print("  tsearch search -c \(arguments.joined(separator: " ")): \(total) hits where the reference finds \(expected); no time reported")
                    exit(1)
                }
                times.append(seconds)
                counts.append(total)
            }
            let label = (pair.flags + ["--ignore-accents", pair.folded]).joined(separator: " ") + " / " + pair.accented
            print("  \(padded(label, 30)) \(String(format: "%7d", counts[0])) \(format(times[0]))     \(format(times[1])) (\(counts[1]))   \(String(format: "%5.2f", times[0] / times[1]))")
        }
    }
}
