import Foundation
import TranscriptFormats
import TranscriptModel
import TranscriptRendering
import TranscriptSearch

/// `tsearch search QUERY [PATH ...]`: load, search with the reference matcher, print, and save the
/// search as the session (`SessionStore`) with hit 1 current, for `tsearch next`.
struct SearchCommand {
    /// What the raw arguments mean for a search (ripgrep's "high args").
    struct Settings {
        var request: SearchRequest
        var paths: [String]
        var facets: Bool
        var output: Output
        var contextRows: Int
        var colour: Bool
        var inputFormat: TranscriptFormat?
        var loadOptions: LoadOptions

        enum Output { case listing, count, json, quiet }

        init(_ raw: RawArguments, environment: CommandEnvironment) throws(CommandError) {
            guard let (text, given) = raw.queryAndPaths() else {
                throw CommandError.usage(UsageError("search needs a QUERY: tsearch search QUERY [PATH ...]"))
            }
            request = try raw.searchRequest(text)
            facets = raw.facets
            if raw.json && raw.countOnly {
                throw CommandError.usage(UsageError("--count and --json do not combine: the JSON summary has the counts"))
            }
            paths = given
            if paths.isEmpty { paths = environment.stdinIsReadable ? ["-"] : ["."] }
            output = raw.quiet ? .quiet : raw.json ? .json : raw.countOnly ? .count : .listing
            contextRows = raw.contextRows ?? 0
            colour = environment.colourEnabled(raw.color)
            inputFormat = raw.inputFormat
            loadOptions = raw.loadOptions
        }
    }

    let settings: Settings
    let environment: CommandEnvironment

    func run() -> ExitCode {
        settings.request.prepareInBackground()
        let loading = CorpusLoading.load(paths: settings.paths, options: settings.loadOptions, environment: environment)
        let corpus = loading.corpus
        // The request was checked when the settings were made: it has a runner.
        guard let runner = try? settings.request.runner(),
              let index = SearchExecution.run(runner, over: corpus, request: settings.request, environment: environment) else { return .error }
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
            // Then the total, as `wc` ends its list, so two tools can be compared at a glance.
            if index.count > 0 { out.line("\(index.count) total") }
        case .json:
            writeJSON(corpus: corpus, index: index, loading: loading)
        case .listing:
            let listing = HitListing(corpus: corpus, index: index, styler: styler, contextRows: settings.contextRows)
            var first = true
            for source in corpus.sources.indices where !out.isClosed && index.count(inRows: corpus.rows(ofSource: source)) > 0 {
                if !first { out.line() }
                first = false
                // Formatted on every core, a piece of rows at a time, written in order.
                listing.forEachPieceOfBytes(forSource: source, cores: SearchCommand.cores) { piece in
                    out.write(bytes: piece)
                    return !out.isClosed
                }
            }
            if settings.facets && !out.isClosed { printFacets(Facets(index: index, corpus: corpus), styler: styler) }
            if environment.stdoutIsTerminal && index.count > 0 {
                let files = corpus.sources.indices.filter { index.count(inRows: corpus.rows(ofSource: $0)) > 0 }.count
                out.line()
                out.line(styler.paint(
                    "\(index.count) \(index.count == 1 ? "hit" : "hits") in \(index.rowsWithHits.count) rows of \(files) \(files == 1 ? "file" : "files")",
                    .separator))
            }
        }
        save(SavedSearch(
            request: settings.request, loadOptions: settings.loadOptions, directory: SystemCalls.currentDirectory(),
            paths: settings.paths, loading: loading, index: index))
        if loading.errorCount > 0 { return .error }
        return index.count > 0 ? .success : .noMatch
    }

    /// `hits by speaker: Alice 12 · Bob 3 · (none) 1`, and the same by file and by section.
    private func printFacets(_ facets: Facets, styler: Styler) {
        let out = environment.stdout
        out.line()
        for (name, counts) in [("speaker", facets.speakers), ("file", facets.files), ("section", facets.sections)] {
            guard !counts.isEmpty, !(counts.count == 1 && counts[0].value == nil) else { continue }
            let items = counts.map { "\(ControlSequences.stripped($0.value ?? "(none)")) \($0.hits)" }
            out.line(styler.paint("hits by \(name):", .separator) + " " + items.joined(separator: " · "))
        }
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

    /// The cores a listing is formatted on.
    static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    private func writeJSON(corpus: Corpus, index: HitIndex, loading: CorpusLoading) {
        let out = environment.stdout
        for source in corpus.sources.indices where !out.isClosed {
            let shown = ContextRows.shown(in: corpus.rows(ofSource: source), index: index, context: settings.contextRows, corpus: corpus)
            // Stops at the first failed write (a reader gone away), not at the end of the file.
            for row in shown.map(\.row) where !out.isClosed {
                let positions = index.positions(inRow: row)
                if positions.isEmpty {
                    out.line(JSONLinesFormat.contextRecord(corpus.row(at: row)))
                } else {
                    // The row made once for all its hits; a long row's text written once (its
                    // first hit), so a megabyte line with thousands of hits stays linear.
                    let value = corpus.row(at: row)
                    let isLong = value.text.utf8.count > JSONLinesFormat.longRowBytes
                    for position in positions where !out.isClosed {
                        out.line(JSONLinesFormat.hitRecord(
                            at: position, of: index, in: corpus, row: value, includingText: !isLong || position == positions.lowerBound))
                    }
                }
            }
        }
        let filesWithHits = corpus.sources.indices.filter { index.count(inRows: corpus.rows(ofSource: $0)) > 0 }.count
        out.line(JSONLinesFormat.summaryRecord(SearchSummary(
            query: settings.request.description, caseMatching: settings.request.options.caseMatching,
            hits: index.count, rowsWithHits: index.rowsWithHits.count, rows: corpus.rowCount,
            files: corpus.sources.count, filesWithHits: filesWithHits,
            errors: loading.errorCount, warnings: loading.warningCount, facets: Facets(index: index, corpus: corpus)
        )))
    }
}
