import TranscriptFormats
import TranscriptModel
import TranscriptSearch
import TranscriptServer
import TranscriptStore

/// Rows from a ClickHouse server instead of files (`tsearch search --server URL QUERY`): the
/// server sends a superset of the rows with hits (`RowPrefilter`, the filters in SQL), and the
/// search then runs on them as on rows read from files, so its hits, listing, saved session,
/// `next`/`prev`/`goto`/`show`, export and pager are the same.
///
/// The saved session keeps the rows it got, as it keeps the rows of a pipe: they are never asked
/// for again, so stepping through the hits never needs the server. A count (`-c`, `-l`, `-q`)
/// the server made itself keeps no rows: the first step fetches them (`SessionRows`), as does a
/// step whose cache is gone.
enum ServerRows {
    /// How a server search names its source among the session's streams.
    static let streamPrefix = "server "

    /// Why a server search cannot start.
    struct NeedsScan: Error, CustomStringConvertible {
        var request: SearchRequest
        var description: String {
            let reason: String
            if request.text.isEmpty {
                reason = "a query of filters only"
            } else if request.options.spanning == .acrossRows {
                return "--across-cues cannot go through a server (a hit across two rows is in neither row); search the files instead"
            } else if request.options.syntax == .regularExpression {
                reason = "this pattern has no literal text every match must contain"
                    + (request.options.diacritics == .insensitive || request.options.language != nil ? " that the server can look for with accents or Turkish case folded" : "")
            } else {
                reason = "this query has no character the server can look for"
            }
            return "\(reason), so the server would send every row; --scan lets it (slow on a big archive)"
        }
    }

    /// Rows already fetched, handed to the search flow as its source (the paths it is given are
    /// ignored: a server search has none).
    struct FetchedRows: CorpusSource {
        let loaded: LoadedCorpus
        /// The archive's speakers, when a `speaker:` value picks none of the rows fetched: what
        /// `UnmatchedSpeakers` looks in, as it looks in every file searched (nil: the rows).
        var speakers: SuggestionCatalog?
        func load(_ paths: [String], options: LoadOptions, baseDirectory: String?) -> LoadedCorpus { loaded }
    }

    /// The candidate rows of `request` from `url`, as the source the search flow runs on.
    ///
    /// The search's time limit (`--timeout`) is one deadline for all of it: every statement sent
    /// to the server (`ClickHouseClient.TimeLimit.allStatements`) and the matcher on the
    /// candidates, which runs within what is left (`SearchExecution`, as over files).
    /// - Throws: `ServerError` (the server failed; a bad URL is one too, its password not shown),
    ///   `SearchAbandoned` (the matcher ran out of time), `NeedsScan` when no literal narrows the
    ///   rows and `scan` is not given.
    /// `context`: the rows on either side of each row with a hit to fetch as well (for `-C`, and
    /// for `next`/`prev`, which show 2), for at most `contextLimit` rows with hits.
    static func load(
        url: String, request: SearchRequest, scan: Bool, context: Int, contextLimit: Int = contextRowsLimit, environment: CommandEnvironment
    ) throws -> FetchedRows {
        let address = try ServerAddress(url)
        if request.options.spanning == .acrossRows { throw NeedsScan(request: request) }
        let narrowing: TranscriptArchive.Narrowing
        if let prefilter = RowPrefilter(request) {
            narrowing = .needles(prefilter)
        } else if scan {
            narrowing = .everyRow
        } else {
            throw NeedsScan(request: request)
        }
        let deadline = environment.searchTimeout.map { ContinuousClock.now + $0 }
        let client = ClickHouseClient(address: address, timeoutMilliseconds: milliseconds(environment.searchTimeout), timeLimit: .allStatements)
        let archive = TranscriptArchive(client: client)
        let candidates = try archive.candidates(for: request, narrowing: narrowing)
        let rows = try rowsAroundHits(
            candidates, request: request, context: context, contextLimit: contextLimit, archive: archive,
            budget: Budget(timeout: environment.searchTimeout, deadline: deadline))
        var sources = LoadedSources()
        sources.streams = [streamPrefix + address.description]
        sources.server = url
        var fetched = FetchedRows(loaded: LoadedCorpus(corpus: rows, sources: sources))
        // A speaker that picks none of the rows fetched is looked for among all of the archive's,
        // as over files it is looked for in every file.
        if !UnmatchedSpeakers.messages(for: request.filter, in: rows).isEmpty {
            fetched.speakers = SuggestionCatalog(speakers: try archive.speakers(), people: request.filter.people)
        }
        return fetched
    }

