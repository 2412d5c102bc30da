// tsearch-bench: the numbers behind TranscriptSearch's speed claims (the README's summary, BENCHMARKS.md's tables).
//
//   swift run -c release tsearch-bench [--quick] [--rows N] [--runs K]
//       [--section load|search|suggest|process|export|epub|typing|navigation|server|bool|fuzzy|accents|parts|all] [--scale 1m|10m] [--python PYTHON-WITH-EBOOKLIB]
//
// Builds a deterministic corpus (1,000,000 meeting-style rows by default, 100,000 with --quick; see
// CorpusGenerator for the mix of accents, CJK and emoji), written once as SubRip, WebVTT, JSON and
// text into a cache folder, and reports medians of K runs (default 5, 3 with --quick):
// - load time per format, rows/s and MB/s; and for each speech-to-text vendor's JSON, a file of
//   100,000 segments against the Whisper JSON reader (VendorJSONBench);
// - per query kind, the Regex reference's time (one run: it is slow) and the engine's, MB/s and
//   rows/s of row text, and their ratio. The engine's hits must equal the reference's: a
//   difference stops the benchmark with exit status 1 before any speed is printed for that query;
//   then literal-only alternations next to the default search doing as much, each engine timed
//   in a process of its own (`--engine-loop`);
// - whole processes: `tsearch search -c` cold (no row cache) and warm, next to `rg -i -F -c` on the
//   same file when rg is on the PATH, with ratios and each process's peak memory (and `-w`, `-E`
//   next to `rg -w -i`, `rg -i -e`); printing every hit of a common word, listing and `--json`,
//   next to rg's; `tsearch next`;
// - suggestions for what a search field has typed (`SuggestionCatalog`): the first call, which
//   builds the catalog, and each call after it, with hit counts, checked against a count by hand;
// - HTML export, the pager's as-you-type search, EPUB loading;
// - queries of several words (`--bool`, BoolBench): the window search against its reference, and
//   whole processes against the sum of their terms' searches and against ugrep --bool;
// - approximate words (`--fuzzy`, FuzzyBench): the fast matcher against its reference and next to
//   the exact -w search, and whole processes against our exact search and ugrep -Z -i -w;
// - accents off on a corpus where 20 % of the rows hold an accented word (AccentsBench): whole
//   processes of `--ignore-accents cafe` next to `café`, `-w --ignore-accents resume` next to
//   `-w résumé`, hits checked against the reference;
// - several big files in place (PartsBench): that corpus as one file, copied three times, and split
//   into files of 1,000 cues copied twice, warm, next to rg, counts checked against the reference;
// - the corpus kept in ClickHouse: index rows/s and each query kind through the server (ServerBench).
// It prints numbers; no test asserts on time.
import Foundation
import TranscriptFormats
import TranscriptModel
import TranscriptRendering
import TranscriptSearch

struct Options {
    var rows = 1_000_000
    var runs = 5
    var section = "all"
    var quick = false
    /// Only write the corpus files (run as a child process by the benchmark itself).
    var generateOnly = false
    /// A Python with ebooklib, beautifulsoup4 and lxml (e.g. the venv Scripts/realepubs/fetch.sh
    /// makes), to time ebooklib reading the same book in the same run.
    var python: String?
    /// `--scale 1m|10m`: the server section's archive of meetings (1,000,000 rows in 1,000 files,
    /// or 10,000,000 in 10,000), alone; nil: an archive of `rows` rows (1,000 a file) before the
    /// in-process comparison.
    var scale: Int?
    /// Only time the engine of this query on the corpus, 20 runs in a row, and print
    /// `engine-loop HITS SECONDS` (the median): run as a child process by the search section, so
    /// that each engine is timed in a process of its own.
    var engineLoop: (text: String, options: SearchOptions)?

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        var rowsGiven = false, runsGiven = false
        while let argument = rest.popFirst() {
            switch argument {
            case "--rows": rows = Int(rest.popFirst() ?? "") ?? rows; rowsGiven = true
            case "--runs": runs = max(1, Int(rest.popFirst() ?? "") ?? runs); runsGiven = true
            case "--section": section = rest.popFirst() ?? section
            case "--python": python = rest.popFirst()
            case "--scale":
                switch rest.popFirst() {
                case "1m": scale = 1_000_000
                case "10m": scale = 10_000_000
                default:
                    FileHandle.standardError.write(Data("tsearch-bench: --scale takes 1m or 10m\n".utf8))
                    exit(2)
                }
            case "--quick": quick = true
            case "--generate-only": generateOnly = true
            case "--engine-loop": engineLoop = (rest.popFirst() ?? "", SearchOptions())
            case "--regex": engineLoop?.options.syntax = .regularExpression
            default:
                FileHandle.standardError.write(Data("usage: tsearch-bench [--quick] [--rows N] [--runs K] [--section load|search|suggest|process|export|epub|typing|navigation|server|bool|fuzzy|accents|parts|all] [--scale 1m|10m] [--python PATH]\n".utf8))
                exit(2)
            }
        }
        if quick {
            if !rowsGiven { rows = 100_000 }
            if !runsGiven { runs = 3 }
        }
    }

    /// Whether to run section `name`: every section, or the one asked for; `--quick` alone runs the
    /// load, search, whole-process, navigation and server sections (CI's run: about a minute, and
    /// half a minute more for the server's when clickhouse-server is installed).
    func wants(_ name: String) -> Bool {
        if section == "all" && quick { return ["load", "search", "suggest", "process", "navigation", "server", "bool", "fuzzy", "accents"].contains(name) }
        return section == "all" || section == name
    }
}

