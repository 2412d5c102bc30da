import Foundation
import TranscriptModel

extension TranscriptArchive {
    /// One file to index: a source of a corpus and the hash of its bytes.
    public struct FileToIndex: Sendable {
        /// The source's position in the corpus.
        public var source: Int
        /// The hash of the file's bytes (any stable text: equal hashes mean nothing to send).
        public var hash: String

        /// File `source` of the corpus, whose bytes hash to `hash`.
        public init(source: Int, hash: String) {
            self.source = source
            self.hash = hash
        }
    }

    /// What an index run did.
    public struct IndexSummary: Hashable, Sendable {
        /// Files whose rows were sent (new or changed).
        public var filesSent = 0
        /// Files already stored with the same hash: nothing was sent for them.
        public var filesUnchanged = 0
        /// Rows sent, of the files sent.
        public var rowsSent = 0
        /// Bytes of JSON sent.
        public var bytesSent = 0
    }

    /// Where an index run stops early, for tests of an interrupted run.
    package enum Interruption: Sendable {
        case none
        /// After the rows of every file are stored, before any file is named in `NAME_files`.
        case beforeNamingFiles
    }

    /// Sends the rows of `files` of `corpus` that the archive does not hold with the same hash, in
    /// batches of about `batchBytes` bytes of JSON; each file becomes visible once all its rows
    /// are stored (its `NAME_files` line is written after them), and its older rows are then
    /// deleted. `progress` is told the files done and the rows sent after each batch.
    ///
    /// Runs may overlap (two `tsearch index` of the same file at once): whichever order their
    /// steps take, the version left visible keeps its rows (`removeOlderRows(of:)`).
    /// - Throws: `ServerError`; the files made visible before the error stay visible.
    public func index(
        _ files: [FileToIndex], of corpus: Corpus, batchBytes: Int = 8 << 20,
        progress: (_ filesDone: Int, _ rowsSent: Int) -> Void = { _, _ in }
    ) throws(ServerError) -> IndexSummary {
        try index(files, of: corpus, batchBytes: batchBytes, interruption: .none, progress: progress)
    }

    /// `index(_:of:batchBytes:progress:)`, stopped where `interruption` says (for tests): the
    /// two steps, `send` then `removeOlderRows(of:)`.
    package func index(
        _ files: [FileToIndex], of corpus: Corpus, batchBytes: Int = 8 << 20, interruption: Interruption,
        progress: (_ filesDone: Int, _ rowsSent: Int) -> Void = { _, _ in }
    ) throws(ServerError) -> IndexSummary {
        let run = try send(files, of: corpus, stored: storedFiles(), batchBytes: batchBytes, interruption: interruption, progress: progress)
        if interruption == .none { try removeOlderRows(of: run.sent) }
        return run.summary
    }

    /// A file whose rows a run sent: its path, and the generation they carry, stamped with the
    /// time the run began sending them (nanoseconds since 1970: the `indexed_ns` of its
    /// `NAME_files` line, which orders versions).
    package struct SentFile: Hashable, Sendable {
        /// The file's path as it is shown (its `file` column).
        package var path: String
        /// The generation its rows carry (`generation(hash:indexedAt:)`).
        package var generation: String
        /// When the run began sending it (nanoseconds since 1970), the stamp in `generation`.
        package var indexedAt: UInt64
    }