    /// What a count through the server found (`count(url:request:environment:)`).
    struct Counted {
        /// Hits per file with hits, in path order.
        var hitsByFile: [(path: String, hits: Int)]
        /// Rows standing for every candidate's names (`TranscriptArchive.ServerCount.names`).
        var names: Corpus
        /// The archive's speakers, when a `speaker:` value picks none of `names` (nil: `names`).
        var speakers: SuggestionCatalog?
        /// The rows' source, for the saved search: the server's stream and URL.
        var sources: LoadedSources

        /// Every hit.
        var total: Int { hitsByFile.reduce(0) { $0 + $1.hits } }
    }

    /// `request`'s hits counted through the server for `-c`, `-l` and `-q`, which show no row: on
    /// the server where it decides them exactly (`TranscriptArchive.count`), by the matcher on
    /// the rows it cannot decide; no row is fetched for context. Nil when the server cannot count
    /// this request (the search then fetches its rows, `load`).
    /// - Throws: as `load`.
    static func count(url: String, request: SearchRequest, environment: CommandEnvironment) throws -> Counted? {
        let address = try ServerAddress(url)
        guard TranscriptArchive.countableLiteral(of: request) != nil, let prefilter = RowPrefilter(request) else { return nil }
        let deadline = environment.searchTimeout.map { ContinuousClock.now + $0 }
        let client = ClickHouseClient(address: address, timeoutMilliseconds: milliseconds(environment.searchTimeout), timeLimit: .allStatements)
        let archive = TranscriptArchive(client: client)
        guard let counted = try archive.count(request, prefilter: prefilter) else { return nil }
        let corpus = counted.undecided.corpus
        let index = try hits(of: request, in: corpus, budget: Budget(timeout: environment.searchTimeout, deadline: deadline))
        var byFile = counted.counted
        for source in corpus.sources.indices {
            let hits = index.count(inRows: corpus.rows(ofSource: source))
            if hits > 0 { byFile[corpus.sources[source].path, default: 0] += hits }
        }
        var sources = LoadedSources()
        sources.streams = [streamPrefix + address.description]
        sources.server = url
        var result = Counted(hitsByFile: byFile.keys.sorted().map { ($0, byFile[$0] ?? 0) }, names: counted.names, sources: sources)
        if !UnmatchedSpeakers.messages(for: request.filter, in: counted.names).isEmpty {
            result.speakers = SuggestionCatalog(speakers: try archive.speakers(), people: request.filter.people)
        }
        return result
    }

    /// A time limit in milliseconds for the client (an hour when there is none).
    static func milliseconds(_ timeout: Duration?) -> Int {
        timeout.map { Int($0.components.seconds) * 1000 + Int($0.components.attoseconds / 1_000_000_000_000_000) } ?? 3_600_000
    }

    /// The hits of `request` on `corpus`, within what is left of the search's time; past it, the
    /// same message as a search over files.
    static func hits(of request: SearchRequest, in corpus: Corpus, budget: Budget) throws -> HitIndex {
        let runner = try request.runner()
        let left = budget.deadline.map { max(.zero, $0 - ContinuousClock.now) }
        switch SearchExecution.search(runner, over: corpus, request: request, budget: SearchBudget(timeout: left)) {
        case .success(let found): return found
        case .failure(let abandoned):
            guard let timeout = budget.timeout else { throw abandoned }
            throw SearchAbandoned(
                .timedOut(SearchTimedOut(timeout: timeout)), description: SearchExecution.abandonedMessage(timeout: timeout, runner: runner, request: request))
        }
    }

    /// The search's time limit and when it ends (both nil: none).
    struct Budget {
        var timeout: Duration?
        var deadline: ContinuousClock.Instant?
    }

    /// The most rows with hits whose neighbours are fetched for context; past it only the rows
    /// with hits are kept (a listing then shows no context rows rather than unrelated ones).
    /// Neighbours are asked for by the table's key, so this bounds the table sent with the
    /// statement (about five rows a hit row), not a cost that grew with hits × table rows.
    static let contextRowsLimit = 200_000

    /// The same for a search that shows no context (`-c`, `-l`, `-q`, a listing without `-C`):
    /// its context serves only the saved search's `next`, so past this many rows with hits it
    /// keeps only those rows (`next` then shows a hit without its neighbours).
    static let unshownContextRowsLimit = 20_000

