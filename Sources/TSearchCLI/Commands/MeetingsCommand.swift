import TranscriptFormats
import TranscriptModel
import TranscriptRendering
import TranscriptSearch
import TranscriptStore

/// `tsearch meetings [QUERY] [PATH ...]`: one line per meeting (`MeetingListing`: date, title,
/// duration, participants, rows, and with a QUERY its hits), oldest first unless `--sort` says
/// otherwise, or `meeting` records with `--json`. Meetings are the sources that pass the filters
/// (`--since`, `--meeting`, `with:`, …) and, with a QUERY, have a hit. A first argument that names
/// an existing file or folder is a PATH: then there is no QUERY. Nothing is saved as the session.
/// Exit 1 when no meeting is listed.
struct MeetingsCommand {
    /// What the raw arguments mean for listing meetings.
    struct Settings {
        /// The search (text and filters); its text is empty without a QUERY.
        var request: SearchRequest
        var paths: [String]
        var order: MeetingOrder
        var loadOptions: LoadOptions
        var json: Bool
        var colour: Bool
        /// Which warnings to say (`--warnings`).
        var warnings: WarningsChoice
        var datesFromModificationTime: Bool

        init(_ raw: RawArguments, environment: CommandEnvironment) throws(CommandError) {
            var query = ""
            var given = raw.positionals
            if let first = raw.positionals.first, FileCalls.kind(of: first) == .missing,
               let (text, paths) = raw.queryAndPaths() {
                query = text
                given = paths
            }
            do {
                request = try SearchRequest(parsing: query, options: raw.searchOptions, filter: raw.filter)
                if !request.text.isEmpty { try request.validate() }
            } catch {
                throw CommandError.query(error)
            }
            paths = environment.defaultPaths(given)
            order = raw.sort ?? .date
            if order == .relevance && request.text.isEmpty {
                throw CommandError.usage(UsageError("--sort relevance ranks meetings by a QUERY's hits: give one"))
            }
            loadOptions = raw.loadOptions
            json = raw.json
            colour = environment.colourEnabled(raw.color)
            warnings = raw.warnings
            datesFromModificationTime = raw.datesFromModificationTime
        }
    }

    let settings: Settings
    let environment: CommandEnvironment

    func run() -> ExitCode {
        let progress = LoadProgress()
        let line = settings.json ? nil : environment.startProgressLine(progress)
        var flow = environment.searchFlow(countingIn: progress)
        if settings.datesFromModificationTime { flow.source = ModificationDates(flow.source) }
        let meetings: [MeetingSummary]
        var errors = 0
        if settings.request.text.isEmpty {
            let loaded = flow.source.load(settings.paths, options: settings.loadOptions, baseDirectory: nil)
            line?.stop()
            environment.report(loaded.diagnostics, warnings: settings.warnings)
            errors = loaded.errorCount
            meetings = MeetingList.summaries(of: loaded.corpus, filter: settings.request.filter, order: settings.order)
        } else {
            let outcome = flow.search(settings.request, in: settings.paths, options: settings.loadOptions, directory: FileCalls.currentDirectory())
            line?.stop()
            environment.report(outcome.diagnostics, warnings: settings.warnings)
            errors = outcome.diagnostics.count { $0.severity == .error }
            switch outcome.search {
            case .success(let found):
                meetings = MeetingList.summaries(of: found.corpus, filter: found.request.filter, hits: found.index, order: settings.order)
            case .failure(let abandoned):
                environment.report(abandoned.withHowToLiftIt)
                return .error
            }
        }
        let out = environment.stdout
        let listing = MeetingListing(styler: Styler(isEnabled: settings.colour))
        for meeting in meetings where !out.isClosed {
            out.line(settings.json ? JSONLinesFormat.meetingRecord(meeting) : listing.line(meeting))
        }
        if errors > 0 { return .error }
        return meetings.isEmpty ? .noMatch : .success
    }
}
