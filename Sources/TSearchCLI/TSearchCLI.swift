import TranscriptSearch
import TranscriptStore

/// The process's exit status, as grep's: 0 something matched (or was printed), 1 nothing did,
/// 2 an error.
public enum ExitCode: Int32, Sendable {
    case success = 0
    case noMatch = 1
    case error = 2
}

/// Why a command could not start.
enum CommandError: Error {
    case usage(UsageError)
    case query(QueryError)
}

/// The `tsearch` command line. `main` is all the executable calls.
public enum TSearchCLI {
    /// Runs tsearch with `arguments` (the program name first, as in `CommandLine.arguments`) on the
    /// real process, and returns the exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        // The process's own arguments are read again from their bytes: `CommandLine.arguments`
        // replaces bytes that are not UTF-8, which loses a file name such as a Latin-1 `Café.srt`.
        let arguments = arguments == CommandLine.arguments ? SystemCalls.processArguments() : arguments
        SystemCalls.ignoreBrokenPipeSignal()
        MappedFileFaults.install()
        let environment = CommandEnvironment.live()
        let code = run(Array(arguments.dropFirst()), environment: environment)
        environment.stdout.flush()
        environment.stderr.flush()
        if let failure = environment.stdout.failure {
            environment.report("cannot write the output: \(failure)")
            environment.stderr.flush()
            return ExitCode.error.rawValue
        }
        return code.rawValue
    }

    /// Ends the process with `status` (what `main` returned), its output already flushed: the one
    /// place that ends it, so the executable needs no system library of its own.
    public static func exit(with status: Int32) -> Never {
        SystemCalls.exit(status)
    }

    /// Runs tsearch with `arguments` (no program name) in `environment`.
    public static func run(_ arguments: [String], environment: CommandEnvironment) -> ExitCode {
        do {
            var raw = try RawArguments.parse(arguments)
            var environment = environment
            if Flag.peopleCommands.contains(raw.command ?? .search), !raw.help, !raw.version {
                raw.filter.people = try PeopleFile.load(raw.peopleFile, location: environment.storeLocation)
            }
            environment.searchTimeout = searchTimeout(raw, environment: environment)
            if let given = environment.variables["TSEARCH_CACHE_MAX_BYTES"], !given.isEmpty, StoreLocation.bytes(given) == nil {
                environment.report("warning: TSEARCH_CACHE_MAX_BYTES=\(given) is not a size (bytes, or 500M, 2G); the default bound is used")
            }
            if raw.version {
                environment.stdout.line("tsearch \(Help.version)")
                return .success
            }
            switch raw.command ?? .search {
            case .help:
                return help(for: raw.positionals.first, environment: environment)
            case _ where raw.help:
                environment.stdout.write(raw.command.map(Help.command) ?? Help.general())
                return .success
            case .search:
                if raw.command == nil && raw.positionals.isEmpty {
                    environment.stderr.write(Help.general())
                    return .error
                }
                let settings = try SearchCommand.Settings(raw, environment: environment)
                let code = SearchCommand(settings: settings, environment: environment).run()
                // `tsearch serch budget .` searched for "serch": say which command was meant.
                if code != .success, raw.command == nil, raw.patterns.isEmpty, let word = raw.positionals.first,
                   let command = MistypedCommand.nearest(to: word) {
                    environment.report(MistypedCommand.note(for: word, command: command))
                }
                return code
            case .speakers:
                return SpeakersCommand(settings: SpeakersCommand.Settings(raw, environment: environment), environment: environment).run()
            case .meetings:
                return MeetingsCommand(settings: try MeetingsCommand.Settings(raw, environment: environment), environment: environment).run()
            case .rows:
                return RowsCommand(settings: RowsCommand.Settings(raw, environment: environment), environment: environment).run()
            case .index:
                return try IndexCommand(raw: raw, environment: environment).run()
            case .pager:
                return PagerCommand(settings: try PagerCommand.Settings(raw, environment: environment), environment: environment).run()
            case .export:
                return ExportCommand(settings: try ExportCommand.Settings(raw, environment: environment), environment: environment).run()
            case .man:
                guard raw.positionals.isEmpty else { throw UsageError("man takes no arguments") }
                environment.stdout.write(ManPage.render())
                return .success
            case .completions:
                guard raw.positionals.count == 1, let shell = Shell(rawValue: raw.positionals[0]) else {
                    let found = raw.positionals.isEmpty ? "" : ", found \"\(raw.positionals.joined(separator: " "))\""
                    throw UsageError("completions expects bash, zsh or fish\(found)")
                }
                environment.stdout.write(ShellCompletions.script(for: shell))
                return .success
            case .next, .prev, .goto, .show:
                let settings = try NavigateCommand.Settings(raw, environment: environment)
                return NavigateCommand(settings: settings, environment: environment).run()
            }
        } catch let error as UsageError {
            environment.report("\(error.description) (see tsearch --help)")
            return .error
        } catch CommandError.usage(let error) {
            environment.report("\(error.description) (see tsearch --help)")
            return .error
        } catch CommandError.query(let error) {
            environment.report(error.description)
            return .error
        } catch let error as PeopleFileError {
            environment.report(error.description)
            return .error
        } catch {
            environment.report("\(error)")
            return .error
        }
    }

    /// The time limit of a search: `--timeout`, else `TSEARCH_SEARCH_BUDGET_MS` (milliseconds),
    /// else the environment's; 0 means none.
    private static func searchTimeout(_ raw: RawArguments, environment: CommandEnvironment) -> Duration? {
        guard let milliseconds = raw.timeoutMilliseconds ?? environment.variables["TSEARCH_SEARCH_BUDGET_MS"].flatMap({ Int($0) })
        else { return environment.searchTimeout }
        return milliseconds > 0 ? .milliseconds(milliseconds) : nil
    }

    private static func help(for topic: String?, environment: CommandEnvironment) -> ExitCode {
        guard let topic else {
            environment.stdout.write(Help.general())
            return .success
        }
        guard let command = CommandName(rawValue: topic) else {
            environment.report("no command named \"\(topic)\"; the commands are \(CommandName.allCases.map(\.rawValue).joined(separator: ", "))")
            return .error
        }
        environment.stdout.write(Help.command(command))
        return .success
    }
}
