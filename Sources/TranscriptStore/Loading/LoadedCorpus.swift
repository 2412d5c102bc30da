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
