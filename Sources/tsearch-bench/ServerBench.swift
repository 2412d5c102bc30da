import Foundation
import TranscriptModel
import TranscriptSearch
import TranscriptServer

/// `--section server`: the benchmark's corpus kept in ClickHouse. Index rows/s, then per query
/// kind the time of a search through the server (candidate rows from the server, the matcher on
/// them) next to the same search over the rows in memory, warm; the hits must be equal (a
/// difference stops the benchmark with exit status 1).
///
/// The server is `TSEARCH_SERVER` when set (a table named `tsearch_bench_…` is made there and
/// dropped after), else one started here from Debian's `clickhouse-server` (and a cluster of two
/// shards on this machine, to show what a Distributed table costs); without either the section
/// is skipped with a note.
enum ServerBench {
    static func run(corpus: Corpus, queries: [(kind: String, text: String, options: SearchOptions)], runs: Int) throws {
        var targets: [(name: String, address: ServerAddress, cluster: String?, servers: LocalClickHouse?)] = []
        let table = "tsearch_bench_\(UInt32.random(in: 0...UInt32.max))"
        if let given = ProcessInfo.processInfo.environment["TSEARCH_SERVER"], !given.isEmpty {
            var address = try ServerAddress(given)
            address.table = table
            targets.append(("TSEARCH_SERVER", address, nil, nil))
        } else if LocalClickHouse.executable != nil {
            let single = try LocalClickHouse(.singleNode)
            targets.append(("one local node", try ServerAddress(single.url(table: table)), nil, single))
            let shards = try LocalClickHouse(.twoShards)
            targets.append(("two local shards", try ServerAddress(shards.url(table: table)), LocalClickHouse.clusterName, shards))
        } else {
            print("\nserver: skipped (clickhouse-server is not installed and TSEARCH_SERVER is not set)")
            return
        }
        for target in targets {
            defer { target.servers?.stop() }
            let archive = TranscriptArchive(client: ClickHouseClient(address: target.address, timeoutMilliseconds: 600_000))
            try archive.create(cluster: target.cluster)
            let files = corpus.sources.indices.map { TranscriptArchive.FileToIndex(source: $0, hash: "bench-\($0)") }
            let start = DispatchTime.now().uptimeNanoseconds
            let summary = try archive.index(files, of: corpus)
            let indexSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            print("\nserver, \(target.name) (ClickHouse): \(corpus.rowCount) rows indexed in \(format(indexSeconds)), "
                + "\(String(format: "%.0f", Double(summary.rowsSent) / indexSeconds)) rows/s, \(String(format: "%.0f", Double(summary.bytesSent) / indexSeconds / 1e6)) MB/s of JSON")
            print("  query kind         query               hits  candidates     server   in memory   server/memory")
            for query in queries where query.options.spanning == .withinRows {
                let request = SearchRequest(text: query.text, options: query.options)
                let runner = try request.runner()
                var local = HitIndex(rowCount: 0)
                let localTime = median(runs) { local = runner.search(corpus) }
                let narrowing: TranscriptArchive.Narrowing = RowPrefilter(request).map { .needles($0) } ?? .everyRow
                var candidates: TranscriptArchive.CandidateRows?
                var served = HitIndex(rowCount: 0)
                let serverTime = try median(runs) {
                    candidates = try archive.candidates(for: request, narrowing: narrowing)
                    served = runner.search(candidates?.corpus ?? Corpus())
                }
                guard let candidates, sameHits(local, in: corpus, served, numbers: candidates.rowNumbers) else {
                    print("  \(query.kind): \(served.count) hits through the server, \(local.count) in memory; no time reported")
                    exit(1)
                }
                let scan = RowPrefilter(request) == nil ? " (--scan)" : ""
                print("  \(padded(query.kind, 18)) \(padded("\"" + query.text + "\"", 18)) \(String(format: "%7d", local.count))  \(String(format: "%10d", candidates.corpus.rowCount))  \(format(serverTime))  \(format(localTime))  \(String(format: "%10.1f", serverTime / localTime))x\(scan)")
            }
            if target.servers == nil { try archive.drop() }
        }
    }

    /// Whether the hits over the corpus (one source) equal the hits over the server's rows, whose
    /// row numbers in the file are `numbers`.
    static func sameHits(_ local: HitIndex, in corpus: Corpus, _ served: HitIndex, numbers: [Int]) -> Bool {
        guard local.count == served.count else { return false }
        for position in 0..<local.count {
            let a = local.hit(at: position), b = served.hit(at: position)
            guard a.row - corpus.rows(ofSource: corpus.source(ofRow: a.row)).lowerBound == numbers[b.row], a.utf8Range == b.utf8Range else { return false }
        }
        return true
    }
}

