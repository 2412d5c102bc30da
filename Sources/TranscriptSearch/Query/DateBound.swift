import TranscriptModel

/// The days `since:` and `until:` (`--since`, `--until`) name: a day (`2026-03-14`), a month
/// (`2026-03`: from its first day, until its last), a year (`2026`), or a number of days or weeks
/// back from today (`7d`, `4w`: `since:7d` is the last seven days and today). Bounds are day
/// numbers (`MeetingDate.dayNumber`), inclusive.
public enum DateBound {
    /// What the two keys accept, for messages.
    public static let accepted = "a day (2026-03-14), a month (2026-03), a year (2026) or days or weeks back (7d, 4w)"

    /// The first day `text` names, or nil when it names none. `today` counts relative values.
    public static func since(_ text: String, today: @autoclosure () -> MeetingDate?) -> Int? {
        bounds(text, today: today)?.first
    }

    /// The last day `text` names, or nil when it names none.
    public static func until(_ text: String, today: @autoclosure () -> MeetingDate?) -> Int? {
        bounds(text, today: today)?.last
    }

    /// The first and last day of what `text` names.
    static func bounds(_ text: String, today: () -> MeetingDate?) -> (first: Int, last: Int)? {
        let text = text.lowercased()
        if let unit = text.last, unit == "d" || unit == "w", let count = Int(text.dropLast()), count >= 0, count < 100_000 {
            guard let today = today() else { return nil }
            let day = today.dayNumber - count * (unit == "w" ? 7 : 1)
            return (day, day)
        }
        let fields = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count), fields[0].count == 4, fields.dropFirst().allSatisfy({ $0.count == 2 }),
              let year = Int(fields[0]) else { return nil }
        let month = fields.count > 1 ? Int(fields[1]) : nil
        let day = fields.count > 2 ? Int(fields[2]) : nil
        if fields.count > 1 && month == nil || fields.count > 2 && day == nil { return nil }
        guard let first = MeetingDate(year: year, month: month ?? 1, day: day ?? 1) else { return nil }
        let lastMonth = month ?? 12
        guard let last = MeetingDate(year: year, month: lastMonth, day: day ?? MeetingDate.days(inMonth: lastMonth, of: year)) else { return nil }
        return (first.dayNumber, last.dayNumber)
    }
}