/// Median wall-clock seconds of `runs` calls of `body`.
func median(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return times.sorted()[times.count / 2]
}

func format(_ seconds: Double) -> String {
    seconds < 1 ? String(format: "%7.1f ms", seconds * 1000) : String(format: "%7.2f s ", seconds)
}

func peakMemoryMiB(_ who: __rusage_who) -> Double {
    var usage = rusage()
    getrusage(who.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

let options = Options(CommandLine.arguments)
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tsearch-bench-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

// The corpus files, generated once per row count and generator version, kept between runs.
let corpusVersion = 3
let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("tsearch-bench-corpus/v\(corpusVersion)-\(options.rows)")
let fileNames = ["corpus.srt", "corpus.vtt", "corpus.json", "corpus.txt"]
/// A season of small files beside the corpus (a folder of a series' subtitles): 800 SubRip files of
/// 125 cues each, whatever the row count.
let episodes = folder.appendingPathComponent("episodes")
let episodeCount = 800
if options.generateOnly {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    if !FileManager.default.fileExists(atPath: episodes.path) {
        var generator = CorpusGenerator(seed: 800)
        let partial = folder.appendingPathComponent("episodes.partial")
        try? FileManager.default.removeItem(at: partial)
        try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true)
        for number in 0..<episodeCount {
            try Data(generator.subRip(rows: 125).utf8).write(to: partial.appendingPathComponent(String(format: "episode%03d.srt", number)))
        }
        rename(partial.path, episodes.path)
    }
    // All four from one generator, in order, or none (each file's rows depend on those before).
    var generator = CorpusGenerator()
    let someMissing = !fileNames.allSatisfy { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
    for name in fileNames where someMissing {
        let text = switch name {
        case "corpus.srt": generator.subRip(rows: options.rows)
        case "corpus.vtt": generator.webVTT(rows: options.rows)
        case "corpus.json": generator.json(rows: options.rows)
        default: generator.plainText(rows: options.rows)
        }
        try Data(text.utf8).write(to: folder.appendingPathComponent(name + ".partial"))
        rename(folder.appendingPathComponent(name + ".partial").path, folder.appendingPathComponent(name).path)
    }
    exit(0)
}
if !(fileNames.map { folder.appendingPathComponent($0) } + [episodes]).allSatisfy({ FileManager.default.fileExists(atPath: $0.path) }) {
    // In a child process, so this one stays small for the whole-process memory figures below.
    let generation = try run(CommandLine.arguments[0], ["--generate-only", "--rows", String(options.rows)], environment: [:])
    guard generation.status == 0 else {
        print("could not generate the corpus: \(generation.stderr)")
        exit(1)
    }
}
let cores = ProcessInfo.processInfo.activeProcessorCount
print("tsearch-bench: \(options.rows) rows per format, median of \(options.runs) runs, \(cores) cores; corpus in \(folder.path)")

/// The query kinds BENCHMARKS.md quotes; the common word is in about 3 rows in 10, the rare one in 1
/// in 300 (see CorpusGenerator). "the" has about as many hits as the alternation `budget|forecast`
/// (503,207 against 473,450 in a million rows): the default search doing the same amount of work.
let queries: [(kind: String, text: String, options: SearchOptions)] = [
    ("common word", "budget", SearchOptions()),
    ("rare word", "postmortem", SearchOptions()),
    ("no hits", "zqxj", SearchOptions()),
    ("accented", "café", SearchOptions()),
    ("CJK", "会议", SearchOptions()),
    ("phrase", "review the budget", SearchOptions()),
    ("case-sensitive", "Budget", SearchOptions(caseMatching: .sensitive)),
    ("Greek case fold", "σοφια", SearchOptions()),
    ("regex", "budget (review|plan)", SearchOptions(syntax: .regularExpression)),
    ("whole word", "budget", SearchOptions(words: .wholeWords)),
    ("whole word, short", "art", SearchOptions(words: .wholeWords)),
    ("accents off", "cafe", SearchOptions(diacritics: .insensitive)),
    ("Turkish", "istanbul", SearchOptions(language: "tr")),
    ("regex, rare literal", "postmortem\\s+\\w+", SearchOptions(syntax: .regularExpression)),
    ("common word, as many", "the", SearchOptions()),
    ("regex alternation", "budget|forecast", SearchOptions(syntax: .regularExpression)),
    ("regex alternation, rare", "postmortem|zqxjv", SearchOptions(syntax: .regularExpression)),
    ("regex, no literal", "\\d{4}\\s\\w+", SearchOptions(syntax: .regularExpression)),
    ("across cues", "review the budget", SearchOptions(spanning: .acrossRows)),
    ("-s -w", "Budget", SearchOptions(caseMatching: .sensitive, words: .wholeWords)),
    ("-E -w --across-cues", "budget|forecast", SearchOptions(words: .wholeWords, syntax: .regularExpression, spanning: .acrossRows)),
]

// MARK: Running whole processes

/// What one whole process did: wall-clock seconds, exit status, peak resident memory, stdout, stderr.
struct ProcessRun {
    var seconds: Double
    var status: Int32
    var peakMiB: Double
    var stdout: String
    var stderr: String
}

/// Runs `executable` with `arguments` and waits for it (posix_spawn + wait4, so the peak memory is
/// this process's own). Paths in `arguments` should be absolute: the child runs in this directory.
func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> ProcessRun {
    let output = scratch.appendingPathComponent("out-\(UUID().uuidString)")
    let errors = scratch.appendingPathComponent("err-\(UUID().uuidString)")
    defer {
        try? FileManager.default.removeItem(at: output)
        try? FileManager.default.removeItem(at: errors)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, envp)
    guard spawned == 0 else { throw CocoaError(.executableNotLoadable, userInfo: [NSFilePathErrorKey: executable]) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return ProcessRun(
        seconds: seconds, status: exitStatus, peakMiB: Double(usage.ru_maxrss) / 1024,
        stdout: (try? String(contentsOf: output, encoding: .utf8)) ?? "",
        stderr: (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
}

let tsearchPath = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tsearch").path

/// Runs the `tsearch` built beside this benchmark with its state (session and row cache) in `state`.
func runTSearch(_ arguments: [String], state: URL) throws -> ProcessRun {
    try run(tsearchPath, arguments, environment: [
        "TSEARCH_STATE": state.path, "XDG_CACHE_HOME": state.deletingLastPathComponent().appendingPathComponent("cache").path,
        "PATH": "/usr/bin:/bin",
    ])
}

/// `tsearch ARGUMENTS` run `runs` times with its state in `state` (warm, once a first run made
/// the caches): the median seconds and the last run; a failed run stops the benchmark (exit 1).
func warmRuns(_ arguments: [String], state: URL, runs: Int) throws -> (seconds: Double, run: ProcessRun) {
    var last: ProcessRun?
    let seconds = try median(runs) { last = try runTSearch(arguments, state: state) }
    guard let last, last.status <= 1 else {
        print("  tsearch \(arguments.joined(separator: " ")) failed: \(last?.stderr ?? "")")
        exit(1)
    }
    return (seconds, last)
}

/// The first executable named `name` on the PATH.
func onPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Times `tsearch search -c text path` cold (no caches: each run in a fresh state folder; the last
/// one leaves them written) and warm, and `rg -i -F -c` on the same path; prints a line of the
/// table and returns the largest peak memory (MiB). Exits 1 when a run fails or the runs differ.
func compareWholeProcesses(
    _ kind: String, _ text: String, path: String, rg: String?, flags: [String] = [], rgFlags: [String] = ["-i", "-F", "-c"]
) throws -> Double {
    let state = scratch.appendingPathComponent("process-\(UUID().uuidString)/session.json")
    let arguments = ["search", "-c"] + flags + [text, path]
    var coldRuns: [ProcessRun] = []
    for _ in 0..<options.runs {
        try? FileManager.default.removeItem(at: state.deletingLastPathComponent())
        coldRuns.append(try runTSearch(arguments, state: state))
    }
    let coldTime = coldRuns.map(\.seconds).sorted()[coldRuns.count / 2]
    let cold = coldRuns[coldRuns.count - 1]
    var warmRuns: [ProcessRun] = []
    let warm = try median(options.runs) { warmRuns.append(try runTSearch(arguments, state: state)) }
    var rgTime: Double?
    var rgTotal = 0
    if let rg {
        rgTime = try median(options.runs) {
            // One count per file with a hit, `path:count` for a folder.
            rgTotal = try run(rg, rgFlags + [text, path], environment: [:]).stdout.split(separator: "\n")
                .reduce(0) { $0 + (Int($1.split(separator: ":").last ?? "") ?? 0) }
        }
    }
    guard cold.status <= 1, (coldRuns + warmRuns).allSatisfy({ $0.status == cold.status && $0.stdout == cold.stdout }) else {
        print("  \(kind): tsearch failed or the warm runs differ from the cold one: \(cold.stderr)")
        exit(1)
    }
    let total = cold.stdout.split(separator: "\n").last.map(String.init) ?? ""
    let warmPeak = warmRuns.map { $0.peakMiB }.max() ?? 0
    let ratio = { (time: Double) in rgTime.map { String(format: "%7.2f", time / $0) } ?? "      -" }
    let coldPeak = coldRuns.map { $0.peakMiB }.max() ?? 0
    print("  \(padded(kind, 18)) \(padded(total.split(separator: " ").first.map(String.init) ?? "0", 8)) \(format(coldTime)) \(format(warm)) \(rgTime.map(format) ?? "       -")  \(ratio(warm))  \(ratio(coldTime))   \(String(format: "%4.0f / %4.0f", coldPeak, warmPeak))\(rg == nil ? "" : "   rg lines: \(rgTotal)")")
    return max(coldPeak, warmPeak)
}

/// Times printing every hit of `text` (warm: the row cache made by a first run): the listing and
/// `--json` to a file, next to `rg -i -F` and `rg -i -F --json`, with ratios.
func compareOutput(_ text: String, path: String, rg: String?) throws {
    let state = scratch.appendingPathComponent("output-\(UUID().uuidString)/session.json")
    let first = try runTSearch(["search", "-c", text, path], state: state)
    let hits = first.stdout.split(separator: "\n").last.map(String.init) ?? ""
    var failed = ""
    let listing = try median(options.runs) {
        let run = try runTSearch(["search", "--color", "never", text, path], state: state)
        if run.status != 0 { failed = run.stderr }
    }
    let json = try median(options.runs) {
        let run = try runTSearch(["search", "--json", text, path], state: state)
        if run.status != 0 { failed = run.stderr }
    }
    guard failed.isEmpty else {
        print("  printing hits: tsearch failed: \(failed)")
        exit(1)
    }
    let rgListing = try rg.map { rg in try median(options.runs) { _ = try run(rg, ["-i", "-F", "--color", "never", text, path], environment: [:]) } }
    let rgJSON = try rg.map { rg in try median(options.runs) { _ = try run(rg, ["-i", "-F", "--json", text, path], environment: [:]) } }
    print("\nprinting every hit of \"\(text)\" (\(hits)), warm, to a file")
    print("  listing  tsearch \(format(listing))   rg \(rgListing.map(format) ?? "       -")   ratio \(rgListing.map { String(format: "%5.2f", listing / $0) } ?? "-")")
    print("  --json   tsearch \(format(json))   rg \(rgJSON.map(format) ?? "       -")   ratio \(rgJSON.map { String(format: "%5.2f", json / $0) } ?? "-")")
}

// MARK: Whole processes: tsearch search -c against rg -c

/// The largest peak memory of a `tsearch search -c` process, compared with the row text below.
var largestPeakMiB = 0.0
if options.wants("process") {
    let file = "corpus.srt"
    let bytes = (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(file).path)[.size] as? Int) ?? 0
    let rg = onPath("rg")
    print("\nwhole processes on \(file) (\(options.rows) rows, \(String(format: "%.0f", Double(bytes) / 1e6)) MB file): `tsearch search -c` cold (no row cache) and warm, `rg -i -F -c`\(rg == nil ? " (rg is not on the PATH: not compared)" : "")")
    print("  query kind         hits      cold     warm       rg    warm/rg  cold/rg   peak MiB cold/warm")
    for query in queries where query.options == SearchOptions() {
        let peak = try compareWholeProcesses(query.kind, query.text, path: folder.appendingPathComponent(file).path, rg: rg)
        largestPeakMiB = max(largestPeakMiB, peak)
    }
    // The options ripgrep has too, each next to its rg counterpart.
    _ = try compareWholeProcesses("-w (rg -w -i)", "budget", path: folder.appendingPathComponent(file).path, rg: rg,
                                  flags: ["-w"], rgFlags: ["-w", "-i", "-c"])
    _ = try compareWholeProcesses("-E a|b (rg -i -e)", "budget|forecast", path: folder.appendingPathComponent(file).path, rg: rg,
                                  flags: ["-E"], rgFlags: ["-i", "-c", "-e"])
    try compareOutput("budget", path: folder.appendingPathComponent(file).path, rg: rg)
    let episodeBytes = (try FileManager.default.contentsOfDirectory(at: episodes, includingPropertiesForKeys: [.fileSizeKey]))
        .reduce(0) { $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
    print("\nwhole processes on a folder of \(episodeCount) SubRip files (\(String(format: "%.0f", Double(episodeBytes) / 1e6)) MB): cold (no caches) and warm (the small-files cache)")
    print("  query kind         hits      cold     warm       rg    warm/rg  cold/rg   peak MiB cold/warm")
    for query in queries.prefix(3) {
        _ = try compareWholeProcesses(query.kind, query.text, path: episodes.path, rg: rg)
    }
    print("  (run first, while this benchmark is small: a spawned process's peak memory starts from its parent's)")
}

// MARK: Load

var corpus = Corpus()
if options.wants("load") || options.wants("search") || options.wants("suggest") || options.wants("export") || options.wants("typing")
    || (options.wants("server") && options.scale == nil) || options.wants("bool") || options.wants("fuzzy") {
    // As `tsearch` loads: the bytes read in place into a corpus (`loadCorpus`), and, for the
    // library's callers, as rows (`load`, through a string).
    print("\nload                         corpus      rows/s      MB/s       rows")
    for name in fileNames where name == "corpus.srt" || options.wants("load") {
        let bytes = try Array(Data(contentsOf: folder.appendingPathComponent(name)))
        var loaded: Corpus?
        let seconds = try median(min(options.runs, 3)) {
            loaded = try bytes.withUnsafeBytes { try TranscriptLoader.loadCorpus(bytes: $0, path: name, options: LoadOptions()) }?.corpus
        }
        let rows = loaded?.rowCount ?? 0
        var rowsSeconds = 0.0
        if options.wants("load") {
            var result: LoadResult?
            rowsSeconds = try median(1) { result = try TranscriptLoader.load(bytes: bytes, path: name) }
            guard let result, Corpus([result.transcript]).serialized() == loaded?.serialized() else {
                print("  \(name): the corpus and the rows differ")
                exit(1)
            }
        }
        if name == "corpus.srt", let loaded { corpus = loaded }
        print("  \(padded(name, 22)) \(format(seconds))  \(String(format: "%10.0f", Double(rows) / seconds))  \(String(format: "%8.1f", Double(bytes.count) / seconds / 1e6))  \(rowsSeconds > 0 ? format(rowsSeconds) : "")")
    }
    if options.wants("load") { try VendorJSONBench.run(runs: min(options.runs, 3)) }
}

// MARK: Search

if let (text, searchOptions) = options.engineLoop {
    let engine = try SearchRequest(text: text, options: searchOptions).runner()
    var found = HitIndex(rowCount: 0)
    var times: [Double] = []
    for _ in 0..<20 { times.append(median(1) { found = engine.search(corpus) }) }
    print("engine-loop \(found.count) \(times.sorted()[times.count / 2])")
    exit(0)
}

if options.wants("search") {
    let megabytes = Double(corpus.textByteCount) / 1e6
    print("\nsearch (\(corpus.rowCount) rows, \(String(format: "%.1f", megabytes)) MB of row text): the Regex reference once, the engine \(options.runs) times")
    print("  (the reference: the Regex row by row on one core; the engine: what `tsearch` runs, on every core)")
    print("  query kind         query               hits   reference     engine     engine MB/s   engine rows/s   ratio")
    // Each query's engine once its hits equal the reference's, with their count.
    var checkedEngines: [String: (engine: SearchRunner, hits: Int)] = [:]
    for query in queries {
        let request = SearchRequest(text: query.text, options: query.options)
        let engine = try request.runner()
        let referenceMatcher = try RegexMatcher(try Query(query.text, options: query.options))
        var expected = HitIndex(rowCount: 0)
        let referenceTime = median(1) { expected = referenceSearch(referenceMatcher, spanning: query.options.spanning, corpus) }
        var found = HitIndex(rowCount: 0)
        let engineTime = median(options.runs) { found = engine.search(corpus) }
        guard found == expected else {
            print("  \(query.kind): the engine's \(found.count) hits differ from the reference's \(expected.count); no time reported")
            exit(1)
        }
        let name = engine.matcher.map { " " + String(describing: type(of: $0)) } ?? ""
        checkedEngines[query.text] = (engine, found.count)
        print("  \(padded(query.kind, 18)) \(padded("\"" + query.text + "\"", 18)) \(String(format: "%7d", expected.count))  \(format(referenceTime))  \(format(engineTime))  \(String(format: "%10.0f", megabytes / engineTime))  \(String(format: "%14.0f", Double(corpus.rowCount) / engineTime))  \(String(format: "%6.0f", referenceTime / engineTime))x\(name)")
    }
    // A literal-only alternation next to the default search doing as much: as many hits, or the
    // same rare word alone. Each engine is timed in a process of its own (`--engine-loop`: 20 runs
    // in a row, the median), the two processes alternating `--runs` times. In one process, what
    // the searches before left in the caches and the allocator, and which core was free, moved
    // one engine's runs by up to 2× while the other's stayed put; apart, each is at its steady pace.
    print("  literal-only alternations next to the default search (each in a process of its own, 20 runs; medians of \(options.runs) alternating processes):")
    for (alternation, single) in [("budget|forecast", "the"), ("postmortem|zqxjv", "postmortem")] {
        guard let set = checkedEngines[alternation], let plain = checkedEngines[single] else { continue }
        func timeApart(_ arguments: [String], hits: Int) throws -> Double {
            let child = try run(CommandLine.arguments[0], ["--rows", String(options.rows), "--section", "search", "--engine-loop"] + arguments, environment: [:])
            let words = child.stdout.split(separator: "\n").last?.split(separator: " ") ?? []
            guard child.status == 0, words.count == 3, words[0] == "engine-loop", Int(words[1]) == hits, let seconds = Double(words[2]) else {
                print("  \(arguments[0]): the timing process failed or found other hits than the reference: \(child.stdout.suffix(200)) \(child.stderr)")
                exit(1)
            }
            return seconds
        }
        var setTimes: [Double] = [], plainTimes: [Double] = []
        for _ in 0..<options.runs {
            setTimes.append(try timeApart([alternation, "--regex"], hits: set.hits))
            plainTimes.append(try timeApart([single], hits: plain.hits))
        }
        let (setTime, plainTime) = (setTimes.sorted()[setTimes.count / 2], plainTimes.sorted()[plainTimes.count / 2])
        print("    \(padded("-E \"" + alternation + "\"", 22)) \(String(format: "%7d", set.hits)) hits \(format(setTime))   "
            + "\(padded("\"" + single + "\"", 12)) \(String(format: "%7d", plain.hits)) hits \(format(plainTime))   "
            + "ratio \(String(format: "%.2f", setTime / plainTime))")
    }
}

// MARK: Suggestions

if options.wants("suggest") {
    // The catalog is built by the first call (one pass over the rows); later calls look at the
    // distinct names and, with hit counts, at the hits' rows.
    let index = try SearchRequest(text: "budget").runner().search(corpus)
    var built: SuggestionCatalog?
    let first = median(1) { built = SuggestionCatalog(corpus: corpus) }
    guard let catalog = built else { exit(1) }
    // Checked by hand before any time is printed: rows and hits per speaker.
    var rows: [String: Int] = [:], hits: [String: Int] = [:]
    for row in 0..<corpus.rowCount {
        guard let speaker = corpus.speaker(ofRow: row) else { continue }
        rows[speaker, default: 0] += 1
        hits[speaker, default: 0] += index.positions(inRow: row).count
    }
    let listed = catalog.suggestions(for: "speaker:", hits: index)
    guard listed.count == rows.count, listed.allSatisfy({ rows[$0.value] == $0.rows && hits[$0.value] == $0.hits }) else {
        print("  suggestions: the counts differ from a count by hand; no time reported")
        exit(1)
    }
    print("\nsuggestions (\(corpus.rowCount) rows, \(index.count) hits of \"budget\"): the first call builds the catalog; median of \(options.runs) calls after it")
    print("  first call          \(format(first))")
    for typed in ["speaker:jo", "a", "speaker:", ""] {
        var found = 0
        let withHits = median(options.runs) { found = catalog.suggestions(for: typed, hits: index).count }
        let without = median(options.runs) { _ = catalog.suggestions(for: typed) }
        print("  \(padded("\"" + typed + "\"", 14)) \(String(format: "%3d", found)) found   with hit counts \(format(withHits))   rows only \(format(without))")
    }
}

