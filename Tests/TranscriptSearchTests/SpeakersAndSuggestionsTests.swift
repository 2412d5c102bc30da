import Foundation
import Testing
import TranscriptModel
@testable import TranscriptSearch

/// Speakers as people type them (`NamePattern`, `RowFilter`), the suggestion list
/// (`SuggestionCatalog`) and disjunctive facets (`Facets(request:index:corpus:)`), each checked
/// against a brute-force count over a generated meeting archive.
struct SpeakersAndSuggestionsTests {
    // MARK: Names

    @Test(arguments: [
        ("Alice", "Alice Johnson", true),
        ("alice", "Alice Johnson", true),
        ("Ali", "Alice Johnson", true),
        ("Johnson", "Alice Johnson", true),
        ("alice j", "Alice Johnson", true),
        ("J Alice", "Alice Johnson", false),
        ("lice", "Alice Johnson", false),
        ("Jose", "José García", true),
        ("JOSE GARC", "José García", true),
        ("jose\u{301}", "José García", true),  // typed decomposed
        ("Jose", "Jose\u{301} Garci\u{301}a", true),  // written decomposed
        ("lopez", "José García-López", true),
        ("zoe", "Zoë", true),
        ("王", "王伟", true),
        ("伟", "王伟", false),
        ("\"Alice Johnson\"", "Alice Johnson", true),
        ("\"alice johnson\"", "ALICE JOHNSON", true),
        ("\"Alice Johnson\"", "Alice Johnsonson", false),
        ("\"Alice\"", "Alice Johnson", false),
        ("Bob", "Alice Johnson", false),
    ])
    func aNameIsPickedByTheStartsOfItsParts(typed: String, name: String, picked: Bool) {
        #expect(NamePattern(typed).matches(name) == picked, "\(typed) → \(name)")
    }

