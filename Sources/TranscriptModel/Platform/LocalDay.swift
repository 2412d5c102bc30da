#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MeetingDate {
    /// Today in the local time zone, without a time: what relative dates (`since:7d`) count from.
    public static func today() -> MeetingDate? {
        local(secondsSinceEpoch: Int(time(nil)), withTime: false)
    }

    /// The local day (and minute, `withTime`) of a moment `secondsSinceEpoch` after 1970 (a file's
    /// modification time).
    public static func local(secondsSinceEpoch: Int, withTime: Bool) -> MeetingDate? {
        var seconds = time_t(secondsSinceEpoch)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return nil }
        return MeetingDate(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            minuteOfDay: withTime ? Int(parts.tm_hour) * 60 + Int(parts.tm_min) : nil)
    }
}