// MARK: Queries of several words (BoolBench.swift)

if options.wants("bool") {
    try BoolBench.run(corpus: corpus, file: folder.appendingPathComponent("corpus.srt").path, runs: options.runs)
}

// MARK: Approximate words (FuzzyBench.swift)

if options.wants("fuzzy") {
    try FuzzyBench.run(corpus: corpus, file: folder.appendingPathComponent("corpus.srt").path, runs: options.runs, quick: options.quick)
}

// MARK: Server (ServerBench.swift)

if options.wants("accents") {
    try AccentsBench.run(rows: options.rows, runs: options.runs)
}

if options.wants("parts") {
    try PartsBench.run(rows: options.rows, runs: options.runs)
}

if options.wants("server") {
    let rows = options.scale ?? options.rows
    try ServerBench.runArchive(
        rows: rows, files: max(1, rows / 1000), runs: options.runs, corpusFolder: folder.deletingLastPathComponent(), scratch: scratch)
    if options.scale == nil { try ServerBench.run(corpus: corpus, queries: queries, runs: options.runs) }
}

/// The `Regex` reference's hits, row by row on one core (each transcript's joined text, across
/// rows): what every query kind is measured against.
func referenceSearch(_ matcher: RegexMatcher, spanning: RowSpanning, _ corpus: Corpus) -> HitIndex {
    if spanning == .acrossRows { return SearchRunner(matcher, spanning: .acrossRows).search(corpus) }
    var index = HitIndex(rowCount: corpus.rowCount)
    for row in 0..<corpus.rowCount {
        let text = corpus.text(ofRow: row)
        let utf8 = text.utf8
        index.append(row: row, utf8Ranges: matcher.ranges(in: text).map {
            utf8.distance(from: utf8.startIndex, to: $0.lowerBound)..<utf8.distance(from: utf8.startIndex, to: $0.upperBound)
        })
    }
    return index
}

