/// Milliseconds written as decimal seconds, the unit media players and `media_time` use.
public enum DecimalSeconds {
    /// Exact, without trailing zeros or exponent: `62500` → `62.5`, `3000` → `3`, `1` → `0.001`.
    public static func text(_ milliseconds: Int64) -> String {
        precondition(milliseconds >= 0, "a time in media is never negative")
        let whole = milliseconds / 1000, fraction = milliseconds % 1000
        guard fraction != 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}