    /// The first step of an index run: sends the rows of `files` that `stored` (the archive as the
    /// run found it) does not hold with the same hash, and names each file in `NAME_files` once
    /// its rows are stored (unless `interruption` stops it before). `clock` stamps each file's
    /// version (nanoseconds since 1970); a test gives two runs the times it wants.
    package func send(
        _ files: [FileToIndex], of corpus: Corpus, stored: [String: StoredFile], batchBytes: Int = 8 << 20,
        interruption: Interruption = .none, clock: () -> UInt64 = { UInt64(max(0, Date().timeIntervalSince1970 * 1e9)) },
        progress: (_ filesDone: Int, _ rowsSent: Int) -> Void = { _, _ in }
    ) throws(ServerError) -> (summary: IndexSummary, sent: [SentFile]) {
        var summary = IndexSummary()
        var rows: [UInt8] = []
        /// Files whose rows are all in `rows` or stored: their `NAME_files` lines, in order.
        var complete: [UInt8] = []
        var sent: [SentFile] = []
        var done = 0
        let settings = [("insert_distributed_sync", "1")]

        func flush() throws(ServerError) {
            if !rows.isEmpty {
                try client.insert(into: address.rowsTable, jsonLines: rows, settings: settings)
                summary.bytesSent += rows.count
                rows.removeAll(keepingCapacity: true)
            }
            if !complete.isEmpty, interruption == .none {
                try client.insert(into: address.filesTable, jsonLines: complete)
                complete.removeAll(keepingCapacity: true)
            }
            progress(done, summary.rowsSent)
        }

        for file in files {
            let path = corpus.sources[file.source].path
            if let current = stored[path], current.hash == file.hash {
                summary.filesUnchanged += 1
                done += 1
                continue
            }
            let indexedAt = clock()
            let generation = Self.generation(hash: file.hash, indexedAt: indexedAt)
            let range = corpus.rows(ofSource: file.source)
            for (number, row) in range.enumerated() {
                JSONLine.appendRow(corpus.row(at: row), path: path, generation: generation, number: number, to: &rows)
                if rows.count >= batchBytes { try flush() }
            }
            summary.rowsSent += range.count
            summary.filesSent += 1
            done += 1
            let source = corpus.sources[file.source]
            JSONLine.appendFile(
                path: path, hash: file.hash, generation: generation, rows: range.count, format: source.format,
                encoding: source.encoding, facts: source.facts, indexedAt: indexedAt, to: &complete)
            sent.append(SentFile(path: path, generation: generation, indexedAt: indexedAt))
        }
        try flush()
        return (summary, sent)
    }

    /// A version's generation: `HASH-TIME-RANDOM`, the time (hexadecimal nanoseconds) the one
    /// `indexedAt(ofGeneration:)` reads back, so rows no `NAME_files` line names yet can still be
    /// told older or newer than the visible version.
    static func generation(hash: String, indexedAt: UInt64) -> String {
        "\(hash)-\(String(indexedAt, radix: 16))-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
    }

    /// The time a generation was stamped with, or nil when it is not one `generation(hash:indexedAt:)` made.
    static func indexedAt(ofGeneration generation: String) -> UInt64? {
        let parts = generation.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        return UInt64(parts[parts.count - 2], radix: 16)
    }

