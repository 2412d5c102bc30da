import TranscriptModel
/// Transcript rows kept in ClickHouse: the tables, which version of each file is visible, and the
/// nodes of a cluster. Indexing is in `TranscriptArchive+Indexing.swift`, searching in
/// `TranscriptArchive+Search.swift`.
///
/// The tables, for a URL's `table=NAME` (what ClickHouse 18.16 has: MergeTree and Distributed):
///
/// ```
///  NAME          the rows: file, generation, row (its number in the file), text, start_ms and
///                end_ms (-1: none), speaker/title (with has_speaker/has_title), line, cue
///                (has_cue), href, element. MergeTree ordered by (file, row); in a cluster, a
///                Distributed table over NAME_local on every shard, sharded by the file's hash
///                (a file's rows stay together).
///  NAME_files    one line per file indexed, appended on every change: file, hash (of its bytes),
///                generation, rows, format, encoding, indexed_ns, and the meeting's facts: date
///                (`2026-03-14 15:00`, empty for none), date_source (`content`, `path`, `mtime` or
///                empty), title, title_source (1: the content's). A file's visible version is
///                its line with the greatest indexed_ns. (Tables made before the facts get their
///                columns added by `create`; their files' facts are then read from the path.)
/// ```
///
/// Why a half-indexed file is never seen: a file's rows are sent under a new generation, and
/// only after the last of them is stored is its `NAME_files` line written; searches read only
/// rows whose generation is a file's current one. An interrupted run leaves rows under a
/// generation nobody names: invisible, and removed by the next run that indexes that file.
///
/// Why overlapping runs never hide a file: a generation carries the time its run began sending
/// it (`HASH-TIME-RANDOM`), and a run ends by removing only the rows of generations older than
/// the file's visible one, never that one's nor a newer one's still being sent
/// (`removeOlderRows(of:)`); so whichever of two runs of one file finishes last, the version
/// left visible keeps its rows.
public struct TranscriptArchive: Sendable {
    /// The client of the server and table (the URL's rows table).
    public let client: ClickHouseClient
    var address: ServerAddress { client.address }

    /// The archive at `client`'s address.
    public init(client: ClickHouseClient) {
        self.client = client
    }

    /// One file as the archive holds it now.
    public struct StoredFile: Hashable, Sendable {
        /// The file's path as it was shown when indexed.
        public var path: String
        /// The hash of the file's bytes when it was indexed.
        public var hash: String
        /// The generation its visible rows carry.
        public var generation: String
        /// How many rows it has.
        public var rows: Int
        /// The format it was read in, as `SourceInfo` names it.
        public var format: String
        /// The text encoding it was read in, as `SourceInfo` names it.
        public var encoding: String
        /// The meeting's date and title when it was indexed; nil when the table does not keep them.
        public var facts: MeetingFacts? = nil
    }

    static let rowColumns = """
        file String, generation String, row UInt32, text String, start_ms Int64, end_ms Int64, \
        speaker String, has_speaker UInt8, title String, has_title UInt8, line UInt32, cue String, has_cue UInt8, \
        href String, element Int32
        """

    static let fileColumns = "file String, hash String, generation String, rows UInt64, format String, encoding String, indexed_ns UInt64, "
        + factColumns.map { "\($0.name) \($0.type)" }.joined(separator: ", ")

    /// The meeting's facts in the files table, added to one made before them.
    static let factColumns: [(name: String, type: String)] = [("date", "String"), ("date_source", "String"), ("title", "String"), ("title_source", "UInt8")]

    /// Creates the tables when missing: on one node, or (`cluster`: a name from the server's
    /// `remote_servers`) a local table on every shard, reached over HTTP at its host and this
    /// address's port, and the Distributed table over them on this node. Returns the shards'
    /// hosts (empty for one node).
    /// - Throws: `ServerError`, also when the cluster is unknown.
    @discardableResult
    public func create(cluster: String?) throws(ServerError) -> [String] {
        let server = address.description
        try client.execute("CREATE TABLE IF NOT EXISTS \(address.filesTable) (\(Self.fileColumns)) ENGINE = MergeTree ORDER BY (file, indexed_ns)")
        // A files table made before the meetings' facts gets their columns (18.16 has no ADD COLUMN IF NOT EXISTS).
        let existing = Set(try client.rows("DESCRIBE TABLE \(address.filesTable) FORMAT TabSeparated").rows.compactMap { $0.first ?? nil })
        let missing = Self.factColumns.filter { !existing.contains($0.name) }
        if !missing.isEmpty {
            try client.execute("ALTER TABLE \(address.filesTable) " + missing.map { "ADD COLUMN \($0.name) \($0.type)" }.joined(separator: ", "))
        }
        guard let cluster else {
            try client.execute("CREATE TABLE IF NOT EXISTS \(address.rowsTable) (\(Self.rowColumns)) ENGINE = MergeTree ORDER BY (file, row)")
            return []
        }
        let hosts = try shardHosts(cluster: cluster)
        for host in hosts {
            let shard = client.on(host: host, port: address.port)
            try shard.execute("CREATE TABLE IF NOT EXISTS \(address.localRowsTable) (\(Self.rowColumns)) ENGINE = MergeTree ORDER BY (file, row)")
        }
        let database = try client.rows("SELECT currentDatabase() FORMAT TabSeparated").rows.first?.first ?? nil
        guard let database, ServerAddress.isIdentifier(database) else {
            throw ServerError(server: server, kind: .badAnswer("no current database"))
        }
        try client.execute("""
            CREATE TABLE IF NOT EXISTS \(address.rowsTable) (\(Self.rowColumns)) \
            ENGINE = Distributed(\(cluster), \(address.database ?? database), \(address.table)_local, cityHash64(file))
            """)
        return hosts
    }

