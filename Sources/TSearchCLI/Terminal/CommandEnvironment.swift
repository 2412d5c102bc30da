import TranscriptModel
import TranscriptStore

/// Everything a command reaches outside itself: standard streams, whether they are terminals, the
/// environment variables and the file system. `live` is the real process; tests build their own.
public struct CommandEnvironment: Sendable {
    public var stdout: TextOutput
    public var stderr: TextOutput
    public var stdoutIsTerminal: Bool
    /// Whether standard input is a pipe or a file, given to be read (not a terminal, not /dev/null).
    public var stdinIsReadable: Bool
    public var variables: [String: String]
    /// Reads all of standard input.
    public var readStandardInput: @Sendable () -> Result<[UInt8], any Error>
    /// How long a search may run before it is abandoned (`--timeout`); nil for no limit.
    public var searchTimeout: Duration? = .seconds(10)

    public init(
        stdout: TextOutput = TextOutput(), stderr: TextOutput = TextOutput(),
        stdoutIsTerminal: Bool = false, stdinIsReadable: Bool = false,
        variables: [String: String] = [:],
        readStandardInput: @escaping @Sendable () -> Result<[UInt8], any Error> = { .success([]) }
    ) {
        self.stdout = stdout
        self.stderr = stderr
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stdinIsReadable = stdinIsReadable
        self.variables = variables
        self.readStandardInput = readStandardInput
    }

    /// The running process's streams and environment.
    static func live() -> CommandEnvironment {
        CommandEnvironment(
            stdout: TextOutput(descriptor: 1), stderr: TextOutput(descriptor: 2),
            stdoutIsTerminal: SystemCalls.isTerminal(1), stdinIsReadable: SystemCalls.isReadableStream(0),
            variables: SystemCalls.environment(),
            readStandardInput: { FileCalls.readAll(0).mapError { $0 as any Error } }
        )
    }

    /// Whether to colour standard output: `always` and `never` decide; `auto` colours a terminal
    /// unless `NO_COLOR` is set to anything non-empty or `TERM` is `dumb`.
    func colourEnabled(_ choice: ColorChoice) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            return stdoutIsTerminal && (variables["NO_COLOR"] ?? "").isEmpty && variables["TERM"] != "dumb"
        }
    }

    /// Where everything kept between runs lives (the session, the caches), as the variables say.
    var storeLocation: StoreLocation { StoreLocation(variables: variables) }

    /// Where every command's rows come from: the files named, read through the caches. The one
    /// place this is decided (a source that asks a server for its rows would be chosen here).
    var corpusSource: any CorpusSource {
        CorpusLoader(location: storeLocation, variables: variables, readStandardInput: readStandardInput)
    }

    /// The search flow every command takes: rows from `corpusSource`, the session at
    /// `storeLocation` (and the Unicode table there), the time limit of `--timeout`.
    var searchFlow: SearchFlow {
        SearchFlow(
            source: corpusSource, session: SessionStore(location: storeLocation),
            budget: SearchBudget(timeout: searchTimeout, variables: variables),
            equivalences: ScalarClassesStore.equivalences(at: storeLocation))
    }

    /// The paths to read when the command line names none: standard input when something is piped
    /// in, else the current folder.
    func defaultPaths(_ given: [String]) -> [String] {
        given.isEmpty ? (stdinIsReadable ? ["-"] : ["."]) : given
    }

    /// The saved search of `flow`, brought back without writing anything (export, the pager's
    /// start), what it had to say reported; nil, with the reason reported, when there is none.
    func restoredSearch(_ flow: SearchFlow) -> SavedSearch.Restored? {
        do {
            let restored = try flow.restoreForReading()
            report(restored.diagnostics)
            return restored
        } catch {
            report(error.description)
            return nil
        }
    }

    /// Each diagnostic on standard error, `tsearch: warning: …` or `tsearch: …`, in order.
    func report(_ diagnostics: [LoadDiagnostic]) {
        for diagnostic in diagnostics { report(diagnostic.description) }
    }

    /// `tsearch: message` on standard error, at once (so a warning stands next to what it concerns).
    /// Control sequences are removed: a message may quote a file name, which may hold anything.
    func report(_ message: String) {
        stderr.line("tsearch: " + ControlSequences.stripped(message))
        stderr.flush()
    }
}
