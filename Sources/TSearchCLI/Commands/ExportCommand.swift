import TranscriptFormats
import TranscriptModel
import TranscriptRendering
import TranscriptSearch
import TranscriptStore

/// `tsearch export --format ansi|html|markup|edl|m3u|fcpxml|otio [-o FILE] [QUERY PATH ...]`: the hits,
/// highlighted, with the current hit distinct, or the moments they were said, as a playlist. Without a query, the saved search (read only: export never writes the
/// session); with one, a fresh search with hit 1 current.
///
/// - ansi: the listing of `tsearch search`, coloured (unless `--color never`), for `less -R`;
/// - html: one self-contained page (`HTMLExport`);
/// - markup: one line per row with hits, tab-separated: file, row ID, start (`HH:MM:SS.mmm` or
///   empty), speaker (or empty), then the text with `&`, `<`, `>` escaped and each hit wrapped in
///   `--pre-tag`/`--post-tag` (`HighlightMarkup`, which also reads it back). A hit across cues gives
///   a line for each row it covers, its part in that row wrapped;
/// - edl, m3u, fcpxml, otio: a playlist of the moments (`PlaylistExport`, `MomentPlaylist`) for mpv or
///   VLC, or its clips as a timeline for a video editor; no
///   hits writes nothing (exit 1), and nothing to play (no times, no recording) is an error (exit 2).
///
/// `-o FILE` replaces a regular FILE atomically (a failed export, or one with an input that could
/// not be read, leaves no file and no partial file); into a named pipe or a device it writes
/// directly, as a shell would; `-o -` is standard output. On a terminal, every format but `ansi`
/// has its control sequences removed.
struct ExportCommand {
    /// What the raw arguments mean for an export.
    struct Settings {
        var format: ExportFormat
        /// What to export: the saved search, or a new search of `paths`.
        var opening: Opening
        var loadOptions: LoadOptions
        /// `-o FILE` (nil or `-`: standard output).
        var outputPath: String?
        /// `--media`: the recording a page or playlist links to.
        var mediaURL: String?
        /// `--padding`, in milliseconds.
        var padding: Int64?
        /// `-C N`; `allRows` (`--all`) shows every row instead.
        var contextRows: Int?
        var allRows: Bool
        /// Colour in the ANSI listing (on unless `--color never`).
        var colour: Bool
        /// Which warnings to say (`--warnings`).
        var warnings: WarningsChoice
        var preTag: String
        var postTag: String

        enum Opening {
            case savedSearch
            case search(SearchRequest, paths: [String])

            var isSavedSearch: Bool {
                if case .savedSearch = self { return true }
                return false
            }
        }

        init(_ raw: RawArguments, environment: CommandEnvironment) throws(CommandError) {
            guard let format = raw.exportFormat else {
                throw CommandError.usage(UsageError("export needs --format ansi, html, markup, edl, m3u, fcpxml or otio"))
            }
            guard !raw.preTag.isEmpty, !raw.postTag.isEmpty else {
                throw CommandError.usage(UsageError("--pre-tag and --post-tag cannot be empty"))
            }
            if format == .html, let media = raw.mediaURL, !HTMLExport.isSafeLink(media) {
                throw CommandError.usage(UsageError("--media \(media): a page links only to http, https or file URLs, or to a path"))
            }
            self.format = format
            if let (queryText, given) = raw.queryAndPaths() {
                opening = .search(try raw.searchRequest(queryText), paths: environment.defaultPaths(given))
            } else {
                opening = .savedSearch
            }
            loadOptions = raw.loadOptions
            outputPath = raw.outputPath
            mediaURL = raw.mediaURL
            padding = raw.padding
            contextRows = raw.contextRows
            allRows = raw.allRows
            colour = raw.color != .never
            warnings = raw.warnings
            preTag = raw.preTag
            postTag = raw.postTag
        }
    }

    let settings: Settings
    let environment: CommandEnvironment

