import TranscriptModel

/// Advanced SubStation Alpha and SubStation Alpha (`.ass`, `.ssa`): the `[Events]` section's
/// `Dialogue:` lines, one row each, in file order.
///
/// - Fields are read by the section's `Format:` line (the last field, `Text`, takes the rest of the
///   line, commas and all); without one, the standard order (`Layer|Marked, Start, End, Style,
///   Name, MarginL, MarginR, MarginV, Effect, Text`).
/// - `Start`/`End` are `h:mm:ss.cc` (hundredths); the `Name` field (`Actor` in old files) is the
///   speaker; else a `Name: text` prefix is (see `ParsedRows.assignSpeakerLabels`).
/// - Text markup: override blocks `{\i1}`, `{\pos(10,20)}` (and any `{…}` comment) are dropped; `\N`,
///   `\n` and `\h` are spaces. A drawing (`{\p1}` … `{\p0}`) is shapes, not words: dropped.
/// - `Comment:` lines, styles, fonts and graphics sections are skipped. A `Dialogue:` line with too
///   few fields or times that do not parse is a warning naming the line; the rest loads.
public struct ASSParser: TranscriptParser {
    /// An ASS/SSA parser; it has no settings.
    public init() {}

    static let timingExample = "Dialogue: 0,0:00:01.50,0:00:04.00,Default,Alice,0,0,0,,text"

    /// Whether `head` starts with `[Script Info]`, or holds an `[Events]` section with a
    /// `Dialogue:` or `Format:` line.
    static func looksLike(_ head: Substring) -> Bool {
        let lower = head.prefix(4096).lowercased()
        if lower.hasPrefix("[script info]") { return true }
        return lower.hasPrefix("[") && lower.contains("[events]") && (lower.contains("\ndialogue:") || lower.contains("\nformat:"))
    }

    /// The rows of ASS/SSA `text`, one per `Dialogue:` line; `file` is named in warnings and locators.
    public func parse(_ text: String, file: String) -> ParsedRows {
        var result = ParsedRows()
        let lines = SourceLines(text)
        var inEvents = false
        var fields = ["layer", "start", "end", "style", "name", "marginl", "marginr", "marginv", "effect", "text"]
        // Where each field is, by name (the first of a name): looked up once per Format line, so a
        // line of a thousand fields costs its length, not a search per field and dialogue.
        var positions = Self.positions(of: fields)
        for (position, line) in lines.enumerated() {
            let trimmed = line.trimmingBlanks
            if trimmed.hasPrefix("[") {
                inEvents = trimmed.lowercased() == "[events]"
                continue
            }
            guard inEvents, let colon = trimmed.firstIndex(of: ":") else { continue }
            let key = trimmed[..<colon].lowercased()
            let value = trimmed[trimmed.index(after: colon)...]
            if key == "format" {
                fields = value.split(separator: ",").map { $0.trimmingBlanks.lowercased() }
                positions = Self.positions(of: fields)
                continue
            }
            guard key == "dialogue" else { continue }
            let number = lines.lineNumber(position)
            let values = value.split(separator: ",", maxSplits: max(0, fields.count - 1), omittingEmptySubsequences: false)
            func field(_ names: String...) -> Substring? {
                for name in names { if let index = positions[name], index < values.count { return values[index] } }
                return nil
            }
            guard values.count == fields.count, let text = field("text"),
                  let startField = field("start"), let endField = field("end") else {
                result.warnings.append(FormatError(file: file, line: number, kind: .badTiming(found: String(line), example: Self.timingExample)))
                continue
            }
            guard let start = TimestampParsing.clock(startField.trimmingBlanks), let end = TimestampParsing.clock(endField.trimmingBlanks) else {
                let bad = TimestampParsing.clock(startField.trimmingBlanks) == nil ? startField : endField
                result.warnings.append(FormatError(file: file, line: number, kind: .badTimestamp(found: String(bad.trimmingBlanks), example: "0:00:01.50")))
                continue
            }
            let speaker = field("name", "actor").map { TextCleanup.collapsingWhitespace($0) }
            result.appendRow(
                text: Self.plainText(text), start: start, end: end, speaker: speaker?.isEmpty == false ? speaker : nil,
                locator: Locator(file: file, line: number)
            )
        }
        result.assignSpeakerLabels()
        return result
    }

    /// Each field name's first position.
    private static func positions(of fields: [String]) -> [String: Int] {
        var positions: [String: Int] = [:]
        for (index, name) in fields.enumerated() where positions[name] == nil { positions[name] = index }
        return positions
    }

    /// The words of a `Text` field: override blocks and drawings dropped, `\N`, `\n`, `\h` spaces,
    /// character references decoded (converted files carry them), whitespace collapsed.
    static func plainText(_ text: Substring) -> String {
        var out = ""
        var drawing = false
        var rest = text
        // Once a `{` has no `}` after it, none later has: a text full of `{` stays linear.
        var hasCloseAhead = true
        while let first = rest.first {
            let close = first == "{" && hasCloseAhead ? rest.firstIndex(of: "}") : nil
            if first == "{", close == nil { hasCloseAhead = false }
            if first == "{", let close {
                let block = rest[rest.index(after: rest.startIndex)..<close]
                if let scale = drawingScale(block) { drawing = scale > 0 }
                rest = rest[rest.index(after: close)...]
            } else if first == "\\", let next = rest.dropFirst().first, next == "N" || next == "n" || next == "h" {
                if !drawing { out += " " }
                rest = rest.dropFirst(2)
            } else {
                if !drawing { out.append(first) }
                rest = rest.dropFirst()
            }
        }
        return TextCleanup.collapsingWhitespace(SubRipMarkup.plainText(out))
    }

    /// The value of the last `\pN` override in a block (drawing mode when above 0), or nil.
    private static func drawingScale(_ block: Substring) -> Int? {
        var scale: Int?
        for tag in block.split(separator: "\\").dropFirst(block.first == "\\" ? 0 : 1) {
            if tag.first == "p", let value = Int(tag.dropFirst().prefix { $0.isNumber }), tag.dropFirst().allSatisfy(\.isNumber) {
                scale = value
            }
        }
        return scale
    }
}
