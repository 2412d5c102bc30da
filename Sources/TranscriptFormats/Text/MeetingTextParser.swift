import TranscriptModel

/// Text (`.txt`, or text on stdin): a meeting app's export when its lines are written in one of
/// the `MeetingTextLayout`s (Otter.ai, Rev, Google Meet, Zoom's chat, Premiere and Descript), read
/// with times and speakers by `MeetingTextReader`; otherwise plain text (`PlainTextParser`), one
/// row per line. The layout is judged from the first lines (`MeetingTextLayout.detectionLines`).
public struct MeetingTextParser: TranscriptParser {
    /// A meeting-text parser; the layout is judged per file.
    public init() {}

    /// The rows of `text`: in the meeting layout its first lines are written in, else one per line.
    public func parse(_ text: String, file: String) -> ParsedRows {
        guard let layout = Self.layout(ofUTF8: text.utf8) else { return PlainTextParser().parse(text, file: file) }
        let lines = SourceLines(text)
        return MeetingTextReader(layout: layout, file: file) { Locator(file: file, line: $0) }
            .read(lines.indices.map { (lines[$0], lines.lineNumber($0)) })
    }

    /// The layout of text whose UTF-8 starts with `bytes`, judged from its first 64 KiB; nil for
    /// plain text.
    static func layout(ofUTF8 bytes: some Collection<UInt8>) -> MeetingTextLayout? {
        let start = String(decoding: bytes.prefix(64 << 10), as: UTF8.self)
        return MeetingTextLayout.detect(SourceLines(start))
    }
}
