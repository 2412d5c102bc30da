// A tiny app-shaped use of the TranscriptSearch library: load, search, page, step the current hit.
//
//   swift run tsearch-example [FILE] [QUERY]     (defaults: Samples/standup.vtt, budget)
import Foundation
import TranscriptFormats
import TranscriptModel
import TranscriptSearch

let arguments = CommandLine.arguments
let path = arguments.count > 1 ? arguments[1] : "Samples/standup.vtt"
let queryText = arguments.count > 2 ? arguments[2] : "budget"

do {
    // 1. Load: bytes in, rows out (format from the extension, or sniffed).
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    let loaded = try TranscriptLoader.load(bytes: bytes, path: path)
    for warning in loaded.warnings { print("warning:", warning) }
    let corpus = Corpus([loaded.transcript])

    // 2. Search, a page at a time (tokens such as speaker:Alice work here too).
    let request = try SearchRequest(parsing: queryText, options: SearchOptions(diacritics: .insensitive))
    let iterator = try corpus.search(request, pageSize: 3, snippetLength: 20)
    var page = 0
    while let hits = try await iterator.next() {
        page += 1
        print("page \(page):")
        for hit in hits {
            let time = hit.start?.shortFormatted ?? "--:--"
            print("  #\(hit.position + 1) \(time) \(hit.speaker ?? "?"): …\(hit.snippet.before)[\(hit.snippet.highlight)]\(hit.snippet.after)…")
        }
    }

    // 3. The hit maps and a cursor, as a pager's "next" button uses them.
    let index = try request.runner().search(corpus)
    var cursor = HitCursor(count: index.count)
    cursor.next()
    cursor.next()
    if let current = cursor.current {
        let hit = index.hit(at: current)
        print("current: hit \(current + 1) of \(index.count), row \(corpus.id(ofRow: hit.row)), bytes \(hit.utf8Range)")
    }
} catch {
    print("error:", error)
    exit(2)
}
