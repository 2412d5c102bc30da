/// The formats tsearch reads: the one table of formats. Each format's line in `entry` gives its
/// file extensions, how it is recognised by content (for stdin and unknown extensions), and its
/// reader. The loader, the directory walk, `--input-format`, help, the man page and the shell
/// completions all read this table, so a new format is a new case and one line of the table.
///
/// The raw value is the name `--input-format` takes and `SourceInfo.format` records.
public enum TranscriptFormat: String, CaseIterable, Sendable {
    /// SubRip, WebVTT, JSON (Whisper and the speech-to-text services), plain and meeting-app text, EPUB, Word.
    case srt, vtt, json, txt, epub, docx
    /// SubViewer (YouTube's `.sbv`, and SubViewer 2 in a `.sub`) and YouTube srv3, ASS/SSA,
    /// TTML/DFXP, SAMI, MicroDVD, Whisper TSV (and TSV tables with a header).
    case sbv, srv3, ass, ttml, sami, microdvd, tsv
    /// CSV tables with a header naming a start and a text column (whisper.cpp's `-ocsv`, editors'
    /// exports, spreadsheets).
    case csv

    /// The table: one line per format (see `FormatEntry`). Sniffing asks the formats in the order
    /// of `allCases`, signatures first (see `sniff`).
    public var entry: FormatEntry {
        switch self {
        case .srt: return FormatEntry("SubRip", ["srt"], .timingLine { $0.contains(",") }) { _ in SubRipParser() }
        case .vtt: return FormatEntry("WebVTT", ["vtt", "webvtt"], .signature(Sniffing.isWebVTT)) { WebVTTParser(rollingCaptions: $0.rollingCaptions) }
        case .json: return FormatEntry("JSON transcript", ["json", "json3", "jsonl", "ndjson"], .shape(Sniffing.isJSON)) { _ in JSONTranscriptParser() }
        case .txt: return FormatEntry("plain text", ["txt"], nil) { _ in MeetingTextParser() }
        case .epub: return .archive("EPUB", ["epub"])
        case .docx: return .archive("Word document", ["docx"])
        case .sbv: return FormatEntry("YouTube SBV", ["sbv"], .signature(SBVParser.looksLike)) { _ in SBVParser() }
        case .srv3: return FormatEntry("YouTube srv3", ["srv3"], .signature { Sniffing.rootElement($0) == "timedtext" }) { _ in SRV3Parser() }
        case .ass: return FormatEntry("Advanced SubStation", ["ass", "ssa"], .signature(ASSParser.looksLike)) { _ in ASSParser() }
        case .ttml: return FormatEntry("TTML/DFXP", ["ttml", "dfxp"], .signature { Sniffing.rootElement($0) == "tt" }) { _ in TTMLParser() }
        case .sami: return FormatEntry("SAMI", ["smi", "sami"], .signature { Sniffing.rootElement($0) == "sami" }) { _ in SAMIParser() }
        case .microdvd: return FormatEntry("MicroDVD", ["sub"], .signature(MicroDVDParser.looksLike)) { _ in MicroDVDParser() }
        case .tsv: return FormatEntry("Whisper TSV", ["tsv"], .signature(WhisperTSVParser.looksLike)) { _ in WhisperTSVParser() }
        case .csv: return FormatEntry("CSV transcript", ["csv"], .signature(TableTranscriptParser.looksLikeCSV)) { _ in TableTranscriptParser() }
        }
    }

    /// The lower-cased file extensions (without the dot) that mean this format.
    public var extensions: [String] { entry.extensions }

    /// What people call the format (`SubRip`, `TTML/DFXP`), for messages and documentation.
    public var displayName: String { entry.name }

    /// Every extension tsearch reads, in table order (what a directory walk picks up).
    public static var allExtensions: [String] { allCases.flatMap(\.extensions) }

    /// The format for a path's extension, or nil when the extension is not one of ours. An `.xml`
    /// file has no format by its name: its content decides (see `contentJudgedExtensions`).
    public init?(path: String) {
        guard let ext = Self.pathExtension(path),
              let format = Self.allCases.first(where: { $0.extensions.contains(ext) }) else { return nil }
        self = format
    }

    /// Extensions that are read when their content is one of the formats listed (an `.xml` file
    /// may be TTML, or YouTube timed text as downloads name it), and refused otherwise (a warning
    /// in a directory walk).
    public static let contentJudgedExtensions: [String: [TranscriptFormat]] = ["xml": [.ttml, .srv3]]

    /// Extensions of the table that other programs use too (a spreadsheet's `.tsv`, SubViewer's
    /// `.sub`): a file so named is read only when its content is one of the formats listed, sniffed
    /// as for `.xml` (a SubViewer `.sub` is read as SubViewer), and refused otherwise with one error,
    /// which a directory walk makes a warning (`FormatError.isNotATranscript`), as it does for a
    /// `package.json`. `--input-format` reads a file as the format named whatever it holds.
    public static let contentCheckedExtensions: [String: [TranscriptFormat]] = ["tsv": [.tsv], "csv": [.csv], "sub": [.microdvd, .sbv]]

