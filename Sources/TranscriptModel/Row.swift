/// One searchable unit of a transcript: a subtitle cue, a transcript segment, a line or a paragraph.
///
/// `text` is what is searched and shown: markup removed, entities decoded, a cue's lines joined with
/// one space. Inside a `Corpus` rows are stored compactly and a `Row` is made on demand.
public struct Row: Hashable, Sendable {
    /// The row's identity in its corpus (or source 0 in a lone `Transcript`).
    public var id: RowID
    /// What is searched and shown: one line of plain text, cleaned as said above.
    public var text: String
    /// When the row starts, for timed formats; nil otherwise.
    public var start: Timestamp?
    /// When the row ends, for timed formats; nil otherwise.
    public var end: Timestamp?
    /// Who speaks, from a voice tag, a speaker field or a `Name:` prefix; nil when unknown.
    public var speaker: String?
    /// The enclosing section (a chapter or TOC entry), for grouping hits; nil when the format has none.
    public var title: String?
    /// Where the row came from in its source file.
    public var locator: Locator

    /// A row from its parts; the times, speaker and title are nil when the format has none.
    public init(
        id: RowID, text: String, start: Timestamp? = nil, end: Timestamp? = nil,
        speaker: String? = nil, title: String? = nil, locator: Locator
    ) {
        self.id = id
        self.text = text
        self.start = start
        self.end = end
        self.speaker = speaker
        self.title = title
        self.locator = locator
    }
}
