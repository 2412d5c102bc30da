import TranscriptModel

/// MicroDVD (`.sub`): one subtitle a line, `{start}{end}text`, times in video frames.
///
/// - The frame rate: a first line `{1}{1}23.976` (or `{0}{0}25`) names it; otherwise 23.976 is
///   assumed and a warning says so (times are then right only for a 23.976 fps video).
/// - `|` breaks a line (joined with one space); control codes `{y:i}`, `{c:$0000FF}`, `{Y:b}` and
///   a leading `/` (italics) are markup and dropped.
/// - A line that does not start with two frame numbers, or whose end is before its start, is a
///   warning naming the line; the rest loads.
public struct MicroDVDParser: TranscriptParser {
    /// A MicroDVD parser; the frame rate comes from each file.
    public init() {}

    /// The frame rate assumed when the file does not name one.
    static let defaultFrameRate = 23.976

    /// Whether the first line of `head` starts `{number}{number}`.
    static func looksLike(_ head: Substring) -> Bool {
        guard let first = SourceLines(String(head.prefix(400))).first else { return false }
        return frames(first) != nil
    }

    /// The two frame numbers at the start of `line` (the end may be empty: `{100}{}`) and the rest.
    static func frames(_ line: Substring) -> (start: Int64, end: Int64?, rest: Substring)? {
        var rest = line.trimmingBlanks
        func number() -> (Int64?, Bool) {
            guard rest.first == "{" else { return (nil, false) }
            let digits = rest.dropFirst().prefix { $0 != "}" }
            guard digits.endIndex != rest.endIndex, digits.utf8.count <= 12,
                  digits.utf8.allSatisfy({ $0 &- 0x30 <= 9 }) else { return (nil, false) }
            rest = rest[rest.index(after: digits.endIndex)...]
            return (digits.isEmpty ? nil : Int64(digits), true)
        }
        let (start, sawStart) = number()
        guard sawStart, let start else { return nil }
        let (end, sawEnd) = number()
        guard sawEnd else { return nil }
        return (start, end, rest)
    }

    /// The text of a subtitle: control codes (`{y:i}`, `{c:$0000FF}`, anywhere) dropped, `|` a
    /// space, a line's leading `/` (italics) dropped.
    static func plainText(_ text: Substring) -> String {
        var out = ""
        for piece in text.split(separator: "|", omittingEmptySubsequences: false) {
            var piece = withoutControlCodes(piece.trimmingBlanks)[...]
            if piece.first == "/" { piece = piece.dropFirst() }
            out += " " + piece
        }
        return TextCleanup.collapsingWhitespace(out)
    }

    /// `text` without `{x:…}` control codes (a letter, a colon, anything up to `}`).
    private static func withoutControlCodes(_ text: Substring) -> String {
        var out = ""
        var rest = text
        // Once a code has no `}` after it, none later has: a text full of `{y:` stays linear.
        var hasCloseAhead = true
        while let open = rest.firstIndex(of: "{") {
            let body = rest[rest.index(after: open)...]
            if hasCloseAhead, let letter = body.first, letter.isASCII, letter.isLetter, body.dropFirst().first == ":",
               let close = body.firstIndex(of: "}") ?? { hasCloseAhead = false; return nil }() {
                out += rest[..<open]
                rest = rest[rest.index(after: close)...]
            } else {
                out += rest[...open]
                rest = body
            }
        }
        return out + rest
    }

    /// The rows of MicroDVD `text`, one per subtitle line, timed at the file's frame rate; `file` is
    /// named in warnings and locators.
    public func parse(_ text: String, file: String) -> ParsedRows {
        var result = ParsedRows()
        let lines = SourceLines(text)
        var frameRate: Double?
        for (position, line) in lines.enumerated() where !line.isBlankLine {
            let number = lines.lineNumber(position)
            guard let parsed = Self.frames(line) else {
                result.warnings.append(FormatError(file: file, line: number, kind: .badTiming(found: String(line), example: "{25}{75}text")))
                continue
            }
            if frameRate == nil, result.rows.isEmpty, parsed.start <= 1, parsed.end ?? 0 <= 1,
               let rate = Double(parsed.rest.trimmingBlanks), rate.isFinite, rate > 1, rate <= 1000 {
                frameRate = rate
                continue
            }
            if frameRate == nil {
                frameRate = Self.defaultFrameRate
                result.warnings.append(FormatError(file: file, line: number, kind: .assumption(
                    "the file names no frame rate (a first line like {1}{1}25); assumed \(Self.defaultFrameRate) fps, so times are right only for a video of that rate"
                )))
            }
            let rate = frameRate ?? Self.defaultFrameRate
            let end = parsed.end ?? parsed.start
            guard end >= parsed.start, let start = Timestamp(seconds: Double(parsed.start) / rate),
                  let finish = Timestamp(seconds: Double(end) / rate) else {
                result.warnings.append(FormatError(
                    file: file, line: number, kind: .badTiming(found: String(line), example: "{25}{75}text (the end frame at or after the start)")
                ))
                continue
            }
            result.appendRow(text: Self.plainText(parsed.rest), start: start, end: finish, locator: Locator(file: file, line: number))
        }
        result.assignSpeakerLabels()
        return result
    }
}
