import TranscriptModel
import TranscriptRendering
import TranscriptSearch
import TranscriptStore

/// `tsearch next [N]`, `prev [N]`, `goto K`, `show`: move the saved search's current hit and print it
/// in context, with `hit k of N`.
///
/// The whole read-move-write happens under the session's lock, so concurrent steps never lose one.
/// Unchanged files are not read again: the rows and hits come from the cache beside the session. When
/// a file changed (or came or went), the search runs again, the current hit is re-anchored by the
/// rules of `HitCursor.reanchored`, and stderr says so. A failed command never writes the session.
struct NavigateCommand {
    enum Move: Equatable {
        case forward(Int)
        case backward(Int)
        case to(Int)
        case stay
    }

    /// What the raw arguments mean for a step.
    struct Settings {
        var move: Move
        /// Rows shown each side of the hit (`-C`, default 2).
        var contextRows: Int
        var output: Output
        var colour: Bool
        /// Which warnings to say (`--warnings`).
        var warnings: WarningsChoice
        var wrapping: HitCursor.Wrapping

        enum Output { case listing, json }

        init(_ raw: RawArguments, environment: CommandEnvironment) throws(UsageError) {
            move = try NavigateCommand.parse(raw)
            contextRows = raw.contextRows ?? 2
            output = raw.json ? .json : .listing
            colour = environment.colourEnabled(raw.color)
            warnings = raw.warnings
            wrapping = raw.wraps ? .wraps : .stops
        }
    }

    let settings: Settings
    let environment: CommandEnvironment
    var move: Move { settings.move }

    static func parse(_ raw: RawArguments) throws(UsageError) -> Move {
        let command = raw.command ?? .show
        let arguments = raw.positionals
        guard arguments.count <= 1 else {
            throw UsageError("tsearch \(command.rawValue) takes at most one number, found \(arguments.count) arguments")
        }
        func number(_ what: String) throws(UsageError) -> Int? {
            guard let text = arguments.first else { return nil }
            guard let value = Int(text) else { throw UsageError("\(what) must be a whole number, found \"\(text)\"") }
            return value
        }
        switch command {
        case .next:
            let steps = try number("the number of hits to step") ?? 1
            guard steps >= 0 else { throw UsageError("the number of hits to step is never negative; use tsearch prev") }
            return .forward(steps)
        case .prev:
            let steps = try number("the number of hits to step") ?? 1
            guard steps >= 0 else { throw UsageError("the number of hits to step is never negative; use tsearch next") }
            return .backward(steps)
        case .goto:
            guard let target = try number("the hit number") else { throw UsageError("goto needs a hit number: tsearch goto K") }
            return .to(target)
        default:
            guard arguments.isEmpty else { throw UsageError("tsearch show takes no arguments") }
            return .stay
        }
    }

    func run() -> ExitCode {
        // A search run again because its files changed counts its loading in a progress line.
        let progress = LoadProgress()
        let flow = environment.savedSearchFlow(countingIn: progress)
        // Brought back before the lock (a search run again may take the whole time limit); the
        // flow uses it under the lock only if the session is still the one it came from.
        let line = environment.startProgressLine(progress)
        let prepared = flow.prepare()
        line?.stop()
        do {
            return try flow.step(.saving, prepared: prepared) { restored throws(SessionError) in try step(restored, of: flow.session) }
        } catch where move == .stay && error.isUnwritable {
            // A read-only state folder: `show` still shows the current hit, and saves nothing.
            do {
                return try flow.step(.readingOnly, prepared: prepared) { restored throws(SessionError) in try step(restored, of: flow.session) }
            } catch {
                environment.report(error.description)
                return .error
            }
        } catch {
            environment.report(error.description)
            return .error
        }
    }

    /// One step on the saved search of `session` as brought back: the hit to make current, and the
    /// exit status.
    private func step(_ restored: SavedSearch.Restored, of session: SessionStore) throws(SessionError) -> (current: Int?, result: ExitCode) {
        environment.report(restored.diagnostics, warnings: settings.warnings)
        let search = restored.search
        var cursor = HitCursor(count: search.index.count, current: restored.current, wrapping: settings.wrapping)
        guard let before = cursor.current else {
            environment.report("the saved search for \"\(search.request.description)\" has no hits")
            return (nil, .noMatch)
        }
        switch move {
        case .forward(let steps), .backward(let steps):
            let forward = if case .forward = move { true } else { false }
            switch cursor.move(by: forward ? steps : -steps) {
            case .wrapped:
                environment.report(HitCursor.wrapNote(landedOn: cursor.current ?? 0, of: search.index.count, forward: forward))
            case .stoppedAtEnd:
                environment.report(forward ? "at the last hit (--no-wrap)" : "at the first hit (--no-wrap)")
                if cursor.current == before && steps > 0 { return (cursor.current, .noMatch) }
            case .moved, .noHits:
                break
            }
        case .to(let target):
            guard cursor.select(target - 1) else {
                throw SessionError(path: session.path, kind: .outOfRange(target, search.index.count))
            }
        case .stay:
            break
        }
        print(search, current: cursor.current ?? before)
        return (cursor.current, .success)
    }

    private func print(_ search: SavedSearch, current: Int) {
        let out = environment.stdout
        let context = settings.contextRows
        if settings.output == .json {
            let hit = search.index.hit(at: current)
            let source = search.corpus.rows(ofSource: search.corpus.source(ofRow: hit.row))
            let lastRow = search.index.lastRow(ofHitAt: current, in: search.corpus)
            for row in max(source.lowerBound, hit.row - context)...min(source.upperBound - 1, lastRow + context) {
                if row == hit.row {
                    out.line(JSONLinesFormat.hitRecord(at: current, of: search.index, in: search.corpus))
                } else {
                    out.line(JSONLinesFormat.contextRecord(search.corpus.row(at: row)))
                }
            }
            return
        }
        let listing = HitListing(
            corpus: search.corpus, index: search.index,
            styler: Styler(isEnabled: settings.colour), contextRows: context)
        for line in listing.lines(aroundHit: current) { out.line(line) }
    }
}
