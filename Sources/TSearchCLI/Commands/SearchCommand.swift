import Foundation
import TranscriptFormats
import TranscriptModel
import TranscriptRendering
import TranscriptSearch
import TranscriptStore

/// `tsearch search QUERY [PATH ...]`: load, search with the reference matcher, print, and save the
/// search as the session (`SessionStore`) with hit 1 current, for `tsearch next`.
struct SearchCommand {
    /// What the raw arguments mean for a search (ripgrep's "high args").
    struct Settings {
        var request: SearchRequest
        var paths: [String]
        var facets: Bool
        var output: Output
        /// Rows of context before and after each row with hits (`-C`, `-B`, `-A`).
        var contextBefore: Int
        var contextAfter: Int
        /// `-m`: rows with hits kept per file; nil for all.
        var maxRowsPerFile: Int?
        var heading: HeadingChoice
        var colour: Bool
        /// Which warnings to say (`--warnings`).
        var warnings: WarningsChoice
        var inputFormat: TranscriptFormat?
        var loadOptions: LoadOptions
        /// The server whose rows are searched instead of files (`--server`, or `TSEARCH_SERVER`
        /// when no PATH is given), and whether it may send every row (`--scan`).
        var server: String?
        var scan: Bool
        /// `--sort`: the order files are printed in (path: as loaded).
        var order: MeetingOrder
        /// `--date-from mtime`: meetings without a date take their file's modification time.
        var datesFromModificationTime: Bool
        /// `--sort best`: exact hits first, then by edits, then by position.
        var sortBest: Bool

        enum Output { case listing, count, files, json, quiet }

        init(_ raw: RawArguments, environment: CommandEnvironment) throws(CommandError) {
            let given: [String]
            if raw.patterns.isEmpty {
                guard let (text, paths) = raw.queryAndPaths() else {
                    throw CommandError.usage(UsageError("search needs a QUERY: tsearch search QUERY [PATH ...]"))
                }
                // Through a server every argument is the query (there are no paths).
                request = try raw.searchRequest(raw.server != nil ? raw.positionals.joined(separator: " ") : text)
                given = raw.server != nil ? [] : paths
            } else {
                // With -e every positional argument is a path, as in rg.
                request = try raw.patternsRequest()
                given = raw.positionals
            }
            facets = raw.facets
            if raw.json && raw.countOnly {
                throw CommandError.usage(UsageError("--count and --json do not combine: the JSON summary has the counts"))
            }
            server = raw.server ?? (given.isEmpty ? environment.variables["TSEARCH_SERVER"].flatMap { $0.isEmpty ? nil : $0 } : nil)
            if server != nil && request.options.syntax == .boolean {
                throw CommandError.usage(UsageError("--bool does not combine with --server yet"))
            }
            scan = raw.scan
            sortBest = raw.sortBest
            paths = server == nil ? environment.defaultPaths(given) : []
            output = raw.quiet ? .quiet : raw.json ? .json : raw.filesWithMatches ? .files : raw.countOnly ? .count : .listing
            contextBefore = raw.contextBefore ?? raw.contextRows ?? 0
            contextAfter = raw.contextAfter ?? raw.contextRows ?? 0
            maxRowsPerFile = raw.maxRowsPerFile
            heading = raw.heading ?? (environment.stdoutIsTerminal ? .grouped : .perLine)
            colour = environment.colourEnabled(raw.color)
            warnings = raw.warnings
            inputFormat = raw.inputFormat
            loadOptions = raw.loadOptions
            order = raw.sort ?? .path
            datesFromModificationTime = raw.datesFromModificationTime
        }
    }

    let settings: Settings
    let environment: CommandEnvironment

