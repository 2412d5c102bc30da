/// Dates in paths, as real exports name their files and folders (pure: no file is read).
///
/// Read in the file's name first, then in each folder's from the innermost, the first that holds one:
///
/// | Pattern                 | Example                                  | Notes                               |
/// |-------------------------|------------------------------------------|-------------------------------------|
/// | `YYYY-MM-DD`            | `2026-03-14 Weekly sync.vtt`             | also `_` or `.` between (`2026.03.14`) |
/// | `… HH.MM[.SS]` after it | `2026-03-14 15.00.00 Weekly sync/`       | Zoom's folders; `:`, `h`, `-` too   |
/// | `YYYYMMDD[-HHMM[SS]]`   | `standup_20260314.srt`                   | exactly eight digits                |
/// | `GMTYYYYMMDD-HHMMSS`    | `GMT20260314-150000_Recording.vtt`       | Zoom's cloud recordings             |
/// | `DD-MM-YYYY`            | `retro 14-03-2026.txt`                   | only when one reading is a day: `03-04-2026` is none |
/// | `YYYY/MM/DD/` folders   | `2026/03/14/standup.vtt`                 |                                     |
///
/// Digits must not run on either side (`120260314` holds no date), and the day must exist.
public enum MeetingPath {
    /// The first date `path` states, or nil (never today). - Complexity: O(length of the path).
    public static func date(in path: String) -> MeetingDate? {
        let components = path.split(separator: "/").map(String.init)
        for name in components.reversed() {
            if let found = match(in: name) { return found.date }
        }
        // Year, month and day folders: `2026/03/14/…` (the last three numeric folders).
        let folders = components.dropLast()
        for end in Swift.stride(from: folders.count - 1, through: 2, by: -1) {
            let (y, m, d) = (folders[end - 2], folders[end - 1], folders[end])
            if y.utf8.count == 4, m.utf8.count == 2, d.utf8.count == 2, let year = Int(y), let month = Int(m), let day = Int(d),
               let date = MeetingDate(year: year, month: month, day: day) {
                return date
            }
        }
        return nil
    }

    /// The first date in one file or folder name, and the characters it spans (UTF-8 offsets), so
    /// a title can be made without it.
    public static func match(in name: String) -> (date: MeetingDate, bytes: Range<Int>)? {
        let b = Array(name.utf8)
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < b.count && b[i] >= 48 && b[i] <= 57 }
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from >= 0, from + count <= b.count else { return nil }
            var value = 0
            for i in from..<(from + count) {
                guard isDigit(i) else { return nil }
                value = value * 10 + Int(b[i] - 48)
            }
            return value
        }
        func digitRun(_ from: Int) -> Int {
            var end = from
            while isDigit(end) { end += 1 }
            return end - from
        }
        /// A time after a date ending at `end`: `[ T_-]HH[.:h-]MM([.:-]SS)?` or `[ T_-]?HHMM(SS)?`.
        func time(after end: Int) -> (minute: Int, end: Int)? {
            var i = end
            if i < b.count, [32, 84, 95, 45].contains(b[i]) { i += 1 }
            let run = digitRun(i)
            if run == 4 || run == 6, let hh = number(i, 2), let mm = number(i + 2, 2), hh < 24, mm < 60 {
                return (hh * 60 + mm, i + run)
            }
            guard i != end, run == 2, let hh = number(i, 2), hh < 24, i + 2 < b.count, [46, 58, 104, 45].contains(b[i + 2]),
                  digitRun(i + 3) == 2, let mm = number(i + 3, 2), mm < 60 else { return nil }
            var stop = i + 5
            if stop < b.count, [46, 58, 45].contains(b[stop]), digitRun(stop + 1) == 2 { stop += 3 }
            return (hh * 60 + mm, stop)
        }
        var i = 0
        while i < b.count {
            guard isDigit(i), !isDigit(i - 1) else {
                i += 1
                continue
            }
            let run = digitRun(i)
            // Zoom: GMT20260314-150000
            if run == 8, i >= 3, Array(b[(i - 3)..<i]) == Array("GMT".utf8), i + 8 < b.count, b[i + 8] == 45, digitRun(i + 9) == 6,
               let y = number(i, 4), let m = number(i + 4, 2), let d = number(i + 6, 2), let hh = number(i + 9, 2), let mm = number(i + 11, 2),
               hh < 24, mm < 60, let date = MeetingDate(year: y, month: m, day: d, minuteOfDay: hh * 60 + mm) {
                return (date, (i - 3)..<(i + 15))
            }
            // 2026-03-14, 2026.03.14, 2026_03_14 (and a time after).
            if run == 4, i + 10 <= b.count, [45, 46, 95].contains(b[i + 4]), b[i + 7] == b[i + 4], digitRun(i + 5) == 2, digitRun(i + 8) == 2,
               let y = number(i, 4), let m = number(i + 5, 2), let d = number(i + 8, 2), MeetingDate(year: y, month: m, day: d) != nil {
                let clock = time(after: i + 10)
                if let date = MeetingDate(year: y, month: m, day: d, minuteOfDay: clock?.minute) {
                    return (date, i..<(clock?.end ?? i + 10))
                }
            }
            // 20260314 (and a time after).
            if run == 8, let y = number(i, 4), let m = number(i + 4, 2), let d = number(i + 6, 2), MeetingDate(year: y, month: m, day: d) != nil {
                let clock = time(after: i + 8)
                if let date = MeetingDate(year: y, month: m, day: d, minuteOfDay: clock?.minute) {
                    return (date, i..<(clock?.end ?? i + 8))
                }
            }
            // 14-03-2026 or 03-14-2026, only when one reading alone is a day.
            if run == 2, i + 10 <= b.count, [45, 46].contains(b[i + 2]), b[i + 5] == b[i + 2], digitRun(i + 3) == 2, digitRun(i + 6) == 4,
               let first = number(i, 2), let second = number(i + 3, 2), let y = number(i + 6, 4) {
                let dayFirst = MeetingDate(year: y, month: second, day: first)
                let monthFirst = MeetingDate(year: y, month: first, day: second)
                if let date = dayFirst == monthFirst ? dayFirst : dayFirst == nil ? monthFirst : monthFirst == nil ? dayFirst : nil {
                    return (date, i..<(i + 10))
                }
            }
            i += run
        }
        return nil
    }
}

