import TranscriptModel
import TranscriptSearch

/// The human listing of `tsearch search`: for each file with hits a heading, then one line per row
/// with hits (`k/N  time  Speaker: text`, every hit highlighted), with `contextRows` rows of context
/// around each (dimmed) and, with context, `--` between groups that are not adjacent, as grep does.
///
/// ```
/// Samples/standup.vtt
///  3/52  00:01:12  Alice: we need the budget by Friday
/// ```
public struct HitListing: Sendable {
    public let corpus: Corpus
    public let index: HitIndex
    public let formatting: RowFormatting
    public let contextRows: Int

    public init(corpus: Corpus, index: HitIndex, styler: Styler, contextRows: Int = 0) {
        self.corpus = corpus
        self.index = index
        self.formatting = RowFormatting(styler: styler)
        self.contextRows = max(0, contextRows)
    }

    /// The lines for one source: empty when it has no hits. `current` paints one hit apart.
    public func lines(forSource source: Int, current: Int? = nil) -> [String] {
        let rows = corpus.rows(ofSource: source)
        guard index.count(inRows: rows) > 0 else { return [] }
        let styler = formatting.styler
        var lines = [styler.paint(TerminalSafeText.sanitized(corpus.sources[source].path), .path)]
        let numberWidth = formatting.hitNumbers(0..<index.count, of: index.count).count + 2
        var lastPrinted: Int?
        var shownTitle: String?
        for row in rows where !index.positions(inRow: row).isEmpty {
            let from = max(rows.lowerBound, row - contextRows, (lastPrinted ?? -1) + 1)
            let to = min(rows.upperBound - 1, row + contextRows)
            if contextRows > 0, let last = lastPrinted, from > last + 1 {
                lines.append(styler.paint("--", .separator))
            }
            for shown in from...to where shown > (lastPrinted ?? -1) {
                let value = corpus.row(at: shown)
                if let title = value.title, title != shownTitle {
                    lines.append(styler.paint("§ " + TerminalSafeText.sanitized(title), .section))
                }
                shownTitle = value.title
                let positions = index.positions(inRow: shown)
                let number = positions.isEmpty ? "" : formatting.hitNumbers(positions, of: index.count)
                let padded = String(repeating: " ", count: max(0, numberWidth - number.count)) + number
                let place = formatting.place(of: value)
                if positions.isEmpty {
                    let text = TerminalSafeText.sanitized(value.text)
                    let speaker = value.speaker.map { TerminalSafeText.sanitized($0) + ": " } ?? ""
                    lines.append(styler.paint("\(padded)  \(place)  \(speaker)\(text)", .context))
                } else {
                    lines.append(
                        styler.paint(padded, .hitNumber) + "  " + styler.paint(place, .time) + "  "
                            + formatting.speakerPrefix(of: value)
                            + formatting.highlighted(value.text, hits: index.hits(inRow: shown), current: current)
                    )
                }
                lastPrinted = shown
            }
        }
        return lines
    }
}
