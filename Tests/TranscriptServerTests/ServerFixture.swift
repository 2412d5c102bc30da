import Testing
import Foundation
import TranscriptFormats
import TranscriptModel
import TranscriptSearch
@testable import TranscriptServer

/// The servers these tests share, started once per test process on first use (one node, and a
/// cluster of two shards), and the helpers that compare hits through them with hits over files.
enum ServerFixture {
    /// Whether the server program is installed; the tests are skipped with this note otherwise.
    static let isInstalled = LocalClickHouse.executable != nil
    static let skipNote: Comment = "clickhouse-server is not installed (apt-get install clickhouse-server): the server tests are skipped"

    static let singleNode = Result<LocalClickHouse, LocalClickHouse.Unavailable> { () throws(LocalClickHouse.Unavailable) in try LocalClickHouse(.singleNode) }
    static let twoShards = Result<LocalClickHouse, LocalClickHouse.Unavailable> { () throws(LocalClickHouse.Unavailable) in try LocalClickHouse(.twoShards) }

    /// A fresh table name, so tests never see each other's rows.
    static func tableName(_ prefix: String) -> String {
        "\(prefix)_\(UInt32.random(in: 0...UInt32.max))"
    }

    /// An archive in a new table on `servers` (the cluster's tables made over both shards).
    static func archive(on layout: LocalClickHouse.Layout, prefix: String) throws -> TranscriptArchive {
        let servers = try (layout == .singleNode ? singleNode : twoShards).get()
        let address = try ServerAddress(servers.url(table: tableName(prefix)))
        let archive = TranscriptArchive(client: ClickHouseClient(address: address))
        try archive.create(cluster: layout == .twoShards ? LocalClickHouse.clusterName : nil)
        return archive
    }

