import TranscriptModel

/// The text exports meeting apps write, told apart by their lines. One table: each layout says how
/// to recognise its heading lines (`heading`) and how many of them a file needs to be read so
/// (`matches`); `MeetingTextReader` reads a file in the layout that matches.
///
/// ```
/// speakerHeadings   Otter.ai .txt/.docx, Rev .txt, Teams .docx      Alice Chen  0:03          (then the paragraph)
///                                                                   Speaker 1 (00:01:05):
///                   Zoom's saved captions                           [Alice Chen] 10:02:15
///                   Rev.ai .txt                                     Speaker 0    00:00:01    text
/// timeMarkers       Google Meet .txt/.docx                          00:05:00                  (then `Name: text` rows)
/// chatLog           Zoom's saved chat                               00:05:16<TAB>Alice:<TAB>text
///                                                                   10:01:23 From Alice to Everyone:   (text on the next line)
/// timecodeBlocks    Premiere, Descript, older Teams .docx           00:00:01:12 - 00:00:04:02 (then speaker, then text)
///                                                                   [00:00:01] Alice: text   or   0:0:1.2 --> 0:0:4.0
/// ```
///
/// A layout matches when its headings are at least two (one in a file of at most three lines) and a
/// fair share of the lines (`matches`); so prose that happens to hold a `12:30` is never taken for
/// one. Detection reads only the first `detectionLines` non-blank lines, so it costs the same on a
/// file of any size.
enum MeetingTextLayout: String, CaseIterable, Sendable {
    case speakerHeadings
    case timeMarkers
    case chatLog
    case timecodeBlocks

    /// How many non-blank lines detection looks at.
    static let detectionLines = 400

    /// What a heading line says: when the row starts (and perhaps ends), who speaks, and text that
    /// follows on the same line.
    struct Heading {
        var start: Clock
        var end: Clock?
        var speaker: String?
        var text: Substring?
        /// Whether a speaker may come on the next line (a timecode block: timecode, name, text).
        var speakerMayFollow = false
    }

    /// A time as written: a clock, or a timecode counting frames (whose rate the file does not say).
    enum Clock: Hashable {
        case time(Timestamp)
        case frames(hours: Int64, minutes: Int64, seconds: Int64, frames: Int64)
        /// A time that parses but is beyond any recording (over a million hours).
        case absurd(String)
    }

    /// The first layout (in table order) that `lines` are written in, or nil for plain text.
    static func detect(_ lines: some Sequence<Substring>) -> MeetingTextLayout? {
        var sample: [Substring] = []
        for line in lines where !line.isBlankLine {
            sample.append(line.trimmingBlanks)
            if sample.count == detectionLines { break }
        }
        return allCases.first { $0.matches(sample) }
    }

    /// Whether these non-blank, trimmed lines are written in this layout.
    func matches(_ lines: [Substring]) -> Bool {
        let headings = lines.count { heading($0) != nil }
        let enough = headings >= 2 || (headings == 1 && lines.count <= 3)
        guard enough else { return false }
        switch self {
        case .speakerHeadings:
            return headings * 4 >= lines.count
        case .chatLog:
            return headings * 3 >= lines.count
        case .timecodeBlocks:
            return headings * 5 >= lines.count
        case .timeMarkers:
            // After the first marker, most lines are `Name: text`.
            guard let first = lines.firstIndex(where: { heading($0) != nil }) else { return false }
            let rest = lines[first...].filter { heading($0) == nil }
            let labelled = rest.count { TextCleanup.speakerLabelCandidate(String($0)) != nil }
            return labelled >= 1 && labelled * 5 >= rest.count * 3
        }
    }

    /// The heading `line` (trimmed) is in this layout, or nil when it is text.
    func heading(_ line: Substring) -> Heading? {
        switch self {
        case .speakerHeadings: return Self.speakerHeading(line)
        case .timeMarkers: return Self.clock(line).map { Heading(start: $0) }
        case .chatLog: return Self.chatLine(line)
        case .timecodeBlocks: return Self.timecodeHeading(line)
        }
    }
}

// MARK: - The heading lines of each layout

