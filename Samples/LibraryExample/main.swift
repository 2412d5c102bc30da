// The TranscriptSearch library as an app uses it, without a UI: the flow of a transcript view with
// a search field (as in "transcript search in SwiftUI": a Text built from an AttributedString, every
// hit highlighted, the current one distinct, buttons that step it and scroll to its row).
//
//   swift run tsearch-example [FILE] [QUERY]     (defaults: Samples/standup.vtt, budget)
//
// 1. load a meeting;  2. offer suggested tokens for what is typed;  3. search as the user types,
// through `Searcher` (stale results dropped);  4. show the rows on screen as AttributedString runs;
// 5. step the current hit and print the row to scroll to;  6. page through hits with snippets;
// 7. facets: where the hits are, each kind counted as if its own filter were not set.
import Foundation
import TranscriptFormats
import TranscriptModel
import TranscriptRendering
import TranscriptSearch

/// The app's screen: what the searcher delivered last.
actor Screen {
    private(set) var result: SearchResult?
    private(set) var delivered: [String] = []

    func show(_ result: SearchResult) {
        self.result = result
        delivered.append(result.request.description)
    }
}

/// A row as the app's `Text` would show it, its runs written out: `[hit]`, `{current hit}`,
/// `<3/17>` a hit-number label, `(00:00:05)` a time label, `«Alice: »` a speaker label.
func runs(_ line: AttributedString) -> String {
    var out = ""
    for run in line.runs {
        let text = String(line[run.range].characters)
        if run.transcript.currentHit == true {
            out += "{\(text)}"
        } else if run.transcript.hit != nil {
            out += "[\(text)]"
        } else if run.transcript.hitNumber != nil {
            out += "<\(text)>"
        } else if run.transcript.timestamp != nil {
            out += "(\(text))"
        } else if run.transcript.speakerLabel != nil {
            out += "«\(text)»"
        } else {
            out += text
        }
    }
    return out
}

let arguments = CommandLine.arguments
let path = arguments.count > 1 ? arguments[1] : "Samples/standup.vtt"
let typed = arguments.count > 2 ? arguments[2] : "budget"

do {
    // 1. Load: bytes in, rows out (format from the extension, or sniffed).
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let loaded = try TranscriptLoader.load(bytes: bytes, path: path)
    for warning in loaded.warnings { print("warning:", warning) }
    let corpus = Corpus([loaded.transcript])
    print("loaded \(corpus.rowCount) rows of \(path)")

    // 2. Suggested tokens: the speakers (sections, files) matching what is typed, with counts.
    //    Keep one catalog per corpus; each call then costs only the distinct names.
    let catalog = SuggestionCatalog(corpus: corpus)
    let suggestions = catalog.suggestions(for: "speaker:a").map { "\($0.token) (\($0.rows) rows)" }
    print("suggestions for \"speaker:a\": \(suggestions.joined(separator: ", "))")

    // 3. Search as the user types: each keystroke submits; the searcher waits for a quiet moment,
    //    drops stale results and refines the last search when the query only grew.
    let screen = Screen()
    let searcher = Searcher(debounce: .milliseconds(30), engine: Searcher.refiningEngine(over: corpus)) { await screen.show($0) }
    var last = -1
    for length in 1...typed.count {
        last = await searcher.submit(try SearchRequest(parsing: String(typed.prefix(length))))
        try await Task.sleep(for: .milliseconds(5))
    }
    while await searcher.lastDelivered < last { try await Task.sleep(for: .milliseconds(10)) }
    guard let result = await screen.result else { throw CancellationError() }
    let index = result.index
    print("typed \"\(typed)\": \(index.count) hits in \(index.rowsWithHits.count) rows")

    // 4. The rows on screen: the first hit current, its row and one row either side.
    var cursor = HitCursor(count: index.count)  // the first hit is current
    guard let first = cursor.current else {
        print("no hits")
        exit(1)
    }
    var view = AttributedTranscript(corpus: corpus, index: index, current: first)
    print("on screen:")
    let firstRow = index.hit(at: first).row
    for row in max(0, firstRow - 1)...min(corpus.rowCount - 1, firstRow + 1) { print("  " + runs(view.row(row))) }

    // 5. The "next" button: step the current hit, scroll to its row, redraw that row.
    for _ in 0..<2 {
        cursor.next()
        guard let current = cursor.current else { break }
        view.current = current
        let row = index.hit(at: current).row
        print("next: hit \(current + 1) of \(index.count), scroll to row \(corpus.id(ofRow: row))")
        print("  " + runs(view.row(row)))
    }

    // 6. A results list, a page at a time, each hit with its snippet.
    let iterator = try corpus.search(result.request, pageSize: 3, snippetLength: 20)
    if let page = try await iterator.next() {
        print("first page:")
        for hit in page {
            print("  #\(hit.position + 1) \(hit.start?.shortFormatted ?? "--:--") \(hit.speaker ?? "?"): " + runs(view.snippet(ofHitAt: hit.position, length: 20)))
        }
    }

    // 7. Facets: choosing a speaker keeps the others' counts (disjunctive).
    let chosen = try SearchRequest(parsing: "speaker:alice " + typed)
    let facets = try Facets(request: chosen, index: try chosen.runner().search(corpus), corpus: corpus)
    print("with speaker:alice, hits by speaker: " + facets.speakers.map { "\($0.value ?? "(none)") \($0.hits)" }.joined(separator: " · "))
} catch {
    print("error:", error)
    exit(2)
}
