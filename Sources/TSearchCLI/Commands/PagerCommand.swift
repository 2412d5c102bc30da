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

        enum Opening {
            case savedSearch
            case search(SearchRequest, paths: [String])
        }

        init(_ raw: RawArguments, environment: CommandEnvironment) throws(CommandError) {
            loadOptions = raw.loadOptions
            mouse = raw.mouse
            look = environment.colourEnabled(raw.color) ? .colour : .monochrome
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
        let flow = environment.searchFlow
        var search: SavedSearch
        var current: Int?
        switch settings.opening {
        case .savedSearch:
            guard let restored = environment.restoredSearch(flow) else { return .error }
            search = restored.search
            current = restored.current
        case .search(let request, let paths):
            let outcome = flow.search(request, in: paths, options: settings.loadOptions, directory: FileCalls.currentDirectory())
            environment.report(outcome.diagnostics)
            switch outcome.search {
            case .success(let found):
                search = found
                UnmatchedSpeakers.report(found.request.filter, in: found.corpus, environment: environment)
            case .failure(let abandoned):
                environment.report(abandoned.description)
                return .error
            }
            guard search.corpus.rowCount > 0 else {
                environment.report("nothing to show: no rows were loaded")
                return .error
            }
            current = search.index.count > 0 ? 0 : nil
        }
        environment.stderr.flush()

        let session = PagerSession(
            search: search, current: current, mouse: settings.mouse, look: settings.look, timeout: environment.searchTimeout,
            equivalences: flow.equivalences)
        let final = session.run()
        search.request = final.request
        search.index = final.index
        do {
            try flow.save(search, current: final.cursor.current)
        } catch {
            environment.report("warning: \(error.description)")
        }
        return .success
    }
}
