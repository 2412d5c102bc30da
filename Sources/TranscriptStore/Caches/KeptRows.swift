/// Where one source's rows are kept between runs, so that a saved session names them instead of
/// writing them again.
public enum KeptRows: Equatable, Sendable {
    /// A big file's row cache (`RowCache`), with the content hash its rows were parsed from.
    case rowCache(RowCacheFile)
    /// The file at `position` of the small-files cache `file` (`SmallFilesCache`), written with `id`.
    case smallFiles(file: String, id: String, position: Int)
}

/// A row cache file and the content hash of the source its rows were parsed from (a session that
/// names it checks the hash is still the one it holds).
public struct RowCacheFile: Equatable, Sendable {
    /// The cache file's path.
    public var file: String
    /// The source's content hash (`SourceFingerprint.hash`).
    public var hash: String

    /// The cache `file`, holding rows parsed from content with `hash`.
    public init(file: String, hash: String) {
        self.file = file
        self.hash = hash
    }
}
