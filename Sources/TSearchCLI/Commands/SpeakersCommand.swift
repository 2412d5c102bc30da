import TranscriptModel
import TranscriptRendering
import TranscriptSearch

/// `tsearch speakers [speaker:NAME ...] [PATH ...]`: who speaks in the transcripts, most rows
/// first, as `   120  Alice Johnson` (the count right-aligned, two spaces, the name as the files
/// write it), or `speaker` records with `--json`. Leading `speaker:` tokens keep the names they pick
/// (`speaker:jo` lists "José García" and "Joanna Lee"), as a search would. The list is the
/// library's `SuggestionCatalog`, the same names a `speaker:` token picks from; the shell completion
/// of `speaker:` runs this command. Exit 1 when no speaker is listed.
struct SpeakersCommand {
    let raw: RawArguments
    let environment: CommandEnvironment

    func run() -> ExitCode {
        var paths = raw.positionals[...]
        var typed: [String] = []
        while let first = paths.first, first.lowercased().hasPrefix("speaker:") {
            typed.append(first)
            paths = paths.dropFirst()
        }
        if paths.isEmpty { paths = environment.stdinIsReadable ? ["-"] : ["."] }
        let loading = CorpusLoading.load(paths: Array(paths), options: raw.loadOptions, environment: environment)
        let catalog = SuggestionCatalog(corpus: loading.corpus)
        var speakers = catalog.all(.speaker)
        if !typed.isEmpty {
            let picked = Set(typed.flatMap { catalog.suggestions(for: $0) }.map(\.value))
            speakers = speakers.filter { picked.contains($0.value) }
        }
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