    /// Every file of `Samples/` that loads, as one corpus (the repository's own samples).
    static func samples() throws -> Corpus {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples")
        var transcripts: [Transcript] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let url = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  name != "README.md", let bytes = try? Array(Data(contentsOf: url)),
                  let loaded = try? TranscriptLoader.load(bytes: bytes, path: "Samples/" + name) else { continue }
            transcripts.append(loaded.transcript)
        }
        return Corpus(transcripts)
    }

    /// Each source of `corpus` to index, its hash made from its rows' text (stable for the same rows).
    static func files(of corpus: Corpus, salt: String = "") -> [TranscriptArchive.FileToIndex] {
        corpus.sources.indices.map { source in
            var hasher = FNV()
            hasher.add(salt)
            for row in corpus.rows(ofSource: source) { hasher.add(corpus.text(ofRow: row)) }
            return TranscriptArchive.FileToIndex(source: source, hash: "test:\(hasher.value)")
        }
    }

    /// A hit as both sides can name it: the file, the row's number in it, the UTF-8 range.
    struct NamedHit: Hashable, Comparable, CustomStringConvertible {
        var file: String
        var row: Int
        var start: Int
        var end: Int
        static func < (a: NamedHit, b: NamedHit) -> Bool { (a.file, a.row, a.start) < (b.file, b.row, b.start) }
        var description: String { "\(file)#\(row)[\(start)..<\(end)]" }
    }

    /// The hits of `request` over `corpus`, by file and row number.
    static func localHits(_ request: SearchRequest, in corpus: Corpus) throws -> [NamedHit] {
        let index = try request.runner().search(corpus)
        return (0..<index.count).map { position in
            let hit = index.hit(at: position)
            let source = corpus.source(ofRow: hit.row)
            return NamedHit(file: corpus.sources[source].path, row: hit.row - corpus.rows(ofSource: source).lowerBound,
                            start: hit.utf8Range.lowerBound, end: hit.utf8Range.upperBound)
        }.sorted()
    }

    /// The hits of `request` through `archive`: candidate rows from the server, the matcher on them.
    static func serverHits(_ request: SearchRequest, in archive: TranscriptArchive) throws -> [NamedHit] {
        let narrowing: TranscriptArchive.Narrowing = RowPrefilter(request).map { .needles($0) } ?? .everyRow
        let candidates = try archive.candidates(for: request, narrowing: narrowing)
        let index = try request.runner().search(candidates.corpus)
        return (0..<index.count).map { position in
            let hit = index.hit(at: position)
            let source = candidates.corpus.source(ofRow: hit.row)
            return NamedHit(file: candidates.corpus.sources[source].path, row: candidates.rowNumbers[hit.row],
                            start: hit.utf8Range.lowerBound, end: hit.utf8Range.upperBound)
        }.sorted()
    }

    /// The benchmark's query kinds that search within rows (across cues is not offered through a
    /// server), with filters: what point 1 compares.
    static let requests: [SearchRequest] = {
        let kinds: [(String, SearchOptions)] = [
            ("budget", SearchOptions()),
            ("postmortem", SearchOptions()),
            ("zqxj", SearchOptions()),
            ("café", SearchOptions()),
            ("会议", SearchOptions()),
            ("review the budget", SearchOptions()),
            ("Budget", SearchOptions(caseMatching: .sensitive)),
            ("σοφια", SearchOptions()),
            ("budget (review|plan)", SearchOptions(syntax: .regularExpression)),
            ("budget", SearchOptions(words: .wholeWords)),
            ("art", SearchOptions(words: .wholeWords)),
            ("cafe", SearchOptions(diacritics: .insensitive)),
            ("istanbul", SearchOptions(language: "tr")),
            ("postmortem\\s+\\w+", SearchOptions(syntax: .regularExpression)),
            ("budget|forecast", SearchOptions(syntax: .regularExpression)),
            ("\\d{4}\\s\\w+", SearchOptions(syntax: .regularExpression)),
            ("Budget", SearchOptions(caseMatching: .sensitive, words: .wholeWords)),
            ("kelvin", SearchOptions()),
            ("straße", SearchOptions()),
            ("the", SearchOptions()),
            ("Ä", SearchOptions(caseMatching: .sensitive)),
        ]
        var requests = kinds.map { SearchRequest(text: $0.0, options: $0.1) }
        requests.append(SearchRequest(text: "budget", filter: RowFilter(speakers: ["alice"])))
        requests.append(SearchRequest(text: "the", filter: RowFilter(after: Timestamp(milliseconds: 30_000), before: Timestamp(milliseconds: 400_000))))
        requests.append(SearchRequest(text: "budget", filter: RowFilter(files: ["*.vtt", "part-1*"])))
        requests.append(SearchRequest(text: "e", filter: RowFilter(sections: ["chapter"])))
        return requests
    }()

    /// A generated corpus of `files` files of `rows` rows each: meeting-style sentences with the
    /// hard cases mixed in (accents composed and decomposed, the Kelvin sign, ß and ẞ, Turkish
    /// İ and ı, Greek final sigma, CJK, emoji with skin tones), times, speakers and sections.
    static func generated(files: Int, rows: Int, seed: UInt64 = 7) -> Corpus {
        var random = SplitMix(seed)
        let words = [
            "budget", "Budget", "BUDGET", "review", "the", "plan", "forecast", "postmortem", "café", "cafe\u{301}", "CAFÉ",
            "\u{212A}elvin", "kelvin", "straße", "STRAẞE", "İstanbul", "istanbul", "ıstanbul", "σοφια", "ΣΟΦΙΑ", "σοφίας",
            "会议", "会议室", "👍", "👍🏽", "art", "article", "smart", "2024", "1999", "zq", "xj", "Ä", "ä", "A\u{308}",
            "review the budget", "budget review", "budget plan", "forecasts", "tea", "then", "art's",
        ]
        let speakers = ["Alice", "ALICE", "Bob", "Çağrı", nil]
        var transcripts: [Transcript] = []
        for file in 0..<files {
            let path = file % 2 == 0 ? "part-\(file).srt" : "meeting/part-\(file).vtt"
            var list: [Row] = []
            for row in 0..<rows {
                let count = 3 + Int(random.next() % 9)
                let text = (0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
                let timed = random.next() % 10 != 0
                let start = Int64(row) * 2500
                list.append(Row(
                    id: RowID(source: 0, index: row), text: text,
                    start: timed ? Timestamp(milliseconds: start) : nil, end: timed && row % 3 != 0 ? Timestamp(milliseconds: start + 2000) : nil,
                    speaker: speakers[Int(random.next() % UInt64(speakers.count))],
                    title: row % 4 == 0 ? nil : "Chapter \(row / 50)", locator: Locator(file: path, line: row * 4 + 1, cue: row % 2 == 0 ? String(row + 1) : nil)))
            }
            transcripts.append(Transcript(source: SourceInfo(path: path, format: "srt", encoding: "utf-8"), rows: list))
        }
        return Corpus(transcripts)
    }
}

/// A deterministic generator (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// FNV-1a over strings, for test hashes.
struct FNV {
    var value: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
        value ^= 0xff
        value &*= 0x100_0000_01b3
    }
}
