import TranscriptModel

/// Which rows a search looks at. Every filter that is set must hold; within one, any value may.
///
/// - `speakers`: the row's speaker equals one of them, ignoring case;
/// - `after` / `before`: the row is timed and overlaps the span (ends after `after`, starts before
///   `before`); untimed rows never pass a time filter;
/// - `files`: the row's file matches one of these globs (`*`, `?`, `[abc]`), against the whole path
///   or its last component (for a video's subtitle stream, `talk.mkv#s:1 (ger)`, also against the
///   video's path or name);
/// - `sections`: the row's section title contains one of them, ignoring case.
public struct RowFilter: Hashable, Sendable, Codable {
    public var speakers: [String] = []
    public var after: Timestamp?
    public var before: Timestamp?
    public var files: [String] = []
    public var sections: [String] = []

    public init(speakers: [String] = [], after: Timestamp? = nil, before: Timestamp? = nil, files: [String] = [], sections: [String] = []) {
        self.speakers = speakers
        self.after = after
        self.before = before
        self.files = files
        self.sections = sections
    }

    public var isEmpty: Bool {
        speakers.isEmpty && after == nil && before == nil && files.isEmpty && sections.isEmpty
    }

    public func accepts(row: Int, in corpus: Corpus) -> Bool {
        if !speakers.isEmpty {
            guard let speaker = corpus.speaker(ofRow: row)?.lowercased(),
                  speakers.contains(where: { $0.lowercased() == speaker }) else { return false }
        }
        if after != nil || before != nil {
            let (start, end) = corpus.times(ofRow: row)
            guard let start else { return false }
            if let after, (end ?? start) <= after { return false }
            if let before, start >= before { return false }
        }
        if !files.isEmpty {
            guard acceptsFile(path: corpus.sources[corpus.source(ofRow: row)].path) else { return false }
        }
        if !sections.isEmpty {
            guard let title = corpus.title(ofRow: row)?.lowercased(),
                  sections.contains(where: { title.contains($0.lowercased()) }) else { return false }
        }
        return true
    }
}

extension RowFilter {
    /// Whether a row of the file at `path` (as shown) passes the `files` globs (true when none is
    /// set): what a store of rows uses to pick files before it sends their rows.
    public func acceptsFile(path: String) -> Bool {
        guard !files.isEmpty else { return true }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        // A video's subtitle stream (`talk.mkv#s:1 (ger)`) also matches as its video (`*.mkv`).
        let video = VideoSubtitleStream(displayPath: path).map(\.videoPath)
        let videoName = video.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        return files.contains { glob in
            [path, name, video, videoName].contains { $0.map { Glob.matches(glob, $0) } ?? false }
        }
    }
}

extension Timestamp: Codable {
    public init(from decoder: any Decoder) throws {
        let milliseconds = try decoder.singleValueContainer().decode(Int64.self)
        guard milliseconds >= 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a negative time"))
        }
        self.init(milliseconds: milliseconds)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(milliseconds)
    }
}

/// Shell-style globs: `*` any run of characters, `?` one character, `[abc]`/`[a-z]`/`[!x]` one of a set.
enum Glob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        matches(Array(pattern), 0, Array(text), 0)
    }

    private static func matches(_ pattern: [Character], _ p: Int, _ text: [Character], _ t: Int) -> Bool {
        var p = p, t = t
        var star: (p: Int, t: Int)?
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if p < pattern.count, let next = single(pattern, p, text[t]) {
                p = next
                t += 1
            } else if let resume = star {
                p = resume.p + 1
                t = resume.t + 1
                star = (resume.p, resume.t + 1)
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// If `pattern[p]` (a literal, `?` or a `[set]`) matches `character`, the index after it.
    private static func single(_ pattern: [Character], _ p: Int, _ character: Character) -> Int? {
        switch pattern[p] {
        case "?": return p + 1
        case "[":
            guard let close = pattern[(p + 1)...].dropFirst().firstIndex(of: "]") else { return pattern[p] == character ? p + 1 : nil }
            var set = Array(pattern[(p + 1)..<close])
            let negated = set.first == "!" || set.first == "^"
            if negated { set.removeFirst() }
            var found = false
            var index = 0
            while index < set.count {
                if index + 2 < set.count, set[index + 1] == "-" {
                    if set[index] <= character && character <= set[index + 2] { found = true }
                    index += 3
                } else {
                    if set[index] == character { found = true }
                    index += 1
                }
            }
            return found != negated ? close + 1 : nil
        default:
            return pattern[p] == character ? p + 1 : nil
        }
    }
}
