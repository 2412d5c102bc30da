import TranscriptModel
import TranscriptStore

/// Everything a command reaches outside itself: standard streams, whether they are terminals, the
/// environment variables and the file system. `live` is the real process; tests build their own.
public struct CommandEnvironment: Sendable {
    public var stdout: TextOutput
    public var stderr: TextOutput
    public var stdoutIsTerminal: Bool
    /// Whether standard error is a terminal: then a long loading shows a progress line there.
    public var stderrIsTerminal = false
    /// The width of the terminal on standard error (80 when it cannot say).
    public var stderrColumns = 80
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
        var environment = CommandEnvironment(
            stdout: TextOutput(descriptor: 1), stderr: TextOutput(descriptor: 2),
            stdoutIsTerminal: SystemCalls.isTerminal(1), stdinIsReadable: SystemCalls.isReadableStream(0),
            variables: SystemCalls.environment(),
            readStandardInput: { FileCalls.readAll(0).mapError { $0 as any Error } }
        )
        environment.stderrIsTerminal = SystemCalls.isTerminal(2)
        environment.stderrColumns = SystemCalls.columns(ofTerminal: 2) ?? 80
        return environment
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

    /// Where every command's rows come from: the files named, read through the caches, counted in
    /// `progress` when given. The one place this is decided (a source that asks a server for its
    /// rows would be chosen here).
    func corpusSource(countingIn progress: LoadProgress?) -> any CorpusSource {
        CorpusLoader(location: storeLocation, variables: variables, readStandardInput: readStandardInput, progress: progress)
    }

    /// The search flow every command takes: rows from `corpusSource` (its loading counted in
    /// `progress` when given), the session at `storeLocation` (and the Unicode table there), the
    /// time limit of `--timeout`.
    func searchFlow(countingIn progress: LoadProgress?) -> SearchFlow {
        SearchFlow(
            source: corpusSource(countingIn: progress), session: SessionStore(location: storeLocation),
            budget: SearchBudget(timeout: searchTimeout, variables: variables),
            equivalences: ScalarClassesStore.equivalences(at: storeLocation))
    }

    /// Where every command's rows come from, the loading not counted.
    var corpusSource: any CorpusSource { corpusSource(countingIn: nil) }

    /// The search flow every command takes, its loading not counted.
    var searchFlow: SearchFlow { searchFlow(countingIn: nil) }

    /// A progress line on standard error for a loading counted in `progress`, started; nil (and
    /// nothing drawn, ever) when standard error is not a terminal. `TSEARCH_PROGRESS_DELAY_MS`
    /// changes how long a loading runs before the line appears (500 ms), for tests.
    func startProgressLine(_ progress: LoadProgress) -> ProgressLine? {
        guard stderrIsTerminal else { return nil }
        let delay = Int(variables["TSEARCH_PROGRESS_DELAY_MS"] ?? "") ?? 500
        let line = ProgressLine(progress: progress, output: stderr, columns: stderrColumns, delay: .milliseconds(max(0, delay)))
        line.start()
        return line
    }

    /// The paths to read when the command line names none: standard input when something is piped
    /// in, else the current folder.
    func defaultPaths(_ given: [String]) -> [String] {
        given.isEmpty ? (stdinIsReadable ? ["-"] : ["."]) : given
    }

    /// The diagnostics on standard error as `choice` says (`DiagnosticLines`): errors and warnings
    /// now; the new notes too, unless `notesLater`, when they are given back to be said after the
    /// results with `reportNotes`.
    @discardableResult
    func report(_ diagnostics: [LoadDiagnostic], warnings choice: WarningsChoice, notesLater: Bool = false) -> DiagnosticLines {
        let said = choice == .new && diagnostics.contains { $0.severity == .note } ? Set(SaidNotes(location: storeLocation).keys()) : []
        var lines = DiagnosticLines(diagnostics, choice: choice, said: said)
        for line in lines.before { report(line) }
        if !notesLater {
            reportNotes(lines)
            lines.after = []
            lines.saidKeys = []
        }
        return lines
    }

    /// The notes of `lines` on standard error, then remembered as said.
    func reportNotes(_ lines: DiagnosticLines) {
        // After what was printed: the results first, also where both streams meet (`2>&1`).
        if !lines.after.isEmpty { stdout.flush() }
        for line in lines.after { report(line) }
        SaidNotes(location: storeLocation).remember(lines.saidKeys)
    }

    /// `tsearch: message` on standard error, at once (so a warning stands next to what it concerns).
    /// Control sequences are removed: a message may quote a file name, which may hold anything.
    func report(_ message: String) {
        stderr.line("tsearch: " + ControlSequences.escaped(message, escapingBackslash: false))
        stderr.flush()
    }
}
