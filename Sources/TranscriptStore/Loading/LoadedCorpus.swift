import TranscriptFormats
import TranscriptModel

/// What loading some inputs gave: the rows, what each file was and where its rows are kept, and
/// everything worth telling the user, as data (the command line prints it; an app shows it).
public struct LoadedCorpus: Sendable {
    /// Every row that loaded, one source per transcript, in input order.
    public var corpus: Corpus
    /// What was read: each file's fingerprint, the files that could not be read, the streams, and
    /// where each source's rows are kept between runs.
    public var sources: LoadedSources
    /// Warnings and errors, in the order the inputs were met.
    public var diagnostics: [LoadDiagnostic]

    /// A loading of nothing (no rows, no sources, nothing to say).
    public init(corpus: Corpus = Corpus(), sources: LoadedSources = LoadedSources(), diagnostics: [LoadDiagnostic] = []) {
        self.corpus = corpus
        self.sources = sources
        self.diagnostics = diagnostics
    }

    /// How many diagnostics are errors (an input lost: exit status 2 on the command line).
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    /// How many diagnostics are warnings (nothing asked for was lost).
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }
}

/// What a loading read, so that a saved search can tell later whether anything changed and name
/// where its rows are kept instead of writing them again.
public struct LoadedSources: Sendable {
    /// Every file that was read, in input order (loadable or not).
    public var fingerprints: [SourceFingerprint] = []
    /// Files that could not be read (missing, unreadable): a change if they become readable.
    public var unreadable: [String] = []
    /// Whether standard input was one of the inputs (it cannot be read again later).
    public var readStandardInput = false
    /// Inputs that were streams, not files (a named pipe, `<(…)`, a device): like standard input,
    /// they cannot be read again, so their rows are kept with the session and never re-read.
    public var streams: [String] = []
    /// Per source of the corpus, in order: where its rows are kept between runs, or nil (standard
    /// input, a video, a file with an error, or a cache that could not be written).
    public var keptRows: [KeptRows?] = []

    /// Nothing read.
    public init() {}

    /// Whether some input can never be read again (standard input, a pipe): its rows must then be
    /// written with the session.
    public var holdsStreams: Bool { readStandardInput || !streams.isEmpty }
}

/// One thing worth telling about a loading (or a saved search brought back): a warning (nothing
/// asked for was lost), an error (an input could not be searched) or a notice (what happened, such
/// as a saved search run again because its files changed).
public struct LoadDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How grave it is.
    public enum Severity: Hashable, Sendable {
        /// Something skipped that was not asked for, or read with a guess: the search goes on whole.
        case warning
        /// An input that could not be searched.
        case error
        /// Neither: what happened, said plainly.
        case notice
    }

    /// How grave it is.
    public var severity: Severity
    /// The message, naming the file (and line) it concerns: `a.srt:12: expected a timestamp …`.
    public var message: String

    /// A diagnostic of `severity` saying `message`.
    public init(_ severity: Severity, _ message: String) {
        self.severity = severity
        self.message = message
    }

    /// A warning saying `message`.
    public static func warning(_ message: String) -> LoadDiagnostic { LoadDiagnostic(.warning, message) }
    /// An error saying `message`.
    public static func error(_ message: String) -> LoadDiagnostic { LoadDiagnostic(.error, message) }
    /// A notice saying `message`.
    public static func notice(_ message: String) -> LoadDiagnostic { LoadDiagnostic(.notice, message) }

    /// `warning: message` for a warning, the message alone otherwise.
    public var description: String { severity == .warning ? "warning: " + message : message }
}

/// Where a search's rows come from: the one requirement a search flow has of them. `CorpusLoader`
/// reads files (with the caches of this module); another source (a server holding the rows) can
/// stand in its place.
public protocol CorpusSource: Sendable {
    /// The rows of `paths` (relative ones against `baseDirectory`, nil for the current directory),
    /// read as `options` say.
    func load(_ paths: [String], options: LoadOptions, baseDirectory: String?) -> LoadedCorpus
}

/// Loads files, folders and standard input into one corpus, keeping parsed rows between runs in
/// the row cache and the small-files cache, and videos' subtitles in the subtitle cache, so that
/// loading unchanged files again is near instant. Read-ahead and parsing run on every core inside.
public struct CorpusLoader: CorpusSource {
    /// Where the caches live and how much they trust.
    public var location: StoreLocation
    /// The environment ffprobe and ffmpeg run in (`PATH` finds them; `TSEARCH_FFMPEG_TIMEOUT_MS`
    /// limits them), for videos.
    public var variables: [String: String]
    /// All of standard input, for the input `-`.
    public var readStandardInput: @Sendable () -> Result<[UInt8], any Error>

    /// A loader keeping its caches at `location`.
    public init(
        location: StoreLocation, variables: [String: String] = [:],
        readStandardInput: @escaping @Sendable () -> Result<[UInt8], any Error> = { .success([]) }
    ) {
        self.location = location
        self.variables = variables
        self.readStandardInput = readStandardInput
    }

    /// Loads `paths` (relative ones against `baseDirectory`, nil for the current directory) as
    /// `options` say. One bad file never stops the others: it is a diagnostic.
    public func load(_ paths: [String], options: LoadOptions, baseDirectory: String? = nil) -> LoadedCorpus {
        CorpusLoading.load(paths: paths, options: options, baseDirectory: baseDirectory, loader: self)
    }
}
