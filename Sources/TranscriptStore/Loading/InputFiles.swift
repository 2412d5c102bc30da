import TranscriptFormats
import TranscriptModel

/// One thing to load: a file named by the user, a file found in a directory, or standard input.
enum Input: Hashable, Sendable {
    case file(String)
    case found(String)
    case standardInput

    var displayPath: String {
        switch self {
        case .file(let path), .found(let path): return path
        case .standardInput: return "<stdin>"
        }
    }

    /// The file as it is opened, for a note said once per unchanged file (nil for standard input).
    func subject(against base: String?) -> String? {
        switch self {
        case .file(let path), .found(let path): return InputFiles.resolve(path, against: base)
        case .standardInput: return nil
        }
    }
}

/// Turns the PATH arguments into inputs, as ripgrep does: a file is taken whatever its extension
/// (its format sniffed if the extension is unknown); a directory is walked recursively in name
/// order, taking files with a supported extension (transcripts, and videos for their subtitles),
/// skipping hidden entries and not following symbolic links to directories (so a link loop cannot
/// hang the walk); `-` is standard input.
///
/// Every other file a walk meets is named in `unknownFiles` (a warning: never skipped silently),
/// except media that sits beside transcripts: audio and images (`quietExtensions`: the recording a
/// transcript belongs to, a thumbnail, a cover).
enum InputFiles {
    struct Expansion {
        var inputs: [Input] = []
        /// Paths that could not be used, with the reason: each is an error (exit 2).
        var errors: [(path: String, message: String)] = []
        /// Directories given by name that held no supported file.
        var emptyDirectories: [String] = []
        /// Files met in a directory walk that are of no kind tsearch reads (not hidden, not media).
        var unknownFiles: [String] = []
        /// Entries of a walk whose path is longer than the system lets a program name
        /// (`pathLimit`): they cannot be opened, and are named in a warning.
        var tooLong: [String] = []
    }

    /// Extensions (lower-cased) of files a walk skips without a word: audio (a transcript's
    /// recording) and images (thumbnails, covers, slides' pictures).
    static let quietExtensions: Set<String> = Set(MediaFiles.extensions).union([
        "jpg", "jpeg", "png", "gif", "webp", "heic", "heif", "bmp", "tif", "tiff", "svg", "ico",
    ])

    /// Expands `paths`, resolving relative ones against `baseDirectory` (nil: the current directory).
    /// Inputs keep the paths as given (`Samples/a.srt`), for display.
    static func expand(_ paths: [String], baseDirectory: String? = nil) -> Expansion {
        var expansion = Expansion()
        let base = baseDirectory
        for path in paths {
            if path == "-" {
                expansion.inputs.append(.standardInput)
                continue
            }
            switch FileCalls.kind(of: resolve(path, against: base)) {
            case .file:
                expansion.inputs.append(.file(path))
            case .directory:
                let (before, tooLongBefore) = (expansion.inputs.count, expansion.tooLong.count)
                walk(path, base: base, into: &expansion)
                if expansion.inputs.count == before && expansion.tooLong.count == tooLongBefore {
                    expansion.emptyDirectories.append(path)
                }
            case .missing, .stream:
                // A named pipe or `<(…)` is read like a file; for a missing path the read reports
                // the system's reason (no such file, permission denied, …).
                expansion.inputs.append(.file(path))
            case .other:
                expansion.errors.append((path, "not a regular file or directory"))
            }
        }
        return expansion
    }

    /// `path` itself when absolute or when there is no base; else `base/path`.
    static func resolve(_ path: String, against base: String?) -> String {
        guard let base, !path.hasPrefix("/") else { return path }
        return base.hasSuffix("/") ? base + path : base + "/" + path
    }

    /// `path` resolved against `base`, made absolute against the current directory.
    static func absolute(_ path: String, against base: String?) -> String {
        let resolved = resolve(path, against: base)
        return resolved.hasPrefix("/") ? resolved : FileCalls.currentDirectory() + "/" + resolved
    }

    private static func walk(_ directory: String, base: String?, into expansion: inout Expansion) {
        let names: [String]
        switch FileCalls.directoryEntries(resolve(directory, against: base)) {
        case .success(let entries): names = entries.sorted()
        case .failure(let error):
            expansion.errors.append((directory, error.description))
            return
        }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        for name in names where !name.hasPrefix(".") {
            let path = prefix + name
            let resolved = resolve(path, against: base)
            switch FileCalls.kind(of: resolved) {
            case .directory:
                if !FileCalls.isSymbolicLink(resolved) { walk(path, base: base, into: &expansion) }
            case .file:
                if TranscriptFormat.isCandidate(path: name) || VideoSubtitleStream.isVideo(path: name) {
                    expansion.inputs.append(.found(path))
                } else if !isQuiet(name) {
                    expansion.unknownFiles.append(path)
                }
            case .missing where resolved.utf8.count >= pathLimit:
                expansion.tooLong.append(path)
            case .missing, .stream, .other:
                break
            }
        }
    }

    /// The longest path, in bytes with its terminating NUL, that the system opens (Linux's
    /// PATH_MAX); a deeper entry is reported, not skipped silently.
    static let pathLimit = 4096

    /// Whether a walk skips the file `name` without a warning (see `quietExtensions`).
    static func isQuiet(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return quietExtensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
