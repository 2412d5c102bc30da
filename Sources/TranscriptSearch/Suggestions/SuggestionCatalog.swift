import TranscriptModel

/// The speakers, sections and files of one corpus, with their row counts and folded name parts,
/// ready to answer what a user is typing: `suggestions(for: "speaker:jo")`, or `suggestions(for:
/// "ali", hits: index)` with hit counts. `tsearch speakers`, the shell completion of `speaker:`, the
/// "no speaker matches" message and an app's suggested tokens all read this one list.
///
/// ```
///  init        one pass over the rows' speaker and title numbers: O(rows), done once
///              (a million rows: tens of milliseconds)
///  suggestions fold the typed text once, match it against each distinct name's parts
///              (NamePattern): O(distinct names); with hits, one pass over the hits' rows: O(hits)
/// ```
///
/// Speakers are persons (`SpeakerGroups`): one suggestion per person, under the spelling with the
/// most rows (or the name a people file gives), matched by any of its spellings, with the
/// spellings it grouped (`Suggestion.spellings`).
///
/// Keep one catalog per corpus (it holds the corpus, which is copy-on-write, not copied).
public struct SuggestionCatalog: Sendable {
    /// One distinct speaker, section or file.
    struct Entry: Sendable {
        var kind: Suggestion.Kind
        var value: String
        /// The folded parts of each name that picks this entry (a person's every spelling).
        var parts: [[String]]
        var rows: Int
        /// The interned string numbers (speakers: one per spelling; sections) or source index (files).
        var numbers: [Int]
        /// A person's spellings, most rows first (empty for sections and files).
        var spellings: [String] = []
    }

    let corpus: Corpus
    let entries: [Entry]

    /// The catalog of `corpus`, its speakers grouped by `people`. - Complexity: O(rows + distinct names).
    public init(corpus: Corpus, people: People = People()) {
        self.corpus = corpus
        let names = corpus.internedStrings
        var titleRows = [Int](repeating: 0, count: names.count)
        for row in 0..<corpus.rowCount {
            let title = corpus.titleNumber(ofRow: row)
            if title >= 0 { titleRows[Int(title)] += 1 }
        }
        var entries = Self.speakerEntries(SpeakerGroups(corpus: corpus, people: people), people: people)
        for (number, name) in names.enumerated() where titleRows[number] > 0 {
            entries.append(Entry(kind: .section, value: name, parts: [NamePattern.parts(of: name)], rows: titleRows[number], numbers: [number]))
        }
        for (source, info) in corpus.sources.enumerated() {
            entries.append(Entry(kind: .file, value: info.path, parts: [NamePattern.parts(of: info.path)],
                                 rows: corpus.rows(ofSource: source).count, numbers: [source]))
        }
        self.entries = entries
    }

    /// One entry per person of `groups`, picked by any spelling (and a people file's name and
    /// spellings for the person).
    private static func speakerEntries(_ groups: SpeakerGroups, people: People) -> [Entry] {
        groups.groups.map { group in
            var names = group.spellings
            if let person = people.person(named: group.spellings[0]) { names += [person.name] + person.spellings }
            var parts: [[String]] = []
            for name in names {
                let folded = NamePattern.parts(of: name)
                if !parts.contains(folded) { parts.append(folded) }
            }
            return Entry(kind: .speaker, value: group.name, parts: parts, rows: group.rows, numbers: group.numbers,
                         spellings: group.spellings)
        }
    }

    /// A catalog of speakers only, from their names and row counts, for rows kept elsewhere (a
    /// server's archive): it answers `all(.speaker)` and `nearest(to:kind:)`; it holds no corpus,
    /// so `suggestions(for:hits:)` must be given no hits. - Complexity: O(names).
    package init(speakers: [(name: String, rows: Int)], people: People = People()) {
        corpus = Corpus()
        entries = Self.speakerEntries(SpeakerGroups(speakers: speakers, people: people), people: people)
    }

