import TranscriptModel
import TranscriptSearch

/// The facets as people read them, one line per kind: `hits by speaker: Alice 12 · Bob 3 ·
/// (none) 1`, and the same by file and by section (a kind with no value, or only rows without one,
/// is left out). `search --facets` prints these lines and the pager's `f` shows them, so both show
/// the disjunctive numbers of `Facets(request:index:corpus:)`, as the JSON summary does.
enum FacetSummary {
    /// The facets of `request`'s hits `index` over `corpus`: disjunctive (see `Facets`).
    static func facets(of request: SearchRequest, index: HitIndex, corpus: Corpus) -> Facets {
        (try? Facets(request: request, index: index, corpus: corpus)) ?? Facets(index: index, corpus: corpus, people: request.filter.people)
    }

    /// `(label, items)` per kind shown: `("hits by speaker:", ["Alice 12", "Bob 3"])`; with
    /// `edits` (a `--fuzzy` search's hits), last, `("hits by edits:", ["exact 12", "≈1 3"])`.
    static func lines(_ facets: Facets, edits: HitIndex? = nil) -> [(label: String, items: [String])] {
        Facets.Kind.allCases.compactMap { kind in
            let counts = facets[kind]
            guard !counts.isEmpty, !(counts.count == 1 && counts[0].value == nil) else { return nil }
            let items = counts.map { "\(shown($0.value, kind)) \($0.hits)" }
            return ("hits by \(kind.rawValue):", items)
        } + (edits.flatMap(editsLine).map { [$0] } ?? [])
    }

    /// `("hits by edits:", ["exact 12", "≈1 3", "≈2 1"])` for hits of which some are
    /// approximate; nil when every hit is exact.
    static func editsLine(_ index: HitIndex) -> (label: String, items: [String])? {
        guard index.hasApproximateHits else { return nil }
        let items = index.countsByEdits.sorted { $0.key < $1.key }.map { ($0.key == 0 ? "exact" : "≈\($0.key)") + " \($0.value)" }
        return ("hits by edits:", items)
    }

    /// The printed lines of one kind: `hits by speaker: Alice 12 · Bob 3` when that fits in
    /// `width` columns, else the label alone and then one `  value count` line per value (200
    /// files' counts read down, not across).
    static func printed(label: String, items: [String], width: Int = 100) -> (heading: String, lines: [String]) {
        let joined = items.joined(separator: " · ")
        if label.count + 1 + joined.count <= width { return (label + " " + joined, []) }
        return (label, items.map { "  " + $0 })
    }

    /// A facet's value as printed: a file's path escaped (every character of it visible), other
    /// values without control sequences, `(none)` for rows without one.
    private static func shown(_ value: String?, _ kind: Facets.Kind) -> String {
        guard let value else { return "(none)" }
        return kind == .file ? ControlSequences.escaped(value) : ControlSequences.stripped(value)
    }

    /// The pager's list after `f`: a heading per kind, then `  Alice 12` per value.
    static func screen(_ facets: Facets, edits: HitIndex? = nil) -> [String] {
        var lines = ["where the hits are (each kind counted without its own filter)", ""]
        for kind in Facets.Kind.allCases {
            let counts = facets[kind]
            guard !counts.isEmpty, !(counts.count == 1 && counts[0].value == nil) else { continue }
            lines.append("hits by \(kind.rawValue):")
            for count in counts { lines.append("  \(shown(count.value, kind)) \(count.hits)") }
            lines.append("")
        }
        if let edits = edits.flatMap(editsLine) {
            lines.append(edits.label)
            for item in edits.items { lines.append("  " + item) }
            lines.append("")
        }
        return lines
    }
}
