import TranscriptModel

/// Where the hits are: counts of hits per speaker, per file, per section and per month of the
/// meeting's date, most first (ties by
/// name), so a user sees where to look before reading. Rows without a speaker or section are
/// counted under nil.
///
/// Counts are *disjunctive*, as Algolia's facets: each kind's counts are those of the search
/// without that kind's own filter, so they say what choosing each value would give.
///
/// ```
///  query: speaker:Alice budget         speaker facet: the search for `budget` with no speaker
///                                      filter, counted by speaker: Alice 12 · Bob 7 · Dana 3
///                                      file and section facets: `speaker:Alice budget`, counted
///                                      by file and by section
/// ```
///
/// Speakers are counted by person (`SpeakerGroups`): `Chen, Wei` and `Wei Chen` are one count,
/// under the spelling with the most rows (or the name a people file gives).
///
/// A facet list so never shows only the speaker already chosen, and `speaker:Alice speaker:Bob`
/// (Alice or Bob, `RowFilter`) finds the sum of the two counts shown. Without a filter of a kind,
/// that kind's counts are the search's own. The command line's `--facets`, its `--json` summary
/// and the pager all show this one value.
public struct Facets: Hashable, Sendable {
    /// The kinds of facet, each a kind of filter token.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// Hits per speaker (the `speaker:` filter).
        case speaker
        /// Hits per file path (the `file:` filter).
        case file
        /// Hits per section title (the `section:` filter).
        case section
        /// Hits per month of the meeting's date, `2026-03` (the `since:`/`until:` filters).
        case month
    }

    /// One value of a facet and its hits.
    public struct Count: Hashable, Sendable {
        /// The speaker, file path or section title; nil for rows without one.
        public var value: String?
        /// Hits with this value.
        public var hits: Int

        /// A count of `hits` for `value`.
        public init(value: String?, hits: Int) {
            self.value = value
            self.hits = hits
        }
    }

    /// Hits per speaker, most first.
    public var speakers: [Count]
    /// Hits per file path, most first.
    public var files: [Count]
    /// Hits per section title, most first.
    public var sections: [Count]
    /// Hits per month of the meeting's date (`2026-03`; nil for meetings without a date), most first.
    public var months: [Count]

    /// The counts of `index` itself, every kind under the search's own filters (conjunctive),
    /// speakers grouped by `people`.
    /// - Complexity: O(hits + sources), plus O(rows) to group the speakers.
    public init(index: HitIndex, corpus: Corpus, people: People = People()) {
        let groups = SpeakerGroups(corpus: corpus, people: people)
        speakers = Self.counts(.speaker, of: index, in: corpus, groups: groups)
        files = Self.counts(.file, of: index, in: corpus)
        sections = Self.counts(.section, of: index, in: corpus)
        months = Self.counts(.month, of: index, in: corpus)
    }

    /// Disjunctive counts for `request`, whose hits over `corpus` are `index`: for each kind the
    /// request filters on, the request is searched again without that filter.
    /// Speakers are grouped by the request's `filter.people`.
    /// - Complexity: one more search per kind of filter set (at most four), plus O(hits + sources),
    ///   plus O(rows) to group the speakers.
    /// - Throws: `QueryError` only for a request that has no runner (`index` came from one, so never
    ///   in practice).
    public init(request: SearchRequest, index: HitIndex, corpus: Corpus) throws(QueryError) {
        func hits(without kind: Kind) throws(QueryError) -> HitIndex {
            var widened = request
            switch kind {
            case .speaker: widened.filter.speakers = []
            case .file: widened.filter.files = []
            case .section: widened.filter.sections = []
            case .month: (widened.filter.since, widened.filter.until) = (nil, nil)
            }
            return widened.filter == request.filter ? index : try widened.runner().search(corpus)
        }
        speakers = Self.counts(.speaker, of: try hits(without: .speaker), in: corpus,
                               groups: SpeakerGroups(corpus: corpus, people: request.filter.people))
        files = Self.counts(.file, of: try hits(without: .file), in: corpus)
        sections = Self.counts(.section, of: try hits(without: .section), in: corpus)
        months = Self.counts(.month, of: try hits(without: .month), in: corpus)
    }

    /// The counts of one kind.
    public subscript(kind: Kind) -> [Count] {
        switch kind {
        case .speaker: return speakers
        case .file: return files
        case .section: return sections
        case .month: return months
        }
    }

    /// `index`'s hits counted by `kind`, most first, ties by value (nil last); speakers by their
    /// group in `groups`.
    static func counts(_ kind: Kind, of index: HitIndex, in corpus: Corpus, groups: SpeakerGroups? = nil) -> [Count] {
        var counts: [String?: Int] = [:]
        switch kind {
        case .file, .month:
            for source in corpus.sources.indices {
                let hits = index.count(inRows: corpus.rows(ofSource: source))
                let value = kind == .file ? corpus.sources[source].path : corpus.sources[source].facts.date?.monthFormatted
                if hits > 0 { counts[value, default: 0] += hits }
            }
        case .speaker, .section:
            var byNumber = [Int](repeating: 0, count: corpus.internedStrings.count + 1)
            index.forEachHitRow { row in
                guard row < corpus.rowCount else { return }
                let number = kind == .speaker ? corpus.speakerNumber(ofRow: row) : corpus.titleNumber(ofRow: row)
                byNumber[Int(number) + 1] += 1  // slot 0: none
            }
            let names = corpus.internedStrings
            for (slot, hits) in byNumber.enumerated() where hits > 0 {
                let name = slot == 0 ? nil : kind == .speaker ? groups?.group(ofNumber: slot - 1)?.name ?? names[slot - 1] : names[slot - 1]
                counts[name, default: 0] += hits
            }
        }
        return counts.map { Count(value: $0.key, hits: $0.value) }.sorted {
            $0.hits != $1.hits ? $0.hits > $1.hits : ($0.value ?? "\u{10FFFF}") < ($1.value ?? "\u{10FFFF}")
        }
    }
}