extension MeetingTextLayout {
    /// `Alice Chen  0:03`, `Speaker 1<TAB>00:00`, `Alice Chen 1:02:03` (one space: the name must be
    /// shaped like one), `Speaker 1 (00:01:05):` or `Speaker 1 (00:01:05)`.
    static func speakerHeading(_ line: Substring) -> Heading? {
        // Zoom's saved closed captions: `[Alice Chen] 10:02:15`, the text on the next lines.
        if line.hasPrefix("["), line.utf8.count <= 120, let close = line.firstIndex(of: "]") {
            let name = line[line.index(after: line.startIndex)..<close].trimmingBlanks
            let time = line[line.index(after: close)...].trimmingBlanks
            guard let clock = clock(time), isName(name, strict: false) else { return nil }
            return Heading(start: clock, speaker: String(name))
        }
        // Rev.ai's plain text: `Speaker 0    00:00:01    text`, blanks of two or more between.
        if let inline = speakerTimeText(line) { return inline }
        guard line.utf8.count <= 120, let last = line.utf8.last else { return nil }
        // Rev: `Name (00:00):`.
        if last == UInt8(ascii: ":") || last == UInt8(ascii: ")") {
            var body = line
            if body.hasSuffix(":") { body = body.dropLast() }
            guard body.hasSuffix(")"), let open = body.lastIndex(of: "(") else { return nil }
            let time = body[body.index(after: open)..<body.index(before: body.endIndex)]
            let name = body[..<open].trimmingBlanks
            guard let clock = clock(time), isName(name, strict: false) else { return nil }
            return Heading(start: clock, speaker: String(name))
        }
        // Otter, Rev, Teams: the name, blanks, the time.
        guard let blank = line.utf8.lastIndex(where: { $0 == 0x20 || $0 == 0x09 }) else { return nil }
        let time = line[line.utf8.index(after: blank)...]
        guard let clock = clock(time) else { return nil }
        let before = line[..<blank]
        let name = before.trimmingBlanks
        let separator = before.utf8.count - name.utf8.count + 1
        let wide = separator >= 2 || line.utf8[blank] == 0x09
        guard isName(name, strict: !wide) else { return nil }
        return Heading(start: clock, speaker: String(name))
    }

    /// `Speaker 0    00:00:01    text` (Rev.ai's plain text): a name, a clock and the text, each two
    /// blanks (or a tab) from the next.
    static func speakerTimeText(_ line: Substring) -> Heading? {
        func gap(after index: Substring.Index) -> Substring.Index? {
            var end = index
            var blanks = 0
            while end < line.endIndex, line[end] == " " || line[end] == "\t" {
                blanks += line[end] == "\t" ? 2 : 1
                end = line.index(after: end)
            }
            return blanks >= 2 ? end : nil
        }
        guard let firstGap = line.range(of: "  ") ?? line.range(of: "\t"), line.distance(from: line.startIndex, to: firstGap.lowerBound) <= 60,
              let timeStart = gap(after: firstGap.lowerBound) else { return nil }
        let name = line[..<firstGap.lowerBound].trimmingBlanks
        let timeEnd = line[timeStart...].firstIndex { $0 == " " || $0 == "\t" } ?? line.endIndex
        guard timeEnd < line.endIndex, let textStart = gap(after: timeEnd), textStart < line.endIndex,
              let clock = clock(line[timeStart..<timeEnd]), isName(name, strict: false) else { return nil }
        return Heading(start: clock, speaker: String(name), text: line[textStart...])
    }

    /// Zoom's chat: `00:05:16<TAB>Alice Chen:<TAB>text`, `10:01:23 From Alice Chen : text`,
    /// `10:01:23 From Alice Chen to Everyone : text`, `10:01:23 From  Alice Chen  to  Everyone:` (text
    /// on the next lines), `… to Bob(Direct Message):`.
    static func chatLine(_ line: Substring) -> Heading? {
        guard let space = line.utf8.firstIndex(where: { $0 == 0x20 || $0 == 0x09 }) else { return nil }
        guard let clock = clock(line[..<space]), isFullClock(line[..<space]) else { return nil }
        let rest = line[space...].trimmingBlanks
        if rest.hasPrefix("From ") {
            let who = rest.dropFirst(5).trimmingBlanks
            if who.hasSuffix(":"), let to = who.ranges(of: " to ").last {
                let name = who[..<to.lowerBound].trimmingBlanks
                guard !name.isEmpty else { return nil }
                return Heading(start: clock, speaker: String(name))
            }
            guard let colon = who.range(of: " : ") ?? who.range(of: ": ") else { return nil }
            var name = who[..<colon.lowerBound].trimmingBlanks
            // `From Alice to Everyone : text`: the speaker is before the recipient.
            if let to = name.ranges(of: " to ").last { name = name[..<to.lowerBound].trimmingBlanks }
            guard !name.isEmpty else { return nil }
            return Heading(start: clock, speaker: String(name), text: who[colon.upperBound...])
        }
        // The recording's chat file: time, TAB, `Name:`, TAB, text.
        guard line.utf8[space] == 0x09 else { return nil }
        let fields = line[line.utf8.index(after: space)...]
        guard let colonTab = fields.range(of: ":\t") else { return nil }
        let name = fields[..<colonTab.lowerBound].trimmingBlanks
        guard !name.isEmpty, name.utf8.count <= 80 else { return nil }
        return Heading(start: clock, speaker: String(name), text: fields[colonTab.upperBound...])
    }

