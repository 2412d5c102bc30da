import TranscriptModel

/// Amazon Transcribe's batch job output:
///
/// ```
/// {"jobName": "…", "results": {
///    "transcripts": [{"transcript": "…"}],
///    "speaker_labels": {"speakers": 2, "segments": [{"start_time": "0.04", "end_time": "5.1",
///        "speaker_label": "spk_0", "items": [{"start_time": "0.04", "speaker_label": "spk_0", …}]}]},
///    "items": [{"start_time": "0.04", "end_time": "0.5", "type": "pronunciation",
///               "alternatives": [{"content": "Hello", "confidence": "0.99"}], "speaker_label": "spk_0"},
///              {"type": "punctuation", "alternatives": [{"content": ","}]}, …],
///    "audio_segments": [{"id": 0, "transcript": "…", "start_time": "0.04", "end_time": "5.1",
///                        "speaker_label": "spk_0", "items": [0, 1, 2]}]},
///  "status": "COMPLETED"}
/// ```
///
/// Times are seconds written as strings. Rows are built from the items: a row per speaker turn when
/// the words have speakers (an item's own `speaker_label`, else the speaker segment its start falls
/// in), else a row per sentence (a punctuation item `.`, `?` or `!` ends one); punctuation joins
/// the word before it. Without items, each audio segment is a row. Every word is in exactly one
/// row: the whole `transcript` and the segments' copies of the items are not read as rows.
///
/// With channel identification (`"channel_labels": {"channels": [{"channel_label": "ch_0",
/// "items": […]}]}`), a word without a speaker label takes its channel (`ch_0`) as its speaker,
/// by the channel item at its start time.
struct AWSTranscribeJSON {
    static let shape = #"AWS Transcribe ({"results": {"items": […]}} or "audio_segments")"#

    static let plan = JSONStreamPlan(members: ["results": JSONStreamPlan(members: [
        "items": .streaming(.awsItem),
        "audio_segments": .streaming(.awsAudioSegment),
        "speaker_labels": JSONStreamPlan(members: ["segments": .streaming(.awsSpeakerSegment)]),
        "channel_labels": JSONStreamPlan(members: ["channels": JSONStreamPlan(elements: JSONStreamPlan(members: ["items": .streaming(.awsChannelItem)]))]),
    ])])

    /// Whether `root` is this shape.
    static func claims(_ root: JSONNode) -> Bool {
        guard let results = root["results"], results.isObject else { return false }
        return results["items"]?.isArray == true || results["audio_segments"]?.isArray == true
    }

    let file: String
    private var words = TimedWords()
    private var segments = ParsedColumns()
    /// Speaker segments: start and end in milliseconds, and the label, in file order.
    private var turns: [(start: Int64, end: Int64, label: String)] = []
    /// Channel items: start and end in milliseconds, and the channel's label.
    private var channelItems: [(start: Int64, end: Int64, label: String)] = []
    var warnings = Warnings()

    init(file: String) { self.file = file }

    mutating func take(_ streamed: JSONStreamed) {
        let node = streamed.node
        let index = streamed.indices.last ?? 0
        switch streamed.route {
        case .awsItem:
            guard let content = node["alternatives"]?.elements?.first?["content"]?.string else {
                warnings.append(FormatError(file: file, line: node.line, kind: .badField(
                    expected: "results.items[\(index)].alternatives[0].content to be a string", found: node["alternatives"]?.kindDescription ?? "no such member")))
                return
            }
            let start = JSONTime.seconds(node["start_time"], path: "results.items[\(index)].start_time", file: file, warnings: &warnings)
            let end = JSONTime.seconds(node["end_time"], path: "results.items[\(index)].end_time", file: file, warnings: &warnings)
            let isPunctuation = node["type"]?.string == "punctuation"
            words.append(content, start: start, end: end, speaker: node["speaker_label"]?.speakerName, attaches: isPunctuation, line: node.line)
        case .awsSpeakerSegment:
            let path = "results.speaker_labels.segments[\(index)]"
            guard let label = node["speaker_label"]?.speakerName,
                  let start = JSONTime.seconds(node["start_time"], path: path + ".start_time", file: file, warnings: &warnings),
                  let end = JSONTime.seconds(node["end_time"], path: path + ".end_time", file: file, warnings: &warnings)
            else { return }
            turns.append((start.milliseconds, end.milliseconds, label))
        case .awsChannelItem:
            let channel = streamed.indices.count >= 2 ? streamed.indices[streamed.indices.count - 2] : 0
            var ignored = Warnings()
            guard let start = JSONTime.seconds(node["start_time"], path: "", file: file, warnings: &ignored) else { return }
            let end = JSONTime.seconds(node["end_time"], path: "", file: file, warnings: &ignored) ?? start
            channelItems.append((start.milliseconds, end.milliseconds, "ch_\(channel)"))
        case .awsAudioSegment:
            let path = "results.audio_segments[\(index)]"
            guard let text = node["transcript"]?.string else {
                warnings.append(FormatError(file: file, line: node.line, kind: .badField(
                    expected: path + ".transcript to be a string", found: node["transcript"]?.kindDescription ?? "no such member")))
                return
            }
            segments.appendRow(
                vendorText: text,
                start: JSONTime.seconds(node["start_time"], path: path + ".start_time", file: file, warnings: &segments.warnings),
                end: JSONTime.seconds(node["end_time"], path: path + ".end_time", file: file, warnings: &segments.warnings),
                speaker: node["speaker_label"]?.speakerName, line: node.line)
        default:
            break
        }
    }

    /// The rows, once the whole file is read.
    func finish() -> ParsedColumns {
        guard !words.isEmpty else {
            var result = segments
            result.warnings = warnings + segments.warnings
            return result
        }
        var result = ParsedColumns()
        let byChannel = channelItems.sorted { $0.start < $1.start }
        let labelled = words.hasSpeakers ? words : words.withSpeakers(turns.isEmpty ? byChannel : turns)
        labelled.appendRows(to: &result, grouping: labelled.hasSpeakers ? .speakerTurns : .sentences)
        result.warnings = warnings
        return result
    }
}

extension TimedWords {
    /// These words with the speaker of the turn (start and end in milliseconds) each word's start
    /// falls in; `turns` are in time order, as AWS writes them.
    func withSpeakers(_ turns: [(start: Int64, end: Int64, label: String)]) -> TimedWords {
        guard !turns.isEmpty else { return self }
        var labelled = TimedWords()
        var turn = 0
        forEachWord { word, start, end, _, attaches, line in
            var speaker: String?
            if start >= 0 {
                while turn < turns.count - 1, turns[turn].end <= start, turns[turn + 1].start <= start { turn += 1 }
                if turns[turn].start <= start, start <= turns[turn].end { speaker = turns[turn].label }
            }
            labelled.append(
                word, start: start >= 0 ? Timestamp(milliseconds: start) : nil, end: end >= 0 ? Timestamp(milliseconds: end) : nil,
                speaker: speaker, attaches: attaches, line: line)
        }
        return labelled
    }
}
