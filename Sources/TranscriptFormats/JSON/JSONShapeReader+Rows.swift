import TranscriptModel

/// The shape reader's choice among the levels it found, their unit, and their rows.
extension JSONShapeReader {
    /// A level's counts, for the choice.
    struct Summary {
        var level: Int
        /// Elements with text (not only whitespace), and of those, with a start.
        var texts = 0
        var timedTexts = 0
        /// Elements with a start and a speaker but no text (a speaker timeline).
        var timeline = 0
        var words = 0
        var speakers = 0
        var channels: Set<String> = []

        /// Elements with text and a start whose unit no name or value states.
        var unstatedTimedTexts = 0

        /// Whether the level holds timed text: most of its texts timed, and two at least unless
        /// their unit is stated (one element is no evidence of a unit).
        var isCandidate: Bool { timedTexts > 0 && timedTexts * 2 >= texts && (timedTexts >= 2 || unstatedTimedTexts == 0) }
        var wordsPerText: Double { texts == 0 ? 0 : Double(words) / Double(texts) }
        var isPhrases: Bool { wordsPerText >= 1.8 }
    }

    /// The rows of the richest level of timed text, with warnings about its unit; nil when no
    /// array of objects holds timed text.
    func timedRows() -> ParsedColumns? {
        let summaries = levels.indices.map(summary)
        let candidates = summaries.filter(\.isCandidate)
        guard let most = candidates.map(\.words).max() else { return nil }
        let timeline = summaries.filter { $0.timeline > 0 && $0.texts == 0 }.max { $0.timeline < $1.timeline }
        let chosen = candidates.filter { $0.words * 5 >= most * 3 }.max { a, b in
            let left = (a.speakers > 0 || a.channels.count > 1 || timeline != nil ? 1 : 0, a.isPhrases ? 1 : 0, a.timedTexts)
            let right = (b.speakers > 0 || b.channels.count > 1 || timeline != nil ? 1 : 0, b.isPhrases ? 1 : 0, b.timedTexts)
            return left < right
        }
        guard let chosen else { return nil }
        return rows(of: chosen, timeline: timeline.map { levels[$0.level] })
    }

    /// The text of the level holding the most words, untimed, with a warning; nil when no array of
    /// objects holds text.
    func untimedRows() -> ParsedColumns? {
        let summaries = levels.indices.map(summary).filter { $0.texts > 0 && levels[$0.level].entries.count > 1 }
        guard let best = summaries.max(by: { ($0.isPhrases ? 1 : 0, $0.words) < ($1.isPhrases ? 1 : 0, $1.words) }) else { return nil }
        var result = ParsedColumns()
        for entry in levels[best.level].entries {
            guard let text = entry.text else { continue }
            result.appendRow(vendorText: text, start: nil, end: nil, speaker: entry.speaker, line: entry.line)
        }
        result.warnings.append(FormatError(file: file, kind: .assumption(
            "no times found beside the text (\(lookedAt)); the text of \(levels[best.level].path) is loaded untimed")))
        return result
    }

    /// Whether some array's objects have a time member: the document is timed, whatever else it
    /// lacks (not a `package.json`).
    var sawTimes: Bool { levels.contains { !$0.timeNames.isEmpty } }

    /// Which arrays were looked at and what each held or lacked, for messages.
    var lookedAt: String {
        guard !levels.isEmpty else { return "the document holds no array of objects" }
        let described = levels.prefix(8).map { level -> String in
            let times = level.timeNames.isEmpty ? nil : level.timeNames.prefix(3).joined(separator: "/")
            let text = level.textNames.isEmpty ? nil : level.textNames.prefix(3).joined(separator: "/")
            let members = "(its members: " + (level.memberNames.isEmpty ? "none, it holds arrays" : level.memberNames.joined(separator: ", ")) + ")"
            switch (times, text) {
            case (let times?, nil): return "\(level.path) has \(times) but no text member \(members)"
            case (nil, let text?): return "\(level.path) has \(text) but no time member \(members)"
            case (nil, nil): return "\(level.path) has no time or text member \(members)"
            case (let times?, let text?): return "\(level.path) has \(times) and \(text) but too few elements with both"
            }
        }
        let more = levels.count > 8 ? "; and \(levels.count - 8) more arrays" : ""
        return "looked at " + described.joined(separator: "; ") + more
    }

