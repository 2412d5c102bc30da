import Foundation
import TranscriptModel

/// How meetings (and a search's files) are ordered: `path` as loaded (rg's habit), `date` oldest
/// first (no date last), `hits` most first, `relevance` by `MeetingRanking`'s BM25 score. Ties
/// keep the newest meeting first, then load order.
public enum MeetingOrder: String, Sendable, CaseIterable, Codable {
    case path, date, hits, relevance
}

/// One meeting as `tsearch meetings` lists it: a source with its facts, how long it runs, who
/// speaks, its rows and (with a search) its hits and score.
public struct MeetingSummary: Sendable, Hashable {
    /// The source's position in the corpus (`RowID.source`).
    public var source: Int
    /// The source's path, as loaded.
    public var path: String
    /// Its date, where the date came from, and its title.
    public var facts: MeetingFacts
    /// From its first row's start to its last row's end; nil for an untimed source.
    public var duration: Timestamp?
    /// Its speakers, most rows first (ties by name), as `speakers` lists them: one name per person
    /// (`SpeakerGroups`, grouped by the filter's `people`).
    public var participants: [String]
    /// Its rows that pass the filter.
    public var rows: Int
    /// Its hits, with a search; nil without.
    public var hits: Int?
    /// Its BM25 score (`MeetingRanking`), with a search; nil without.
    public var score: Double?
}

/// The meetings of a corpus: one summary per source that passes a filter (and, with hits, has
/// some), in a `MeetingOrder`.
///
/// `MeetingList.summaries(of: corpus, filter: filter, hits: index, order: .date)`
public enum MeetingList {
    /// The summaries of `corpus`'s sources with a row `filter` accepts (with `hits`: with a hit),
    /// ordered by `order`. - Complexity: O(rows + sources × log sources).
    public static func summaries(of corpus: Corpus, filter: RowFilter = RowFilter(), hits: HitIndex? = nil, order: MeetingOrder = .date) -> [MeetingSummary] {
        let predicate = filter.isEmpty ? nil : RowFilter.Predicate(filter, corpus: corpus)
        let groups = SpeakerGroups(corpus: corpus, people: filter.people)
        let scores = hits.map { MeetingRanking.scores(of: $0, in: corpus) }
        var summaries: [MeetingSummary] = []
        var counts: [Int32: Int] = [:]
        for source in corpus.sources.indices {
            let rows = corpus.rows(ofSource: source)
            let hitCount = hits?.count(inRows: rows)
            if let hitCount, hitCount == 0 { continue }
            var passing = 0
            var first: Int64 = .max
            var last: Int64 = -1
            counts.removeAll(keepingCapacity: true)
            for row in rows {
                guard predicate?.accepts(row: row) ?? true else { continue }
                passing += 1
                let (start, end) = corpus.milliseconds(ofRow: row)
                if start >= 0 { first = min(first, start) }
                last = max(last, end, start)
                if let group = groups.groupIndex(ofNumber: Int(corpus.speakerNumber(ofRow: row))) { counts[Int32(group), default: 0] += 1 }
            }
            guard passing > 0 else { continue }
            let names = groups.groups.map(\.name)
            let participants = counts.sorted { $0.value != $1.value ? $0.value > $1.value : names[Int($0.key)] < names[Int($1.key)] }
            summaries.append(MeetingSummary(
                source: source, path: corpus.sources[source].path, facts: corpus.sources[source].facts,
                duration: first <= last && first != .max ? Timestamp(milliseconds: last - first) : nil,
                participants: participants.map { names[Int($0.key)] }, rows: passing, hits: hitCount, score: scores?[source]))
        }
        return sorted(summaries, by: order)
    }

