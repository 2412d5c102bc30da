import TranscriptFormats
import TranscriptModel
import TranscriptRendering
import TranscriptSearch
import TranscriptStore

/// `tsearch speakers [speaker:NAME ...] [PATH ...]`: who speaks in the transcripts, most rows
/// first, as `   120  Alice Johnson` (the count right-aligned, two spaces, the name as the files
/// write it), or `speaker` records with `--json`. One person under several spellings (`People`,
/// with the `--people` file) is one line, its other spellings after it:
/// `    68  Chen Wei  (also Chen, Wei · Wei Chen)`. Leading `speaker:` tokens keep the names they pick
/// (`speaker:jo` lists "José García" and "Joanna Lee"), as a search would. The list is the
/// library's `SuggestionCatalog`, the same names a `speaker:` token picks from; the shell completion
/// of `speaker:` runs this command (its stderr unread). A token that picks nobody is said on stderr
/// with the nearest names, as `search` says it. Exit 1 when no speaker is listed.
struct SpeakersCommand {
    /// What the raw arguments mean for listing speakers.
    struct Settings {
        /// The leading `speaker:` tokens, as typed.
        var typed: [String]
        var paths: [String]
        var loadOptions: LoadOptions
        var json: Bool
        var colour: Bool
        /// Which warnings to say (`--warnings`).
        var warnings: WarningsChoice
        /// Who is who among the speakers (`--people`).
        var people: People

        init(_ raw: RawArguments, environment: CommandEnvironment) {
            var paths = raw.positionals[...]
            var typed: [String] = []
            while let first = paths.first, first.lowercased().hasPrefix("speaker:") {
                typed.append(first)
                paths = paths.dropFirst()
            }
            self.typed = typed
            self.paths = environment.defaultPaths(Array(paths))
            loadOptions = raw.loadOptions
            json = raw.json
            colour = environment.colourEnabled(raw.color)
            warnings = raw.warnings
            people = raw.filter.people
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
        let typed = settings.typed
        let catalog = SuggestionCatalog(corpus: loaded.corpus, people: settings.people)
        var speakers = catalog.all(.speaker)
        if !typed.isEmpty {
            let picked = Set(typed.flatMap { catalog.suggestions(for: $0) }.map(\.value))
            speakers = speakers.filter { picked.contains($0.value) }
            // A name that picks nobody is said on stderr with the nearest, as a search says it.
            let values = typed.map { String($0.dropFirst("speaker:".count)) }
            var filter = RowFilter(speakers: values)
            filter.people = settings.people
            UnmatchedSpeakers.report(filter, in: loaded.corpus, among: catalog, environment: environment)
        }
        let out = environment.stdout
        let styler = Styler(isEnabled: settings.colour)
        let width = String(speakers.first?.rows ?? 0).count
        for speaker in speakers where !out.isClosed {
            if settings.json {
                out.line(JSONLinesFormat.speakerRecord(speaker))
            } else {
                let count = String(speaker.rows)
                let others = speaker.spellings.filter { $0 != speaker.value }.map { ControlSequences.stripped($0) }
                let also = others.isEmpty ? "" : "  (also \(others.joined(separator: " · ")))"
                out.line(String(repeating: " ", count: width - count.count) + count + "  " + styler.paint(ControlSequences.stripped(speaker.value), .speaker) + also)
            }
        }
        if loaded.errorCount > 0 { return .error }
        return speakers.isEmpty ? .noMatch : .success
    }
}
