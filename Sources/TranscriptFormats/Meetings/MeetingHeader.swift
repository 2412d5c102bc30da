import TranscriptModel

/// A meeting's date and title as its content states them, read from the head of the text while
/// the file is read (the first 8 KiB: no second pass). What each format carries:
///
/// | Format                  | Date                                                  | Title                          |
/// |-------------------------|-------------------------------------------------------|--------------------------------|
/// | text (Otter, Meet, Teams, Zoom, Word) | a header line among the first eight: `Wed, Mar 4, 2026 10:02AM`, `Date: 2026-03-14`, `Meeting started: …` | the line before it, `Title:`/`Meeting:`/`Topic:`, or `X - Transcript` |
/// | WebVTT                  | the same, in the lines before the first cue           | the same                       |
/// | ASS / SSA               | `Date:` in `[Script Info]`                            | `Title:`                       |
/// | TTML                    | `ebuttm:documentCreationDate`, `dc:date`, `ttm:desc` holding a date | `ttm:title`        |
/// | EPUB                    | `dc:date` in the package document                     | `dc:title`                     |
/// | vendor JSON             | `created`, `created_at`, `created_on`, `date_created`, `createdAt`, `dateCreated`, `start_time` | `title`, `meeting_title`, `topic` |
///
/// A date the content does not state is looked for in the path (`MeetingFacts(path:…)`).
public enum MeetingHeader {
    /// How much of a file's head is read for its facts.
    static let headBytes = 8 << 10

