import TranscriptModel

/// whisper.cpp's JSON (`-oj`, and `-ojf` / `--output-json-full`, which adds each segment's tokens):
///
/// ```
/// {"systeminfo": "…", "model": {…}, "params": {…}, "result": {"language": "en"},
///  "transcription": [{"timestamps": {"from": "00:00:00,000", "to": "00:00:03,120"},
///                     "offsets": {"from": 0, "to": 3120}, "text": " Hello all.", "tokens": […]}]}
/// ```
///
/// A row per segment; `offsets` are milliseconds (the `timestamps` strings are read when they are
/// missing). A segment's `speaker` (written by `--diarize` on stereo input: `"0"`, `"1"`, or `"?"`
/// when unsure) is its speaker, `Speaker 0`; `"?"` is none. tinydiarize's `speaker_turn_next` is
/// not a name, so it is not read.
struct WhisperCppJSON {
    static let shape = #"whisper.cpp ({"transcription": [{"offsets": {"from", "to"}, "text"}]})"#

    static let plan = JSONStreamPlan(members: [
        "transcription": JSONStreamPlan(elements: JSONStreamPlan(route: .whisperCppSegment, members: ["tokens": .skipped])),
    ])

    /// Whether `root` is this shape.
    static func claims(_ root: JSONNode) -> Bool {
        root["transcription"]?.isArray == true
    }

    let file: String
    private var result = ParsedColumns()

    init(file: String) { self.file = file }

    mutating func take(_ streamed: JSONStreamed) {
        let node = streamed.node
        let path = "transcription[\(streamed.indices.last ?? 0)]"
        guard let text = node["text"]?.string else {
            result.warnings.append(FormatError(file: file, line: node.line, kind: .badField(
                expected: path + ".text to be a string", found: node["text"]?.kindDescription ?? "no such member")))
            return
        }
        let start: Timestamp?
        let end: Timestamp?
        if let offsets = node["offsets"] {
            start = JSONTime.milliseconds(offsets["from"], path: path + ".offsets.from", file: file, warnings: &result.warnings)
            end = JSONTime.milliseconds(offsets["to"], path: path + ".offsets.to", file: file, warnings: &result.warnings)
        } else {
            start = node["timestamps"]?["from"]?.string.flatMap { TimestampParsing.clock($0) }
            end = node["timestamps"]?["to"]?.string.flatMap { TimestampParsing.clock($0) }
        }
        let speaker = node["speaker"]?.speakerName
        result.appendRow(vendorText: text, start: start, end: end, speaker: speaker == "?" ? nil : speaker, line: node.line)
    }

    /// The rows, once the whole file is read.
    func finish() -> ParsedColumns { result }
}
