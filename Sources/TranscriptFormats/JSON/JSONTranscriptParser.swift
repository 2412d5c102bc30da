import TranscriptModel

/// JSON transcripts, in the shapes speech-to-text tools and transcript exports write:
///
/// 1. Whisper: `{"text": "…", "segments": [{"start": 0.0, "end": 4.2, "text": " …", "words": […]}], …}`
///    (`words` and the other segment fields are ignored);
/// 2. WhisperX and diarised Whisper: the same, with `"speaker": "SPEAKER_00"` on each segment;
/// 3. a plain array of segment objects: `[{"start": …, "end": …, "speaker": "Alice", "text": "…"}]`;
/// 4. transcription rows: `[{"startTime": "06:32", "context": "…"}]`;
/// 5. a bare `{"text": "…"}` (Whisper's plain `json` response): one untimed row per line of text.
///
/// In an object, the text is the first of `text`, `context`, `content`, `transcript`; the start
/// time the first of `start`, `startTime`, `start_time`; the end of `end`, `endTime`, `end_time`;
/// the speaker the first of `speaker`, `speakerName`, `speaker_name`, `speaker_label`. A time is a
/// number of seconds (`392.5`) or a string: `"00:06:32.500"`, `"06:32"`, `"392.5"`. Without a speaker
/// field a `Name: text` prefix gives the speaker.
///
/// A segment without a usable text, or with a time that does not parse, is reported with its line;
/// the text of a segment with a bad time is kept, untimed. Anything else (a JSON syntax error, another
/// top-level shape) is an error naming the line.
///
/// The file's UTF-8 is read in place into columns, segment by segment (no tree of a million
/// segments in memory).
public struct JSONTranscriptParser: TranscriptParser {
    public init() {}

    static let textKeys = ["text", "context", "content", "transcript"]
    static let startKeys = ["start", "startTime", "start_time"]
    static let endKeys = ["end", "endTime", "end_time"]
    static let speakerKeys = ["speaker", "speakerName", "speaker_name", "speaker_label"]
    static let shapes = "a Whisper object with \"segments\", or an array of {\"start\", \"end\", \"speaker\", \"text\"} objects"

    public func parse(_ text: String, file: String) throws(FormatError) -> ParsedRows {
        var text = text
        let parsed = text.withUTF8 { bytes in
            Result { () throws(FormatError) in try parse(ByteText(bytes: bytes), file: file) }
        }
        let columns = try parsed.get()
        return ParsedRows(rows: columns.columns.rows(file: file), warnings: columns.warnings)
    }

    /// The rows of valid UTF-8 JSON `text` as columns, and the warnings. The segments are read one
    /// by one as the parser meets them (`JSONParser.parse(streamingSegments:)`), each made into its
    /// row at once; `release` is told byte ranges not read again.
    func parse(
        _ text: ByteText, file: String, release: (Range<Int>) -> Void = { _ in }
    ) throws(FormatError) -> ParsedColumns {
        var result = ParsedColumns()
        result.columns.reserve(rows: text.bytes.count / 64, textBytes: text.bytes.count)
        var parser = JSONParser(bytes: text.bytes, file: file)
        var released = 0
        let root = try parser.parse(streamingSegments: true) { segment, offset in
            if offset - released >= 1 << 22 {
                release(released..<offset)
                released = offset
            }
            appendRow(of: segment, file: file, to: &result)
        }
        switch root.value {
        case .array:
            break
        case .object:
            if root["segments"] == nil, let text = root["text"], case .string(let whole) = text.value {
                for line in SourceLines(whole) {
                    result.appendRow(text: TextCleanup.collapsingWhitespace(line), start: nil, end: nil, speaker: nil, line: text.line)
                }
                return result
            }
            guard let list = root["segments"], case .array = list.value else {
                throw FormatError(file: file, line: root.line, kind: .unsupportedShape(Self.shapes))
            }
        default:
            throw FormatError(file: file, line: root.line, kind: .unsupportedShape(Self.shapes))
        }
        result.columns.assignSpeakerLabels()
        return result
    }

    /// The row of one segment, or a warning saying why it has none.
    private func appendRow(of segment: JSONNode, file: String, to result: inout ParsedColumns) {
        guard case .object = segment.value else {
            result.warnings.append(FormatError(file: file, line: segment.line, kind: .badField(
                expected: "a segment object with a \"text\"", found: segment.kindDescription)))
            return
        }
        guard let textNode = segment.member(Self.textKeys), case .string(let raw) = textNode.value else {
            let found = segment.member(Self.textKeys)?.kindDescription ?? "no such member"
            result.warnings.append(FormatError(file: file, line: segment.line, kind: .badField(
                expected: "a \"text\" (or \"context\", \"content\", \"transcript\") string", found: found)))
            return
        }
        let start = time(segment.member(Self.startKeys), file: file, warnings: &result.warnings)
        let end = time(segment.member(Self.endKeys), file: file, warnings: &result.warnings)
        var speaker: String?
        if let node = segment.member(Self.speakerKeys) {
            switch node.value {
            case .string(let name): speaker = TextCleanup.collapsingWhitespace(name)
            case .number(let number): speaker = number == number.rounded() ? String(Int(number)) : String(number)
            default: speaker = nil
            }
            if speaker?.isEmpty == true { speaker = nil }
        }
        let appended = raw.utf8.withContiguousStorageIfAvailable {
            result.appendRow(collapsing: $0, start: start, end: end, speaker: speaker, line: segment.line)
        }
        if appended != true {
            result.appendRow(text: TextCleanup.collapsingWhitespace(raw), start: start, end: end, speaker: speaker, line: segment.line)
        }
    }

    /// A time member as seconds or a clock string; nil (with a warning) when it does not parse, nil
    /// (quietly) when absent or null.
    private func time(_ node: JSONNode?, file: String, warnings: inout [FormatError]) -> Timestamp? {
        guard let node else { return nil }
        switch node.value {
        case .null:
            return nil
        case .number(let seconds):
            if let time = Timestamp(seconds: seconds) { return time }
        case .string(let text):
            if let time = TimestampParsing.clock(text) ?? Double(text).flatMap(Timestamp.init(seconds:)) {
                return time
            }
        default:
            break
        }
        warnings.append(FormatError(file: file, line: node.line, kind: .badField(
            expected: "a time in seconds or like \"00:06:32.500\" (the text is kept, untimed)",
            found: node.kindDescription)))
        return nil
    }
}