    /// The formats `path`'s content must be one of, by its extension (`contentJudgedExtensions`,
    /// `contentCheckedExtensions`); nil when the extension alone decides.
    static func formatsJudgedByContent(path: String) -> [TranscriptFormat]? {
        pathExtension(path).flatMap { contentJudgedExtensions[$0] ?? contentCheckedExtensions[$0] }
    }

    /// What a format's content starts with, for the message that says a file is not it.
    var signatureExample: String? {
        switch self {
        case .tsv: return "a first line start<TAB>end<TAB>text"
        case .csv: return "a header naming a start and a text column, like start,end,speaker,text"
        case .microdvd: return "lines like {25}{75}text"
        case .sbv: return "timing lines like 00:00:01.00,00:00:03.50"
        default: return nil
        }
    }

    /// Whether a directory walk picks up `path`: its extension is one of the table's, or one whose
    /// content decides (`.xml`).
    public static func isCandidate(path: String) -> Bool {
        TranscriptFormat(path: path) != nil || pathExtension(path).map { contentJudgedExtensions[$0] != nil } == true
    }

    /// The lower-cased extension of `path`'s last component, without the dot.
    static func pathExtension(_ path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return path[path.index(after: dot)...].lowercased()
    }

    /// Guesses the format of decoded text from its first 8 KiB: first a format whose signature
    /// starts the text (`WEBVTT`, `[Script Info]`, `<tt`, `<timedtext`, `<SAMI`, `{0}{25}`,
    /// `start<TAB>end<TAB>text`, an SBV time line or SubViewer's `[INFORMATION]`); then one whose
    /// shape fits (`{`/`[` → JSON);
    /// then a timing line (`00:00:01,000 --> …`) among the first 50 lines → SubRip (WebVTT when it
    /// uses `.`); otherwise plain text.
    public static func sniff(_ text: String) -> TranscriptFormat {
        let head = Sniffing.head(text)
        for format in allCases { if case .signature(let test)? = format.entry.sniff, test(head) { return format } }
        for format in allCases { if case .shape(let test)? = format.entry.sniff, test(head) { return format } }
        if let timing = Sniffing.firstTimingLine(head) {
            for format in allCases { if case .timingLine(let test)? = format.entry.sniff, test(timing) { return format } }
            return .vtt
        }
        return .txt
    }

    /// The parser for this text format; nil for a ZIP-based format (EPUB, Word), which the
    /// loader reads from its members (`EPUBLoader`, `DOCXLoader`).
    public var textParser: (any TranscriptParser)? {
        entry.textReader.map { $0(LoadOptions()) }
    }

    /// The parser for this format read with `options` (text, read as plain text or a meeting
    /// app's layout, for a ZIP-based format, which is never parsed from text).
    func textParser(_ options: LoadOptions) -> any TranscriptParser {
        entry.textReader?(options) ?? MeetingTextParser()
    }

    /// Whether `bytes` start like a ZIP archive (an EPUB, a Word document, or something else).
    public static func looksLikeZIP(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }
}

/// One format's line in the table of formats: its name, extensions, how its content is recognised
/// and how it is read: from decoded text by a `TranscriptParser`, or, for a ZIP-based format, by the
/// loader from the archive's members.
public struct FormatEntry: Sendable {
    /// How a format is recognised from the first 8 KiB of decoded text.
    public enum Sniff: Sendable {
        /// The text starts with the format's own mark (`WEBVTT`, `[Script Info]`, a `<tt>` root):
        /// asked first, and no two formats' signatures fit one text.
        case signature(@Sendable (Substring) -> Bool)
        /// The text has the format's shape (JSON's `{`): asked when no signature fits.
        case shape(@Sendable (Substring) -> Bool)
        /// The first cue timing line (`… --> …`) fits: asked last, given that line.
        case timingLine(@Sendable (Substring) -> Bool)
    }

    /// What people call the format.
    public let name: String
    /// The lower-cased file extensions, without the dot.
    public let extensions: [String]
    /// How the format is recognised by content; nil when it never is (plain text is what is left,
    /// and a ZIP archive is told by its members).
    public let sniff: Sniff?
    /// The reader of decoded text, for `options`; nil for a ZIP-based format.
    let textReader: (@Sendable (LoadOptions) -> any TranscriptParser)?

    /// A format read from decoded text.
    init(_ name: String, _ extensions: [String], _ sniff: Sniff?, reader: @escaping @Sendable (LoadOptions) -> any TranscriptParser) {
        self.name = name
        self.extensions = extensions
        self.sniff = sniff
        self.textReader = reader
    }

    /// A ZIP-based format, which the loader reads from the archive's members.
    static func archive(_ name: String, _ extensions: [String]) -> FormatEntry {
        FormatEntry(name: name, extensions: extensions)
    }

    private init(name: String, extensions: [String]) {
        self.name = name
        self.extensions = extensions
        self.sniff = nil
        self.textReader = nil
    }
}
