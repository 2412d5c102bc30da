// tsearch-bench: the numbers behind TranscriptSearch's speed claims (DESIGN section 8).
//
//   swift run -c release tsearch-bench [--rows N] [--runs K] [--section load|search|export|epub|typing|navigation|all]
//                                      [--python PATH-TO-A-PYTHON-WITH-EBOOKLIB]
//
// Builds a deterministic corpus (default 100,000 rows of meeting-style text with accents, CJK and
// emoji) in a temporary folder and reports medians of K runs (default 5): load time per format,
// search time per query kind with rows/s and MB/s, and the whole-process latency of `tsearch next`
// on the samples and on the big corpus, next to the search it replaces, and the time to render the
// whole corpus as one HTML page with about a tenth of its rows holding a hit. It prints numbers; no test
// asserts on time. Every matcher's hits are compared with the Regex reference's before its time is
// reported, and a difference stops the benchmark with exit status 1.
import Foundation
import TranscriptFormats
import TranscriptModel
import TranscriptRendering
import TranscriptSearch

struct Options {
    var rows = 100_000
    var runs = 5
    var section = "all"
    /// A Python with ebooklib, beautifulsoup4 and lxml (e.g. the venv Scripts/realepubs/fetch.sh
    /// makes), to time ebooklib reading the same book in the same run.
    var python: String?

    init(_ arguments: [String]) {
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            switch argument {
            case "--rows": rows = Int(rest.popFirst() ?? "") ?? rows
            case "--runs": runs = max(1, Int(rest.popFirst() ?? "") ?? runs)
            case "--section": section = rest.popFirst() ?? section
            case "--python": python = rest.popFirst()
            default:
                FileHandle.standardError.write(Data("usage: tsearch-bench [--rows N] [--runs K] [--section load|search|export|epub|typing|navigation|all] [--python PATH]\n".utf8))
                exit(2)
            }
        }
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

let options = Options(CommandLine.arguments)
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tsearch-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }

var generator = CorpusGenerator()
let files: [(name: String, text: String)] = [
    ("corpus.srt", generator.subRip(rows: options.rows)),
    ("corpus.vtt", generator.webVTT(rows: options.rows)),
    ("corpus.json", generator.json(rows: options.rows)),
    ("corpus.txt", generator.plainText(rows: options.rows)),
]
for file in files {
    try Data(file.text.utf8).write(to: folder.appendingPathComponent(file.name))
}
print("tsearch-bench: \(options.rows) rows per format, median of \(options.runs) runs, \(ProcessInfo.processInfo.activeProcessorCount) cores")

// MARK: Load

var corpus = Corpus()
if ["all", "load", "search", "export", "typing"].contains(options.section) {
    print("\nload                         time      rows/s      MB/s")
    for file in files {
        let bytes = Array(file.text.utf8)
        var result: LoadResult?
        let seconds = try median(options.runs) { result = try TranscriptLoader.load(bytes: bytes, path: file.name) }
        let rows = result?.transcript.rows.count ?? 0
        if file.name == "corpus.srt", let transcript = result?.transcript { corpus = Corpus([transcript]) }
        print("  \(file.name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(format(seconds))  \(String(format: "%10.0f", Double(rows) / seconds))  \(String(format: "%8.1f", Double(bytes.count) / seconds / 1e6))")
    }
}

// MARK: Search

if options.section == "all" || options.section == "search" {
    let queries: [(kind: String, text: String, options: SearchOptions)] = [
        ("common word", "budget", SearchOptions()),
        ("phrase", "quarterly budget", SearchOptions()),
        ("case-sensitive", "Budget", SearchOptions(caseMatching: .sensitive)),
        ("Greek case fold", "σοφια", SearchOptions()),
        ("CJK", "预算", SearchOptions()),
        ("emoji + modifier", "👍🏽", SearchOptions()),
        ("no hits", "zqxj", SearchOptions()),
    ]
    let megabytes = Double(corpus.textByteCount) / 1e6
    print("\nsearch (\(corpus.rowCount) rows, \(String(format: "%.1f", megabytes)) MB of text)")
    print("  query kind          matcher        hits       time      rows/s      MB/s")
    for query in queries {
        let reference = SearchRunner(try RegexMatcher(try Query(query.text, options: query.options)))
        var expected = HitIndex(rowCount: 0)
        let seconds = median(options.runs) { expected = reference.search(corpus) }
        // Faster matchers join this list; each must equal the reference before its time is shown.
        let matchers: [(name: String, matcher: any Matcher)] = [("Regex reference", try RegexMatcher(try Query(query.text, options: query.options)))]
        for (name, matcher) in matchers {
            var found = HitIndex(rowCount: 0)
            let time = name == "Regex reference" ? seconds : median(options.runs) { found = SearchRunner(matcher).search(corpus) }
            if name != "Regex reference" && found != expected {
                print("  \(query.kind): \(name) differs from the Regex reference; no time reported")
                exit(1)
            }
            print("  \(query.kind.padding(toLength: 18, withPad: " ", startingAt: 0)) \(name.padding(toLength: 15, withPad: " ", startingAt: 0)) \(String(format: "%6d", expected.count)) \(format(time))  \(String(format: "%10.0f", Double(corpus.rowCount) / time))  \(String(format: "%8.1f", megabytes / time))")
        }
    }
}

// MARK: Export

if options.section == "all" || options.section == "export" {
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

if options.section == "all" || options.section == "typing" {
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

if options.section == "all" || options.section == "epub" {
    // About 5 MB of deflated XHTML: 120 chapters of 1,250 paragraphs.
    var bookGenerator = CorpusGenerator(seed: 7)
    let book = bookGenerator.epub(chapters: 120, paragraphs: 1_250)
    let bookURL = folder.appendingPathComponent("book.epub")
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

/// Runs the `tsearch` built beside this benchmark; returns seconds, exit status and stderr.
func runTSearch(_ arguments: [String], state: URL, in directory: URL) throws -> (seconds: Double, status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tsearch")
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ["TSEARCH_STATE": state.path, "PATH": "/usr/bin:/bin"]
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    let start = DispatchTime.now().uptimeNanoseconds
    try process.run()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, process.terminationStatus, stderr)
}

if options.section == "all" || options.section == "navigation" {
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let cases: [(name: String, arguments: [String], directory: URL)] = [
        ("Samples/ (all formats)", ["search", "budget", "Samples/"], samples),
        ("corpus.srt (\(options.rows) rows)", ["search", "budget", "corpus.srt"], folder),
    ]
    print("\nnavigation, whole process: `tsearch search` once, then `tsearch next` (cache, no re-search)")
    print("  corpus                          search      next   next/search")
    for item in cases {
        let state = folder.appendingPathComponent("state-\(item.name.hashValue)/session.json")
        let search = try runTSearch(item.arguments, state: state, in: item.directory)
        var failures: [String] = []
        let next = try median(max(options.runs, 5)) {
            let step = try runTSearch(["next", "-C", "2"], state: state, in: item.directory)
            if step.status != 0 || !step.stderr.isEmpty { failures.append(step.stderr) }
        }
        if !failures.isEmpty {
            print("  \(item.name): tsearch next failed or searched again: \(failures[0])")
            exit(1)
        }
        print("  \(item.name.padding(toLength: 28, withPad: " ", startingAt: 0)) \(format(search.seconds)) \(format(next))   \(String(format: "%6.3f", next / search.seconds))")
    }
}

print(String(format: "\npeak memory: benchmark %.0f MiB, largest tsearch process %.0f MiB", peakMemoryMiB(RUSAGE_SELF), peakMemoryMiB(RUSAGE_CHILDREN)))