    /// What matches `typed`: a bare prefix (`ali`, `jose g`) looks at every kind; one with a key
    /// (`speaker:ali`, `file:2024`) at that kind only; nothing after the key (or nothing at all)
    /// lists every name of the kind (of every kind). Words match the starts of name parts, ignoring
    /// case and accents (`NamePattern`); a quoted value the whole name.
    ///
    /// Ordered by kind (speakers, sections, files), then most hits (with `hits`), most rows, name.
    /// - Parameter hits: a search over this corpus, to count its hits per suggestion.
    /// - Complexity: O(distinct names × words), plus O(hits) with `hits`.
    public func suggestions(for typed: String, hits: HitIndex? = nil) -> [Suggestion] {
        var kinds = Set(Suggestion.Kind.allCases)
        var text = Substring(typed)
        if let colon = text.firstIndex(of: ":"), let kind = Suggestion.Kind(rawValue: text[..<colon].lowercased()) {
            kinds = [kind]
            text = text[text.index(after: colon)...]
        }
        let pattern = NamePattern(String(text))
        let everything = pattern.words.isEmpty
        let chosen = entries.filter { entry in
            kinds.contains(entry.kind) && (everything || entry.parts.contains { pattern.matches(parts: $0) })
        }
        let counts = hits.map { hitCounts(of: $0, kinds: kinds) }
        let order = Suggestion.Kind.allCases
        return chosen.map { entry in
            let hits = counts.map { counts in entry.numbers.reduce(0) { $0 + (counts[entry.kind]?[$1] ?? 0) } }
            return Suggestion(kind: entry.kind, value: entry.value, rows: entry.rows, hits: hits, spellings: entry.spellings)
        }.sorted { a, b in
            if a.kind != b.kind { return order.firstIndex(of: a.kind) ?? 0 < order.firstIndex(of: b.kind) ?? 0 }
            if a.hits != b.hits { return (a.hits ?? 0) > (b.hits ?? 0) }
            if a.rows != b.rows { return a.rows > b.rows }
            return a.value < b.value
        }
    }

    /// Every name of `kind`, most rows first: `tsearch speakers`.
    public func all(_ kind: Suggestion.Kind) -> [Suggestion] {
        suggestions(for: kind.rawValue + ":")
    }

    /// The names of `kind` closest to `typed` when nothing matches it (for "no speaker matches
    /// `Alise`; nearest: Alice Johnson"): by edit distance between the folded typed words and the
    /// name or any run of its parts, then most rows; at most `limit`, and none more than one edit
    /// worse than the closest.
    public func nearest(to typed: String, kind: Suggestion.Kind, limit: Int = 3) -> [String] {
        let words = NamePattern(typed).words
        guard !words.isEmpty else { return [] }
        let wanted = Array(words.joined(separator: " "))
        let scored = entries.filter { $0.kind == kind }.map { entry -> (distance: Int, entry: Entry) in
            var best = Int.max
            for parts in entry.parts {
                for start in parts.indices {
                    for end in start..<parts.count {
                        best = min(best, Self.editDistance(wanted, Array(parts[start...end].joined(separator: " "))))
                    }
                }
            }
            return (best, entry)
        }
        // Names far worse than the best are noise next to it ("Alise": Alice, not José).
        let best = scored.map(\.distance).min() ?? 0
        return scored.filter { $0.distance <= best + 1 }
            .sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.entry.rows > $1.entry.rows }
            .prefix(limit).map(\.entry.value)
    }

    /// Hits per interned string number (speakers, sections) or source (files), for the kinds asked.
    private func hitCounts(of index: HitIndex, kinds: Set<Suggestion.Kind>) -> [Suggestion.Kind: [Int]] {
        let names = corpus.internedStrings.count
        var speakers = [Int](repeating: 0, count: kinds.contains(.speaker) ? names : 0)
        var titles = [Int](repeating: 0, count: kinds.contains(.section) ? names : 0)
        if kinds.contains(.speaker) || kinds.contains(.section) {
            index.forEachHitRow { row in
                guard row < corpus.rowCount else { return }
                if !speakers.isEmpty {
                    let speaker = corpus.speakerNumber(ofRow: row)
                    if speaker >= 0 { speakers[Int(speaker)] += 1 }
                }
                if !titles.isEmpty {
                    let title = corpus.titleNumber(ofRow: row)
                    if title >= 0 { titles[Int(title)] += 1 }
                }
            }
        }
        let files = kinds.contains(.file) ? corpus.sources.indices.map { index.count(inRows: corpus.rows(ofSource: $0)) } : []
        return [.speaker: speakers, .section: titles, .file: files]
    }

    /// Levenshtein distance between two character arrays. - Complexity: O(a × b).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension Corpus {
    /// Speakers, sections and files matching `prefix` (see `SuggestionCatalog.suggestions(for:hits:)`).
    /// Builds the catalog each call (O(rows)); keep a `SuggestionCatalog` to answer as a user types.
    public func suggestions(prefix: String, hits: HitIndex? = nil, people: People = People()) -> [Suggestion] {
        SuggestionCatalog(corpus: self, people: people).suggestions(for: prefix, hits: hits)
    }
}

extension HitIndex {
    /// Calls `body` with the row of every hit, in position order. - Complexity: O(count).
    func forEachHitRow(_ body: (Int) -> Void) {
        for row in hitRows { body(Int(row)) }
    }
}