/// A meeting's title made from its path: the file's name without its date, its extension (and a
/// second short one: `.meet`, `.en`, `.zoom`) and separators, or, when that leaves a word every
/// export uses (`Recording`, `transcript`, `meeting_saved_chat`), the folder's name so tidied
/// (Zoom names the folder after the meeting).
public enum MeetingTitle {
    /// Names that say nothing about the meeting, lowercased after tidying.
    static let generic: Set<String> = [
        "", "recording", "transcript", "audio transcript", "closed caption", "closed captions", "meeting saved chat",
        "meeting saved closed caption", "chat", "captions", "subtitles", "audio only", "video", "audio", "cc",
    ]

    /// `2026-03-14 Weekly sync.vtt` → `Weekly sync`; `weekly_sync.meet.txt` → `weekly sync`.
    /// - Complexity: O(length of the path).
    public static func fromPath(_ path: String) -> String {
        var components = path.split(separator: "/").map(String.init)
        guard let file = components.popLast() else { return path }
        let name = tidied(withoutDate(withoutExtensions(file)))
        if !generic.contains(name.lowercased()) { return name }
        for folder in components.reversed() {
            let title = tidied(withoutMeetingNumber(withoutDate(folder)))
            if !generic.contains(title.lowercased()), !title.allSatisfy({ $0.isNumber || $0 == " " }) { return title }
        }
        return name.isEmpty ? withoutExtensions(file) : name
    }

    /// `text` with whitespace runs as one space, without separators at either end, and with `_`
    /// (and, in a name without spaces, `-`) as spaces.
    public static func tidied(_ text: String) -> String {
        let slug = !text.contains(" ")
        let spaced = String(text.map { $0 == "_" || (slug && $0 == "-") ? " " : $0 })
        let words = spaced.split(whereSeparator: { $0.isWhitespace })
        let trim: Set<Character> = ["-", "_", ".", ",", ";", ":", "(", ")", "[", "]", "–", "—", "•", "|"]
        var joined = words.joined(separator: " ")[...]
        while let first = joined.first, trim.contains(first) || first == " " { joined = joined.dropFirst() }
        while let last = joined.last, trim.contains(last) || last == " " { joined = joined.dropLast() }
        return String(joined)
    }

    /// The name without its extension, and a second one of up to 12 letters (`.meet.txt`).
    static func withoutExtensions(_ name: String) -> String {
        func dropExtension(_ name: Substring, letters: Bool) -> Substring {
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
            let ext = name[name.index(after: dot)...]
            guard !ext.isEmpty, ext.count <= 12, !letters || ext.allSatisfy({ $0.isASCII && $0.isLetter }) else { return name }
            return name[..<dot]
        }
        return String(dropExtension(dropExtension(name[...], letters: false), letters: true))
    }

    /// The name without the date `MeetingPath.match` finds in it.
    static func withoutDate(_ name: String) -> String {
        guard let match = MeetingPath.match(in: name) else { return name }
        let bytes = Array(name.utf8)
        return String(decoding: bytes[..<match.bytes.lowerBound] + [32] + bytes[match.bytes.upperBound...], as: UTF8.self)
    }

    /// A folder name without a trailing meeting number of nine digits or more (Zoom's).
    static func withoutMeetingNumber(_ name: String) -> String {
        let words = name.split(separator: " ")
        guard let last = words.last, last.count >= 9, last.allSatisfy({ $0.isASCII && $0.isNumber }) else { return name }
        return words.dropLast().joined(separator: " ")
    }
}
