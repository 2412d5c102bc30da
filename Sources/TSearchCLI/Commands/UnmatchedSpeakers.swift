import TranscriptModel
import TranscriptSearch

/// Says on stderr which `speaker:` values pick no speaker of the files searched, with the nearest
/// names, so `speaker:Alise budget` finding nothing is explained:
/// `tsearch: no speaker matches "Alise"; nearest: Alice Johnson, Alicia Keys (tsearch speakers lists them)`.
enum UnmatchedSpeakers {
    /// The messages for `filter` over `corpus`, one per value that picks nobody (none when every
    /// value picks someone). - Complexity: O(rows) to list the speakers, only when there is a
    /// speaker filter.
    static func messages(for filter: RowFilter, in corpus: Corpus) -> [String] {
        guard !filter.speakers.isEmpty else { return [] }
        return messages(for: filter, among: SuggestionCatalog(corpus: corpus, people: filter.people))
    }

    /// The messages for `filter` over the speakers of `catalog` (a server's archive lists its
    /// speakers without sending its rows).
    static func messages(for filter: RowFilter, among catalog: SuggestionCatalog) -> [String] {
        guard !filter.speakers.isEmpty else { return [] }
        let speakers = catalog.all(.speaker)
        return filter.speakers.compactMap { value in
            var one = filter
            one.speakers = [value]
            // Any spelling of a person counts (the catalog groups them), and a quoted name in
            // another order (`"Wei Chen"` for `Chen, Wei`).
            guard catalog.suggestions(for: "speaker:" + value).isEmpty,
                  !one.speakerPasses(among: speakers.flatMap { $0.spellings + [$0.value] }).contains(true) else { return nil }
            let shown = value.hasPrefix("\"") ? value : "\"\(value)\""
            guard !speakers.isEmpty else { return "no speaker matches \(shown): no row of these files has a speaker" }
            let nearest = catalog.nearest(to: value, kind: .speaker)
            return "no speaker matches \(shown); nearest: \(nearest.joined(separator: ", ")) (tsearch speakers lists them)"
        }
    }

    /// Reports `messages(for:in:)` on stderr, over `catalog` when given (a server's speakers).
    static func report(_ filter: RowFilter, in corpus: Corpus, among catalog: SuggestionCatalog? = nil, environment: CommandEnvironment) {
        let said = catalog.map { messages(for: filter, among: $0) } ?? messages(for: filter, in: corpus)
        for message in said { environment.report(message) }
    }
}
