import TranscriptModel

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
            readStandardInput: { SystemCalls.readAll(0).mapError { $0 as any Error } }
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

    /// `tsearch: message` on standard error, at once (so a warning stands next to what it concerns).
    /// Control sequences are removed: a message may quote a file name, which may hold anything.
    func report(_ message: String) {
        stderr.line("tsearch: " + ControlSequences.stripped(message))
        stderr.flush()
    }
}
