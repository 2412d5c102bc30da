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