    func run() -> ExitCode {
        let format = settings.format
        // A long loading is never silent on a terminal; the line is gone before anything is printed.
        let progress = LoadProgress()
        let flow = environment.savedSearchFlow(countingIn: progress)
        let search: SavedSearch
        let current: Int?
        var failed = false
        switch settings.opening {
        case .search(let request, let paths):
            let line = environment.startProgressLine(progress)
            let outcome = flow.search(request, in: paths, options: settings.loadOptions, directory: FileCalls.currentDirectory())
            line?.stop()
            environment.report(outcome.diagnostics, warnings: settings.warnings)
            failed = outcome.diagnostics.contains { $0.severity == .error }
            switch outcome.search {
            case .success(let found):
                search = found
                UnmatchedSpeakers.report(found.request.filter, in: found.corpus, environment: environment)
            case .failure(let abandoned):
                environment.report(abandoned.withHowToLiftIt)
                return .error
            }
            current = search.index.count > 0 ? 0 : nil
        case .savedSearch:
            // Read again (and its files) when they changed since it was saved.
            let line = environment.startProgressLine(progress)
            let restoring = Result { () throws(SessionError) in try flow.restoreForReading() }
            line?.stop()
            let restored: SavedSearch.Restored
            switch restoring {
            case .success(let found): restored = found
            case .failure(let error):
                environment.report(error.description)
                return .error
            }
            environment.report(restored.diagnostics, warnings: settings.warnings)
            search = restored.search
            current = restored.current
        }

        let text: String
        switch format {
        case .edl, .m3u, .fcpxml, .otio:
            guard let playlist = playlist(of: search, format: format) else { return failed ? .error : .noMatch }
            guard case .success(let written) = playlist else { return .error }
            text = written
        case .ansi, .html, .markup:
            let folder = settings.opening.isSavedSearch ? search.directory : FileCalls.currentDirectory()
            text = render(search, current: current, format: format, searchFolder: folder)
        }
        if let path = settings.outputPath, path != "-" {
            // A failed input fails the export: nothing is written (the error is already reported).
            if failed { return .error }
            if case .failure(let error) = FileCalls.writeOutput(Array(text.utf8), to: path) {
                environment.report("cannot write \(path): \(error.description)")
                return .error
            }
        } else if environment.stdoutIsTerminal && format != .ansi {
            // A playlist or page shown on a terminal: a file or media name holding escape
            // sequences must not drive it (the ANSI listing is made safe field by field).
            environment.stdout.write(Self.terminalSafe(text))
        } else {
            environment.stdout.write(text)
        }
        if failed { return .error }
        return search.index.count > 0 ? .success : .noMatch
    }

    /// Each source's name and recording on the page. A file is named relative to `searchFolder`
    /// (as `tsearch search` run there names it), or absolute when it lies outside. Its recording
    /// (`MediaFiles`' rule, as the playlists find it) is linked relative to the page's own folder:
    /// `-o`'s folder, or the current directory for standard output (where `> page.html` puts it),
    /// so the links work from the page; absolute only when the two share nothing but the root.
    /// With `--media`, every timestamp links there instead and no recording is looked for.
    private func pageLinks(of corpus: Corpus, searchFolder: String) -> [HTMLExport.SourceLink] {
        let current = FileCalls.currentDirectory()
        var pageFolder = current
        if let output = settings.outputPath, output != "-" {
            let page = MediaFiles.absolute(output, in: current)
            pageFolder = String(page[..<(page.lastIndex(of: "/") ?? page.startIndex)])
        }
        var finder = MediaFiles()
        return corpus.sources.map { source in
            let path = source.path
            guard path != "<stdin>", !path.contains("://") else { return HTMLExport.SourceLink(path: path) }
            let absolute = MediaFiles.absolute(path, in: searchFolder)
            let relative = MediaFiles.relative(absolute, from: searchFolder)
            let name = relative.hasPrefix("../") || relative.hasPrefix("/") ? absolute : relative
            guard settings.mediaURL == nil, let recording = finder.recording(ofTranscript: absolute, directory: searchFolder) else {
                return HTMLExport.SourceLink(path: name)
            }
            return HTMLExport.SourceLink(path: name, recording: MediaFiles.relative(recording, from: pageFolder.isEmpty ? "/" : pageFolder))
        }
    }

