import TranscriptModel

/// Where the hits are: counts of hits per speaker, per file and per section, most first (ties by
/// name), so a user sees where to look before reading. Rows without a speaker or section are
/// counted under nil.
public struct Facets: Hashable, Sendable {
    public struct Count: Hashable, Sendable {
        public var value: String?
        public var hits: Int
    }

    public var speakers: [Count]
    public var files: [Count]
    public var sections: [Count]

    /// - Complexity: O(rows with hits).
    public init(index: HitIndex, corpus: Corpus) {
        var speakers: [String?: Int] = [:], files: [String?: Int] = [:], sections: [String?: Int] = [:]
        for row in index.rowsWithHits {
            let hits = index.positions(inRow: row).count
            speakers[corpus.speaker(ofRow: row), default: 0] += hits
            files[corpus.sources[corpus.source(ofRow: row)].path, default: 0] += hits
            sections[corpus.title(ofRow: row), default: 0] += hits
        }
        func sorted(_ counts: [String?: Int]) -> [Count] {
            counts.map { Count(value: $0.key, hits: $0.value) }.sorted {
                $0.hits != $1.hits ? $0.hits > $1.hits : ($0.value ?? "\u{10FFFF}") < ($1.value ?? "\u{10FFFF}")
            }
        }
        self.speakers = sorted(speakers)
        self.files = sorted(files)
        self.sections = sorted(sections)
    }
}
