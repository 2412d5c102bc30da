import TranscriptSearch
import TranscriptServer

/// Rows from a ClickHouse server instead of files (`tsearch search --server URL QUERY`): the
/// server sends a superset of the rows with hits (`RowPrefilter`, the filters in SQL), and the
/// search then runs on them as on rows read from files, so its hits, listing, saved session,
/// `next`/`prev`/`goto`/`show`, export and pager are the same.
///
/// The saved session keeps the rows it got, as it keeps the rows of a pipe: they are never asked
/// for again, so stepping through the hits never needs the server, and a session whose cache is
/// gone says that the server's rows cannot be read again.
enum ServerRows {
    /// How a server search names its source among the session's streams.
    static let streamPrefix = "server "

    /// Whether a session's stream is a server's rows (not a pipe to look for on disk).
    static func isServerStream(_ stream: String) -> Bool {
        stream.hasPrefix(streamPrefix)
    }

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

    /// The candidate rows of `request` from `url`, as a loading the search runs on.
    /// - Throws: `ServerError` (the server failed), `UsageError` (a bad URL is a `ServerError`
    ///   too), `NeedsScan` when no literal narrows the rows and `scan` is not given.
    static func load(url: String, request: SearchRequest, scan: Bool, environment: CommandEnvironment) throws -> CorpusLoading {
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
        let milliseconds = environment.searchTimeout.map { Int($0.components.seconds) * 1000 + Int($0.components.attoseconds / 1_000_000_000_000_000) }
        let archive = TranscriptArchive(client: ClickHouseClient(address: address, timeoutMilliseconds: milliseconds.map { max($0, 1000) } ?? 3_600_000))
        let candidates = try archive.candidates(for: request, narrowing: narrowing)
        return CorpusLoading(rows: candidates.corpus, streams: [streamPrefix + address.description], environment: environment)
    }
}