    /// `text` with control sequences removed from each line, the line ends kept.
    static func terminalSafe(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { ControlSequences.stripped($0) }.joined(separator: "\n")
    }

    /// The playlist's text; nil when there are no hits (nothing written, as grep prints nothing);
    /// a failure when nothing can be played (reported here).
    private func playlist(of search: SavedSearch, format: ExportFormat) -> Result<String, PlaylistFailure>? {
        guard search.index.count > 0 else {
            environment.report("no hits for \"\(search.request.description)\": no playlist written")
            return nil
        }
        var media = settings.mediaURL
        if let given = media, !given.contains("://") {
            let path = MediaFiles.absolute(given, in: FileCalls.currentDirectory())
            guard [.file, .stream].contains(FileCalls.kind(of: path)) else {
                environment.report("--media \(given): no such file (give a video or audio file, or a URL)")
                return .failure(PlaylistFailure())
            }
            media = path
        }
        let export = PlaylistExport(search: search, media: media, padding: settings.padding ?? PlaylistExport.defaultPadding)
        switch export.moments() {
        case .nothingToPlay(let reasons):
            for reason in reasons { environment.report(reason) }
            environment.report("nothing to play: no playlist written")
            return .failure(PlaylistFailure())
        case .playlist(let playlist, let notes):
            for note in notes { environment.report("note: " + note) }
            let name = "tsearch: " + search.request.description
            switch format {
            case .m3u: return .success(playlist.m3u())
            case .fcpxml: return .success(playlist.fcpxml(name: name))
            case .otio: return .success(playlist.otio(name: name))
            default: return .success(playlist.edl())
            }
        }
    }

    /// Nothing could be played; the reasons are already on stderr.
    private struct PlaylistFailure: Error {}

    /// `searchFolder`: where the search ran, against which its relative paths resolve.
    private func render(_ search: SavedSearch, current: Int?, format: ExportFormat, searchFolder: String) -> String {
        let corpus = search.corpus, index = search.index
        switch format {
        case .html:
            let count = index.count
            // The files that have hits, not every file searched (a folder of 302 with hits in 23).
            let files = corpus.sources.indices.count { search.index.count(inRows: corpus.rows(ofSource: $0)) > 0 }
            let title = "“\(search.request.description)”: \(count) \(count == 1 ? "hit" : "hits") in \(files) \(files == 1 ? "file" : "files")"
            return HTMLExport(corpus: corpus, index: index, current: current, settings: HTMLExport.Settings(
                title: title, contextRows: settings.allRows ? nil : settings.contextRows ?? 0, mediaURL: settings.mediaURL,
                generator: "tsearch \(Help.version)", sources: pageLinks(of: corpus, searchFolder: searchFolder))).render()
        case .ansi:
            let styler = Styler(isEnabled: settings.colour)
            let context = settings.allRows ? corpus.rowCount : settings.contextRows ?? 0
            let listing = HitListing(corpus: corpus, index: index, styler: styler, contextRows: context)
            let blocks = corpus.sources.indices.map { listing.lines(forSource: $0, current: current) }.filter { !$0.isEmpty }
            return blocks.map { $0.joined(separator: "\n") + "\n" }.joined(separator: "\n")
        case .edl, .m3u, .fcpxml, .otio:
            preconditionFailure("playlists are written by playlist(of:format:)")
        case .markup:
            let markup = HighlightMarkup(preTag: settings.preTag, postTag: settings.postTag)
            var out = ""
            for row in ContextRows.shown(in: 0..<corpus.rowCount, index: index, context: 0, corpus: corpus).map(\.row) {
                let value = corpus.row(at: row)
                let fields = [
                    ControlSequences.escaped(value.locator.file), value.id.description,
                    value.start?.formatted ?? "", value.speaker ?? "",
                    markup.encode(value.text, ranges: index.segments(inRow: row, in: corpus).map(\.utf8Range)),
                ]
                out += fields.map { ControlSequences.stripped($0) }.joined(separator: "\t") + "\n"
            }
            return out
        }
    }
}