// MARK: Export

if options.wants("export") {
    // One row in ten says "milestone" (see CorpusGenerator): 10,000 hits in 100,000 rows.
    let index = SearchRunner(try RegexMatcher(try Query("milestone"))).search(corpus)
    var bytes = 0
    let seconds = median(options.runs) {
        let page = HTMLExport(corpus: corpus, index: index, current: 0, settings: HTMLExport.Settings(
            title: "milestone", contextRows: nil, mediaURL: "https://example.com/meeting.mp4")).render()
        bytes = page.utf8.count
    }
    print("\nexport to HTML, every row (\(corpus.rowCount) rows, \(index.count) hits, \(index.rowsWithHits.count) rows with hits)")
    print("  render \(format(seconds)), \(String(format: "%.1f", Double(bytes) / 1e6)) MB page, \(String(format: "%.0f", Double(corpus.rowCount) / seconds)) rows/s")
}

// MARK: Typing (the pager's as-you-type search)

/// What the harness saw: for each keystroke, when it was typed and when a result at least that new
/// was delivered; and the queries delivered, in order.
actor TypingLog {
    var typed: [(sequence: Int, at: ContinuousClock.Instant)] = []
    var delivered: [(sequence: Int, text: String, at: ContinuousClock.Instant)] = []
    func type(_ sequence: Int, at time: ContinuousClock.Instant) { typed.append((sequence, time)) }
    func deliver(_ result: SearchResult) { delivered.append((result.sequence, result.request.text, ContinuousClock.now)) }
}

