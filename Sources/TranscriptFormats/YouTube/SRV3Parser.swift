import TranscriptModel

/// YouTube's timed text format 3 (`.srv3`, what `yt-dlp --sub-format srv3` saves): XML
/// `<timedtext format="3">` whose `<body>` holds `<p t="…" d="…">` paragraphs, start and duration in
/// milliseconds, the words often in `<s>` segments (`<s t="400">` offsets within the paragraph).
///
/// - One row per `<p>` with text: start `t`, end `t + d`; the text of its `<s>` segments and its own
///   character data, `<br/>` and line breaks as spaces, whitespace collapsed. Paragraphs without
///   text (the line breaks auto-captions append) are skipped.
/// - A `Name: text` prefix becomes the speaker (see `ParsedRows.assignSpeakerLabels`).
/// - A `<p>` whose `t` or `d` is not whole milliseconds (or absurd) is a warning naming its line.
///   Bad XML is an error naming the line (see `XMLTree.document`).
public struct SRV3Parser: TranscriptParser {
    /// An srv3 parser; it has no settings.
    public init() {}

    /// The rows of srv3 `text`, one per `<p>`; throws when the XML cannot be read, naming the line in
    /// `file`.
    public func parse(_ text: String, file: String) throws(FormatError) -> ParsedRows {
        let (root, warnings) = try XMLTree.document(text, file: file)
        guard root.name == "timedtext" else {
            throw FormatError(file: file, line: root.line, kind: .unsupportedShape("a YouTube timed text document (a <timedtext> root element), found <\(root.name)>"))
        }
        var result = ParsedRows(warnings: Warnings(warnings))
        for p in root.descendants(named: "p") {
            var words = ""
            var stack: [XMLTree.Child] = p.children.reversed()
            while let child = stack.popLast() {
                switch child {
                case .text(let run): words += run
                case .element(let element):
                    if element.name == "br" { words += " " }
                    stack.append(contentsOf: element.children.reversed())
                }
            }
            let text = TextCleanup.collapsingWhitespace(words)
            guard !text.isEmpty else { continue }
            guard let start = Self.milliseconds(p.attributes["t"] ?? "0"), let duration = Self.milliseconds(p.attributes["d"] ?? "0"),
                  start + duration < 3_600_000_000_000 else {
                result.warnings.append(FormatError(
                    file: file, line: p.line,
                    kind: .badTimestamp(found: "t=\"\(p.attributes["t"] ?? "")\" d=\"\(p.attributes["d"] ?? "")\"", example: "t=\"1500\" d=\"2000\" (milliseconds)")
                ))
                continue
            }
            result.appendRow(
                text: text, start: Timestamp(milliseconds: start),
                end: p.attributes["d"] == nil ? nil : Timestamp(milliseconds: start + duration),
                locator: Locator(file: file, line: p.line)
            )
        }
        result.assignSpeakerLabels()
        return result
    }

    /// Whole non-negative milliseconds, or nil.
    static func milliseconds(_ text: String) -> Int64? {
        let digits = text.trimmingBlanksAndLines
        guard !digits.isEmpty, digits.utf8.count <= 13, digits.utf8.allSatisfy({ $0 &- 0x30 <= 9 }) else { return nil }
        return Int64(digits)
    }
}
