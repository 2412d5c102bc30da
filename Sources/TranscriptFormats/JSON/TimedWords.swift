import TranscriptModel

/// Words of a vendor's response, kept as columns (their text in one buffer, times in milliseconds,
/// speakers interned) until the reader knows how to group them into rows: by speaker turn, by
/// sentence, or all as one row. Each word goes into exactly one row, so no word is counted twice.
///
/// A word that `attaches` is written right after the one before it, without a space (AWS's
/// punctuation items, Rev's elements that carry their own spaces).
struct TimedWords {
    private var text: [UInt8] = []
    /// Word `i` is `text[textEnds[i - 1] ..< textEnds[i]]` (0 before the first).
    private var textEnds: [Int] = []
    /// Milliseconds, or -1 for none.
    private var starts: [Int64] = []
    private var ends: [Int64] = []
    /// Indices into `names`, or -1.
    private var speakers: [Int32] = []
    private var attaches: [Bool] = []
    private var lines: [Int32] = []
    private var names: [String] = []
    private var nameIDs: [String: Int32] = [:]

    /// How words are grouped into rows.
    enum Grouping {
        /// A row per run of words by one speaker (words without a speaker join the run they are in).
        case speakerTurns
        /// A row per sentence: a word ending in `.`, `?`, `!` (or their CJK forms) ends one.
        case sentences
        /// All the words as one row.
        case one
        /// A row per phrase: a speaker change, a pause of more than a second (from a word's end,
        /// or its start when it has none, to the next word's start) or a sentence's end ends one.
        case phrases
    }

    var count: Int { starts.count }
    var isEmpty: Bool { starts.isEmpty }

    /// Whether any word has a speaker.
    var hasSpeakers: Bool { !names.isEmpty }

    /// The first word's start, when it has one.
    var firstStart: Int64? { starts.first.flatMap { $0 >= 0 ? $0 : nil } }

    /// Appends a word.
    mutating func append(_ word: String, start: Timestamp?, end: Timestamp?, speaker: String?, attaches: Bool = false, line: Int) {
        text.append(contentsOf: word.utf8)
        textEnds.append(text.count)
        starts.append(start?.milliseconds ?? -1)
        ends.append(end?.milliseconds ?? -1)
        self.attaches.append(attaches)
        lines.append(Int32(clamping: line))
        if let speaker {
            if let id = nameIDs[speaker] {
                speakers.append(id)
            } else {
                let id = Int32(names.count)
                names.append(speaker)
                nameIDs[speaker] = id
                speakers.append(id)
            }
        } else {
            speakers.append(-1)
        }
    }

    /// Calls `body` with each word: its text, start and end (milliseconds, -1 for none), speaker,
    /// whether it attaches, and its line.
    func forEachWord(_ body: (String, Int64, Int64, String?, Bool, Int) -> Void) {
        for index in 0..<count {
            let begin = index > 0 ? textEnds[index - 1] : 0
            body(String(decoding: text[begin..<textEnds[index]], as: UTF8.self), starts[index], ends[index],
                 speakers[index] >= 0 ? names[Int(speakers[index])] : nil, attaches[index], Int(lines[index]))
        }
    }

    /// Forgets every word (keeping the buffers' room).
    mutating func removeAll() {
        text.removeAll(keepingCapacity: true)
        textEnds.removeAll(keepingCapacity: true)
        starts.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        speakers.removeAll(keepingCapacity: true)
        attaches.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
    }

    /// The words as rows, grouped as asked; `speaker`, when given, is every row's speaker (Rev's
    /// monologue), else each row's is its words' speaker.
    func appendRows(to result: inout ParsedColumns, grouping: Grouping, speaker fixed: String? = nil) {
        var first = 0
        while first < count {
            var last = first
            switch grouping {
            case .one:
                last = count - 1
            case .sentences:
                while last < count - 1, !endsSentence(last) { last += 1 }
                // Punctuation attached after the sentence's last word stays with it.
                while last < count - 1, attaches[last + 1] { last += 1 }
            case .phrases:
                while last < count - 1, !endsPhrase(last) { last += 1 }
            case .speakerTurns:
                var turn = speakers[first]
                while last < count - 1 {
                    let next = speakers[last + 1]
                    if next >= 0, turn >= 0, next != turn { break }
                    if turn < 0 { turn = next }
                    last += 1
                }
            }
            appendRow(words: first...last, to: &result, speaker: fixed)
            first = last + 1
        }
    }

