import TranscriptModel

/// Deepgram's pre-recorded response:
///
/// ```
/// {"metadata": {…}, "results": {
///    "channels": [{"alternatives": [{"transcript": "…", "confidence": 0.99,
///        "words": [{"word": "hello", "start": 0.08, "end": 0.32, "speaker": 0, "punctuated_word": "Hello,"}],
///        "paragraphs": {"transcript": "…", "paragraphs": [{"sentences": [{"text": "Hello, all.", "start": 0.08, "end": 1.2}],
///                        "speaker": 0, "start": 0.08, "end": 1.2, "num_words": 2}]}}]}],
///    "utterances": [{"start": 0.08, "end": 1.2, "transcript": "Hello, all.", "speaker": 0, "channel": 0, "words": […]}]}}
/// ```
///
/// Times are seconds. Rows are the larger unit a person reads, the first the file has: utterances;
/// else paragraphs (a paragraph's sentences joined); else the words by speaker turn (with
/// diarisation) or by sentence (with punctuation); else each channel's transcript as one untimed
/// row. Only each channel's first (best) alternative is read. Speakers are numbers, shown as
/// "Speaker 0", as Deepgram's caption library writes them.
struct DeepgramJSON {
    static let shape = #"Deepgram ({"results": {"channels": [{"alternatives": […]}]}} or "utterances")"#

    static let plan = JSONStreamPlan(members: ["results": JSONStreamPlan(members: [
        "channels": JSONStreamPlan(elements: JSONStreamPlan(members: [
            "alternatives": JSONStreamPlan(
                elements: JSONStreamPlan(route: .deepgramAlternative, members: [
                    "words": .streaming(.deepgramWord),
                    "paragraphs": JSONStreamPlan(members: ["paragraphs": .streaming(.deepgramParagraph)]),
                ]),
                firstElementOnly: true),
        ])),
        "utterances": JSONStreamPlan(elements: JSONStreamPlan(route: .deepgramUtterance, members: ["words": .skipped])),
    ])])

    /// Whether `root` is this shape.
    static func claims(_ root: JSONNode) -> Bool {
        guard let results = root["results"], results.isObject else { return false }
        return results["channels"]?.isArray == true || results["utterances"]?.isArray == true
    }

    let file: String
    private var words = TimedWords()
    private var utterances = ParsedColumns()
    private var paragraphs = ParsedColumns()
    private var wordRows = ParsedColumns()
    private var transcripts = ParsedColumns()
    var warnings = Warnings()

    init(file: String) { self.file = file }

    mutating func take(_ streamed: JSONStreamed) {
        let node = streamed.node
        let position = streamed.indices
        switch streamed.route {
        case .deepgramWord:
            let path = "results.channels[\(position.first ?? 0)].alternatives[0].words[\(position.last ?? 0)]"
            guard let word = node["punctuated_word"]?.string ?? node["word"]?.string else {
                warnings.append(FormatError(file: file, line: node.line, kind: .badField(
                    expected: path + ".word to be a string", found: node["word"]?.kindDescription ?? "no such member")))
                return
            }
            words.append(
                word,
                start: JSONTime.seconds(node["start"], path: path + ".start", file: file, warnings: &warnings),
                end: JSONTime.seconds(node["end"], path: path + ".end", file: file, warnings: &warnings),
                speaker: node["speaker"]?.speakerName, line: node.line)
        case .deepgramParagraph:
            let path = "results.channels[\(position.first ?? 0)].alternatives[0].paragraphs.paragraphs[\(position.last ?? 0)]"
            let sentences = node["sentences"]?.elements ?? []
            let text = sentences.compactMap { $0["text"]?.string }.joined(separator: " ")
            let start = JSONTime.seconds(node["start"] ?? sentences.first?["start"], path: path + ".start", file: file, warnings: &warnings)
            let end = JSONTime.seconds(node["end"] ?? sentences.last?["end"], path: path + ".end", file: file, warnings: &warnings)
            paragraphs.appendRow(vendorText: text, start: start, end: end, speaker: node["speaker"]?.speakerName, line: node.line)
        case .deepgramAlternative:
            if !words.isEmpty {
                words.appendRows(to: &wordRows, grouping: words.hasSpeakers ? .speakerTurns : .sentences)
                words.removeAll()
            } else if let text = node["transcript"]?.string {
                transcripts.appendRow(vendorText: text, start: nil, end: nil, speaker: nil, line: node.line)
            }
        case .deepgramUtterance:
            let path = "results.utterances[\(position.last ?? 0)]"
            guard let text = node["transcript"]?.string else {
                warnings.append(FormatError(file: file, line: node.line, kind: .badField(
                    expected: path + ".transcript to be a string", found: node["transcript"]?.kindDescription ?? "no such member")))
                return
            }
            utterances.appendRow(
                vendorText: text,
                start: JSONTime.seconds(node["start"], path: path + ".start", file: file, warnings: &warnings),
                end: JSONTime.seconds(node["end"], path: path + ".end", file: file, warnings: &warnings),
                speaker: node["speaker"]?.speakerName, line: node.line)
        default:
            break
        }
    }

    /// The rows, once the whole file is read.
    func finish() -> ParsedColumns {
        var result = [utterances, paragraphs, wordRows, transcripts].first { $0.columns.rowCount > 0 } ?? ParsedColumns()
        result.warnings = warnings + result.warnings
        return result
    }
}