/// `--section server`, whole processes: an archive of meetings (`files` SubRip files of equal
/// length, `rows` rows in all, written once and kept beside the corpus), indexed into one local
/// node by `tsearch index --server`; then each search as a whole `tsearch search --server`
/// process next to the same search over the files, warm (median of `runs`), with the bytes the
/// server sent for it (counted by a `CountingProxy` in front of the server). Outputs must be
/// equal: a difference stops the benchmark with exit status 1.
extension ServerBench {
    /// The searches timed, each as the arguments after `search`, with what the issue's bounds
    /// call them.
    static let archiveSearches: [(kind: String, arguments: [String])] = [
        ("rare word", ["postmortem"]),
        ("phrase", ["the budget"]),
        ("accented word", ["café"]),
        ("common word -c", ["-c", "budget"]),
        ("-w -c", ["-w", "-c", "budget"]),
        ("speaker + word -c", ["-c", "speaker:dana budget"]),
        ("speaker + word", ["speaker:dana postmortem"]),
        ("rare word -C 2", ["-C", "2", "postmortem"]),
    ]

    static func runArchive(rows: Int, files: Int, runs: Int, corpusFolder: URL, scratch: URL) throws {
        guard LocalClickHouse.executable != nil else {
            print("\nserver, whole processes: skipped (clickhouse-server is not installed)")
            return
        }
        let perFile = max(1, rows / max(1, files))
        let folder = corpusFolder.appendingPathComponent("meetings-v1-\(files)x\(perFile)")
        if !FileManager.default.fileExists(atPath: folder.path) {
            let partial = corpusFolder.appendingPathComponent("meetings-v1-\(files)x\(perFile).partial")
            try? FileManager.default.removeItem(at: partial)
            try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true)
            var generator = CorpusGenerator(seed: 1000)
            for number in 0..<files {
                try Data(generator.subRip(rows: perFile).utf8).write(to: partial.appendingPathComponent(String(format: "meeting-%05d.srt", number)))
            }
            rename(partial.path, folder.path)
        }
        let servers = try LocalClickHouse(.singleNode)
        defer { servers.stop() }
        guard let proxy = CountingProxy(to: "127.0.0.1", port: servers.httpPort) else {
            print("\nserver, whole processes: skipped (no loopback port for the counting proxy)")
            return
        }
        let url = "http://127.0.0.1:\(proxy.port)/?table=meetings"
        let filesState = scratch.appendingPathComponent("archive-files/session.json")
        let serverState = scratch.appendingPathComponent("archive-server/session.json")
        for state in [filesState, serverState] {
            try FileManager.default.createDirectory(at: state.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        let indexed = try runTSearch(["index", "--server", url, folder.path], state: serverState)
        guard indexed.status == 0 else {
            print("\nserver, whole processes: indexing failed: \(indexed.stderr)")
            exit(1)
        }
        print("\nserver, whole processes: \(files * perFile) rows in \(files) files of \(perFile) rows, one local node (ClickHouse 18.16); "
            + "indexed in \(format(indexed.seconds)) by `tsearch index --server`; median of \(runs) runs, files warm")
        print("  search                    hits/lines   over the files   through the server   server/files   received")
        for (kind, arguments) in archiveSearches {
            _ = try runTSearch(["search"] + arguments + [folder.path], state: filesState)
            var overFiles: ProcessRun?
            let filesTime = try median(runs) { overFiles = try runTSearch(["search"] + arguments + [folder.path], state: filesState) }
            var served: ProcessRun?
            var received = 0
            let serverTime = try median(runs) {
                let before = proxy.bytesReceived
                served = try runTSearch(["search", "--server", url] + arguments, state: serverState)
                received = proxy.bytesReceived - before
            }
            // A search the time limit (10 s unless --timeout) abandons is reported as such: it
            // differs from no search over the files, and the rest still runs.
            if let served, served.status == 2, served.stderr.contains("ran out of its time limit") {
                print("  \(padded(kind, 24)) \(padded("", 14)) \(format(filesTime))       gave up at the time limit (10 s)")
                continue
            }
            guard let overFiles, let served, served.status == overFiles.status,
                  served.stdout == overFiles.stdout || lines(served.stdout) == lines(overFiles.stdout)
            else {
                print("  \(kind): the output through the server differs from the output over the files; no time reported")
                print("  server (\(served?.status ?? -1)): \(served?.stdout.prefix(300) ?? "") \(served?.stderr.prefix(300) ?? "")")
                print("  files (\(overFiles?.status ?? -1)): \(overFiles?.stdout.prefix(300) ?? "")")
                exit(1)
            }
            let shown = arguments.contains("-c") ? (overFiles.stdout.split(separator: "\n").last.map(String.init) ?? "") : "\(overFiles.stdout.split(separator: "\n").count) lines"
            print("  \(padded(kind, 24)) \(padded(shown, 14)) \(format(filesTime))       \(format(serverTime))          \(String(format: "%6.1f", serverTime / filesTime))x   \(bytes(received))")
        }
        // `next` on the saved search of the last listing (through the server: its kept rows).
        _ = try runTSearch(["search", "postmortem", folder.path], state: filesState)
        _ = try runTSearch(["search", "--server", url, "postmortem"], state: serverState)
        var filesNext: ProcessRun?, serverNext: ProcessRun?
        var received = 0
        let filesTime = try median(runs) { filesNext = try runTSearch(["next", "--color", "never"], state: filesState) }
        let serverTime = try median(runs) {
            let before = proxy.bytesReceived
            serverNext = try runTSearch(["next", "--color", "never"], state: serverState)
            received = proxy.bytesReceived - before
        }
        guard let filesNext, let serverNext, serverNext.status == filesNext.status,
              serverNext.stdout.split(separator: "\n").dropFirst().elementsEqual(filesNext.stdout.split(separator: "\n").dropFirst())
        else {
            print("  next: the hit shown through the server differs from the one over the files")
            exit(1)
        }
        print("  \(padded("next", 24)) \(padded("", 14)) \(format(filesTime))       \(format(serverTime))          \(String(format: "%6.1f", serverTime / filesTime))x   \(bytes(received))")
        // The first `next` after a count the server made: it fetches the rows the count did not
        // (the count before it is not timed).
        // (Past 200,000 rows with hits the rows around them are not fetched: `budget` is not one.)
        for query in ["postmortem", "pricing"] {
            var filesSteps: [Double] = [], serverSteps: [Double] = []
            var fetched = 0
            for _ in 0..<runs {
                _ = try runTSearch(["search", "-c", query, folder.path], state: filesState)
                let filesFirst = try runTSearch(["next", "--color", "never"], state: filesState)
                _ = try runTSearch(["search", "-c", "--server", url, query], state: serverState)
                let before = proxy.bytesReceived
                let serverFirst = try runTSearch(["next", "--color", "never"], state: serverState)
                fetched = proxy.bytesReceived - before
                guard serverFirst.status == filesFirst.status,
                      serverFirst.stdout.split(separator: "\n").dropFirst().elementsEqual(filesFirst.stdout.split(separator: "\n").dropFirst())
                else {
                    print("  next after -c \(query): the hit shown through the server differs from the one over the files")
                    exit(1)
                }
                filesSteps.append(filesFirst.seconds)
                serverSteps.append(serverFirst.seconds)
            }
            let filesTime = filesSteps.sorted()[runs / 2], serverTime = serverSteps.sorted()[runs / 2]
            print("  \(padded("next after -c " + query, 24)) \(padded("", 14)) \(format(filesTime))       \(format(serverTime))          \(String(format: "%6.1f", serverTime / filesTime))x   \(bytes(fetched))")
        }
    }

    /// Lines sorted: over the files `-c` lists files in load order, through the server in path order.
    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n").sorted() }

    static func bytes(_ count: Int) -> String {
        count >= 1 << 20 ? String(format: "%.1f MB", Double(count) / 1e6) : count >= 1024 ? String(format: "%.0f kB", Double(count) / 1e3) : "\(count) B"
    }
}
