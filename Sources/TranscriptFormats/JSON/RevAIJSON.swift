import TranscriptModel

/// Rev.ai's transcript (`Accept: application/vnd.rev.transcript.v1.0+json`):
///
/// ```
/// {"monologues": [{"speaker": 1, "speaker_name": "Alice", "elements": [
///     {"type": "text", "value": "Hello", "ts": 0.5, "end_ts": 0.9, "confidence": 1},
///     {"type": "punct", "value": ","}, {"type": "punct", "value": " "},
///     {"type": "text", "value": "all", "ts": 1.0, "end_ts": 1.4}]}]}
/// ```
///
/// A row per monologue: its elements' values joined as written (punctuation elements carry the
/// spaces), from the first timed element's `ts` to the last one's `end_ts` (seconds). The speaker
/// is `speaker_name`, else the number as "Speaker 1".
struct RevAIJSON {
    static let shape = #"Rev.ai ({"monologues": [{"speaker", "elements": […]}]})"#

    static let plan = JSONStreamPlan(members: [
        "monologues": JSONStreamPlan(elements: JSONStreamPlan(route: .revMonologue, members: [
            "elements": .streaming(.revElement),
        ])),
    ])

    /// Whether `root` is this shape.
    static func claims(_ root: JSONNode) -> Bool {
        root["monologues"]?.isArray == true
    }

    let file: String
    private var elements = TimedWords()
    private var result = ParsedColumns()

    init(file: String) { self.file = file }

    mutating func take(_ streamed: JSONStreamed) {
        let node = streamed.node
        switch streamed.route {
        case .revElement:
            let path = "monologues[\(streamed.indices.first ?? 0)].elements[\(streamed.indices.last ?? 0)]"
            guard let value = node["value"]?.string else {
                result.warnings.append(FormatError(file: file, line: node.line, kind: .badField(
                    expected: path + ".value to be a string", found: node["value"]?.kindDescription ?? "no such member")))
                return
            }
            elements.append(
                value,
                start: JSONTime.seconds(node["ts"], path: path + ".ts", file: file, warnings: &result.warnings),
                end: JSONTime.seconds(node["end_ts"], path: path + ".end_ts", file: file, warnings: &result.warnings),
                speaker: nil, attaches: true, line: node.line)
        case .revMonologue:
            let speaker = node["speaker_name"]?.speakerName ?? node["speaker"]?.speakerName
            elements.appendRows(to: &result, grouping: .one, speaker: speaker)
            elements.removeAll()
        default:
            break
        }
    }

    /// The rows, once the whole file is read.
    func finish() -> ParsedColumns { result }
}
