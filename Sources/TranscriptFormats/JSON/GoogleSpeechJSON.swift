import TranscriptModel

/// Google Cloud Speech-to-Text's response, as the REST API and `MessageToJson` write it (camelCase,
/// durations as `"1.500s"`) or as the client libraries' dicts do (`start_time`, durations as
/// `{"seconds": 1, "nanos": 500000000}`):
///
/// ```
/// {"results": [{"alternatives": [{"transcript": "hello all", "confidence": 0.9,
///     "words": [{"startTime": "0.100s", "endTime": "0.500s", "word": "hello", "speakerTag": 1}]}],
///   "resultEndTime": "1.200s", "languageCode": "en-us"}]}
/// ```
///
/// Without speakers, a row per result: its best alternative's transcript, from its first word's
/// start (else the previous result's end) to its `resultEndTime`. With diarisation, Google repeats
/// every word of the audio, each with its `speakerTag` (or v2's `speakerLabel`), in the last result:
/// then the rows are the speaker turns of those words alone (the earlier results' copies are not
/// read again), shown as "Speaker 1".
struct GoogleSpeechJSON {
    static let shape = #"Google Speech-to-Text ({"results": [{"alternatives": [{"transcript", "words"}]}]})"#

    static let plan = JSONStreamPlan(members: [
        "results": JSONStreamPlan(elements: JSONStreamPlan(route: .googleResult, members: [
            "alternatives": JSONStreamPlan(
                elements: JSONStreamPlan(members: ["words": .streaming(.googleWord)]), firstElementOnly: true),
        ])),
    ])

    /// Whether `root` is this shape.
    static func claims(_ root: JSONNode) -> Bool {
        root["results"]?.isArray == true
    }

    let file: String
    /// The current result's words.
    private var words = TimedWords()
    /// Words with speakers: those of the last result that had any, or of every such result when
    /// each holds its own (v2).
    private var speakerWords = TimedWords()
    private var resultRows = ParsedColumns()
    private var previousEnd: Timestamp?
    var warnings = Warnings()

    init(file: String) { self.file = file }

    mutating func take(_ streamed: JSONStreamed) {
        let node = streamed.node
        switch streamed.route {
        case .googleWord:
            let path = "results[\(streamed.indices.first ?? 0)].alternatives[0].words[\(streamed.indices.last ?? 0)]"
            guard let word = node["word"]?.string else {
                warnings.append(FormatError(file: file, line: node.line, kind: .badField(
                    expected: path + ".word to be a string", found: node["word"]?.kindDescription ?? "no such member")))
                return
            }
            var speaker = (node["speakerLabel"] ?? node["speaker_label"])?.speakerName
            if speaker == nil, let tag = (node["speakerTag"] ?? node["speaker_tag"])?.number, tag > 0, tag < 1e15 {
                speaker = JSONTime.speakerName(number: Int(tag))
            }
            words.append(
                word,
                start: JSONTime.seconds(node["startTime"] ?? node["start_time"] ?? node["startOffset"] ?? node["start_offset"],
                                        path: path + ".startTime", file: file, warnings: &warnings),
                end: JSONTime.seconds(node["endTime"] ?? node["end_time"] ?? node["endOffset"] ?? node["end_offset"],
                                      path: path + ".endTime", file: file, warnings: &warnings),
                speaker: speaker, line: node.line)
        case .googleResult:
            let path = "results[\(streamed.indices.last ?? 0)]"
            let end = JSONTime.seconds(node["resultEndTime"] ?? node["result_end_time"] ?? node["resultEndOffset"] ?? node["result_end_offset"],
                                       path: path + ".resultEndTime", file: file, warnings: &warnings)
            if words.hasSpeakers {
                // A result that starts again from the first word repeats every word before it.
                if speakerWords.isEmpty {
                    speakerWords = words
                } else if let first = words.firstStart, let earlier = speakerWords.firstStart, first <= earlier {
                    speakerWords = words
                } else {
                    speakerWords.append(contentsOf: words)
                }
            } else if let text = node["alternatives"]?.elements?.first?["transcript"]?.string {
                let start = words.firstStart.map { Timestamp(milliseconds: $0) } ?? previousEnd
                resultRows.appendRow(vendorText: text, start: start, end: end, speaker: nil, line: node.line)
            } else {
                words.appendRows(to: &resultRows, grouping: .one)
            }
            words.removeAll()
            previousEnd = end ?? previousEnd
        default:
            break
        }
    }

    /// The rows, once the whole file is read.
    func finish() -> ParsedColumns {
        var result = ParsedColumns()
        if !speakerWords.isEmpty {
            speakerWords.appendRows(to: &result, grouping: .speakerTurns)
        } else {
            result = resultRows
        }
        result.warnings = warnings + result.warnings
        return result
    }
}

extension TimedWords {
    /// Appends `other`'s words after these.
    mutating func append(contentsOf other: TimedWords) {
        other.forEachWord { word, start, end, speaker, attaches, line in
            append(word, start: start >= 0 ? Timestamp(milliseconds: start) : nil, end: end >= 0 ? Timestamp(milliseconds: end) : nil,
                   speaker: speaker, attaches: attaches, line: line)
        }
    }
}
