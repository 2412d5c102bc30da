import TranscriptModel

/// YouTube's `json3` timed text (as yt-dlp saves it with `--sub-format json3`):
///
/// ```
/// {"wireMagic": "pb3", "pens": [{}], "events": [
///   {"tStartMs": 0, "dDurationMs": 3000, "id": 1, "wWinId": 1, "wpWinPosId": 1},
///   {"tStartMs": 80, "dDurationMs": 2920, "wWinId": 1, "segs": [{"utf8": "hello", "acAsrConf": 0},
///                                                               {"utf8": " all", "tOffsetMs": 240}]},
///   {"tStartMs": 1500, "dDurationMs": 1500, "wWinId": 1, "aAppend": 1, "segs": [{"utf8": "\n"}]}]}
/// ```
///
/// A row per event that has text: its segments' `utf8` joined as written (a line break becomes a
/// space), from `tStartMs` for `dDurationMs` (milliseconds). Events without segments (window
/// set-up) and those whose text is only line breaks (the auto-captions' `aAppend` events) give no row.
struct YouTubeJSON3 {
    static let shape = #"YouTube json3 ({"events": [{"tStartMs", "dDurationMs", "segs": [{"utf8"}]}]})"#

    static let plan = JSONStreamPlan(members: ["events": .streaming(.json3Event)])

    /// Whether `root` is this shape.
    static func claims(_ root: JSONNode) -> Bool {
        root["events"]?.isArray == true
    }

    let file: String
    private var result = ParsedColumns()

    init(file: String) { self.file = file }

    mutating func take(_ streamed: JSONStreamed) {
        let node = streamed.node
        guard let segments = node["segs"]?.elements else { return }
        let path = "events[\(streamed.indices.last ?? 0)]"
        let text = segments.compactMap { $0["utf8"]?.string }.joined()
        let start = JSONTime.milliseconds(node["tStartMs"], path: path + ".tStartMs", file: file, warnings: &result.warnings)
        let duration = JSONTime.milliseconds(node["dDurationMs"], path: path + ".dDurationMs", file: file, warnings: &result.warnings)
        let end = start.flatMap { start in duration.map { Timestamp(milliseconds: start.milliseconds + $0.milliseconds) } }
        result.appendRow(vendorText: text, start: start, end: end, speaker: nil, line: node.line)
    }

    /// The rows, once the whole file is read.
    func finish() -> ParsedColumns { result }
}
