/// The looks at a text's first few KiB that the table of formats (`TranscriptFormat.entry`) uses
/// to recognise a format by content.
enum Sniffing {
    /// The first 8 KiB of `text` (whole characters), without a leading byte-order mark or whitespace.
    static func head(_ text: String) -> Substring {
        let start = text.unicodeScalars.firstIndex { !$0.properties.isWhitespace && $0 != "\u{FEFF}" } ?? text.endIndex
        return text[start...].prefix(8192)
    }

    /// `WEBVTT` first.
    static func isWebVTT(_ head: Substring) -> Bool {
        head.starts(with: "WEBVTT")
    }

    /// `{` or `[` first.
    static func isJSON(_ head: Substring) -> Bool {
        head.first == "{" || head.first == "["
    }

    /// The first cue timing line (with `-->`, parsing as one) among the first 50 lines.
    static func firstTimingLine(_ head: Substring) -> Substring? {
        for line in SourceLines(String(head)).prefix(50) where line.hasArrow {
            if TimestampParsing.timing(line) != nil { return line }
        }
        return nil
    }

    /// The lower-cased local name of the document's first element (`tt` for `<tt:tt xmlns…>`),
    /// after an XML declaration, comments, processing instructions and a doctype; nil when the
    /// text does not start with markup.
    static func rootElement(_ head: Substring) -> String? {
        var rest = head
        while rest.first == "<" {
            if rest.hasPrefix("<!--") {
                guard let end = rest.firstRange(of: "-->") else { return nil }
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<?") || rest.hasPrefix("<!") {
                guard let end = rest.firstIndex(of: ">") else { return nil }
                rest = rest[rest.index(after: end)...]
            } else {
                let name = rest.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
                let local = name.split(separator: ":").last.map(String.init) ?? ""
                return local.isEmpty ? nil : local.lowercased()
            }
            rest = rest.drop { $0.isWhitespace }
        }
        return nil
    }
}