    /// Whether a phrase ends after word `index` (see `Grouping.phrases`); punctuation attached
    /// after it stays with it.
    private func endsPhrase(_ index: Int) -> Bool {
        let next = index + 1
        if attaches[next] { return false }
        if speakers[index] >= 0, speakers[next] >= 0, speakers[index] != speakers[next] { return true }
        let said = ends[index] >= 0 ? ends[index] : starts[index]
        if said >= 0, starts[next] >= 0, starts[next] - said > 1000 { return true }
        return endsSentence(index)
    }

    /// Whether word `index` ends a sentence.
    private func endsSentence(_ index: Int) -> Bool {
        let end = textEnds[index]
        let begin = index > 0 ? textEnds[index - 1] : 0
        guard end > begin else { return false }
        let last = text[end - 1]
        if last == UInt8(ascii: ".") || last == UInt8(ascii: "?") || last == UInt8(ascii: "!") { return true }
        // 。？！ in UTF-8.
        if end - begin >= 3 {
            let tail = (text[end - 3], text[end - 2], last)
            return tail == (0xE3, 0x80, 0x82) || tail == (0xEF, 0xBC, 0x9F) || tail == (0xEF, 0xBC, 0x81)
        }
        return false
    }

    /// One row of `words`: their texts joined by spaces (none before an attached word), the first
    /// start and the last end among them, the first speaker among them (or `speaker`).
    private func appendRow(words: ClosedRange<Int>, to result: inout ParsedColumns, speaker fixed: String?) {
        var bytes: [UInt8] = []
        var start: Int64 = -1
        var end: Int64 = -1
        var speaker: Int32 = -1
        for index in words {
            let begin = index > 0 ? textEnds[index - 1] : 0
            if !bytes.isEmpty, !attaches[index] { bytes.append(0x20) }
            bytes.append(contentsOf: text[begin..<textEnds[index]])
            if start < 0 { start = starts[index] }
            if ends[index] >= 0 { end = ends[index] }
            if speaker < 0 { speaker = speakers[index] }
        }
        let name = fixed ?? (speaker >= 0 ? names[Int(speaker)] : nil)
        let startTime = start >= 0 ? Timestamp(milliseconds: start) : nil
        let endTime = end >= 0 && end >= start ? Timestamp(milliseconds: end) : nil
        let line = Int(lines[words.lowerBound])
        let appended = bytes.withUnsafeBufferPointer {
            result.appendRow(collapsing: $0, start: startTime, end: endTime, speaker: name, line: line)
        }
        if !appended {
            result.appendRow(
                text: TextCleanup.collapsingWhitespace(String(decoding: bytes, as: UTF8.self)),
                start: startTime, end: endTime, speaker: name, line: line)
        }
    }
}

extension ParsedColumns {
    /// Appends a row of a vendor's `text` (whitespace collapsed, controls removed; dropped when
    /// empty), straight from its UTF-8 when it can. An end before the start is no end.
    mutating func appendRow(vendorText text: String, start: Timestamp?, end: Timestamp?, speaker: String?, line: Int) {
        let end = start.flatMap { start in end.map { $0 < start } } == true ? nil : end
        var text = text
        let appended = text.withUTF8 { appendRow(collapsing: $0, start: start, end: end, speaker: speaker, line: line) }
        if !appended {
            appendRow(text: TextCleanup.collapsingWhitespace(text), start: start, end: end, speaker: speaker, line: line)
        }
    }
}
