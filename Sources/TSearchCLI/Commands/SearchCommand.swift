import TranscriptFormats
import TranscriptModel
import TranscriptRendering
import TranscriptSearch

/// `tsearch search QUERY [PATH ...]`: load, search with the reference matcher, print, and save the
/// search as the session (`SessionStore`) with hit 1 current, for `tsearch next`.
struct SearchCommand {
    /// What the raw arguments mean for a search (ripgrep's "high args").
    struct Settings {
        var query: Query
        var paths: [String]
        var output: Output
        var contextRows: Int
        var colour: Bool
        var inputFormat: TranscriptFormat?

        enum Output { case listing, count, json, quiet }

        init(_ raw: RawArguments, environment: CommandEnvironment) throws(CommandError) {
            guard let text = raw.positionals.first else {
                throw CommandError.usage(UsageError("search needs a QUERY: tsearch search QUERY [PATH ...]"))
            }
            do {
                query = try Query(text, options: SearchOptions(caseMatching: raw.caseMatching))
            } catch {
                throw CommandError.query(error)
            }
            if raw.json && raw.countOnly {
                throw CommandError.usage(UsageError("--count and --json do not combine: the JSON summary has the counts"))
            }
            paths = Array(raw.positionals.dropFirst())
            if paths.isEmpty { paths = environment.stdinIsReadable ? ["-"] : ["."] }
            output = raw.quiet ? .quiet : raw.json ? .json : raw.countOnly ? .count : .listing
            contextRows = raw.contextRows ?? 0
            colour = environment.colourEnabled(raw.color)
            inputFormat = raw.inputFormat
        }
    }

    let settings: Settings
    let environment: CommandEnvironment

    func run() -> ExitCode {
        let loading = CorpusLoading.load(paths: settings.paths, format: settings.inputFormat, environment: environment)
        let corpus = loading.corpus
        let index = Searcher(RegexMatcher(settings.query)).search(corpus)
        let out = environment.stdout
        let styler = Styler(isEnabled: settings.colour)

        switch settings.output {
        case .quiet:
            break
        case .count:
            for source in corpus.sources.indices {
                let count = index.count(inRows: corpus.rows(ofSource: source))
                if count > 0 {
                    out.line(styler.paint(ControlSequences.stripped(corpus.sources[source].path), .path) + ":\(count)")
                }
            }
        case .json:
            writeJSON(corpus: corpus, index: index, loading: loading)
        case .listing:
            let listing = HitListing(corpus: corpus, index: index, styler: styler, contextRows: settings.contextRows)
            var first = true
            for source in corpus.sources.indices where !out.isClosed {
                let lines = listing.lines(forSource: source)
                guard !lines.isEmpty else { continue }
                if !first { out.line() }
                first = false
                for line in lines { out.line(line) }
            }
            if environment.stdoutIsTerminal && index.count > 0 {
                let files = corpus.sources.indices.filter { index.count(inRows: corpus.rows(ofSource: $0)) > 0 }.count
                out.line()
                out.line(styler.paint(
                    "\(index.count) \(index.count == 1 ? "hit" : "hits") in \(index.rowsWithHits.count) rows of \(files) \(files == 1 ? "file" : "files")",
                    .separator))
            }
        }
        save(SavedSearch(
            query: settings.query, inputFormat: settings.inputFormat, directory: SystemCalls.currentDirectory(),
            paths: settings.paths, loading: loading, index: index))
        if loading.errorCount > 0 { return .error }
        return index.count > 0 ? .success : .noMatch
    }

    /// Saves the session; a failure is a warning (the search itself succeeded).
    private func save(_ search: SavedSearch) {
        let store = SessionStore(environment: environment)
        do {
            try store.withLock { () throws(SessionError) in
                try search.save(current: search.index.count > 0 ? 0 : nil, to: store)
            }
        } catch {
            environment.report("warning: \(error.description)")
        }
    }

    private func writeJSON(corpus: Corpus, index: HitIndex, loading: CorpusLoading) {
        let out = environment.stdout
        for source in corpus.sources.indices where !out.isClosed {
            let shown = ContextRows.shown(in: corpus.rows(ofSource: source), index: index, context: settings.contextRows)
            for row in shown.map(\.row) {
                let value = corpus.row(at: row)
                let hits = index.hits(inRow: row)
                if hits.isEmpty {
                    out.line(JSONLinesFormat.contextRecord(value))
                } else {
                    for hit in hits { out.line(JSONLinesFormat.hitRecord(hit, of: index.count, row: value)) }
                }
            }
        }
        let filesWithHits = corpus.sources.indices.filter { index.count(inRows: corpus.rows(ofSource: $0)) > 0 }.count
        out.line(JSONLinesFormat.summaryRecord(SearchSummary(
            query: settings.query.text, caseMatching: settings.query.options.caseMatching,
            hits: index.count, rowsWithHits: index.rowsWithHits.count, rows: corpus.rowCount,
            files: corpus.sources.count, filesWithHits: filesWithHits,
            errors: loading.errorCount, warnings: loading.warningCount
        )))
    }
}