    /// The last step of an index run: deletes, of the files it sent, the rows of every version
    /// older than the one visible now (the versions it replaced, rows of an interrupted run, or
    /// those of an overlapping run that lost), and never the visible version's rows, nor those of
    /// a newer version whose run is still sending them. So two overlapping runs of one file leave
    /// it visible whatever order their steps take. ClickHouse deletes in the background; the rows
    /// are invisible to searches already.
    ///
    /// Older and newer are by the time in each generation (`indexedAt(ofGeneration:)`), which is
    /// the clock of the machine that ran the index: rows a run with its clock ahead left
    /// unnamed stay until a version later than that becomes visible.
    package func removeOlderRows(of files: [SentFile]) throws(ServerError) {
        guard !files.isEmpty else { return }
        let stores = try rowStores()
        let server = address.description
        for piece in stride(from: 0, to: files.count, by: 1000) {
            let paths = Set(files[piece..<min(piece + 1000, files.count)].map(\.path)).sorted()
            let pathList = paths.map { ClickHouseClient.literal($0) }.joined(separator: ", ")
            // Each file's visible version now: what no overlapping run may take away.
            var visible: [String: (generation: String, indexedAt: UInt64)] = [:]
            for fields in try client.rows("""
                SELECT file, argMax(generation, indexed_ns), max(indexed_ns) FROM \(address.filesTable) \
                WHERE file IN (\(pathList)) GROUP BY file FORMAT TabSeparated
                """).rows {
                guard fields.count == 3, let path = fields[0], let generation = fields[1], let time = fields[2].flatMap({ UInt64($0) }) else {
                    throw ServerError(server: server, kind: .badAnswer("a line of \(address.filesTable) is not a file's version"))
                }
                visible[path] = (generation, time)
            }
            for (store, table) in stores {
                var stale: Set<String> = []
                for fields in try store.rows("SELECT DISTINCT file, generation FROM \(table) WHERE file IN (\(pathList)) FORMAT TabSeparated").rows {
                    guard fields.count == 2, let path = fields[0], let generation = fields[1], let current = visible[path],
                          generation != current.generation else { continue }
                    // A generation not of our making is taken for an old one.
                    if Self.indexedAt(ofGeneration: generation).map({ $0 < current.indexedAt }) ?? true { stale.insert(generation) }
                }
                guard !stale.isEmpty else { continue }
                let generations = stale.sorted().map { ClickHouseClient.literal($0) }.joined(separator: ", ")
                try store.execute("ALTER TABLE \(table) DELETE WHERE file IN (\(pathList)) AND generation IN (\(generations))")
            }
        }
    }
}

/// The JSON lines `JSONEachRow` reads: objects of strings and numbers, strings escaped as JSON
/// (`"`, `\` and control characters; everything else as its UTF-8).
enum JSONLine {
    static func appendRow(_ row: Row, path: String, generation: String, number: Int, to out: inout [UInt8]) {
        out += Array("{\"file\":".utf8)
        appendString(path, to: &out)
        out += Array(",\"generation\":".utf8)
        appendString(generation, to: &out)
        out += Array(",\"row\":\(number),\"text\":".utf8)
        appendString(row.text, to: &out)
        out += Array(",\"start_ms\":\(row.start?.milliseconds ?? -1),\"end_ms\":\(row.end?.milliseconds ?? -1),\"speaker\":".utf8)
        appendString(row.speaker ?? "", to: &out)
        out += Array(",\"has_speaker\":\(row.speaker == nil ? 0 : 1),\"title\":".utf8)
        appendString(row.title ?? "", to: &out)
        out += Array(",\"has_title\":\(row.title == nil ? 0 : 1),\"line\":\(row.locator.line ?? 0),\"cue\":".utf8)
        appendString(row.locator.cue ?? "", to: &out)
        out += Array(",\"has_cue\":\(row.locator.cue == nil ? 0 : 1),\"href\":".utf8)
        appendString(row.locator.href ?? "", to: &out)
        out += Array(",\"element\":\(row.locator.element ?? -1)}\n".utf8)
    }

    static func appendFile(
        path: String, hash: String, generation: String, rows: Int, format: String, encoding: String, facts: MeetingFacts, indexedAt: UInt64,
        to out: inout [UInt8]
    ) {
        out += Array("{\"file\":".utf8)
        appendString(path, to: &out)
        out += Array(",\"hash\":".utf8)
        appendString(hash, to: &out)
        out += Array(",\"generation\":".utf8)
        appendString(generation, to: &out)
        out += Array(",\"rows\":\(rows),\"format\":".utf8)
        appendString(format, to: &out)
        out += Array(",\"encoding\":".utf8)
        appendString(encoding, to: &out)
        out += Array(",\"date\":".utf8)
        appendString(facts.date?.formatted ?? "", to: &out)
        out += Array(",\"date_source\":".utf8)
        appendString(facts.date == nil ? "" : facts.dateOrigin.rawValue, to: &out)
        out += Array(",\"title\":".utf8)
        appendString(facts.title, to: &out)
        out += Array(",\"title_source\":\(facts.titleFromContent ? 1 : 0)".utf8)
        out += Array(",\"indexed_ns\":\(indexedAt)}\n".utf8)
    }

    static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
