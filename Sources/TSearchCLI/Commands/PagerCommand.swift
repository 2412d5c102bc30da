import Dispatch
import Foundation
import TranscriptFormats
import TranscriptModel
import TranscriptRendering
import TranscriptSearch
import TranscriptStore

/// `tsearch pager [QUERY] [PATH ...]`: the interactive pager. With no arguments it
/// opens the saved search at its current hit; quitting saves the search and its current hit back, so
/// `tsearch next` goes on from there.
///
/// The state is a value (`PagerState`) reduced on one serial queue; keys arrive from a reader
/// thread, search results from a `Searcher` actor (debounced, one in flight plus the latest, stale
/// results dropped), so typing never waits for a search. A query that only grows searches just the
/// rows the previous one matched.
struct PagerCommand {
    /// What the raw arguments mean for the pager.
    struct Settings {
        /// What to open: the saved search, or a new search (no query: browse the rows).
        var opening: Opening
        var loadOptions: LoadOptions
        var mouse: Bool
        /// Colour, or none (`--color never`, `NO_COLOR`): then hits are underlined, as less marks them.
        var look: PagerView.Look
        /// Which warnings to show (`--warnings`).
        var warnings: WarningsChoice

        enum Opening {
            case savedSearch
            case search(SearchRequest, paths: [String])
        }

        init(_ raw: RawArguments, environment: CommandEnvironment) throws(CommandError) {
            loadOptions = raw.loadOptions
            mouse = raw.mouse
            look = environment.colourEnabled(raw.color) ? .colour : .monochrome
            warnings = raw.warnings
            guard !raw.positionals.isEmpty else {
                opening = .savedSearch
                return
            }
            // Every argument an existing path: browse them with no query yet.
            let browsing = raw.positionals.allSatisfy { FileCalls.kind(of: $0) != .missing }
            let (text, paths) = browsing ? ("", raw.positionals) : (raw.queryAndPaths() ?? ("", raw.positionals))
            let request = text.isEmpty ? SearchRequest(text: "", options: raw.searchOptions, filter: raw.filter) : try raw.searchRequest(text)
            opening = .search(request, paths: paths)
        }
    }

    let settings: Settings
    let environment: CommandEnvironment

    func run() -> ExitCode {
        guard SystemCalls.isTerminal(0) && environment.stdoutIsTerminal else {
            environment.report("the pager needs a terminal; use tsearch search to print hits")
            return .error
        }
        // The screen opens at once; the search loads behind its progress, and a new search shows
        // the rows read so far as they come (PagerSession).
        let opening = settings.opening
        // Browsing (no query, no filter) waits for every row: it has no hits to show early.
        let partialRequest: SearchRequest? =
            if case .search(let request, _) = opening, !request.text.isEmpty || !request.filter.isEmpty { request } else { nil }
        let progress = LoadProgress(partials: partialRequest == nil ? .none : .standard)
        let flow = environment.savedSearchFlow(countingIn: progress)
        let loadOptions = settings.loadOptions
        let directory = FileCalls.currentDirectory()
        let openingQuery = if case .search(let request, _) = opening { request.text } else { "" }
        let session = PagerSession(
            mouse: settings.mouse, look: settings.look, timeout: environment.searchTimeout, equivalences: flow.equivalences, progress: progress,
            openingQuery: openingQuery, partialRequest: partialRequest)
        let warnings = settings.warnings
        let (state, opened) = session.run { Self.open(opening, flow: flow, loadOptions: loadOptions, directory: directory, warnings: warnings) }
        // What the loading had to say, once the screen is back.
        for message in opened?.messages ?? [] { environment.report(message) }
        guard let final = state, var search = opened?.search else {
            // Left while loading (nothing to save), or nothing to show (said above).
            return opened == nil ? .success : .error
        }
        search.request = final.request
        search.index = final.index
        if !final.hitsCoverAllRows, let runner = try? final.request.runner(equivalences: flow.equivalences) {
            // Left before the search over every row came back: the hits shown were a part's.
            search.index = runner.search(search.corpus)
        }
        do {
            try flow.save(search, current: final.cursor.current)
        } catch {
            environment.report("warning: \(error.description)")
        }
        return .success
    }

    /// The search the pager opens on: the saved one, or `opening`'s, searched now through `flow`,
    /// with everything worth telling as lines for standard error.
    private static func open(
        _ opening: Settings.Opening, flow: SearchFlow, loadOptions: LoadOptions, directory: String, warnings: WarningsChoice
    ) -> PagerOpening {
        /// Every kind once; notes too (the pager's messages come after its screen, not before hits).
        func lines(_ diagnostics: [LoadDiagnostic]) -> [String] {
            let lines = DiagnosticLines(diagnostics, choice: warnings, said: [])
            return lines.before + lines.after
        }
        var messages: [String] = []
        switch opening {
        case .savedSearch:
            do {
                let restored = try flow.restoreForReading()
                messages = lines(restored.diagnostics)
                return PagerOpening(search: restored.search, current: restored.current, messages: messages)
            } catch {
                return PagerOpening(search: nil, current: nil, messages: [error.description])
            }
        case .search(let request, let paths):
            let outcome = flow.search(request, in: paths, options: loadOptions, directory: directory)
            messages = lines(outcome.diagnostics)
            switch outcome.search {
            case .success(let found):
                messages += UnmatchedSpeakers.messages(for: found.request.filter, in: found.corpus)
                guard found.corpus.rowCount > 0 else {
                    return PagerOpening(search: nil, current: nil, messages: messages + ["nothing to show: no rows were loaded"])
                }
                return PagerOpening(search: found, current: found.index.count > 0 ? 0 : nil, messages: messages)
            case .failure(let abandoned):
                return PagerOpening(search: nil, current: nil, messages: messages + [abandoned.withHowToLiftIt])
            }
        }
    }
}
