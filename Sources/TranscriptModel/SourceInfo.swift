/// What a transcript was loaded from.
public struct SourceInfo: Hashable, Sendable {
    /// The path as the user named it (relative paths stay relative), or `<stdin>`.
    public var path: String
    /// The format's short name: `srt`, `vtt`, `json`, `txt`.
    public var format: String
    /// The text encoding the bytes were decoded with, e.g. `UTF-8`, `UTF-16LE`, `windows-1252`.
    public var encoding: String
    /// The meeting's date and title, found while the source was read (`MeetingFacts`).
    public var facts: MeetingFacts

    /// What a source was loaded from: its path as named, its format's short name and its encoding;
    /// `facts` default to what the path alone says.
    public init(path: String, format: String, encoding: String, facts: MeetingFacts? = nil) {
        self.path = path
        self.format = format
        self.encoding = encoding
        self.facts = facts ?? MeetingFacts(path: path, contentDate: nil, contentTitle: nil)
    }
}
