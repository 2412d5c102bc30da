/// One subtitle stream inside a video file, and how it is named wherever a file is shown.
///
/// A video's text subtitle streams load as transcripts of their own; each is shown as the video's
/// path, `#s:` and the stream's number among the video's subtitle streams (from 0, as in ffmpeg's
/// stream specifier `-map 0:s:N`), then the stream's language tag in parentheses when it has one:
///
///     talk.mkv#s:0 (eng)
///     talk.mkv#s:1 (ger)
///     clip.mp4#s:0
///
/// That display path is the transcript's `SourceInfo.path` and its rows' `Locator.file`, so it
/// travels through the corpus, the saved session and every renderer unchanged; `init(displayPath:)`
/// reads the parts back (the JSON output's `video` member, the `--file` filter). Only a language
/// tag of letters, digits and `-` (at most 16, such as `eng`, `pt-BR`) is shown, so the display path
/// always reads back; `und` (undetermined) counts as none.
public struct VideoSubtitleStream: Hashable, Sendable, CustomStringConvertible {
    /// The video file's path as the user named it (or as found in a directory).
    public var videoPath: String
    /// The stream's position among the video's subtitle streams, from 0 (ffmpeg's `0:s:N`).
    public var subtitleIndex: Int
    /// The stream's language tag (ISO 639-2 such as `eng`, or a BCP 47 tag), nil when untagged.
    public var language: String?

    /// The file extensions (lower case, without the dot) read as videos.
    public static let videoExtensions: Set<String> = ["mkv", "mp4", "webm", "mov"]

    /// Whether `path` names a video by its extension.
    public static func isVideo(path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return videoExtensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// A stream of `videoPath`; a `language` that cannot be shown (see the type's summary) is dropped.
    public init(videoPath: String, subtitleIndex: Int, language: String?) {
        self.videoPath = videoPath
        self.subtitleIndex = subtitleIndex
        self.language = language.flatMap { Self.isShownLanguage($0) ? $0 : nil }
    }

    /// Reads a display path back; nil when `displayPath` is not one (any ordinary file).
    public init?(displayPath: String) {
        // Most paths are ordinary files: no `#s:` in them at all.
        var path = displayPath
        let hasMarker = path.withUTF8 { bytes in
            bytes.count >= 3 && (0...bytes.count - 3).contains { bytes[$0] == 0x23 && bytes[$0 + 1] == 0x73 && bytes[$0 + 2] == 0x3A }
        }
        guard hasMarker else { return nil }
        let characters = Array(displayPath)
        guard let hash = characters.indices.last(where: { characters[$0...].starts(with: "#s:") }) else { return nil }
        let video = String(characters[..<hash])
        guard Self.isVideo(path: video) else { return nil }
        var rest = Substring(String(characters[(hash + 3)...]))
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 6, let index = Int(digits) else { return nil }
        rest = rest.dropFirst(digits.count)
        var language: String?
        if !rest.isEmpty {
            guard rest.hasPrefix(" ("), rest.hasSuffix(")") else { return nil }
            let tag = String(rest.dropFirst(2).dropLast())
            guard Self.isShownLanguage(tag) else { return nil }
            language = tag
        }
        self.init(videoPath: video, subtitleIndex: index, language: language)
    }

    /// `talk.mkv#s:1 (ger)`.
    public var description: String {
        "\(videoPath)#s:\(subtitleIndex)" + (language.map { " (\($0))" } ?? "")
    }

    private static func isShownLanguage(_ tag: String) -> Bool {
        !tag.isEmpty && tag.count <= 16 && tag.lowercased() != "und"
            && tag.unicodeScalars.allSatisfy { ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
