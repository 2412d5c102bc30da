import TranscriptModel

/// Which rows a search looks at. Filters of different kinds combine with *and* (every kind that is
/// set must hold); values of one kind combine with *or* (any of them may): `speaker:Alice
/// speaker:Bob after:10:00` is "Alice or Bob, after ten minutes" (Algolia's disjunctive facets).
///
/// - `speakers`: the row's speaker is one a value picks as a `NamePattern`: by name parts, ignoring
///   case and accents (`Alice` and `alice j` pick "Alice Johnson", `jose` picks "José García"), or,
///   for a value in double quotes (`"Alice Johnson"`), that whole name only; and with it every
///   other spelling of the same person (`people`: `Chen, Wei` picks `Wei Chen` too);
/// - `after` / `before`: the row is timed and overlaps the span (ends after `after`, starts before
///   `before`); untimed rows never pass a time filter;
/// - `files`: the row's file matches one of these globs (`*`, `?`, `[abc]`), against the whole path
///   or its last component (for a video's subtitle stream, `talk.mkv#s:1 (ger)`, also against the
///   video's path or name);
/// - `sections`: the row's section title contains one of them, ignoring case;
/// - `since` / `until`: the row's meeting has a date (`MeetingFacts`) on or after `since` and on or
///   before `until` (days, inclusive; a meeting without a date never passes);
/// - `meetings`: the meeting's title contains one of them, ignoring case and accents;
/// - `participants`: one of the meeting's speakers is one a value picks (`NamePattern`, as
///   `speakers`, every spelling of a person), whoever speaks the row.
///
/// A search decides each distinct speaker, title and file once (`Predicate`), not once per row.
public struct RowFilter: Hashable, Sendable, Codable {
    /// Speaker names as typed (`NamePattern`); a value in double quotes is a whole name.
    public var speakers: [String] = []
    /// Rows that end after this time.
    public var after: Timestamp?
    /// Rows that start before this time.
    public var before: Timestamp?
    /// Globs a row's file path or file name matches.
    public var files: [String] = []
    /// Text a row's section title contains, ignoring case.
    public var sections: [String] = []
    /// The first and last day a row's meeting may be on (`MeetingDate.dayNumber`), inclusive.
    public var since: Int?
    public var until: Int?
    /// Text a row's meeting title contains, ignoring case and accents.
    public var meetings: [String] = []
    /// Names (`NamePattern`) of whom a row's meeting must have among its speakers.
    public var participants: [String] = []
    /// Who is who among the speakers: a speaker value picks every spelling of a person it picks.
    /// Not a filter of its own (`isEmpty` ignores it).
    public var people = People()

    enum CodingKeys: String, CodingKey {
        case speakers, after, before, files, sections, since, until, meetings, participants, people
    }