    func run() -> ExitCode {
        let progress = LoadProgress()
        var flow = environment.searchFlow(countingIn: progress)
        var fetched: ServerRows.FetchedRows?
        if settings.datesFromModificationTime { flow.source = ModificationDates(flow.source) }
        if let server = settings.server {
            // -c, -l, -q show no row: the server counts what it can decide, no row comes for context.
            if [.count, .files, .quiet].contains(settings.output), settings.maxRowsPerFile == nil, settings.order == .path,
               !settings.datesFromModificationTime {
                do {
                    if let counted = try ServerRows.count(url: server, request: settings.request, environment: environment) {
                        return printCount(counted, flow: flow)
                    }
                } catch {
                    environment.report((error as? SearchAbandoned)?.withHowToLiftIt ?? "\(error)")
                    return .error
                }
            }
            // Rows from the server instead of files (ServerRows): the rest is the same search.
            do {
                let rows = try ServerRows.load(
                    url: server, request: settings.request, scan: settings.scan, context: max(settings.contextBefore, settings.contextAfter, 2),
                    contextLimit: [.listing, .json].contains(settings.output) && settings.contextBefore + settings.contextAfter > 0
                        ? ServerRows.contextRowsLimit : ServerRows.unshownContextRowsLimit,
                    environment: environment)
                flow.source = rows
                fetched = rows
            } catch {
                environment.report((error as? SearchAbandoned)?.withHowToLiftIt ?? "\(error)")
                return .error
            }
        }
        // A long loading is never silent on a terminal; the line is gone before anything is printed.
        let line = settings.output == .json || settings.output == .quiet ? nil : environment.startProgressLine(progress)
        let outcome = flow.search(
            settings.request, in: settings.paths, options: settings.loadOptions, directory: FileCalls.currentDirectory())
        line?.stop()
        // Errors and warnings before the results; the new notes after them.
        let notes = environment.report(outcome.diagnostics, warnings: settings.warnings, notesLater: true)
        var search: SavedSearch
        switch outcome.search {
        case .success(let found):
            search = found
            // -m: the first rows with hits of each file are the search (counted, printed, saved).
            if let limit = settings.maxRowsPerFile {
                search.index = HitLimit.firstRows(limit, ofEachSourceIn: found.index, corpus: found.corpus)
            }
            UnmatchedSpeakers.report(found.request.filter, in: found.corpus, among: fetched?.speakers, environment: environment)
        case .failure(let abandoned):
            environment.report(abandoned.withHowToLiftIt)
            return .error
        }
        let (corpus, index) = (search.corpus, search.index)
        if settings.request.options.fuzzy && settings.request.fuzzesNothing && settings.output != .json {
            environment.report("note: every word of the query has 3 letters or fewer (or --edits 0), so --fuzzy allows no edits: it finds only words split or joined")
        }
        let errors = outcome.diagnostics.count { $0.severity == .error }
        let out = environment.stdout
        let styler = Styler(isEnabled: settings.colour)
        // The files in `--sort` order (each file's hits stay in time order).
        let sources = MeetingList.sourceOrder(of: corpus, hits: index, order: settings.order)
        // The command chooses the printer; the printers (TranscriptRendering) format.
        let printer = SearchPrinter(corpus: corpus, index: index, sources: sources)

        switch settings.output {
        case .quiet:
            break
        case .count:
            for line in printer.countLines(styler: styler) { out.line(line) }
            reportApproximate(index)
        case .files:
            for line in printer.fileLines(styler: styler) where !out.isClosed { out.line(line) }
        case .json:
            let diagnostics = outcome.diagnostics
            let summary = SearchSummary(
                query: settings.request.description, caseMatching: settings.request.options.caseMatching,
                hits: index.count, rowsWithHits: index.rowsWithHits.count, rows: corpus.rowCount,
                files: corpus.sources.count, filesWithHits: printer.filesWithHits,
                errors: diagnostics.count { $0.severity == .error }, warnings: diagnostics.count { $0.severity == .warning },
                facets: facets(corpus, index))
            // Stops at the first failed write (a reader gone away), not at the end of the file.
            printer.writeJSON(before: settings.contextBefore, after: settings.contextAfter, summary: summary) { line in
                out.line(line)
                return !out.isClosed
            }
        case .listing:
            // --sort best: one listing per number of edits, exact hits first.
            let tiers = settings.sortBest && index.hasApproximateHits
                ? index.countsByEdits.keys.sorted().map { (edits: $0, index: index.keepingHits(withEdits: $0)) }
                : [(edits: 0, index: index)]
            for (number, tier) in tiers.enumerated() where !out.isClosed {
                if tiers.count > 1 && settings.heading == .grouped {
                    if number > 0 { out.line() }
                    let label = tier.edits == 0 ? "exact" : "≈\(tier.edits) \(tier.edits == 1 ? "edit" : "edits")"
                    out.line(styler.paint("── \(label): \(tier.index.count) \(tier.index.count == 1 ? "hit" : "hits")", .separator))
                }
                printListing(corpus: corpus, index: tier.index, sources: sources, styler: styler)
            }
            if settings.facets && !out.isClosed { printFacets(facets(corpus, index), index: index, styler: styler) }
            if environment.stdoutIsTerminal && index.count > 0 {
                out.line()
                out.line(styler.paint(printer.totalsLine, .separator))
            }
            reportApproximate(index)
            if index.count == 0 { reportNoHits(in: corpus) }
        }
        environment.reportNotes(notes)
        // A failure to save is a warning: the search itself succeeded.
        do {
            try flow.save(search, current: index.count > 0 ? 0 : nil)
        } catch {
            environment.report("warning: \(error.description)")
        }
        if errors > 0 { return .error }
        return index.count > 0 ? .success : .noMatch
    }

