import TranscriptFormats

/// Where a search's rows come from: the one requirement a search flow has of them. `CorpusLoader`
/// reads files (with the caches of this module); another source (a server holding the rows) can
/// stand in its place.
public protocol CorpusSource: Sendable {
    /// The rows of `paths` (relative ones against `baseDirectory`, nil for the current directory),
    /// read as `options` say.
    func load(_ paths: [String], options: LoadOptions, baseDirectory: String?) -> LoadedCorpus
}
