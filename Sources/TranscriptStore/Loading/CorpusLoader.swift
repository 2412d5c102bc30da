import TranscriptFormats

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
    /// Where each loading counts the files and bytes it has read, for a display to poll (nil:
    /// not counted).
    public var progress: LoadProgress?

    /// A loader keeping its caches at `location`, counting what it reads in `progress`.
    public init(
        location: StoreLocation, variables: [String: String] = [:],
        readStandardInput: @escaping @Sendable () -> Result<[UInt8], any Error> = { .success([]) },
        progress: LoadProgress? = nil
    ) {
        self.location = location
        self.variables = variables
        self.readStandardInput = readStandardInput
        self.progress = progress
    }

    /// Loads `paths` (relative ones against `baseDirectory`, nil for the current directory) as
    /// `options` say. One bad file never stops the others: it is a diagnostic.
    public func load(_ paths: [String], options: LoadOptions, baseDirectory: String? = nil) -> LoadedCorpus {
        CorpusLoading.load(paths: paths, options: options, baseDirectory: baseDirectory, loader: self)
    }
}