    /// The listing of `index`'s hits: grouped by file, or one line per hit; files in the order
    /// of `sources` (`--sort`).
    private func printListing(corpus: Corpus, index: HitIndex, sources: [Int], styler: Styler) {
        let out = environment.stdout
        switch settings.heading {
        case .grouped:
            let listing = HitListing(
                corpus: corpus, index: index, styler: styler, contextRows: settings.contextBefore, contextAfter: settings.contextAfter)
            var first = true
            for source in sources where !out.isClosed && index.count(inRows: corpus.rows(ofSource: source)) > 0 {
                if !first { out.line() }
                first = false
                // Formatted on every core, a piece of rows at a time, written in order.
                listing.forEachPieceOfBytes(forSource: source, cores: SearchCommand.cores) { piece in
                    out.write(bytes: piece)
                    return !out.isClosed
                }
            }
        case .perLine:
            let listing = PerLineListing(
                corpus: corpus, index: index, styler: styler, contextBefore: settings.contextBefore, contextAfter: settings.contextAfter,
                sourceOrder: settings.order == .path ? nil : sources)
            listing.forEachPieceOfBytes(cores: SearchCommand.cores) { piece in
                out.write(bytes: piece)
                return !out.isClosed
            }
        }
    }

    /// On a terminal, a search without hits says so (a pipe gets nothing, as from grep); a phrase
    /// of several words whose words are said apart gets a hint: how many turns hold them all
    /// (`--bool`), and whether the phrase runs over from one cue into the next (`--across-cues`).
    private func reportNoHits(in corpus: Corpus) {
        guard environment.stdoutIsTerminal, corpus.rowCount > 0 else { return }
        let request = settings.request
        environment.report("no hits for \(request.description)")
        let words = request.text.split(whereSeparator: \.isWhitespace)
        guard request.options.syntax == .verbatim, !request.options.fuzzy, words.count > 1 else { return }
        var together = request.options
        together.syntax = .boolean
        together.within = .turn
        let quoted = words.map { $0.contains("\"") ? String($0).replacingOccurrences(of: "\"", with: "") : String($0) }
        let turns = Self.hitCount(SearchRequest(text: quoted.joined(separator: " "), options: together, filter: request.filter), in: corpus)
        var across = request.options
        across.spanning = .acrossRows
        let spanning = request.options.spanning == .withinRows
            ? Self.hitCount(SearchRequest(text: request.text, options: across, filter: request.filter), in: corpus) : 0
        if spanning > 0 {
            environment.report("hint: the phrase runs on from one cue into the next \(spanning) \(spanning == 1 ? "time" : "times"); --across-cues finds it there")
        }
        if turns > 0 {
            environment.report("hint: its words are said apart, together in \(turns) \(turns == 1 ? "turn" : "turns"); --bool finds every turn that holds all of them")
        }
    }

    /// How many hits `request` has in `corpus` (0 when the query cannot run).
    private static func hitCount(_ request: SearchRequest, in corpus: Corpus) -> Int {
        do {
            return try request.runner().search(corpus).count
        } catch {
            return 0
        }
    }

    /// Says on standard error how many hits are approximate, when some are (never silently wider).
    private func reportApproximate(_ index: HitIndex) {
        guard index.hasApproximateHits else { return }
        let approximate = index.approximateCount
        if approximate == index.count {
            environment.report("note: \(approximate == 1 ? "the hit is" : "all \(approximate) hits are") approximate (marked ≈); none is exact")
        } else {
            environment.report(
                "note: \(approximate) of these \(index.count) hits \(approximate == 1 ? "is" : "are") approximate (marked ≈)"
                    + (settings.sortBest ? "" : "; --sort best lists the exact ones first"))
        }
    }

    /// `hits by speaker: Alice 12 · Bob 3 · (none) 1`, and the same by file and by section; a kind
    /// too long for one line is listed one value a line under its label.
    private func printFacets(_ facets: Facets, index: HitIndex, styler: Styler) {
        let out = environment.stdout
        out.line()
        for kind in FacetSummary.lines(facets, edits: index) {
            let printed = FacetSummary.printed(label: kind.label, items: kind.items)
            // The label painted, its values (on its line or below it) not.
            let label = printed.heading.prefix(kind.label.count)
            out.line(styler.paint(String(label), .separator) + printed.heading.dropFirst(kind.label.count))
            for line in printed.lines { out.line(line) }
        }
    }

    /// The disjunctive facets of this search (`Facets(request:index:corpus:)`).
    private func facets(_ corpus: Corpus, _ index: HitIndex) -> Facets {
        FacetSummary.facets(of: settings.request, index: index, corpus: corpus)
    }

    /// The cores a listing is formatted on.
    static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
}
