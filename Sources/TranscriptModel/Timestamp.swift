/// A point in a timed transcript, in whole milliseconds from the start of the media.
///
/// Milliseconds are the unit of every wire format (`start_ms` in JSON Lines); formatting is for
/// people only.
public struct Timestamp: Hashable, Comparable, Sendable {
    /// Milliseconds from the start of the media; never negative.
    public var milliseconds: Int64

    /// A timestamp `milliseconds` from the start; a negative value is a programming error (it traps).
    public init(milliseconds: Int64) {
        precondition(milliseconds >= 0, "a timestamp is never negative")
        self.milliseconds = milliseconds
    }

    /// A timestamp from seconds, rounded to the nearest millisecond; nil for a negative,
    /// infinite or absurd (over a million hours) value.
    public init?(seconds: Double) {
        guard seconds.isFinite, seconds >= 0, seconds < 3_600_000_000 else { return nil }
        self.init(milliseconds: Int64((seconds * 1000).rounded()))
    }

    /// Whether `lhs` comes before `rhs` in the media.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.milliseconds < rhs.milliseconds
    }

    /// `HH:MM:SS.mmm`, hours growing past two digits when needed (`123:04:05.006`).
    public var formatted: String {
        let ms = milliseconds % 1000
        let totalSeconds = milliseconds / 1000
        let s = totalSeconds % 60
        let m = (totalSeconds / 60) % 60
        let h = totalSeconds / 3600
        return "\(pad(h, 2)):\(pad(m, 2)):\(pad(s, 2)).\(pad(ms, 3))"
    }

    /// `MM:SS` under an hour, `H:MM:SS` from an hour on: the short form used in listings.
    public var shortFormatted: String {
        let totalSeconds = milliseconds / 1000
        let s = totalSeconds % 60
        let m = (totalSeconds / 60) % 60
        let h = totalSeconds / 3600
        return h > 0 ? "\(h):\(pad(m, 2)):\(pad(s, 2))" : "\(pad(m, 2)):\(pad(s, 2))"
    }
}

private func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

/// A half-open span of media time, `start` up to `end`.
public struct TimeRange: Hashable, Sendable {
    /// Where the span starts (included).
    public var start: Timestamp
    /// Where the span ends (excluded).
    public var end: Timestamp

    /// The span from `start` up to `end`.
    public init(start: Timestamp, end: Timestamp) {
        self.start = start
        self.end = end
    }
}
