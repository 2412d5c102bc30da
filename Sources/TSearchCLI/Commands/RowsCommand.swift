import TranscriptFormats
import TranscriptRendering
import TranscriptStore

/// `tsearch rows [PATH ...]`: the rows each file loads as, exactly as search sees them.
struct RowsCommand {
    /// What the raw arguments mean for listing rows.
    struct Settings {
        var paths: [String]
        var loadOptions: LoadOptions
        var json: Bool
        var colour: Bool
        /// Which warnings to say (`--warnings`).
        var warnings: WarningsChoice

        init(_ raw: RawArguments, environment: CommandEnvironment) {
            paths = environment.defaultPaths(raw.positionals)
            loadOptions = raw.loadOptions
            json = raw.json
            colour = environment.colourEnabled(raw.color)
            warnings = raw.warnings
        }
    }

    let settings: Settings
    let environment: CommandEnvironment

    func run() -> ExitCode {
        // A long loading is never silent on a terminal; the line is gone before anything is printed.
        let progress = LoadProgress()
        let line = settings.json ? nil : environment.startProgressLine(progress)
        let loaded = environment.corpusSource(countingIn: progress).load(settings.paths, options: settings.loadOptions, baseDirectory: nil)
        line?.stop()
        environment.report(loaded.diagnostics, warnings: settings.warnings)
        let corpus = loaded.corpus
        let out = environment.stdout
        let listing = RowListing(styler: Styler(isEnabled: settings.colour))
        for source in corpus.sources.indices where !out.isClosed {
            if !settings.json {
                if source > 0 { out.line() }
                out.line(listing.heading(corpus.sources[source]))
            }
            var shownTitle: String?
            for row in corpus.rows(ofSource: source) where !out.isClosed {
                let value = corpus.row(at: row)
                if settings.json {
                    out.line(JSONLinesFormat.rowRecord(value))
                    continue
                }
                if let title = value.title, title != shownTitle { out.line(listing.sectionLine(title)) }
                shownTitle = value.title
                out.line(listing.line(value))
            }
        }
        if loaded.errorCount > 0 { return .error }
        return corpus.rowCount > 0 ? .success : .noMatch
    }
}
