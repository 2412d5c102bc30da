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
    /// - Throws: `ServerError`; the files made visible before the error stay visible.
    public func index(
        _ files: [FileToIndex], of corpus: Corpus, batchBytes: Int = 8 << 20,
        progress: (_ filesDone: Int, _ rowsSent: Int) -> Void = { _, _ in }
    ) throws(ServerError) -> IndexSummary {
        try index(files, of: corpus, batchBytes: batchBytes, interruption: .none, progress: progress)
    }

    package func index(
        _ files: [FileToIndex], of corpus: Corpus, batchBytes: Int = 8 << 20, interruption: Interruption,
        progress: (_ filesDone: Int, _ rowsSent: Int) -> Void = { _, _ in }
    ) throws(ServerError) -> IndexSummary {
        let stored = try storedFiles()
        var summary = IndexSummary()
        var rows: [UInt8] = []
        /// Files whose rows are all in `rows` or stored: their `NAME_files` lines, in order.
        var complete: [UInt8] = []
        var sent: [(path: String, generation: String)] = []
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
            let indexedAt = UInt64(max(0, Date().timeIntervalSince1970 * 1e9))
            let generation = "\(file.hash)-\(String(indexedAt, radix: 16))-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
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
                encoding: source.encoding, indexedAt: indexedAt, to: &complete)
            sent.append((path, generation))
        }
        try flush()
        if interruption == .none { try removeOlderRows(of: sent) }
        return summary
    }

    /// Deletes the rows of `files` under any generation but the one just made visible (older
    /// versions, and rows of an interrupted run). ClickHouse deletes in the background; the rows
    /// are invisible to searches already.
    private func removeOlderRows(of files: [(path: String, generation: String)]) throws(ServerError) {
        guard !files.isEmpty else { return }
        for piece in stride(from: 0, to: files.count, by: 1000) {
            let slice = files[piece..<min(piece + 1000, files.count)]
            let paths = slice.map { ClickHouseClient.literal($0.path) }.joined(separator: ", ")
            let generations = slice.map { ClickHouseClient.literal($0.generation) }.joined(separator: ", ")
            let condition = "file IN (\(paths)) AND generation NOT IN (\(generations))"
            for (store, table) in try rowStores() {
                let stale = try store.rows("SELECT count() FROM \(table) WHERE \(condition) FORMAT TabSeparated").rows.first?.first ?? nil
                guard let stale, let count = Int(stale), count > 0 else { continue }
                try store.execute("ALTER TABLE \(table) DELETE WHERE \(condition)")
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
        path: String, hash: String, generation: String, rows: Int, format: String, encoding: String, indexedAt: UInt64,
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