    /// The date and title the head of a `format` file states (each nil when it states none).
    public static func read(head text: String, format: TranscriptFormat?) -> (date: MeetingDate?, title: String?) {
        switch format {
        case .ass?: return keyed(text, dateKeys: ["date"], titleKeys: ["title"], separator: ":")
        case .json?: return json(text)
        case .ttml?, .epub?: return markup(text)
        case .srt?, .microdvd?, .sami?, .sbv?, .srv3?, .tsv?: return (nil, nil)
        case .vtt?:
            // The header block: the WEBVTT line's text, then lines up to the first blank one.
            let block = text.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.contains("-->") }
            var header = block.map { $0.hasPrefix("WEBVTT") ? $0.dropFirst(6).drop { $0 == " " || $0 == "-" } : $0 }
            header = header.filter { !$0.hasPrefix("NOTE") || $0.count > 5 }.map { $0.hasPrefix("NOTE ") ? $0.dropFirst(5) : $0 }
            return lines(header.map(String.init))
        default: return lines(text.split(separator: "\n", maxSplits: 40).map(String.init))
        }
    }

    /// The facts of a source of `format` at `path` whose text starts with `head`.
    public static func facts(head: String, format: TranscriptFormat?, path: String) -> MeetingFacts {
        let read = read(head: head, format: format)
        return MeetingFacts(path: path, contentDate: read.date, contentTitle: read.title.map(cleanedTitle))
    }

    /// The facts of a UTF-8 text's head, without copying more than `headBytes` of it.
    static func facts(utf8 bytes: UnsafeBufferPointer<UInt8>, format: TranscriptFormat?, path: String) -> MeetingFacts {
        facts(head: String(decoding: bytes.prefix(headBytes), as: UTF8.self), format: format, path: path)
    }

    /// Header lines: the first eight that are not empty, up to the first that is timed speech.
    static func lines(_ all: [String]) -> (date: MeetingDate?, title: String?) {
        let header = all.map { $0.trimmingSpaces }.filter { !$0.isEmpty }.prefix(8)
        var title: String?
        for line in header where line.count <= 120 {
            if let (key, value) = keyValue(line) {
                if ["title", "meeting", "topic", "subject", "meeting title"].contains(key) {
                    title = title ?? value
                    continue
                }
                if ["date", "meeting started", "started", "start time", "created", "recorded", "meeting date", "time"].contains(key),
                   let date = WrittenDate.parse(value) {
                    return (date, title ?? firstLineTitle(header, before: line))
                }
            }
            if let date = WrittenDate.parse(line) {
                return (date, title ?? firstLineTitle(header, before: line))
            }
        }
        if title == nil, let first = header.first, let range = first.range(of: " - Transcript") ?? first.range(of: " – Transcript") {
            title = String(first[..<range.lowerBound])
        }
        return (nil, title)
    }

    /// The first header line when it comes before the date's line and is no speech (`Name: text`,
    /// a time).
    private static func firstLineTitle(_ header: ArraySlice<String>, before dateLine: String) -> String? {
        guard let first = header.first, first != dateLine, keyValue(first) == nil,
              !(first.first?.isNumber ?? true), first.count <= 100 else { return nil }
        return first
    }

    /// `Key: value` with a key of up to three words, lowercased.
    private static func keyValue(_ line: String) -> (key: String, value: String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let key = line[..<colon].lowercased()
        guard !key.isEmpty, key.count <= 20, key.split(separator: " ").count <= 3, key.allSatisfy({ $0.isLetter || $0 == " " }) else { return nil }
        let value = line[line.index(after: colon)...].trimmingSpaces
        return value.isEmpty ? nil : (key, value)
    }

    /// `Key: value` lines (`[Script Info]`).
    private static func keyed(_ text: String, dateKeys: [String], titleKeys: [String], separator: Character) -> (date: MeetingDate?, title: String?) {
        var date: MeetingDate?
        var title: String?
        for line in text.split(separator: "\n") {
            let line = line.trimmingSpaces
            if line.hasPrefix("[Events]") { break }
            let content = line.hasPrefix(";") ? line.dropFirst().trimmingSpaces : line
            guard let colon = content.firstIndex(of: separator) else { continue }
            let key = content[..<colon].trimmingSpaces.lowercased()
            let value = content[content.index(after: colon)...].trimmingSpaces
            if dateKeys.contains(key), date == nil { date = WrittenDate.parse(value) }
            if titleKeys.contains(key), title == nil, !value.isEmpty, value != "<untitled>", !value.hasPrefix("Default Aegisub") { title = value }
        }
        return (date, title)
    }

    /// An XML head: the text of the first of each element named.
    private static func markup(_ text: String) -> (date: MeetingDate?, title: String?) {
        func element(_ names: [String]) -> String? {
            for name in names {
                guard let open = text.range(of: "<\(name)") else { continue }
                guard let close = text[open.upperBound...].firstIndex(of: ">"),
                      let end = text[close...].range(of: "</\(name)>") else { continue }
                let value = String(text[text.index(after: close)..<end.lowerBound]).trimmingSpaces
                if !value.isEmpty { return Entities.decodingAll(in: value[...]) }
            }
            return nil
        }
        let date = element(["ebuttm:documentCreationDate", "dc:date", "dcterms:created", "ttm:desc"]).flatMap(WrittenDate.parse)
        return (date, element(["ttm:title", "dc:title"]))
    }

    /// A vendor JSON's head: the first string value of a created-time key, and of a title key.
    private static func json(_ text: String) -> (date: MeetingDate?, title: String?) {
        func string(_ keys: [String]) -> String? {
            for key in keys {
                guard let found = text.range(of: "\"\(key)\"") else { continue }
                let rest = text[found.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
                guard rest.first == ":" else { continue }
                let value = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
                guard value.first == "\"", let end = value.dropFirst().firstIndex(of: "\"") else { continue }
                let string = String(value[value.index(after: value.startIndex)..<end])
                if !string.isEmpty { return string }
            }
            return nil
        }
        let date = string(["created", "created_at", "created_on", "date_created", "createdAt", "dateCreated", "start_time", "date"]).flatMap(WrittenDate.parse)
        return (date, string(["meeting_title", "title", "topic"]))
    }

    /// A content title without what exports add to it: ` - Transcript`, `-Meeting Recording`,
    /// a date.
    static func cleanedTitle(_ title: String) -> String {
        var title = title
        for suffix in [" - Transcript", " – Transcript", "-Meeting Recording", " - Meeting Recording", "Meeting Recording"] where title.hasSuffix(suffix) {
            title = String(title.dropLast(suffix.count))
        }
        if let match = MeetingPath.match(in: title) {
            let bytes = Array(title.utf8)
            let rest = MeetingTitle.tidied(String(decoding: bytes[..<match.bytes.lowerBound] + [32] + bytes[match.bytes.upperBound...], as: UTF8.self))
            if !rest.isEmpty { title = rest }
        }
        return title
    }
}

extension StringProtocol {
    /// Without spaces, tabs and carriage returns at either end.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{FEFF}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
