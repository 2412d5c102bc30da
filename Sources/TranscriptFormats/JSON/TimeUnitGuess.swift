import TranscriptModel

/// The unit of a plain array's times, which no vendor fixes: `[{"start": 80, "end": 4200, …}]` is an
/// AssemblyAI utterances array (milliseconds), `[{"start": 0, "end": 4, …}]` someone's seconds.
///
/// The rule: when every time is a number with a fraction (`4.2`), or any is a clock string, the
/// unit is seconds, nothing guessed. When every time is a whole number, it is milliseconds if a
/// segment lasts 100 or more on median (100 seconds per segment is implausible for speech, 100
/// milliseconds is a short word), or any time is past 86,400 (a day, as seconds); seconds
/// otherwise; but 100-ns ticks (Azure) when the length of a word, by the rows' words, says so
/// (`JSONShapeUnit`). Whisper's `segments` are read the same way when every time is whole. Either way a warning says which unit was assumed and why. Where segments have no end,
/// the gaps between starts stand in for their lengths.
struct TimeUnitGuess {
    private var numbers = 0
    private var wholeNumbers = 0
    private var strings = 0

    /// Notes one time field of a segment (nil when absent).
    mutating func note(_ node: JSONNode?) {
        guard let node else { return }
        switch node.value {
        case .number(let value):
            numbers += 1
            if value == value.rounded() { wholeNumbers += 1 }
        case .string:
            strings += 1
        default:
            break
        }
    }

    /// Decides the unit of `result`'s times (read as seconds) and, when it had to be guessed, warns;
    /// times found to be milliseconds are divided by 1,000.
    func apply(to result: inout ParsedColumns, file: String) {
        guard numbers > 0, strings == 0, wholeNumbers == numbers else { return }
        let columns = result.columns
        var spans: [Int64] = []
        var previousStart: Int64 = -1
        var largest: Int64 = 0
        for row in 0..<columns.rowCount {
            let start = columns.startTimes[row], end = columns.endTimes[row]
            largest = max(largest, start, end)
            if start >= 0, end >= start {
                spans.append(end - start)
            } else if start >= 0, previousStart >= 0, start >= previousStart {
                spans.append(start - previousStart)
            }
            if start >= 0 { previousStart = start }
        }
        // The lengths a word say 100-ns ticks where a day's milliseconds would be implausible.
        var samples: [Double] = []
        for row in 0..<columns.rowCount {
            let start = columns.startTimes[row], end = columns.endTimes[row]
            guard start >= 0, end >= start else { continue }
            let words = max(1, JSONShapeReader.wordCount(columns.text(ofRow: row)))
            samples.append(Double(end - start) / 1000 / Double(words))
        }
        if case .unit(let unit, let secondsAWord, _) = JSONShapeUnit.decide(samples: samples), unit == .ticks {
            let divisor = Int64((1 / unit.scale).rounded())
            result.columns.startTimes = columns.startTimes.map { $0 >= 0 ? $0 / divisor : $0 }
            result.columns.endTimes = columns.endTimes.map { $0 >= 0 ? $0 / divisor : $0 }
            result.warnings.append(FormatError(file: file, kind: .timeUnitGuess(
                assumed: unit.name,
                reason: "every time is a whole number and as \(unit.name) a word lasts \(JSONShapeUnit.shown(secondsAWord)) s on median, as people speak")))
            return
        }
        spans.sort()
        // In "seconds" as read: milliseconds of the columns / 1,000.
        let median = spans.isEmpty ? nil : spans[spans.count / 2] / 1000
        let isMilliseconds = (median ?? 0) >= 100 || largest / 1000 > 86_400
        let lengths = median.map { "segments last \($0) on median" } ?? "the largest time is \(largest / 1000)"
        if isMilliseconds {
            result.columns.startTimes = columns.startTimes.map { $0 >= 0 ? $0 / 1000 : $0 }
            result.columns.endTimes = columns.endTimes.map { $0 >= 0 ? $0 / 1000 : $0 }
            result.warnings.append(FormatError(file: file, kind: .timeUnitGuess(
                assumed: "milliseconds",
                reason: "every time is a whole number and \(lengths), too long for seconds (AssemblyAI writes milliseconds)")))
        } else {
            result.warnings.append(FormatError(file: file, kind: .timeUnitGuess(
                assumed: "seconds", reason: "every time is a whole number and \(lengths), plausible as seconds")))
        }
    }
}
