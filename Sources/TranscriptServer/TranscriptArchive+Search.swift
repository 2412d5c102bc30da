import TranscriptModel
import TranscriptSearch

extension TranscriptArchive {
    /// Rows the server sent for a search: a superset of the rows with hits, as a corpus the
    /// matcher runs on (one source per file that sent rows, in path order, rows in file order).
    public struct CandidateRows: Sendable {
        /// The rows, one source per file that sent any.
        public var corpus: Corpus
        /// Per row of `corpus`, its number in its file (from 0): the same row of the same file
        /// searched locally.
        public var rowNumbers: [Int]
        /// The SQL that asked for them (for messages and the benchmark).
        public var sql: String
    }

    /// How the rows are narrowed on the server.
    public enum Narrowing: Sendable {
        /// Rows holding one of the prefilter's needles.
        case needles(RowPrefilter)
        /// Every row that passes the filters in SQL (`--scan`).
        case everyRow
    }

    /// The visible rows that may hold a hit of `request`: narrowed as `narrowing` says, and by the
    /// request's filters where SQL can say them exactly (times, files; rows without a speaker or
    /// a section when those are filtered). The request's filter still has to run on them (the
    /// `SearchRunner` does): speaker and section names are compared by Swift's rules, not SQL's.
    public func candidates(for request: SearchRequest, narrowing: Narrowing) throws(ServerError) -> CandidateRows {
        let files = try storedFiles()
        var conditions = ["generation GLOBAL IN (\(currentGenerations))"]
        let filter = request.filter
        if !filter.files.isEmpty {
            let accepted = files.keys.filter { filter.acceptsFile(path: $0) }.sorted()
            guard !accepted.isEmpty else { return CandidateRows(corpus: Corpus(), rowNumbers: [], sql: "") }
            conditions.append("file IN (\(accepted.map(ClickHouseClient.literal).joined(separator: ", ")))")
        }
        if filter.after != nil || filter.before != nil { conditions.append("start_ms >= 0") }
        if let after = filter.after { conditions.append("if(end_ms >= 0, end_ms, start_ms) > \(after.milliseconds)") }
        if let before = filter.before { conditions.append("start_ms < \(before.milliseconds)") }
        if !filter.speakers.isEmpty { conditions.append("has_speaker = 1") }
        if !filter.sections.isEmpty { conditions.append("has_title = 1") }
        if case .needles(let prefilter) = narrowing {
            conditions.append("(" + Self.condition(prefilter) + ")")
        }
        let sql = """
            SELECT file, row, text, start_ms, end_ms, speaker, has_speaker, title, has_title, line, cue, has_cue, href, element \
            FROM \(address.rowsTable) WHERE \(conditions.joined(separator: " AND ")) ORDER BY file, row FORMAT TabSeparated
            """
        let table = try client.rows(sql)
        var corpus = Corpus()
        var numbers: [Int] = []
        var pending: (path: String, rows: [Row])?
        func finish() {
            guard let (path, rows) = pending else { return }
            let stored = files[path]
            corpus.append(Transcript(
                source: SourceInfo(path: path, format: stored?.format ?? "", encoding: stored?.encoding ?? "utf-8"), rows: rows))
            pending = nil
        }
        for fields in table.rows {
            guard fields.count == 14, let path = fields[0], let number = fields[1].flatMap({ Int($0) }),
                  let start = fields[3].flatMap({ Int64($0) }), let end = fields[4].flatMap({ Int64($0) }),
                  let line = fields[9].flatMap({ Int($0) }), let element = fields[13].flatMap({ Int($0) })
            else { throw ServerError(server: address.description, kind: .badAnswer("a row is not in the shape of \(address.rowsTable)")) }
            if pending?.path != path {
                finish()
                pending = (path, [])
            }
            let locator = Locator(
                file: path, line: line > 0 ? line : nil, cue: fields[11] == "1" ? fields[10] : nil,
                href: fields[12].flatMap { $0.isEmpty ? nil : $0 }, element: element >= 0 ? element : nil)
            let row = Row(
                id: RowID(source: corpus.sources.count, index: pending?.rows.count ?? 0), text: fields[2] ?? "",
                start: start >= 0 ? Timestamp(milliseconds: start) : nil, end: end >= 0 ? Timestamp(milliseconds: end) : nil,
                speaker: fields[6] == "1" ? fields[5] : nil, title: fields[8] == "1" ? fields[7] : nil, locator: locator)
            pending?.rows.append(row)
            numbers.append(number)
        }
        finish()
        return CandidateRows(corpus: corpus, rowNumbers: numbers, sql: sql)
    }

    /// The SQL that holds for a row containing one of `prefilter`'s needles.
    static func condition(_ prefilter: RowPrefilter) -> String {
        prefilter.needles.map { needle in
            let function = needle.asciiCase == .insensitive ? "positionCaseInsensitive" : "position"
            return "\(function)(text, \(ClickHouseClient.literal(needle.bytes))) > 0"
        }.joined(separator: " OR ")
    }
}
