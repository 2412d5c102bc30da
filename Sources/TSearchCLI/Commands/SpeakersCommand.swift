import TranscriptModel
import TranscriptRendering
import TranscriptSearch

/// `tsearch speakers [PATH ...]`: who speaks in the transcripts, most rows first, as
/// `   120  Alice Johnson` (the count right-aligned, two spaces, the name as the files write it), or
/// `speaker` records with `--json`. The list is the library's `SuggestionCatalog`, the same names a
/// `speaker:` token picks from and the shell completion of `speaker:` offers. Exit 1 when no row
/// has a speaker.
struct SpeakersCommand {
    let raw: RawArguments
    let environment: CommandEnvironment

    func run() -> ExitCode {
        var paths = raw.positionals
        if paths.isEmpty { paths = environment.stdinIsReadable ? ["-"] : ["."] }
        let loading = CorpusLoading.load(paths: paths, options: raw.loadOptions, environment: environment)
        let speakers = SuggestionCatalog(corpus: loading.corpus).all(.speaker)
        let out = environment.stdout
        let styler = Styler(isEnabled: environment.colourEnabled(raw.color))
        let width = String(speakers.first?.rows ?? 0).count
        for speaker in speakers where !out.isClosed {
            if raw.json {
                out.line(JSONLinesFormat.speakerRecord(speaker))
            } else {
                let count = String(speaker.rows)
                out.line(String(repeating: " ", count: width - count.count) + count + "  " + styler.paint(ControlSequences.stripped(speaker.value), .speaker))
            }
        }
        if loading.errorCount > 0 { return .error }
        return speakers.isEmpty ? .noMatch : .success
    }
}