if options.wants("typing") {
    // A fast typist: one key every 120 ms, the pager's searcher (40 ms debounce, refining engine).
    let query = "budget rev"
    let log = TypingLog()
    let searcher = Searcher(debounce: .milliseconds(40), engine: Searcher.refiningEngine(over: corpus)) { await log.deliver($0) }
    for length in 1...query.count {
        let text = String(query.prefix(length))
        let sequence = await searcher.submit(SearchRequest(text: text))
        await log.type(sequence, at: .now)
        try await Task.sleep(for: .milliseconds(120))
    }
    while await (log.delivered.last?.sequence ?? -1) < query.count - 1 { try await Task.sleep(for: .milliseconds(20)) }
    let typed = await log.typed, delivered = await log.delivered
    // Every keystroke is answered by the first result at least as new (the loop above waited for the last).
    let latencies = typed.compactMap { key -> Double? in
        guard let shown = delivered.first(where: { $0.sequence >= key.sequence })?.at else { return nil }
        let elapsed = (shown - key.at).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }.sorted()
    let inOrder = zip(delivered, delivered.dropFirst()).allSatisfy { $0.sequence < $1.sequence }
    print("\ntyping \"\(query)\" into the pager's searcher, one key per 120 ms (\(corpus.rowCount) rows)")
    print("  keystroke to result: median \(format(latencies[latencies.count / 2])), worst \(format(latencies.last ?? 0)); \(delivered.count) results shown, in order: \(inOrder), last shown: \"\(delivered.last?.text ?? "")\"")
    if !inOrder || delivered.last?.text != query {
        print("  a keystroke was lost or results arrived out of order")
        exit(1)
    }
}

