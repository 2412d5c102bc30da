import TranscriptModel

/// Search tokens in a query, as search fields offer them: `speaker:Alice`, `after:00:10:00`,
/// `before:45:00`, `file:*.vtt`, `section:Budget`, `since:2026-03`, `until:2026-03-31`,
/// `meeting:sync`, `with:Alice`, with `"…"` around a value that has spaces
/// (`speaker:"Chen Wei"`). The rest of the query is the text to find. Tokens combine with each other
/// and with flags as `RowFilter` says (one kind: any value; different kinds: all); a query of tokens
/// only lists the rows that pass them.
///
/// A speaker's value keeps its double quotes (`"Chen Wei"`): quoted, it is a whole name, bare, the
/// starts of name parts (`NamePattern`). Other values lose their quotes. Two `after:` (`before:`)
/// tokens mean either time, so the earlier (later) holds. A time that does not
/// parse is an error; a key with nothing after the colon (`speaker:`) is a word of the text.
public enum QueryTokens {
    /// The keys a token may have, in lower case (a key matches in any case: `Speaker:Alice`).
    public static let keys = ["speaker", "after", "before", "file", "section", "since", "until", "meeting", "with"]

    /// The text without its tokens (whitespace between words kept as one space), and the filter
    /// they add to `filter`. A time that does not parse is an error naming the token.
    ///
    /// `since:` and `until:` take a day, month or year, or days or weeks back from `today`
    /// (`DateBound`; today's local date when not given); `meeting:` a title's text, `with:` a
    /// participant's name (quoted as `speaker:`'s: a whole name). Two of one kind mean either.
    public static func parse(
        _ query: String, into filter: RowFilter = RowFilter(), today: MeetingDate? = nil
    ) throws(QueryError) -> (text: String, filter: RowFilter) {
        var filter = filter
        var words: [String] = []
        var rest = Substring(query)
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard !rest.isEmpty else { break }
            var word = ""
            var inQuotes = false
            while let character = rest.first, inQuotes || !character.isWhitespace {
                if character == "\"" { inQuotes.toggle() }
                word.append(character)
                rest = rest.dropFirst()
            }
            guard let colon = word.firstIndex(of: ":"), keys.contains(String(word[..<colon]).lowercased()) else {
                words.append(word)
                continue
            }
            let key = String(word[..<colon]).lowercased()
            var value = String(word[word.index(after: colon)...])
            // A quoted speaker keeps its quotes: it names a whole speaker (`NamePattern`).
            if key != "speaker", key != "with", value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            guard !value.isEmpty else {
                words.append(word)
                continue
            }
            switch key {
            case "speaker": filter.speakers.append(value)
            case "file": filter.files.append(value)
            case "section": filter.sections.append(value)
            case "meeting": filter.meetings.append(value)
            case "with": filter.participants.append(value)
            case "since", "until":
                let day = key == "since" ? DateBound.since(value, today: today ?? MeetingDate.today()) : DateBound.until(value, today: today ?? MeetingDate.today())
                guard let day else {
                    throw QueryError(kind: .badQuery(position: nil, message: "\(key): expects \(DateBound.accepted), found \"\(value)\""))
                }
                // Two bounds of one kind mean either: the wider span holds.
                if key == "since" {
                    filter.since = filter.since.map { min($0, day) } ?? day
                } else {
                    filter.until = filter.until.map { max($0, day) } ?? day
                }
            default:
                guard let time = parseTime(value) else {
                    throw QueryError(kind: .badQuery(position: nil, message: "\(key): expects a time like 00:10:00 or 10:00, found \"\(value)\""))
                }
                // Two times of one kind mean either, as other tokens do: the wider span holds.
                if key == "after" {
                    filter.after = filter.after.map { min($0, time) } ?? time
                } else {
                    filter.before = filter.before.map { max($0, time) } ?? time
                }
            }
        }
        return (words.joined(separator: " "), filter)
    }

    /// `HH:MM:SS[.mmm]`, `MM:SS[.mmm]` or seconds (`90.5`); nil for anything else or a negative
    /// field.
    public static func parseTime(_ text: String) -> Timestamp? {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count), let seconds = Double(fields.last ?? ""), seconds >= 0 else { return nil }
        var total = seconds
        var multiplier = 60.0
        for field in fields.dropLast().reversed() {
            guard let value = Int(field), value >= 0 else { return nil }
            total += Double(value) * multiplier
            multiplier *= 60
        }
        return Timestamp(seconds: total)
    }
}
