import TranscriptModel

/// Parses the clock timestamps of subtitle formats: `[hours:]minutes:seconds[(.|,)fraction]`.
///
/// Lenient where real files are: hours may have any number of digits (`123:00:00,000`), minutes and
/// seconds one or two, the fraction one to nine digits (a decimal fraction: `,5` is 500 ms) after
/// `.` or `,` (or `:` before exactly three digits: `00:00:11:890`). Minutes and seconds must be
/// below 60. Returns nil for anything else.
enum TimestampParsing {
    static func clock(_ text: some StringProtocol, requireHours: Bool = false, requireFraction: Bool = false) -> Timestamp? {
        let trimmed = text.utf8.drop { $0 == 0x20 || $0 == 0x09 }
        var fields: [Int64] = []
        var digits = 0
        var value: Int64 = 0
        var fraction: Int64?
        var fractionDigits = 0
        for byte in trimmed {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int64(byte - UInt8(ascii: "0"))
                if fraction != nil {
                    fractionDigits += 1
                    guard fractionDigits <= 9 else { return nil }
                    if fractionDigits <= 3 { fraction = fraction! * 10 + digit }
                } else {
                    digits += 1
                    guard digits <= 12 else { return nil }
                    value = value * 10 + digit
                }
            case UInt8(ascii: ":"):
                guard fraction == nil, digits > 0 else { return nil }
                fields.append(value)
                value = 0
                digits = 0
            case UInt8(ascii: "."), UInt8(ascii: ","):
                guard fraction == nil, digits > 0 else { return nil }
                fraction = 0
            default:
                return nil
            }
        }
        guard digits > 0, fraction == nil || fractionDigits > 0 else { return nil }
        fields.append(value)
        if fields.count == 4, fraction == nil, digits == 3 {
            // `00:00:11:890`: a colon before the milliseconds, as some tools write.
            fraction = fields.removeLast()
            fractionDigits = 3
        }
        guard fields.count == 2 || fields.count == 3 else { return nil }
        if requireHours && fields.count != 3 { return nil }
        if requireFraction && fraction == nil { return nil }
        let seconds = fields[fields.count - 1]
        let minutes = fields[fields.count - 2]
        let hours = fields.count == 3 ? fields[0] : 0
        guard seconds < 60, minutes < 60 || fields.count == 2 && minutes < 6000 else { return nil }
        var millis = fraction ?? 0
        if fraction != nil { for _ in 0..<max(0, 3 - fractionDigits) { millis *= 10 } }
        return Timestamp(milliseconds: ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis)
    }

    /// A timing line `start --> end [settings]`: the two timestamps, or nil if either does not parse.
    static func timing(_ line: Substring) -> (start: Timestamp, end: Timestamp)? {
        guard let arrow = line.arrowRange else { return nil }
        let left = line[..<arrow.lowerBound]
        let right = line[arrow.upperBound...].drop { $0 == " " || $0 == "\t" }
        let endField = right.prefix { $0 != " " && $0 != "\t" }
        guard let start = clock(left.trimmingBlanks),
              let end = clock(endField) else { return nil }
        return (start, end)
    }

    /// The timing line most files write, `h…h:mm:ss,mmm --> h…h:mm:ss,mmm` (one to nine hour digits,
    /// `.` or `,`), alone or followed by a space or tab, read straight from its bytes; nil for any
    /// other shape (which `timing` then reads, with the same result for this one).
    static func commonTiming(_ line: UnsafeBufferPointer<UInt8>) -> (start: Timestamp, end: Timestamp)? {
        guard let (start, afterStart) = commonClock(line, at: 0), afterStart + 5 <= line.count,
              line[afterStart] == 0x20, line[afterStart + 1] == 0x2D, line[afterStart + 2] == 0x2D,
              line[afterStart + 3] == 0x3E, line[afterStart + 4] == 0x20,
              let (end, afterEnd) = commonClock(line, at: afterStart + 5),
              afterEnd == line.count || line[afterEnd] == 0x20 || line[afterEnd] == 0x09 else { return nil }
        return (start, end)
    }

    /// `h…h:mm:ss,mmm` (or `.mmm`) at `offset`, minutes and seconds below 60, and the offset after it.
    private static func commonClock(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Timestamp, Int)? {
        var index = offset
        var hours: Int64 = 0
        while index < bytes.count, index - offset < 9, bytes[index] &- 0x30 <= 9 {
            hours = hours * 10 + Int64(bytes[index] &- 0x30)
            index += 1
        }
        guard index > offset, index + 10 <= bytes.count,
              bytes[index] == 0x3A, bytes[index + 3] == 0x3A, bytes[index + 6] == 0x2C || bytes[index + 6] == 0x2E
        else { return nil }
        // `:mm:ss,mmm`: seven digits at fixed places, each checked, no loop.
        let digits = (
            bytes[index + 1] &- 0x30, bytes[index + 2] &- 0x30, bytes[index + 4] &- 0x30, bytes[index + 5] &- 0x30,
            bytes[index + 7] &- 0x30, bytes[index + 8] &- 0x30, bytes[index + 9] &- 0x30
        )
        guard digits.0 <= 5, digits.1 <= 9, digits.2 <= 5, digits.3 <= 9, digits.4 <= 9, digits.5 <= 9, digits.6 <= 9
        else { return nil }
        let minutes = Int64(digits.0) * 10 + Int64(digits.1)
        let seconds = Int64(digits.2) * 10 + Int64(digits.3)
        let millis = Int64(digits.4) * 100 + Int64(digits.5) * 10 + Int64(digits.6)
        return (Timestamp(milliseconds: ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis), index + 10)
    }
}