    private func summary(_ index: Int) -> Summary {
        var summary = Summary(level: index)
        for entry in levels[index].entries {
            if let text = entry.text, Self.hasText(text) {
                summary.texts += 1
                summary.words += Self.wordCount(text)
                if let start = entry.start {
                    summary.timedTexts += 1
                    if start.scale == nil { summary.unstatedTimedTexts += 1 }
                }
                if entry.speaker != nil { summary.speakers += 1 }
            } else if entry.start != nil, entry.speaker != nil, entry.text == nil {
                summary.timeline += 1
            }
            if let channel = entry.channel, summary.channels.count < 3 { summary.channels.insert(channel) }
        }
        return summary
    }

    /// Words in `text`: runs between spaces; a run of more than six letters of a script without
    /// spaces (Chinese, Japanese: three-byte UTF-8 from U+2E80) counts a word every two. Read from
    /// the UTF-8 bytes: ASCII whitespace and U+00A0, U+3000 separate words.
    static func wordCount(_ text: String) -> Int {
        var words = 0
        var inWord = false
        var wide = 0
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            let isSpace = byte == 0x20 || byte &- 0x09 <= 4
                || byte == 0xA0 && previous == 0xC2 || byte == 0x80 && previous == 0x80 && beforePrevious == 0xE3
            if isSpace {
                inWord = false
            } else if byte < 0x80 || byte >= 0xC0 {
                if !inWord { words += 1 }
                inWord = true
                if byte >= 0xE3 || byte == 0xE2 { wide += 1 }
            }
            beforePrevious = previous
            previous = byte
        }
        return wide > 6 ? max(words, wide / 2) : words
    }

    /// Whether `text` holds anything but whitespace (ASCII, and what `collapsingWhitespace` keeps
    /// apart is judged by the row's own cleaning).
    static func hasText(_ text: String) -> Bool {
        text.utf8.contains { !($0 == 0x20 || $0 &- 0x09 <= 4) }
    }

    /// Whether `text` is a punctuation mark a word-level vendor gives as its own token (`.`, `?!`,
    /// `…`): at most four bytes, every character punctuation. A short ASCII word is told apart by
    /// its bytes alone.
    static func isPunctuationMark(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count <= 4 else { return false }
        if utf8.contains(where: { $0 < 0x80 && ($0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "z") || $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }) {
            return false
        }
        return text.allSatisfy { $0.isPunctuation }
    }

    /// Whether `text` starts with an ASCII blank (a token that carries its own space: `" world"`).
    static func startsWithBlank(_ text: String) -> Bool {
        text.utf8.first.map { $0 == 0x20 || $0 &- 0x09 <= 4 } == true
    }

    // MARK: Rows

    /// The rows of the chosen level.
    private func rows(of chosen: Summary, timeline: Level?) -> ParsedColumns {
        var result = ParsedColumns()
        let level = levels[chosen.level]
        var entries = level.entries
        if entries.contains(where: { $0.text.map(Self.hasText) != true }) {
            entries.removeAll { $0.text.map(Self.hasText) != true }
        }
        let unit = decideUnit(entries, level: level, warnings: &result.warnings)
        // Seconds of a time, or nil when the unit was found implausible.
        func seconds(_ time: Time?) -> Double? {
            guard let time, let scale = time.scale ?? unit?.scale else { return nil }
            return time.value * scale
        }
        var starts = entries.map { seconds($0.start) }
        var ends = entries.indices.map { index -> Double? in
            if let end = seconds(entries[index].end) { return end }
            if let start = starts[index], let length = seconds(entries[index].duration) { return start + length }
            return nil
        }
        // Channels of one file interleave: put the elements in time order when every one is timed.
        if starts.allSatisfy({ $0 != nil }), zip(starts, starts.dropFirst()).contains(where: { $0! > $1! }) {
            let order = starts.indices.sorted { (starts[$0]!, $0) < (starts[$1]!, $1) }
            entries = order.map { entries[$0] }
            starts = order.map { starts[$0] }
            ends = order.map { ends[$0] }
        }
        let turns = timeline.map { speakerTurns($0, unit: unit) } ?? []
        let useChannels = chosen.speakers == 0 && chosen.channels.count > 1
        func speaker(_ index: Int) -> String? {
            if let speaker = entries[index].speaker { return speaker }
            if useChannels, let channel = entries[index].channel {
                return channel.allSatisfy(\.isNumber) ? "Channel \(channel)" : channel
            }
            guard let start = starts[index] else { return nil }
            return Self.turn(at: start, in: turns)
        }
        if chosen.isPhrases {
            for index in entries.indices {
                result.appendRow(
                    vendorText: entries[index].text ?? "", start: starts[index].flatMap(Timestamp.init(seconds:)),
                    end: ends[index].flatMap(Timestamp.init(seconds:)), speaker: speaker(index), line: entries[index].line)
            }
            result.columns.assignSpeakerLabels()
        } else {
            var words = TimedWords()
            let carriesSpaces = entries.count { $0.text.map(Self.startsWithBlank) == true } * 10 >= entries.count * 3
            for index in entries.indices {
                guard let raw = entries[index].text else { continue }
                let text = TextCleanup.collapsingWhitespace(raw)
                if text.isEmpty { continue }
                let attaches = carriesSpaces ? !Self.startsWithBlank(raw) : Self.isPunctuationMark(text)
                words.append(
                    text, start: starts[index].flatMap(Timestamp.init(seconds:)), end: ends[index].flatMap(Timestamp.init(seconds:)),
                    speaker: speaker(index), attaches: attaches, line: entries[index].line)
            }
            words.appendRows(to: &result, grouping: .phrases)
        }
        return result
    }

    /// The unit of `entries`' bare numbers: nil when they have none (every time states its unit)
    /// or no unit is plausible, with a warning for a unit decided or refused.
    private func decideUnit(_ entries: [Entry], level: Level, warnings: inout Warnings) -> JSONShapeUnit? {
        func unstated(_ time: Time?) -> Bool { time != nil && time?.scale == nil }
        guard entries.contains(where: { unstated($0.start) || unstated($0.end) || unstated($0.duration) }) else { return nil }
        var samples: [Double] = []
        samples.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            guard let start = entry.start, start.scale == nil else { continue }
            let words = Double(max(1, Self.wordCount(entry.text ?? "")))
            if let end = entry.end, end.scale == nil {
                samples.append((end.value - start.value) / words)
            } else if let length = entry.duration, length.scale == nil {
                samples.append(length.value / words)
            } else if index + 1 < entries.count, let next = entries[index + 1].start, next.scale == nil {
                samples.append((next.value - start.value) / words)
            }
        }
        let names = level.timeNames.isEmpty ? "" : " (" + level.timeNames.prefix(3).joined(separator: ", ") + ")"
        switch JSONShapeUnit.decide(samples: samples) {
        case .unit(let unit, let secondsAWord, let asWritten):
            let others = JSONShapeUnit.all.filter { $0 != unit }.map { "\(JSONShapeUnit.shown(asWritten * $0.scale)) s as \($0.name)" }
            warnings.append(FormatError(file: file, kind: .timeUnitGuess(
                assumed: unit.name,
                reason: "\(level.path)\(names) says no unit; as \(unit.name) a word lasts \(JSONShapeUnit.shown(secondsAWord)) s on median, "
                    + "as people speak (" + others.joined(separator: ", ") + ")")))
            return unit
        case .implausible(let median):
            let shown = JSONShapeUnit.all.map { "\(JSONShapeUnit.shown(median * $0.scale)) s as \($0.name)" }
            warnings.append(FormatError(file: file, kind: .assumption(
                "the times of \(level.path)\(names) are implausible in every unit (a word would last " + shown.joined(separator: ", ")
                    + " on median); its text is loaded untimed")))
            return nil
        case .noEvidence:
            warnings.append(FormatError(file: file, kind: .timeUnitGuess(
                assumed: "seconds", reason: "\(level.path)\(names) says no unit and has too few times to tell one from the lengths of its words")))
            return .seconds
        }
    }

    /// The speaker turns of a timeline level, in seconds, in time order.
    private func speakerTurns(_ level: Level, unit: JSONShapeUnit?) -> [(start: Double, end: Double, speaker: String)] {
        var turns: [(start: Double, end: Double, speaker: String)] = []
        for entry in level.entries {
            guard let start = entry.start, let speaker = entry.speaker, let scale = start.scale ?? unit?.scale else { continue }
            let startSeconds = start.value * scale
            var endSeconds = startSeconds
            if let end = entry.end, let endScale = end.scale ?? unit?.scale { endSeconds = end.value * endScale }
            if let length = entry.duration, let lengthScale = length.scale ?? unit?.scale { endSeconds = startSeconds + length.value * lengthScale }
            turns.append((startSeconds, endSeconds, speaker))
        }
        return turns.sorted { $0.start < $1.start }
    }

    /// The speaker of the last turn starting at or before `time` (and not ended long before it).
    static func turn(at time: Double, in turns: [(start: Double, end: Double, speaker: String)]) -> String? {
        var low = 0, high = turns.count
        while low < high {
            let middle = (low + high) / 2
            if turns[middle].start <= time + 0.0005 { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let turn = turns[low - 1]
        return time <= turn.end + 1 ? turn.speaker : nil
    }
}
