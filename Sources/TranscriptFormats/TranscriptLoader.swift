import TranscriptModel

/// Loads one source's bytes as a transcript: decode (see `TextDecoding`), choose the format (by the
/// path's extension unless given; sniffed for stdin and unknown extensions), parse. A sniffed format
/// that reads nothing (`[Music] …` looks like JSON, `WEBVTT is a format` like WebVTT) falls back to
/// plain text, so text is never refused for looking like something else.
///
/// Total over every byte sequence: the result has at least one row, or the error says why not,
/// naming the file (and line, where there is one).
public enum TranscriptLoader {
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - path: the path as the user named it (or `<stdin>`), used in every message and locator.
    ///   - format: forces a format; nil chooses by extension, then by content.
    public static func load(bytes: [UInt8], path: String, format: TranscriptFormat? = nil) throws(FormatError) -> LoadResult {
        try load(bytes: bytes, path: path, options: LoadOptions(format: format))
    }

    /// Loads with every choice of `options` (format, encoding, rolling captions).
    public static func load(bytes: [UInt8], path: String, options: LoadOptions) throws(FormatError) -> LoadResult {
        let named = options.format ?? TranscriptFormat(path: path)
        if named == .epub || (named == nil && TranscriptFormat.looksLikeZIP(bytes)) {
            let parsed = try EPUBLoader.load(bytes: bytes, path: path)
            guard !parsed.rows.isEmpty else { throw FormatError(file: path, kind: .noRows(skipped: parsed.warnings)) }
            let source = SourceInfo(path: path, format: TranscriptFormat.epub.rawValue, encoding: "EPUB")
            return LoadResult(transcript: Transcript(source: source, rows: parsed.rows), warnings: parsed.warnings)
        }
        let decoded = try TextDecoding.decode(bytes, path: path, encoding: options.encoding)
        var chosen = named ?? TranscriptFormat.sniff(decoded.text)
        var parsed: ParsedRows
        do {
            parsed = try chosen.textParser(options).parse(decoded.text, file: path)
        } catch where named == nil {
            parsed = ParsedRows()
        }
        if parsed.rows.isEmpty, named == nil, chosen != .txt {
            chosen = .txt
            parsed = PlainTextParser().parse(decoded.text, file: path)
        }
        guard !parsed.rows.isEmpty else {
            throw FormatError(file: path, kind: .noRows(skipped: parsed.warnings))
        }
        let source = SourceInfo(path: path, format: chosen.rawValue, encoding: decoded.encoding)
        return LoadResult(transcript: Transcript(source: source, rows: parsed.rows), warnings: decoded.warnings + parsed.warnings)
    }
}
