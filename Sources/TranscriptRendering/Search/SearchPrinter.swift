import TranscriptModel
import TranscriptSearch

/// The printers of a search's result that are not its listing, as ripgrep has a summary printer
/// and a JSON printer beside its standard one: the command line chooses one and hands it a place
/// to write lines; nothing here knows about flags or the terminal.
///
/// | printer            | prints                                                               |
/// |--------------------|----------------------------------------------------------------------|
/// | `countLines`       | `path:N` per file with hits (`--sort` order), then `N total`          |
/// | `fileLines`        | the path of each file with hits                                     |
/// | `writeJSON`        | a `hit` record per hit, `context` records, then the `summary` record |
/// | `totalsLine`       | `12 hits in 9 rows of 3 files`, under a listing on a terminal        |
///
/// Each file's hit count is worked out once, when the printer is made (`hitsPerSource`).
public struct SearchPrinter {
    public let corpus: Corpus
    public let index: HitIndex
    /// The files in the order they are printed (`MeetingList.sourceOrder`).
    public let sources: [Int]
    /// Each source's hits, by source number. - Complexity: made in O(sources + rows with hits).
    public let hitsPerSource: [Int]

    /// A printer of `index`'s hits in `corpus`, files in the order `sources` gives.
    public init(corpus: Corpus, index: HitIndex, sources: [Int]) {
        self.corpus = corpus
        self.index = index
        self.sources = sources
        hitsPerSource = corpus.sources.indices.map { index.count(inRows: corpus.rows(ofSource: $0)) }
    }

    /// How many files hold a hit.
    public var filesWithHits: Int { hitsPerSource.count { $0 > 0 } }

    /// `path:N` for each file with hits, in `sources` order, then `N total` (as `wc` ends its list)
    /// when there are hits; paths escaped (`ControlSequences.escaped`) and painted by `styler`.
    public func countLines(styler: Styler) -> [String] {
        var lines = sources.filter { hitsPerSource[$0] > 0 }.map { source in
            styler.paint(ControlSequences.escaped(corpus.sources[source].path), .path) + ":\(hitsPerSource[source])"
        }
        if index.count > 0 { lines.append("\(index.count) total") }
        return lines
    }

    /// `countLines(styler:)` for hits counted elsewhere (a server): `path:N` for each file of
    /// `counts` with hits, in their order, then `N total` when there are hits.
    public static func countLines(_ counts: [(path: String, hits: Int)], styler: Styler) -> [String] {
        var lines = counts.filter { $0.hits > 0 }.map { styler.paint(ControlSequences.escaped($0.path), .path) + ":\($0.hits)" }
        let total = counts.reduce(0) { $0 + $1.hits }
        if total > 0 { lines.append("\(total) total") }
        return lines
    }

    /// `fileLines(styler:)` for hits counted elsewhere: the path of each file of `counts` with hits.
    public static func fileLines(_ counts: [(path: String, hits: Int)], styler: Styler) -> [String] {
        counts.filter { $0.hits > 0 }.map { styler.paint(ControlSequences.escaped($0.path), .path) }
    }

    /// The path of each file with hits, in `sources` order (escaped, painted by `styler`).
    public func fileLines(styler: Styler) -> [String] {
        sources.filter { hitsPerSource[$0] > 0 }.map { styler.paint(ControlSequences.escaped(corpus.sources[$0].path), .path) }
    }

    /// `12 hits in 9 rows of 3 files`: what a listing on a terminal ends with.
    public var totalsLine: String {
        let files = filesWithHits
        return "\(index.count) \(index.count == 1 ? "hit" : "hits") in \(index.rowsWithHits.count) rows of \(files) \(files == 1 ? "file" : "files")"
    }

    /// The JSON Lines of the search (`JSONLinesFormat`, schema 1): per file in `sources` order, the
    /// rows shown with `before`/`after` rows of context, a `hit` record per hit (a long row's text
    /// once, with its first hit) and a `context` record per other row; then `summary`. `write`
    /// returns false when the reader is gone: nothing more is written.
    public func writeJSON(before: Int, after: Int, summary: SearchSummary, write: (String) -> Bool) {
        for source in sources {
            let shown = ContextRows.shown(in: corpus.rows(ofSource: source), index: index, before: before, after: after, corpus: corpus)
            for row in shown.map(\.row) {
                let positions = index.positions(inRow: row)
                if positions.isEmpty {
                    guard write(JSONLinesFormat.contextRecord(corpus.row(at: row))) else { return }
                    continue
                }
                // The row made once for all its hits; a long row's text written once (its first
                // hit), so a megabyte line with thousands of hits stays linear.
                let value = corpus.row(at: row)
                let isLong = value.text.utf8.count > JSONLinesFormat.longRowBytes
                for position in positions {
                    let record = JSONLinesFormat.hitRecord(
                        at: position, of: index, in: corpus, row: value, includingText: !isLong || position == positions.lowerBound)
                    guard write(record) else { return }
                }
            }
        }
        _ = write(JSONLinesFormat.summaryRecord(summary))
    }
}
