import TranscriptModel
import TranscriptRendering
import TranscriptSearch
import TranscriptStore

/// `search -c`, `-l` and `-q` through a server that counted the hits itself (`ServerRows.count`).
extension SearchCommand {
    /// Prints a count the server made (`-c`, `-l`, `-q`) and saves it as the session, whose rows
    /// the first step fetches.
    func printCount(_ counted: ServerRows.Counted, flow: SearchFlow) -> ExitCode {
        UnmatchedSpeakers.report(settings.request.filter, in: counted.names, among: counted.speakers, environment: environment)
        let styler = Styler(isEnabled: settings.colour)
        let lines: [String]
        switch settings.output {
        case .count: lines = SearchPrinter.countLines(counted.hitsByFile, styler: styler)
        case .files: lines = SearchPrinter.fileLines(counted.hitsByFile, styler: styler)
        default: lines = []
        }
        for line in lines where !environment.stdout.isClosed { environment.stdout.line(line) }
        let search = SavedSearch(
            request: settings.request, loadOptions: settings.loadOptions, directory: FileCalls.currentDirectory(), paths: [],
            loaded: LoadedCorpus(corpus: Corpus(), sources: counted.sources), index: HitIndex(rowCount: 0))
        // A failure to save is a warning: the search itself succeeded.
        do {
            try flow.saveUnfetched(search, hits: counted.total)
        } catch {
            environment.report("warning: \(error.description)")
        }
        return counted.total > 0 ? .success : .noMatch
    }
}