// MARK: EPUB

if options.wants("epub") {
    // About 5 MB of deflated XHTML: 120 chapters of 1,250 paragraphs.
    var bookGenerator = CorpusGenerator(seed: 7)
    let book = bookGenerator.epub(chapters: 120, paragraphs: 1_250)
    let bookURL = scratch.appendingPathComponent("book.epub")
    try Data(book).write(to: bookURL)
    var rows = 0
    let seconds = try median(options.runs) { rows = try TranscriptLoader.load(bytes: book, path: "book.epub").transcript.rows.count }
    print("\nEPUB load (\(String(format: "%.1f", Double(book.count) / 1e6)) MB book, \(rows) rows)")
    print("  tsearch EPUBLoader          \(format(seconds))")
    if let python = options.python {
        let script = """
        import sys, time, ebooklib
        from ebooklib import epub
        from bs4 import BeautifulSoup
        start = time.perf_counter(); book = epub.read_epub(sys.argv[1]); n = 0
        for item in book.get_items_of_type(ebooklib.ITEM_DOCUMENT):
            n += len(BeautifulSoup(item.get_content(), "lxml").get_text())
        print(time.perf_counter() - start)
        """
        var times: [Double] = []
        for _ in 0..<options.runs {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = ["-c", script, bookURL.path]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if let value = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) { times.append(value) }
        }
        if times.isEmpty {
            print("  ebooklib + BeautifulSoup    (could not run \(python))")
        } else {
            let reference = times.sorted()[times.count / 2]
            print("  ebooklib + BeautifulSoup    \(format(reference))   ratio tsearch/ebooklib \(String(format: "%.2f", seconds / reference))")
        }
    }
}