    /// The hosts of `cluster`'s shards and replicas, in order.
    func shardHosts(cluster: String) throws(ServerError) -> [String] {
        guard ServerAddress.isIdentifier(cluster) else {
            throw ServerError(server: address.description, kind: .badAddress("the cluster name \"\(cluster)\" is not a plain name"))
        }
        let hosts = try client.rows(
            "SELECT host_address FROM system.clusters WHERE cluster = \(ClickHouseClient.literal(cluster)) ORDER BY shard_num, replica_num FORMAT TabSeparated"
        ).rows.compactMap { $0.first ?? nil }
        guard !hosts.isEmpty else {
            let known = (try? client.rows("SELECT DISTINCT cluster FROM system.clusters ORDER BY cluster FORMAT TabSeparated").rows.compactMap { $0.first ?? nil }) ?? []
            throw ServerError(server: address.description, kind: .badAddress(
                "the server's remote_servers has no cluster \"\(cluster)\"" + (known.isEmpty ? "" : " (it has \(known.joined(separator: ", ")))")))
        }
        var unique: [String] = []
        for host in hosts where !unique.contains(host) { unique.append(host) }
        return unique
    }

    /// The clients of the tables that hold the rows: this node's rows table, or every shard's
    /// local table when the rows table is Distributed.
    func rowStores() throws(ServerError) -> [(client: ClickHouseClient, table: String)] {
        let engine = try client.rows("""
            SELECT engine_full FROM system.tables WHERE database = \(address.database.map(ClickHouseClient.literal) ?? "currentDatabase()") \
            AND name = \(ClickHouseClient.literal(address.table)) FORMAT TabSeparated
            """).rows.first?.first ?? nil
        guard let engine else {
            throw ServerError(server: address.description, kind: .missingTable("\(address.rowsTable) does not exist"))
        }
        guard engine.hasPrefix("Distributed(") else { return [(client, address.rowsTable)] }
        let cluster = String(engine.dropFirst("Distributed(".count).prefix { $0 != "," && $0 != ")" }).trimmed(of: " '")
        return try shardHosts(cluster: cluster).map { host in
            (client.on(host: host, port: address.port), address.localRowsTable)
        }
    }

    /// Drops the tables (the rows table, every shard's local table, the files table), when there.
    public func drop() throws(ServerError) {
        let stores = (try? rowStores()) ?? []
        try client.execute("DROP TABLE IF EXISTS \(address.rowsTable)")
        for (store, table) in stores where table != address.rowsTable { try store.execute("DROP TABLE IF EXISTS \(table)") }
        try client.execute("DROP TABLE IF EXISTS \(address.filesTable)")
    }

    /// Every file's visible version, by path.
    /// - Throws: `ServerError` (`.missingTable` when nothing was indexed yet).
    public func storedFiles() throws(ServerError) -> [String: StoredFile] {
        let table = try client.rows("""
            SELECT file, argMax(hash, indexed_ns), argMax(generation, indexed_ns), argMax(rows, indexed_ns), \
            argMax(format, indexed_ns), argMax(encoding, indexed_ns), argMax(date, indexed_ns), argMax(date_source, indexed_ns), \
            argMax(title, indexed_ns), argMax(title_source, indexed_ns) FROM \(address.filesTable) GROUP BY file FORMAT TabSeparated
            """)
        var files: [String: StoredFile] = [:]
        for row in table.rows {
            guard row.count == 6 || row.count == 10, let path = row[0], let rows = row[3].flatMap({ Int($0) }) else {
                throw ServerError(server: address.description, kind: .badAnswer("a line of \(address.filesTable) is not a file"))
            }
            var facts: MeetingFacts?
            if row.count == 10, let origin = MeetingFacts.DateOrigin(rawValue: row[7] ?? "") {
                let date = (row[6]).flatMap { MeetingPath.match(in: $0)?.date }
                let title = row[8] ?? ""
                facts = title.isEmpty ? nil : MeetingFacts(date: date, dateOrigin: origin, title: title, titleFromContent: row[9] == "1")
            }
            files[path] = StoredFile(
                path: path, hash: row[1] ?? "", generation: row[2] ?? "", rows: rows, format: row[4] ?? "", encoding: row[5] ?? "", facts: facts)
        }
        return files
    }

    /// The SQL that picks the visible generations (every file's current one).
    var currentGenerations: String {
        "SELECT argMax(generation, indexed_ns) FROM \(address.filesTable) GROUP BY file"
    }
}