    /// The rows a listing and the saved search show: the rows with hits among `candidates` and,
    /// for up to `contextLimit` of them, `context` rows on either side (the file's real
    /// neighbours, not other candidates). Hits are the same on these rows: a row that was not a
    /// candidate has none.
    ///
    /// Only the neighbours that were not candidates are asked for, by the table's key
    /// (`TranscriptArchive.rows(in:)`); `context` 0 asks for nothing.
    static func rowsAroundHits(
        _ candidates: TranscriptArchive.CandidateRows, request: SearchRequest, context: Int, contextLimit: Int = contextRowsLimit,
        archive: TranscriptArchive, budget: Budget
    ) throws -> Corpus {
        let corpus = candidates.corpus
        // The matcher runs within what is left of the search's time, and gives up as a search
        // over files does, with the same message.
        let index = try hits(of: request, in: corpus, budget: budget)
        let hitRows = index.rowsWithHits
        guard context > 0, hitRows.count <= contextLimit, !hitRows.isEmpty else {
            // Every candidate holds a hit (a plain word's usual case): the candidates are the rows.
            if hitRows.count == corpus.rowCount { return corpus }
            var kept = Corpus()
            for source in corpus.sources.indices {
                let rows = corpus.rows(ofSource: source).filter { !index.hits(inRow: $0).isEmpty }
                guard !rows.isEmpty else { continue }
                kept.append(Transcript(source: corpus.sources[source], rows: rows.map { corpus.row(at: $0) }))
            }
            return kept
        }
        let named = hitRows.map { (file: corpus.sources[corpus.source(ofRow: $0)].path, row: candidates.rowNumbers[$0]) }
        let spans = TranscriptArchive.spans(around: named, context: context)
        // Each file's candidates by row number: what is already here.
        var sourceOfPath: [String: Int] = [:]
        for source in corpus.sources.indices { sourceOfPath[corpus.sources[source].path] = source }
        func candidate(_ file: String, _ number: Int) -> Int? {
            guard let source = sourceOfPath[file] else { return nil }
            let rows = corpus.rows(ofSource: source)
            var low = rows.lowerBound, high = rows.upperBound
            while low < high {
                let middle = (low + high) / 2
                if candidates.rowNumbers[middle] < number { low = middle + 1 } else { high = middle }
            }
            return low < rows.upperBound && candidates.rowNumbers[low] == number ? low : nil
        }
        var kept: [String: [(number: Int, row: Row)]] = [:]
        var missing: [(file: String, range: ClosedRange<Int>)] = []
        for (file, range) in spans {
            var start: Int?
            // Long spans (a large -C) are not walked row by row here: the server sends them whole.
            if range.count > TranscriptArchive.longSpan {
                missing.append((file, range))
                continue
            }
            for number in range {
                if let row = candidate(file, number) {
                    kept[file, default: []].append((number, corpus.row(at: row)))
                    if let first = start { missing.append((file, first...(number - 1))) }
                    start = nil
                } else if start == nil {
                    start = number
                }
            }
            if let first = start { missing.append((file, first...range.upperBound)) }
        }
        if !missing.isEmpty {
            let fetched = try archive.rows(in: missing, files: candidates.files)
            for source in fetched.corpus.sources.indices {
                let file = fetched.corpus.sources[source].path
                for row in fetched.corpus.rows(ofSource: source) {
                    kept[file, default: []].append((fetched.rowNumbers[row], fetched.corpus.row(at: row)))
                }
            }
        }
        var merged = Corpus()
        for file in kept.keys.sorted() {
            guard let source = sourceOfPath[file], var rows = kept[file] else { continue }
            rows.sort { $0.number < $1.number }
            var list: [Row] = []
            for (offset, entry) in rows.enumerated() where offset == 0 || rows[offset - 1].number != entry.number {
                var row = entry.row
                row.id = RowID(source: merged.sources.count, index: list.count)
                list.append(row)
            }
            merged.append(Transcript(source: corpus.sources[source], rows: list))
        }
        return merged
    }
}

extension ServerRows {
    /// The rows a saved search through a server fetches again (`ServerRowsSource`): its candidates
    /// with two rows around each hit, as `next` shows them (up to `contextRowsLimit` rows with
    /// hits, as a listing with context).
    struct SessionRows: ServerRowsSource {
        let environment: CommandEnvironment

        func rows(of request: SearchRequest, from server: String) throws -> LoadedCorpus {
            try ServerRows.load(url: server, request: request, scan: true, context: 2, contextLimit: contextRowsLimit, environment: environment).loaded
        }
    }
}

extension CommandEnvironment {
    /// `searchFlow(countingIn:)` for the commands that bring the saved search back (next, prev,
    /// goto, show, export, the pager): one that went through a server fetches its rows again
    /// when it kept none (`ServerRows.SessionRows`).
    func savedSearchFlow(countingIn progress: LoadProgress?) -> SearchFlow {
        var flow = searchFlow(countingIn: progress)
        flow.serverRows = ServerRows.SessionRows(environment: self)
        return flow
    }
}