    /// A saved filter; one saved before the meeting filters existed has none of them.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        speakers = try values.decode([String].self, forKey: .speakers)
        after = try values.decodeIfPresent(Timestamp.self, forKey: .after)
        before = try values.decodeIfPresent(Timestamp.self, forKey: .before)
        files = try values.decode([String].self, forKey: .files)
        sections = try values.decode([String].self, forKey: .sections)
        since = try values.decodeIfPresent(Int.self, forKey: .since)
        until = try values.decodeIfPresent(Int.self, forKey: .until)
        meetings = try values.decodeIfPresent([String].self, forKey: .meetings) ?? []
        participants = try values.decodeIfPresent([String].self, forKey: .participants) ?? []
        people = try values.decodeIfPresent(People.self, forKey: .people) ?? People()
    }

    /// A filter of these values; all empty (the default) accepts every row.
    public init(speakers: [String] = [], after: Timestamp? = nil, before: Timestamp? = nil, files: [String] = [], sections: [String] = []) {
        self.speakers = speakers
        self.after = after
        self.before = before
        self.files = files
        self.sections = sections
    }

    /// Whether no filter is set (every row passes).
    public var isEmpty: Bool {
        speakers.isEmpty && after == nil && before == nil && files.isEmpty && sections.isEmpty && !filtersMeetings
    }

    /// Whether a filter on whole meetings is set (date, title, participants).
    public var filtersMeetings: Bool {
        since != nil || until != nil || !meetings.isEmpty || !participants.isEmpty
    }

    /// Whether the meeting filters (if any) let the rows of source `source` of `corpus` through.
    /// - Complexity: O(rows of the source) with a participant filter, else O(title).
    public func acceptsMeeting(_ source: Int, in corpus: Corpus) -> Bool {
        acceptsMeeting(source, in: corpus, participantPasses: participants.isEmpty ? nil : participantPasses(among: corpus.internedStrings))
    }

    /// `acceptsMeeting(_:in:)` with the participant filter decided once per interned name
    /// (`participantPasses[number]`, nil without a participant filter).
    func acceptsMeeting(_ source: Int, in corpus: Corpus, participantPasses: [Bool]?) -> Bool {
        let facts = corpus.sources[source].facts
        if since != nil || until != nil {
            guard let day = facts.date?.dayNumber else { return false }
            if let since, day < since { return false }
            if let until, day > until { return false }
        }
        if !meetings.isEmpty, !acceptsMeetingTitle(facts.title) { return false }
        if let participantPasses {
            guard corpus.rows(ofSource: source).contains(where: { row in
                let number = corpus.speakerNumber(ofRow: row)
                return number >= 0 && participantPasses[Int(number)]
            }) else { return false }
        }
        return true
    }

    /// Whether the title filter (if any) lets a meeting called `title` through.
    public func acceptsMeetingTitle(_ title: String) -> Bool {
        guard !meetings.isEmpty else { return true }
        let folded = NamePattern.fold(title)
        return meetings.contains { folded.contains(NamePattern.fold($0)) }
    }

    /// Whether `name` is one the participant filter picks (`NamePattern`).
    public func acceptsParticipant(_ name: String) -> Bool {
        let parts = NamePattern.parts(of: name)
        return participants.contains { NamePattern($0).matches(parts: parts) }
    }

    /// Whether row `row` of `corpus` passes. - Complexity: O(length of its names), O(the corpus's
    /// names) with a speaker filter (a person's other spellings); to test many rows,
    /// `Predicate(self, corpus:)` decides each name once.
    public func accepts(row: Int, in corpus: Corpus) -> Bool {
        if !speakers.isEmpty {
            let number = corpus.speakerNumber(ofRow: row)
            guard number >= 0, speakerPasses(among: corpus.internedStrings)[Int(number)] else { return false }
        }
        if after != nil || before != nil {
            let (start, end) = corpus.times(ofRow: row)
            guard acceptsTimes(start: start, end: end) else { return false }
        }
        if !files.isEmpty, !acceptsFile(corpus.sources[corpus.source(ofRow: row)].path) { return false }
        if !sections.isEmpty {
            guard let title = corpus.title(ofRow: row), acceptsSection(title) else { return false }
        }
        if filtersMeetings, !acceptsMeeting(corpus.source(ofRow: row), in: corpus) { return false }
        return true
    }

    /// Per name of `names`: whether a row spoken under it passes the speaker filter, because a
    /// value picks it or picks another spelling of the same person (`people`): one of `names`, a
    /// declared person's name or spellings, or, for a quoted value, the same name key in any order
    /// (`"Wei Chen"` picks `Chen, Wei`). - Complexity: O(total length of `names`).
    public func speakerPasses(among names: [String]) -> [Bool] {
        guard !speakers.isEmpty else { return names.map { _ in true } }
        return passes(speakers, among: names, picks: acceptsSpeaker)
    }

    /// `speakerPasses(among:)` for the participant filter (`with:`): whether a meeting where `name`
    /// speaks passes, because a value picks the name or another spelling of the same person.
    public func participantPasses(among names: [String]) -> [Bool] {
        guard !participants.isEmpty else { return names.map { _ in true } }
        return passes(participants, among: names, picks: acceptsParticipant)
    }

    /// Per name: whether `values` (through `picks`) pick it or another spelling of its person.
    private func passes(_ values: [String], among names: [String], picks: (String) -> Bool) -> [Bool] {
        let identities = names.map(people.identity(of:))
        var picked = Set<String>()
        for (name, identity) in zip(names, identities) where !picked.contains(identity) && picks(name) {
            picked.insert(identity)
        }
        for person in people.persons where ([person.name] + person.spellings).contains(where: picks) {
            picked.insert(people.identity(of: person.name))
        }
        for value in values where value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") {
            picked.insert(people.identity(of: String(value.dropFirst().dropLast())))
        }
        return identities.map(picked.contains)
    }

    /// Whether the speaker filter (if any) lets `speaker` itself through, by the values alone (no
    /// other spellings: `speakerPasses(among:)` adds them).
    public func acceptsSpeaker(_ speaker: String) -> Bool {
        guard !speakers.isEmpty else { return true }
        let parts = NamePattern.parts(of: speaker)
        return speakers.contains { NamePattern($0).matches(parts: parts) }
    }

    /// Whether the section filter (if any) lets a row titled `title` through.
    public func acceptsSection(_ title: String) -> Bool {
        guard !sections.isEmpty else { return true }
        let title = title.lowercased()
        return sections.contains { title.contains($0.lowercased()) }
    }

    /// Whether the file filter (if any) lets the rows of the file at `path` through.
    public func acceptsFile(_ path: String) -> Bool {
        guard !files.isEmpty else { return true }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        // A video's subtitle stream (`talk.mkv#s:1 (ger)`) also matches as its video (`*.mkv`).
        let video = VideoSubtitleStream(displayPath: path).map(\.videoPath)
        let videoName = video.map { $0.split(separator: "/").last.map(String.init) ?? $0 }
        return files.contains { glob in
            [path, name, video, videoName].contains { $0.map { Glob.matches(glob, $0) } ?? false }
        }
    }

    /// Whether the time filter (if any) lets a row with these times through.
    func acceptsTimes(start: Timestamp?, end: Timestamp?) -> Bool {
        guard after != nil || before != nil else { return true }
        guard let start else { return false }
        if let after, (end ?? start) <= after { return false }
        if let before, start >= before { return false }
        return true
    }
}

/// A time is coded as its whole milliseconds (a saved search's filter, a row record).
extension Timestamp: Codable {
    /// A time from its milliseconds; a negative number is not a time.
    public init(from decoder: any Decoder) throws {
        let milliseconds = try decoder.singleValueContainer().decode(Int64.self)
        guard milliseconds >= 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a negative time"))
        }
        self.init(milliseconds: milliseconds)
    }

    /// The time's milliseconds.
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
