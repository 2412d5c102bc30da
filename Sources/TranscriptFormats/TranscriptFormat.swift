/// The formats tsearch reads, and how a file's format is chosen: by extension, or for stdin and
/// unknown extensions by sniffing the decoded text.
public enum TranscriptFormat: String, CaseIterable, Sendable {
    case srt, vtt, json, txt, epub, docx

    /// The lower-cased file extensions (without the dot) that mean this format.
    public var extensions: [String] {
        switch self {
        case .srt: return ["srt"]
        case .vtt: return ["vtt", "webvtt"]
        case .json: return ["json", "json3"]
        case .txt: return ["txt"]
        case .epub: return ["epub"]
        case .docx: return ["docx"]
        }
    }

    /// The format for a path's extension, or nil when the extension is not one of ours.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let ext = path[path.index(after: dot)...].lowercased()
        guard let format = Self.allCases.first(where: { $0.extensions.contains(ext) }) else { return nil }
        self = format
    }

    /// Guesses the format of decoded text: `WEBVTT` first → vtt; `{` or `[` first → json; a SubRip
    /// timing line (`00:00:01,000 --> …`) among the first 50 lines → srt (vtt if it uses `.`
    /// throughout); otherwise txt.
    public static func sniff(_ text: String) -> TranscriptFormat {
        let start = text.unicodeScalars.drop { $0.properties.isWhitespace }
        if start.starts(with: "WEBVTT".unicodeScalars) { return .vtt }
        if let first = start.first, first == "{" || first == "[" { return .json }
        for line in SourceLines(String(text.prefix(8192))).prefix(50) where line.hasArrow {
            if TimestampParsing.timing(line) != nil {
                return line.contains(",") ? .srt : .vtt
            }
        }
        return .txt
    }

    /// The parser for this text format; nil for EPUB and Word, which are read from their bytes
    /// (`EPUBLoader`, `DOCXLoader`).
    public var textParser: (any TranscriptParser)? {
        switch self {
        case .srt: return SubRipParser()
        case .vtt: return WebVTTParser()
        case .json: return JSONTranscriptParser()
        case .txt: return MeetingTextParser()
        case .epub, .docx: return nil
        }
    }

    /// The parser for this format read with `options` (text for EPUB and Word, which are never
    /// parsed from text).
    func textParser(_ options: LoadOptions) -> any TranscriptParser {
        switch self {
        case .vtt: return WebVTTParser(rollingCaptions: options.rollingCaptions)
        default: return textParser ?? MeetingTextParser()
        }
    }

    /// Whether `bytes` start like a ZIP archive (an EPUB, a Word document, or something else).
    public static func looksLikeZIP(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }
}