// MARK: Navigation (whole process)

if options.wants("navigation") {
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let cases: [(name: String, arguments: [String], directory: URL)] = [
        ("Samples/ (all formats)", ["search", "budget", samples.appendingPathComponent("Samples").path], samples),
        ("corpus.srt (\(options.rows) rows)", ["search", "budget", folder.appendingPathComponent("corpus.srt").path], folder),
    ]
    print("\nnavigation, whole process: `tsearch search` once, then `tsearch next` (cache, no re-search)")
    print("  corpus                          search      next   next/search")
    for item in cases {
        let state = scratch.appendingPathComponent("state-\(item.name.hashValue)/session.json")
        let search = try runTSearch(item.arguments, state: state)
        var failures: [String] = []
        let next = try median(max(options.runs, 5)) {
            let step = try runTSearch(["next", "-C", "2"], state: state)
            if step.status != 0 || !step.stderr.isEmpty { failures.append(step.stderr) }
        }
        if !failures.isEmpty {
            print("  \(item.name): tsearch next failed or searched again: \(failures[0])")
            exit(1)
        }
        print("  \(item.name.padding(toLength: 28, withPad: " ", startingAt: 0)) \(format(search.seconds)) \(format(next))   \(String(format: "%6.3f", next / search.seconds))")
    }
}

// The children: the tsearch processes timed, and the benchmark's own --generate-only and
// --engine-loop runs (each holding the corpus), when a section made them.
print(String(format: "\npeak memory: benchmark %.0f MiB, largest child process (tsearch, or a benchmark child) %.0f MiB", peakMemoryMiB(RUSAGE_SELF), peakMemoryMiB(RUSAGE_CHILDREN)))
if largestPeakMiB > 0 && corpus.textByteCount > 0 {
    let text = Double(corpus.textByteCount) / 1_048_576
    print(String(format: "largest `tsearch search -c` peak memory %.0f MiB = %.2f times the %.0f MiB of row text", largestPeakMiB, largestPeakMiB / text, text))
}
