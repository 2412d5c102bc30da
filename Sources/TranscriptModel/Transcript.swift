/// The rows of one source, in source order, with what the source is.
///
/// Row IDs inside a lone transcript use source 0; a `Corpus` gives each transcript its own source
/// number when it is appended.
public struct Transcript: Hashable, Sendable {
    /// What the rows were loaded from.
    public var source: SourceInfo
    /// The rows in source order; their IDs use source 0.
    public var rows: [Row]

    /// A transcript of `rows` read from `source`.
    public init(source: SourceInfo, rows: [Row]) {
        self.source = source
        self.rows = rows
    }
}