    /// Premiere and Descript: `00:00:01:12 - 00:00:04:02`, `00:00:01;12 - …`, `0:0:1.2 --> 0:0:4.0`,
    /// `[00:00:01]` alone, or `[00:00:01] Alice: text` / `[00:01] text` on one line.
    static func timecodeHeading(_ line: Substring) -> Heading? {
        if line.hasPrefix("["), let close = line.firstIndex(of: "]") {
            guard let start = clock(line[line.index(after: line.startIndex)..<close], frames: true) else { return nil }
            let rest = line[line.index(after: close)...].trimmingBlanks
            guard !rest.isEmpty else { return Heading(start: start, speakerMayFollow: true) }
            if let label = TextCleanup.speakerLabelCandidate(String(rest)) {
                return Heading(start: start, speaker: label.label, text: rest.dropFirst(label.label.count + 1))
            }
            return Heading(start: start, text: rest)
        }
        let separator = line.range(of: "-->") ?? line.range(of: " - ")
        guard let separator else { return nil }
        let left = line[..<separator.lowerBound].trimmingBlanks
        let right = line[separator.upperBound...].trimmingBlanks.prefix { $0 != " " && $0 != "\t" }
        guard let start = clock(left, frames: true), let end = clock(right, frames: true) else { return nil }
        return Heading(start: start, end: end, speakerMayFollow: true)
    }

    /// A clock `[h:]m:ss[.fff]` (any number of hour digits, read as `TimestampParsing.clock` does),
    /// with `frames`, also a timecode `hh:mm:ss:ff` or `hh:mm:ss;ff` (two frame digits). A time past
    /// a million hours is `.absurd`.
    static func clock(_ text: Substring, frames: Bool = false) -> Clock? {
        guard let first = text.utf8.first, first &- 0x30 <= 9, text.utf8.count <= 24 else { return nil }
        if frames, let timecode = timecode(text) { return timecode }
        guard let time = TimestampParsing.clock(text) else { return nil }
        guard time.milliseconds < 3_600_000_000_000 else { return .absurd(String(text)) }
        return .time(time)
    }

    /// `hh:mm:ss:ff` or `hh:mm:ss;ff`: four fields, the last two digits.
    private static func timecode(_ text: Substring) -> Clock? {
        let fields = text.split(omittingEmptySubsequences: false) { $0 == ":" || $0 == ";" }
        guard fields.count == 4, fields[3].utf8.count == 2,
              fields.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 9 && $0.utf8.allSatisfy { $0 &- 0x30 <= 9 } }),
              let hours = Int64(fields[0]), let minutes = Int64(fields[1]), let seconds = Int64(fields[2]),
              let frames = Int64(fields[3]), minutes < 60, seconds < 60, frames < 120 else { return nil }
        guard hours < 1_000_000 else { return .absurd(String(text)) }
        return .frames(hours: hours, minutes: minutes, seconds: seconds, frames: frames)
    }

    /// `hh:mm:ss` with two-digit minutes and seconds (Zoom's chat times): no `3:15 pm` prose.
    private static func isFullClock(_ text: Substring) -> Bool {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        return fields.count == 3 && fields[1].utf8.count == 2 && fields[2].utf8.count == 2
    }

    /// Whether `name` can be a speaker's name in a heading: 1 to 60 characters, starting with a
    /// letter, at most six words, no `:`; `strict` (a name followed by one space only) also asks it
    /// to be shaped like a speaker label (`TextCleanup.speakerLabelCandidate`: capitalised words).
    static func isName(_ name: Substring, strict: Bool) -> Bool {
        guard let first = name.first, first.isLetter, name.count <= 60, !name.contains(":") else { return false }
        guard name.split(separator: " ").count <= 6 else { return false }
        return !strict || TextCleanup.speakerLabelCandidate(String(name) + ": x") != nil
    }
}