    /// `summaries` in `order` (stable: ties newest first, then in load order).
    public static func sorted(_ summaries: [MeetingSummary], by order: MeetingOrder) -> [MeetingSummary] {
        func newer(_ a: MeetingSummary, _ b: MeetingSummary) -> Bool? {
            switch (a.facts.date, b.facts.date) {
            case let (x?, y?) where x != y: return x > y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return nil
            }
        }
        return summaries.enumerated().sorted { left, right in
            let (a, b) = (left.element, right.element)
            switch order {
            case .path: break
            case .date:
                switch (a.facts.date, b.facts.date) {
                case let (x?, y?) where x != y: return x < y
                case (.some, nil): return true
                case (nil, .some): return false
                default: break
                }
            case .hits:
                if (a.hits ?? 0) != (b.hits ?? 0) { return (a.hits ?? 0) > (b.hits ?? 0) }
                if let newer = newer(a, b) { return newer }
            case .relevance:
                if (a.score ?? 0) != (b.score ?? 0) { return (a.score ?? 0) > (b.score ?? 0) }
                if let newer = newer(a, b) { return newer }
            }
            return left.offset < right.offset
        }.map(\.element)
    }

    /// The corpus's sources in `order` by their hits (all sources, those without hits too): the
    /// order a search's listing, `-c` and `-l` print files in. `path` is load order.
    /// - Complexity: O(sources × log sources), plus O(hits) for `relevance`.
    public static func sourceOrder(of corpus: Corpus, hits: HitIndex, order: MeetingOrder) -> [Int] {
        guard order != .path else { return Array(corpus.sources.indices) }
        let scores = order == .relevance ? MeetingRanking.scores(of: hits, in: corpus) : [:]
        let summaries = corpus.sources.indices.map { source in
            MeetingSummary(
                source: source, path: corpus.sources[source].path, facts: corpus.sources[source].facts, duration: nil,
                participants: [], rows: corpus.rows(ofSource: source).count, hits: hits.count(inRows: corpus.rows(ofSource: source)),
                score: scores[source])
        }
        return sorted(summaries, by: order).map(\.source)
    }
}

/// Meetings ranked by Okapi BM25 over their rows, each meeting one document:
///
///     score = idf × tf × (k1 + 1) / (tf + k1 × (1 − b + b × len / avglen))
///     idf   = ln(1 + (N − n + 0.5) / (n + 0.5))
///
/// `tf` is the meeting's hits of the query (each hit one occurrence: a phrase counts once), `len`
/// its rows' text in UTF-8 bytes, `avglen` the mean over the `N` meetings searched, `n` the
/// meetings with a hit; `k1` = 1.2 (a tenth hit adds little), `b` = 0.75 (a long meeting's hits
/// count for less). A query of several words (`--bool`) ranks by one term, the query, as a
/// single phrase does: `idf` then orders nothing within one search, the saturation and length
/// do. Within a meeting, hits stay in time order.
public enum MeetingRanking {
    /// BM25's term-frequency saturation.
    public static let k1 = 1.2
    /// BM25's length normalisation.
    public static let b = 0.75

    /// Each source's score, for the sources with hits (others score 0).
    /// - Complexity: O(sources).
    public static func scores(of hits: HitIndex, in corpus: Corpus) -> [Int: Double] {
        let count = corpus.sources.count
        guard count > 0 else { return [:] }
        var lengths = [Double](repeating: 0, count: count)
        corpus.withTextBuffer { _, offsets in
            for source in 0..<count {
                let rows = corpus.rows(ofSource: source)
                lengths[source] = Double(offsets[rows.upperBound] - offsets[rows.lowerBound])
            }
        }
        let average = max(1, lengths.reduce(0, +) / Double(count))
        var frequencies: [Int: Double] = [:]
        for source in 0..<count {
            let found = hits.count(inRows: corpus.rows(ofSource: source))
            if found > 0 { frequencies[source] = Double(found) }
        }
        let n = Double(frequencies.count)
        let idf = log(1 + (Double(count) - n + 0.5) / (n + 0.5))
        var scores: [Int: Double] = [:]
        for (source, tf) in frequencies {
            scores[source] = idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * lengths[source] / average))
        }
        return scores
    }
}