    @Test func aSpeakerTokenFindsTheRowsOfEveryNameItPicks() throws {
        let corpus = Self.archive(meetings: 3, rowsEach: 60)
        let request = try SearchRequest(parsing: "speaker:jose budget")
        let index = try request.runner().search(corpus)
        #expect(index.count > 0)
        for row in index.rowsWithHits { #expect(corpus.speaker(ofRow: row)?.hasPrefix("José") == true) }
        #expect(index == Self.bruteForce("budget", corpus) { NamePattern.parts(of: $0.speaker ?? "").first == "jose" })
    }

    @Test func aQuotedSpeakerTokenKeepsItsQuotesAndPicksTheWholeName() throws {
        let request = try SearchRequest(parsing: "speaker:\"Alice Johnson\" budget")
        #expect(request.filter.speakers == ["\"Alice Johnson\""])
        #expect(request.description == "speaker:\"Alice Johnson\" budget")
        #expect(try SearchRequest(parsing: request.description) == request)
    }

    @Test func twoTokensOfOneKindMeanEitherAndOfTwoKindsBoth() throws {
        let times = try SearchRequest(parsing: "after:00:30 after:00:10 before:01:00 before:02:00 plan")
        #expect(times.filter.after == Timestamp(seconds: 10))
        #expect(times.filter.before == Timestamp(seconds: 120))
        let corpus = Self.archive(meetings: 3, rowsEach: 60)
        let either = try SearchRequest(parsing: "speaker:ali speaker:王 section:road plan")
        let found = try either.runner().search(corpus)
        let expected = Self.bruteForce("plan", corpus) { row in
            let parts = NamePattern.parts(of: row.speaker ?? "")
            return (parts.first?.hasPrefix("ali") == true || parts.first == "王伟") && row.title == "Roadmap"
        }
        #expect(found.count > 0)
        #expect(found == expected)
    }

    @Test func thePredicateAgreesWithTheFilterOnEveryRow() {
        let corpus = Self.archive(meetings: 4, rowsEach: 50)
        let filters = [
            RowFilter(speakers: ["ali"]), RowFilter(speakers: ["\"Alice Johnson\"", "wang"]),
            RowFilter(speakers: ["jose"], sections: ["budget"]), RowFilter(after: Timestamp(seconds: 30), files: ["*-1.vtt"]),
            RowFilter(speakers: ["nobody"]), RowFilter(before: Timestamp(seconds: 20), sections: ["Road"]),
        ]
        for filter in filters {
            let predicate = RowFilter.Predicate(filter, corpus: corpus)
            for row in 0..<corpus.rowCount {
                #expect(predicate.accepts(row: row) == filter.accepts(row: row, in: corpus), "\(filter) row \(row)")
            }
        }
    }

    // MARK: Suggestions

    @Test func suggestionsCountRowsAndHitsAsABruteForceCountDoes() throws {
        let corpus = Self.archive(meetings: 5, rowsEach: 80)
        let index = try SearchRequest(text: "budget").runner().search(corpus)
        let catalog = SuggestionCatalog(corpus: corpus)
        for typed in ["", "a", "jose", "speaker:", "speaker:wa", "section:road", "file:meeting", "zz", "\"Alice Johnson\""] {
            let found = catalog.suggestions(for: typed, hits: index)
            var expected: [Suggestion] = []
            let key = typed.split(separator: ":", maxSplits: 1).first.flatMap { Suggestion.Kind(rawValue: String($0)) }
            let words = key == nil ? typed : String(typed.drop { $0 != ":" }.dropFirst())
            for kind in Suggestion.Kind.allCases where key == nil || key == kind {
                var rows: [String: Int] = [:], hits: [String: Int] = [:]
                for row in 0..<corpus.rowCount {
                    let value = switch kind {
                    case .speaker: corpus.speaker(ofRow: row)
                    case .section: corpus.title(ofRow: row)
                    case .file: corpus.sources[corpus.source(ofRow: row)].path
                    }
                    guard let value, words.isEmpty || NamePattern(words).matches(value) else { continue }
                    rows[value, default: 0] += 1
                    hits[value, default: 0] += index.positions(inRow: row).count
                }
                expected += rows.keys.map {
                    Suggestion(kind: kind, value: $0, rows: rows[$0] ?? 0, hits: hits[$0] ?? 0, spellings: kind == .speaker ? [$0] : [])
                }
            }
            #expect(Set(found) == Set(expected), "\(typed)")
            #expect(found.count == expected.count, "\(typed): each once")
        }
    }

    @Test func suggestionsComeKindByKindMostHitsFirst() throws {
        let corpus = Self.archive(meetings: 3, rowsEach: 60)
        let index = try SearchRequest(text: "budget").runner().search(corpus)
        let found = SuggestionCatalog(corpus: corpus).suggestions(for: "", hits: index)
        let kinds = found.map(\.kind)
        #expect(kinds == kinds.sorted { Suggestion.Kind.allCases.firstIndex(of: $0)! < Suggestion.Kind.allCases.firstIndex(of: $1)! })
        for kind in Suggestion.Kind.allCases {
            let hits = found.filter { $0.kind == kind }.map { $0.hits ?? 0 }
            #expect(hits == hits.sorted(by: >))
        }
        #expect(found.first { $0.kind == .speaker }?.token.hasPrefix("speaker:\"") == true)
    }

    @Test func aSuggestionsTokenPicksExactlyItsRows() throws {
        let corpus = Self.archive(meetings: 3, rowsEach: 40)
        for suggestion in SuggestionCatalog(corpus: corpus).suggestions(for: "") where suggestion.kind != .section {
            let listed = try SearchRequest(parsing: suggestion.token).runner().search(corpus)
            #expect(listed.count == suggestion.rows, "\(suggestion.token)")
        }
    }

    @Test func theNearestNamesOfAMisspeltSpeakerAreTheCloseOnes() {
        let catalog = SuggestionCatalog(corpus: Self.archive(meetings: 2, rowsEach: 40))
        #expect(catalog.nearest(to: "Alise", kind: .speaker) == ["Alice Johnson"])
        #expect(catalog.nearest(to: "Garsia", kind: .speaker) == ["José García"])
        #expect(catalog.nearest(to: "", kind: .speaker).isEmpty)
    }

    // MARK: Facets

    @Test(arguments: [
        "budget", "speaker:ali budget", "speaker:ali speaker:wang budget", "section:road budget",
        "speaker:jose file:*-2.vtt budget", "speaker:ali section:Budget after:00:00:30 plan",
    ])
    func facetCountsAreThoseOfChoosingEachValue(query: String) throws {
        let corpus = Self.archive(meetings: 4, rowsEach: 70)
        let request = try SearchRequest(parsing: query)
        let index = try request.runner().search(corpus)
        let facets = try Facets(request: request, index: index, corpus: corpus)
        // Choosing a value of a kind: the request with that kind's filter replaced by the value.
        for kind in Facets.Kind.allCases {
            var expected: [String?: Int] = [:]
            for row in 0..<corpus.rowCount {
                var filter = request.filter
                let value: String?
                switch kind {
                case .speaker: filter.speakers = []; value = corpus.speaker(ofRow: row)
                case .file: filter.files = []; value = corpus.sources[corpus.source(ofRow: row)].path
                case .section: filter.sections = []; value = corpus.title(ofRow: row)
                case .month:
                    (filter.since, filter.until) = (nil, nil)
                    value = corpus.sources[corpus.source(ofRow: row)].facts.date?.monthFormatted
                }
                guard filter.accepts(row: row, in: corpus) else { continue }
                let hits = try RegexMatcher(Query(request.text)).ranges(in: corpus.text(ofRow: row)).count
                if hits > 0 { expected[value, default: 0] += hits }
            }
            let shown = Dictionary(uniqueKeysWithValues: facets[kind].map { ($0.value, $0.hits) })
            #expect(shown == expected, "\(query): \(kind)")
        }
    }

    @Test func aChosenSpeakerLeavesTheOtherSpeakersInItsFacet() throws {
        let corpus = Self.archive(meetings: 2, rowsEach: 60)
        let request = try SearchRequest(parsing: "speaker:ali budget")
        let facets = try Facets(request: request, index: try request.runner().search(corpus), corpus: corpus)
        #expect(facets.speakers.count > 1)
        #expect(facets.speakers.contains { $0.value == "Alice Johnson" })
    }

    // MARK: A generated archive

    static let speakers = ["Alice Johnson", "José García", "Jose\u{301} Marti\u{301}n", "王伟", "Zoë Brandt", "Alicia Keyes"]
    static let sections = ["Budget", "Roadmap", "Hiring"]
    static let words = ["budget", "plan", "review", "café", "cafe\u{301}", "预算", "👍🏽", "we", "need", "the", "Friday"]

    /// `meetings` files of `rowsEach` timed rows (two seconds each), speakers and sections drawn
    /// from fixed lists by a seeded generator, some rows with neither.
    static func archive(meetings: Int, rowsEach: Int) -> Corpus {
        var state: UInt64 = 21
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        return Corpus((0..<meetings).map { meeting in
            let path = "meetings/meeting-\(meeting).vtt"
            return Transcript(source: SourceInfo(path: path, format: "vtt", encoding: "UTF-8"), rows: (0..<rowsEach).map { index in
                let text = (0..<(3 + next(8))).map { _ in words[next(words.count)] }.joined(separator: " ")
                let speaker = next(10) == 0 ? nil : speakers[next(speakers.count)]
                let title = next(8) == 0 ? nil : sections[index * sections.count / rowsEach]
                return Row(id: RowID(source: meeting, index: index), text: text,
                           start: Timestamp(seconds: Double(index * 2)), end: Timestamp(seconds: Double(index * 2 + 1)),
                           speaker: speaker, title: title, locator: Locator(file: path))
            })
        })
    }

    /// The hits of `query` (the `Regex` reference) in the rows `keep` accepts.
    static func bruteForce(_ query: String, _ corpus: Corpus, keep: (Row) -> Bool) -> HitIndex {
        var index = HitIndex(rowCount: corpus.rowCount)
        let matcher = try! RegexMatcher(try! Query(query))
        for row in 0..<corpus.rowCount {
            let value = corpus.row(at: row)
            let utf8 = value.text.utf8
            index.append(row: row, utf8Ranges: keep(value) ? matcher.ranges(in: value.text).map {
                utf8.distance(from: utf8.startIndex, to: $0.lowerBound)..<utf8.distance(from: utf8.startIndex, to: $0.upperBound)
            } : [])
        }
        return index
    }
}
