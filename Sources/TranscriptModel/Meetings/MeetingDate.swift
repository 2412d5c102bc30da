/// A calendar day, maybe with a time of day, as a meeting's file states it: the wall-clock time
/// written there, no time zone (`2026-03-14 15:00`). Dates compare by day, then by time (a date
/// without a time comes before the same day with one).
public struct MeetingDate: Hashable, Sendable, Comparable, Codable {
    /// The year (1900 to 2199), month (1 to 12) and day (1 to the month's last).
    public let year: Int
    public let month: Int
    public let day: Int
    /// Minutes after midnight (0 to 1439), or nil when only the day is known.
    public let minuteOfDay: Int?

    /// The date, or nil when it is not a real day of 1900 to 2199 (`2026-02-30`) or the time is
    /// not one of a day.
    public init?(year: Int, month: Int, day: Int, minuteOfDay: Int? = nil) {
        guard (1900...2199).contains(year), (1...12).contains(month), day >= 1,
              day <= Self.days(inMonth: month, of: year) else { return nil }
        if let minuteOfDay, !(0..<1440).contains(minuteOfDay) { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.minuteOfDay = minuteOfDay
    }

    /// The day `dayNumber` days after 1970-01-01 (negative before it), without a time; nil outside
    /// 1900 to 2199. Howard Hinnant's `civil_from_days`.
    public init?(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// Days from 1970-01-01 to this day (Howard Hinnant's `days_from_civil`). - Complexity: O(1).
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `2026-03-14`, or `2026-03-14 15:00` with a time.
    public var formatted: String {
        let date = "\(year)-\(Self.twoDigits(month))-\(Self.twoDigits(day))"
        guard let minuteOfDay else { return date }
        return date + " \(Self.twoDigits(minuteOfDay / 60)):\(Self.twoDigits(minuteOfDay % 60))"
    }

    /// `2026-03`: the month, as facets count dates.
    public var monthFormatted: String { "\(year)-\(Self.twoDigits(month))" }

    /// Whether `lhs` is an earlier day, or the same day at an earlier time (no time first).
    public static func < (lhs: MeetingDate, rhs: MeetingDate) -> Bool {
        if lhs.dayNumber != rhs.dayNumber { return lhs.dayNumber < rhs.dayNumber }
        return (lhs.minuteOfDay ?? -1) < (rhs.minuteOfDay ?? -1)
    }

    /// The number of days in `month` of `year` (Gregorian leap years).
    public static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
