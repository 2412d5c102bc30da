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
        /// Every file's visible version when they were asked for, by path (what `rows(in:files:)`
        /// can take instead of asking again).
        public var files: [String: StoredFile] = [:]
    }

    /// How the rows are narrowed on the server.
    public enum Narrowing: Sendable {
        /// Rows holding one of the prefilter's needles.
        case needles(RowPrefilter)
        /// Every row that passes the filters in SQL (`--scan`).
        case everyRow
    }

    /// The visible rows that may hold a hit of `request`: narrowed as `narrowing` says (for a query
    /// the server could count, rows it decides only when they hold the query), and by the
    /// request's filters where SQL can say them exactly (times, files; rows without a speaker or
    /// a section when those are filtered). The request's filter still has to run on them (the
    /// `SearchRunner` does): speaker and section names are compared by Swift's rules, not SQL's.
    public func candidates(for request: SearchRequest, narrowing: Narrowing) throws(ServerError) -> CandidateRows {
        let files = try storedFiles()
        guard var conditions = conditions(for: request, files: files) else {
            return CandidateRows(corpus: Corpus(), rowNumbers: [], sql: "", files: files)
        }
        if case .needles(let prefilter) = narrowing {
            conditions.append("(" + Self.condition(prefilter) + ")")
            // A row the server decides (see `count`) travels only when it holds the query itself.
            if let decided = Self.decidedNarrowing(of: request) { conditions.append(decided) }
        }
        let sql = select(where: conditions.joined(separator: " AND "))
        return try corpus(of: client.rows(sql).rows, files: files, sql: sql)
    }

    /// The SQL conditions (joined by AND) of the visible rows `request`'s filters let through where
    /// SQL can say them exactly (see `candidates(for:narrowing:)`); nil when the file filter
    /// accepts none of `files`.
    func conditions(for request: SearchRequest, files: [String: StoredFile]) -> [String]? {
        var conditions = ["generation GLOBAL IN (\(currentGenerations))"]
        let filter = request.filter
        if !filter.files.isEmpty {
            let accepted = files.keys.filter { filter.acceptsFile($0) }.sorted()
            guard !accepted.isEmpty else { return nil }
            conditions.append("file IN (\(accepted.map(ClickHouseClient.literal).joined(separator: ", ")))")
        }
        if filter.after != nil || filter.before != nil { conditions.append("start_ms >= 0") }
        if let after = filter.after { conditions.append("if(end_ms >= 0, end_ms, start_ms) > \(after.milliseconds)") }
        if let before = filter.before { conditions.append("start_ms < \(before.milliseconds)") }
        if !filter.speakers.isEmpty { conditions.append("has_speaker = 1") }
        if !filter.sections.isEmpty { conditions.append("has_title = 1") }
        return conditions
    }

    /// The visible rows `context` rows or fewer before and after each of `rows` (a file and a row
    /// number in it), the rows themselves included, and the first row of each gap between them:
    /// what a listing shows around the hits found in the candidates. A row number outside
    /// `0...lastRowNumber` names no row and is skipped.
    ///
    /// Asked for by the table's key (`rows(in:)`), so the cost grows with the rows fetched and
    /// the table's rows, not with their product.
    public func rows(around rows: [(file: String, row: Int)], context: Int) throws(ServerError) -> CandidateRows {
        try self.rows(in: Self.spans(around: rows, context: context))
    }

    /// The spans of row numbers `context` rows or fewer around each of `rows`, each widened by the
    /// first row of the gap after it when another span of its file follows, in path and row order.
    public static func spans(around rows: [(file: String, row: Int)], context: Int) -> [(file: String, range: ClosedRange<Int>)] {
        var spans: [(file: String, range: ClosedRange<Int>)] = []
        // Row numbers are a column of UInt32: anything else names no row, and clamping keeps
        // every sum below within Int.
        let context = min(max(0, context), Self.lastRowNumber)
        for (file, row) in rows.sorted(by: { ($0.file, $0.row) < ($1.file, $1.row) }) where (0...Self.lastRowNumber).contains(row) {
            let range = max(0, row - context)...(row + context)
            if let last = spans.last, last.file == file, last.range.upperBound + 1 >= range.lowerBound {
                spans[spans.count - 1].range = last.range.lowerBound...max(last.range.upperBound, range.upperBound)
            } else {
                spans.append((file, range))
            }
        }
        // One row of each gap between two spans of a file is fetched too, beyond every hit's
        // context: a listing then sees the gap (and marks it `--`) as it does over the file.
        for index in spans.indices.dropLast() where spans[index + 1].file == spans[index].file {
            spans[index].range = spans[index].range.lowerBound...(spans[index].range.upperBound + 1)
        }
        return spans
    }

    /// The most rows one statement of `rows(in:)` names one by one.
    static let rowsPerStatement = 200_000
    /// Spans longer than this are asked for as a range (`row BETWEEN`), not row by row.
    public static let longSpan = 1_000

    /// The visible rows in `spans` (row numbers of a file; numbers past a file's last row name
    /// nothing), in path and row order.
    ///
    /// Short spans are named row by row in a small table sent with the statement (ClickHouse's
    /// external data, `wanted`: file and row, up to `rowsPerStatement` rows), read as
    /// `PREWHERE (file, row) IN wanted`: lookups by the MergeTree's key (file, row), one hash-set
    /// probe per (file, row) read before any text is, rather than one condition per span on
    /// every row, so a statement costs about what the candidates' scan costs however many rows it
    /// names. The few spans longer than `longSpan` are ranges, ORed in.
    /// - Complexity: O(rows fetched) on this side.
    /// `files`: the archive's files as `storedFiles()` gave them for this search (nil: asked for).
    public func rows(in spans: [(file: String, range: ClosedRange<Int>)], files known: [String: StoredFile]? = nil) throws(ServerError) -> CandidateRows {
        let files: [String: StoredFile]
        if let known { files = known } else { files = try storedFiles() }
        var pairs: [(file: String, row: Int)] = []
        var long: [(file: String, range: ClosedRange<Int>)] = []
        for (file, range) in spans.sorted(by: { ($0.file, $0.range.lowerBound) < ($1.file, $1.range.lowerBound) }) {
            let last = min(files[file].map { $0.rows - 1 } ?? Self.lastRowNumber, Self.lastRowNumber)
            let lower = max(0, range.lowerBound), upper = min(range.upperBound, last)
            guard lower <= upper else { continue }
            if upper - lower >= Self.longSpan {
                long.append((file, lower...upper))
            } else {
                for row in lower...upper where pairs.last.map({ $0.file != file || $0.row < row }) ?? true { pairs.append((file, row)) }
            }
        }
        let visible = "generation GLOBAL IN (\(currentGenerations))"
        var fields: [[String?]] = []
        var sql = ""
        for piece in stride(from: 0, to: pairs.count, by: Self.rowsPerStatement) {
            var wanted: [UInt8] = []
            var lastFile: String?
            var field: [UInt8] = []
            for (file, row) in pairs[piece..<min(piece + Self.rowsPerStatement, pairs.count)] {
                if file != lastFile {
                    lastFile = file
                    field = ClickHouseClient.tabSeparatedField(file)
                }
                wanted += field
                wanted += Array("\t\(row)\n".utf8)
            }
            sql = select(prewhere: "(file, row) IN wanted", where: visible)
            fields += try client.rows(sql, with: .init(name: "wanted", structure: "file String, row UInt32", rows: wanted)).rows
        }
        for piece in stride(from: 0, to: long.count, by: 100) {
            let ranges = long[piece..<min(piece + 100, long.count)].map {
                "(file = \(ClickHouseClient.literal($0.file)) AND row BETWEEN \($0.range.lowerBound) AND \($0.range.upperBound))"
            }.joined(separator: " OR ")
            sql = select(where: "(\(ranges)) AND \(visible)")
            fields += try client.rows(sql).rows
        }
        // Pieces of long spans came after the pieces of rows: back in path and row order, once each.
        if !long.isEmpty && (!pairs.isEmpty || long.count > 100) {
            func key(_ fields: [String?]) -> (String, Int) {
                ((fields.first ?? nil) ?? "", (fields.count > 1 ? fields[1].flatMap { Int($0) } : nil) ?? 0)
            }
            fields.sort { key($0) < key($1) }
            fields = fields.enumerated().filter { $0.offset == 0 || key(fields[$0.offset - 1]) != key($0.element) }.map(\.element)
        }
        return try corpus(of: fields, files: files, sql: sql)
    }

    /// Every speaker of the visible rows and how many rows each has, by name: what a `speaker:`
    /// value is compared with when it picks none of the rows a search fetched.
    public func speakers() throws(ServerError) -> [(name: String, rows: Int)] {
        let table = try client.rows("""
            SELECT speaker, count() FROM \(address.rowsTable) WHERE generation GLOBAL IN (\(currentGenerations)) \
            AND has_speaker = 1 GROUP BY speaker ORDER BY speaker FORMAT TabSeparated
            """)
        return try table.rows.map { fields throws(ServerError) in
            guard fields.count == 2, let name = fields[0], let rows = fields[1].flatMap({ Int($0) }) else {
                throw ServerError(server: address.description, kind: .badAnswer("a speaker's line is not a name and a count"))
            }
            return (name, rows)
        }
    }

    /// The greatest row number the rows table holds (its `row` column is a UInt32).
    static let lastRowNumber = Int(UInt32.max)

    func select(prewhere: String? = nil, where condition: String) -> String {
        """
        SELECT file, row, text, start_ms, end_ms, speaker, has_speaker, title, has_title, line, cue, has_cue, href, element \
        FROM \(address.rowsTable) \(prewhere.map { "PREWHERE \($0) " } ?? "")WHERE \(condition) FORMAT TabSeparated
        """
    }

    /// The positions of `answer`'s rows in path and row order. The server is not asked to sort
    /// (18.16 sorts the whole answer even when its parts are stored in order, a third of a large
    /// answer's time); its parts, and each shard's, come in key order, so this groups by file and
    /// sorts only a file whose rows came out of order. A row without a file or number sorts first
    /// (`corpus(of:)` then names it a bad answer).
    static func keyOrder(of answer: [[String?]]) -> [Int] {
        func number(_ fields: [String?]) -> Int { (fields.count > 1 ? fields[1].flatMap { Int($0) } : nil) ?? -1 }
        var inOrder = true
        for index in answer.indices.dropFirst() {
            let a = (answer[index - 1].first ?? nil) ?? "", b = (answer[index].first ?? nil) ?? ""
            if a > b || (a == b && number(answer[index - 1]) > number(answer[index])) {
                inOrder = false
                break
            }
        }
        if inOrder { return Array(answer.indices) }
        var byFile: [String: [Int]] = [:]
        for index in answer.indices { byFile[(answer[index].first ?? nil) ?? "", default: []].append(index) }
        var order: [Int] = []
        order.reserveCapacity(answer.count)
        for file in byFile.keys.sorted() {
            guard var rows = byFile[file] else { continue }
            let numbers = rows.map { number(answer[$0]) }
            if zip(numbers, numbers.dropFirst()).contains(where: { $0 > $1 }) {
                rows = zip(rows, numbers).sorted { $0.1 < $1.1 }.map(\.0)
            }
            order += rows
        }
        return order
    }

    /// The rows of an answer to `select` as a corpus, one source per file, in path and row order (`keyOrder(of:)`).
    func corpus(of answer: [[String?]], files: [String: StoredFile], sql: String) throws(ServerError) -> CandidateRows {
        var corpus = Corpus()
        var numbers: [Int] = []
        var pending: (path: String, rows: [Row])?
        func finish() {
            guard let (path, rows) = pending else { return }
            let stored = files[path]
            corpus.append(Transcript(
                source: SourceInfo(path: path, format: stored?.format ?? "", encoding: stored?.encoding ?? "utf-8", facts: stored?.facts), rows: rows))
            pending = nil
        }
        for position in Self.keyOrder(of: answer) {
            let fields = answer[position]
            guard fields.count == 14, let path = fields[0], let number = fields[1].flatMap({ Int($0) }),
                  let start = fields[3].flatMap({ Int64($0) }), let end = fields[4].flatMap({ Int64($0) }),
                  let line = fields[9].flatMap({ Int($0) }), let element = fields[13].flatMap({ Int($0) })
            else { throw ServerError(server: address.description, kind: .badAnswer("a row is not in the shape of \(address.rowsTable)")) }
            guard (0...Self.lastRowNumber).contains(number) else {
                throw ServerError(server: address.description, kind: .badAnswer("a row of \(path) has the number \(number), not one from 0 to \(Self.lastRowNumber)"))
            }
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
        return CandidateRows(corpus: corpus, rowNumbers: numbers, sql: sql, files: files)
    }

    /// The SQL that holds for a row containing one of `prefilter`'s needles.
    static func condition(_ prefilter: RowPrefilter) -> String {
        prefilter.needles.map { needle in
            let function = needle.asciiCase == .insensitive ? "positionCaseInsensitive" : "position"
            return "\(function)(text, \(ClickHouseClient.literal(needle.bytes))) > 0"
        }.joined(separator: " OR ")
    }
}
