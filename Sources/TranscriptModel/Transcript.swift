/// The rows of one source, in source order, with what the source is.
///
/// Row IDs inside a lone transcript use source 0; a `Corpus` gives each transcript its own source
/// number when it is appended.
public struct Transcript: Hashable, Sendable {
    public var source: SourceInfo
    public var rows: [Row]

    public init(source: SourceInfo, rows: [Row]) {
        self.source = source
        self.rows = rows
    }
}
