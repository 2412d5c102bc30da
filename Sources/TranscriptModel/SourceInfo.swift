/// What a transcript was loaded from.
public struct SourceInfo: Hashable, Sendable {
    /// The path as the user named it (relative paths stay relative), or `<stdin>`.
    public var path: String
    /// The format's short name: `srt`, `vtt`, `json`, `txt`.
    public var format: String
    /// The text encoding the bytes were decoded with, e.g. `UTF-8`, `UTF-16LE`, `windows-1252`.
    public var encoding: String

    /// What a source was loaded from: its path as named, its format's short name and its encoding.
    public init(path: String, format: String, encoding: String) {
        self.path = path
        self.format = format
        self.encoding = encoding
    }
}
