import TranscriptModel

/// Dates as people and exports write them in a header line or a metadata field: ISO
/// (`2026-03-14`, `2026-03-14T15:00:00Z`: the wall-clock time as written, the zone ignored), the
/// path's numeric forms (`MeetingPath.match`), and English month names in either order
/// (`Wed, Mar 4, 2026 10:02AM`, `March 14, 2026, 3:00 PM`, `14 March 2026 15:00`).
public enum WrittenDate {
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The first date `text` states, with its time when one follows; nil when none.
    /// - Complexity: O(length of `text`).
    public static func parse(_ text: some StringProtocol) -> MeetingDate? {
        let text = String(text)
        if let numeric = MeetingPath.match(in: text) { return numeric.date }
        // Words (letters), numbers (digits) and the rest, in order.
        var tokens: [(word: String, isNumber: Bool, end: String.Index)] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isASCII && (character.isLetter || character.isNumber) {
                let isNumber = character.isNumber
                var end = index
                while end < text.endIndex, text[end].isASCII, isNumber ? text[end].isNumber : text[end].isLetter { end = text.index(after: end) }
                tokens.append((String(text[index..<end]), isNumber, end))
                index = end
            } else {
                index = text.index(after: index)
            }
        }
        for (position, token) in tokens.enumerated() where !token.isNumber && token.word.count >= 3 {
            let word = token.word.lowercased()
            guard let month = months.firstIndex(where: { word.hasPrefix($0) }).map({ $0 + 1 }),
                  word.count == 3 || fullNames[month - 1].hasPrefix(word) || word == "sept" else { continue }
            func number(_ at: Int) -> Int? { at >= 0 && at < tokens.count && tokens[at].isNumber ? Int(tokens[at].word) : nil }
            // March 14, 2026 | 14 March 2026 | March 2026 is not a day.
            var day: Int?
            var yearAt = position + 1
            if let after = number(position + 1), after <= 31, tokens[position + 1].word.count <= 2 {
                day = after
                yearAt = position + 2
                // 14th
                if yearAt < tokens.count, ["st", "nd", "rd", "th"].contains(tokens[yearAt].word.lowercased()) { yearAt += 1 }
            } else if let before = number(position - 1), before <= 31, tokens[position - 1].word.count <= 2 {
                day = before
            }
            guard let day, let year = number(yearAt), tokens[yearAt].word.count == 4 else { continue }
            let minute = time(in: text[tokens[yearAt].end...])
            if let date = MeetingDate(year: year, month: month, day: day, minuteOfDay: minute) { return date }
        }
        return nil
    }

    static let fullNames = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]

    /// A time of day at the start of `text` (after spaces and commas, or `at`): `15:00`, `3:00PM`,
    /// `3:00 pm`, `10:02AM`; nil when none.
    static func time(in text: Substring) -> Int? {
        var rest = text.drop { $0 == " " || $0 == "," || $0 == "\t" }
        if rest.lowercased().hasPrefix("at ") { rest = rest.dropFirst(3) }
        let hours = rest.prefix { $0.isASCII && $0.isNumber }
        guard (1...2).contains(hours.count), let hour = Int(hours) else { return nil }
        rest = rest.dropFirst(hours.count)
        guard rest.first == ":" else { return nil }
        let minutes = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard minutes.count == 2, let minute = Int(minutes) else { return nil }
        rest = rest.dropFirst(3)
        if rest.first == ":" { rest = rest.dropFirst().drop { $0.isASCII && $0.isNumber } }
        let suffix = rest.drop { $0 == " " }.prefix(2).lowercased()
        var hour24 = hour
        if suffix == "pm", hour < 12 { hour24 += 12 }
        if suffix == "am", hour == 12 { hour24 = 0 }
        guard hour24 < 24, minute < 60 else { return nil }
        return hour24 * 60 + minute
    }
}
