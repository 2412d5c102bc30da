import TranscriptModel

/// AssemblyAI's transcript response:
///
/// ```
/// {"id": "…", "status": "completed", "text": "…", "audio_duration": 12,
///  "words": [{"text": "Hello", "start": 80, "end": 320, "confidence": 0.99, "speaker": "A"}],
///  "utterances": [{"speaker": "A", "start": 80, "end": 1200, "text": "Hello all.", "words": […]}]}
/// ```
///
/// Times are milliseconds. Rows are the utterances (with speaker labels on); without them, the
/// words by speaker turn when they have speakers, else by sentence; without words, the `text` as one
/// untimed row. A speaker is shown as written (`A`). An `utterances` array saved alone is a bare
/// array of segment objects, read by `JSONTranscriptParser` with its unit decided from the values.
struct AssemblyAIJSON {
    static let shape = #"AssemblyAI ({"text", "words": […], "utterances": […]} with times in milliseconds)"#

    static let plan = JSONStreamPlan(members: [
        "utterances": JSONStreamPlan(elements: JSONStreamPlan(route: .assemblyUtterance, members: ["words": .skipped])),
        "words": .streaming(.assemblyWord),
        // The /sentences and /paragraphs responses, kept whole (short: a row per sentence).
        "sentences": JSONStreamPlan(), "paragraphs": JSONStreamPlan(),
    ])

    /// Whether `root` is this shape (and not a Whisper object, which has `segments`): a
    /// transcript with `utterances` or `words`, or the `/sentences` and `/paragraphs` responses
    /// (`{"sentences": […], "id", "confidence", "audio_duration"}`).
    static func claims(_ root: JSONNode) -> Bool {
        guard root.isObject, root["segments"] == nil else { return false }
        if root["audio_duration"] != nil, root["sentences"]?.isArray == true || root["paragraphs"]?.isArray == true { return true }
        return root["utterances"]?.isArray == true || root["words"]?.isArray == true
    }

    let file: String
    private var words = TimedWords()
    private var utterances = ParsedColumns()
    var warnings = Warnings()
    /// Whether every time read is a whole number, as AssemblyAI's milliseconds are: a file of
    /// `words` with times like 0.84 is someone else's seconds (ElevenLabs, autoEdit), left to the
    /// shape reader.
    private var timesAreWhole = true
    /// The first thousand elements' lengths a word, in the file's numbers.
    private var lengths: [Double] = []

    /// Whether the times read are AssemblyAI's milliseconds: whole numbers, and a word's length
    /// plausible in milliseconds (not 100-ns ticks, not seconds) when there is evidence.
    var timesAreMilliseconds: Bool {
        guard timesAreWhole else { return false }
        if case .unit(let unit, _, _) = JSONShapeUnit.decide(samples: lengths) { return unit == .milliseconds }
        return true
    }

    init(file: String) { self.file = file }

    mutating func take(_ streamed: JSONStreamed) {
        let node = streamed.node
        let index = streamed.indices.last ?? 0
        if let start = node["start"]?.number, let end = node["end"]?.number {
            if start != start.rounded() || end != end.rounded() { timesAreWhole = false }
            if lengths.count < 1000, let text = node["text"]?.string {
                lengths.append((end - start) / Double(max(1, JSONShapeReader.wordCount(text))))
            }
        }
        switch streamed.route {
        case .assemblyUtterance:
            let path = "utterances[\(index)]"
            guard let text = node["text"]?.string else {
                warnings.append(FormatError(file: file, line: node.line, kind: .badField(
                    expected: path + ".text to be a string", found: node["text"]?.kindDescription ?? "no such member")))
                return
            }
            utterances.appendRow(
                vendorText: text,
                start: JSONTime.milliseconds(node["start"], path: path + ".start", file: file, warnings: &warnings),
                end: JSONTime.milliseconds(node["end"], path: path + ".end", file: file, warnings: &warnings),
                speaker: node["speaker"]?.speakerName, line: node.line)
        case .assemblyWord:
            let path = "words[\(index)]"
            guard let text = node["text"]?.string else {
                warnings.append(FormatError(file: file, line: node.line, kind: .badField(
                    expected: path + ".text to be a string", found: node["text"]?.kindDescription ?? "no such member")))
                return
            }
            words.append(
                text,
                start: JSONTime.milliseconds(node["start"], path: path + ".start", file: file, warnings: &warnings),
                end: JSONTime.milliseconds(node["end"], path: path + ".end", file: file, warnings: &warnings),
                speaker: node["speaker"]?.speakerName, line: node.line)
        default:
            break
        }
    }

    /// The rows, once the whole file is read (`root` for the `text` of a response without words).
    func finish(root: JSONNode) -> ParsedColumns {
        var result = ParsedColumns()
        if utterances.columns.rowCount > 0 {
            result = utterances
        } else if let sentences = (root["sentences"] ?? root["paragraphs"])?.elements, words.isEmpty {
            let name = root["sentences"] != nil ? "sentences" : "paragraphs"
            var warnings = warnings
            for (index, sentence) in sentences.enumerated() {
                let path = "\(name)[\(index)]"
                guard let text = sentence["text"]?.string else { continue }
                result.appendRow(
                    vendorText: text,
                    start: JSONTime.milliseconds(sentence["start"], path: path + ".start", file: file, warnings: &warnings),
                    end: JSONTime.milliseconds(sentence["end"], path: path + ".end", file: file, warnings: &warnings),
                    speaker: sentence["speaker"]?.speakerName, line: sentence.line)
            }
            result.warnings = warnings
            return result
        } else if !words.isEmpty {
            words.appendRows(to: &result, grouping: words.hasSpeakers ? .speakerTurns : .sentences)
        } else if let text = root["text"] {
            result.appendRow(vendorText: text.string ?? "", start: nil, end: nil, speaker: nil, line: text.line)
        }
        result.warnings = warnings + result.warnings
        return result
    }
}
