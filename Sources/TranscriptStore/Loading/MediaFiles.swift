/// Finds the recording a transcript belongs to, for `export --format edl|m3u`: the video or audio
/// file beside it with the same base name, as players find subtitles beside a video.
///
/// For `dir/talk.en.srt` the base names tried are `talk.en`, then `talk` (each extension taken off
/// in turn: a language tag, `interview.whisper.json`'s tool name); for each, the extensions in
/// `extensions` order, in any case (`talk.MP4`); the first regular file found wins. A transcript
/// that is itself a media file (subtitles extracted from a video) is its own recording. Each
/// directory is listed once, however many transcripts it holds.
package struct MediaFiles {
    /// Video first, then audio: when both exist the picture is the richer moment.
    package static let extensions = ["mkv", "mp4", "webm", "mov", "m4v", "avi", "mp3", "m4a", "aac", "opus", "ogg", "oga", "flac", "wav"]

    private var listings: [String: [String]] = [:]

    /// A finder that has listed no folder yet.
    package init() {}

    /// The recording of the transcript at `path` (relative to `directory` unless absolute), as an
    /// absolute path; nil when there is none (or the transcript is standard input).
    package mutating func recording(ofTranscript path: String, directory: String) -> String? {
        guard path != "<stdin>" else { return nil }
        let absolute = Self.absolute(path, in: directory)
        let (folder, name) = Self.split(absolute)
        if let dot = name.lastIndex(of: "."), Self.extensions.contains(name[name.index(after: dot)...].lowercased()),
           FileCalls.kind(of: absolute) == .file {
            return absolute
        }
        let entries = listing(of: folder)
        for base in Self.baseNames(of: name) {
            for ext in Self.extensions {
                let match = entries.first { entry in
                    entry.count == base.count + 1 + ext.count && entry.hasPrefix(base + ".")
                        && entry.dropFirst(base.count + 1).lowercased() == ext
                }
                if let match, FileCalls.kind(of: Self.join(folder, match)) == .file { return Self.join(folder, match) }
            }
        }
        return nil
    }

    /// What `recording(ofTranscript:)` looks for, for messages: `talk.en.*` or `talk.*`.
    package static func candidates(ofTranscript path: String) -> String {
        baseNames(of: split(path).name).map { $0 + ".*" }.joined(separator: " or ")
    }

    /// `talk.en.srt` → [`talk.en`, `talk`]; `.hidden.srt` → [`.hidden`]; `notes` → [`notes`].
    package static func baseNames(of name: String) -> [String] {
        var names: [String] = []
        var rest = Substring(name)
        while let dot = rest.lastIndex(of: "."), dot != rest.startIndex {
            rest = rest[..<dot]
            names.append(String(rest))
        }
        return names.isEmpty ? [name] : names
    }

    /// `path` made absolute against `directory`, with `.` segments and doubled slashes removed
    /// (`..` is kept: it means something else after a symbolic link).
    package static func absolute(_ path: String, in directory: String) -> String {
        let joined = path.hasPrefix("/") ? path : directory + "/" + path
        let segments = joined.split(separator: "/").filter { $0 != "." }
        return "/" + segments.joined(separator: "/")
    }

    /// `path` (absolute, as `absolute` makes it) as seen from `folder` (absolute too), for a link
    /// that still works when both move together: `meetings/a.vtt` below it, `../other/b.mp4` beside
    /// it. Absolute when the two share nothing but the root (`/tmp/x` from `/home/me`), and when
    /// `folder` holds `..` (whose meaning depends on symbolic links).
    package static func relative(_ path: String, from folder: String) -> String {
        let target = path.split(separator: "/"), base = folder.split(separator: "/")
        guard !base.contains(".."), let first = target.first, first == base.first ?? first else { return path }
        var common = 0
        while common < target.count - 1, common < base.count, target[common] == base[common] { common += 1 }
        let climbs = Array(repeating: "..", count: base.count - common)
        return (climbs + target[common...].map(String.init)).joined(separator: "/")
    }

    private mutating func listing(of folder: String) -> [String] {
        if let cached = listings[folder] { return cached }
        let entries = (try? FileCalls.directoryEntries(folder).get())?.sorted() ?? []
        listings[folder] = entries
        return entries
    }

    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
