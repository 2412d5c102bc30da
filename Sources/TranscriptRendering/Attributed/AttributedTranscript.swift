import Foundation
import TranscriptModel
import TranscriptSearch

/// A search's rows as `AttributedString`s, every hit marked with `TranscriptAttributes` and the
/// current one apart: what an app's transcript view shows (a SwiftUI `Text(attributed)`), with no
/// UTF-8 offsets or `String.Index` arithmetic left to the app.
///
/// ```
///  let view = AttributedTranscript(corpus: corpus, index: index, current: 2)
///  view.row(7)               "3/17 00:06:32 Alice: we need the budget by Friday"
///                             ^hitNumber ^timestamp ^speakerLabel   ^^^^^^ hit 2, currentHit
///  view.text(ofRow: 7)       the row's text alone, hits marked
///  view.snippet(ofHitAt: 2)  "…need the budget by…" (Snippet's window)
///  view.context(ofHitAt: 2)  the hit's rows and `rows` either side, one line each
/// ```
///
/// Ranges: a row's text goes into the string unchanged, scalar for scalar (NFD stays NFD), and each
/// hit segment (`HitIndex.segments(inRow:in:)`) is marked at exactly its UTF-8 offsets, which lie on
/// `Character` boundaries; so an emoji sequence or a decomposed `é` is never split, and a hit across
/// rows (`--across-cues`) is marked in each row it covers, with the same `hit` value. Labels never
/// carry `hit`. The transcript's text is not made terminal-safe here: an `AttributedString` is not
/// a terminal.
public struct AttributedTranscript: Sendable {
    /// The rows shown.
    public let corpus: Corpus
    /// The hits marked: a search over `corpus`.
    public let index: HitIndex
    /// The current hit's position, marked `currentHit`; nil for none.
    public var current: Int?

    /// The rows of `corpus` with the hits of `index` (a search over that corpus).
    public init(corpus: Corpus, index: HitIndex, current: Int? = nil) {
        self.corpus = corpus
        self.index = index
        self.current = current
    }

    /// Row `row`'s text, each hit segment in it marked `hit` (and `currentHit`).
    /// - Complexity: O(length of the text + hits in the row).
    public func text(ofRow row: Int) -> AttributedString {
        marked(corpus.text(ofRow: row), index.segments(inRow: row, in: corpus))
    }

    /// Row `row` as a listing shows it: its hit numbers (`3/17 `, when it has hits of its own), its
    /// time (`00:06:32 `, when it has one), its speaker (`Alice: `), then `text(ofRow:)`.
    public func row(_ row: Int) -> AttributedString {
        var line = AttributedString()
        let positions = index.positions(inRow: row)
        if !positions.isEmpty {
            let numbers = positions.count == 1
                ? "\(positions.lowerBound + 1)/\(index.count)"
                : "\(positions.lowerBound + 1)-\(positions.upperBound)/\(index.count)"
            var label = AttributedString(numbers)
            label.transcript.hitNumber = positions.lowerBound
            line += label
            line += AttributedString(" ")
        }
        if let start = corpus.times(ofRow: row).start {
            var label = AttributedString(RowFormatting.clock(start))
            label.transcript.timestamp = Double(start.milliseconds) / 1000
            line += label
            line += AttributedString(" ")
        }
        if let speaker = corpus.speaker(ofRow: row) {
            var label = AttributedString(speaker + ": ")
            label.transcript.speakerLabel = speaker
            line += label
        }
        line += text(ofRow: row)
        return line
    }

    /// The hit at `position` in its surroundings: the part of its row's text `Snippet` would show
    /// (`length` characters each side, extended to a word), with `…` where the text goes on. Every
    /// hit in that window is marked, as in `text(ofRow:)`; whitespace is kept as the row has it.
    /// For a hit across rows, the window is taken from the part in its own row.
    public func snippet(ofHitAt position: Int, length: Int = 40) -> AttributedString {
        let hit = index.hit(at: position)
        let text = corpus.text(ofRow: hit.row)
        let window = Snippet.window(around: hit.range(in: text), in: text, length: length)
        let whole = self.text(ofRow: hit.row)
        let utf8 = text.utf8
        let lower = whole.utf8.index(whole.startIndex, offsetBy: utf8.distance(from: utf8.startIndex, to: window.lowerBound))
        let upper = whole.utf8.index(lower, offsetBy: utf8.distance(from: window.lowerBound, to: window.upperBound))
        var snippet = AttributedString(whole[lower..<upper])
        if window.lowerBound > text.startIndex { snippet = AttributedString("…") + snippet }
        if window.upperBound < text.endIndex { snippet += AttributedString("…") }
        return snippet
    }

    /// The rows of the hit at `position` (every row a hit across rows covers) and up to `rows`
    /// rows either side within its file, each as `row(_:)`, one per line ("\n" between them).
    public func context(ofHitAt position: Int, rows: Int = 1) -> AttributedString {
        let hit = index.hit(at: position)
        let file = corpus.rows(ofSource: corpus.source(ofRow: hit.row))
        let first = max(file.lowerBound, hit.row - max(0, rows))
        let last = min(file.upperBound - 1, index.lastRow(ofHitAt: position, in: corpus) + max(0, rows))
        var lines = AttributedString()
        for row in first...last {
            if row > first { lines += AttributedString("\n") }
            lines += self.row(row)
        }
        return lines
    }

    /// `text` with `segments` (this row's, in text order) marked, built piece by piece from the
    /// text's own slices, so no index is reused across a mutation.
    private func marked(_ text: String, _ segments: [HitSegment]) -> AttributedString {
        let utf8 = text.utf8
        var attributed = AttributedString()
        var cursor = utf8.startIndex
        var cursorOffset = 0
        for segment in segments {
            let range = segment.utf8Range.clamped(to: 0..<utf8.count)
            guard range.lowerBound >= cursorOffset, !range.isEmpty else { continue }
            let lower = utf8.index(cursor, offsetBy: range.lowerBound - cursorOffset)
            let upper = utf8.index(lower, offsetBy: range.count)
            attributed += AttributedString(text[cursor..<lower])
            var hit = AttributedString(text[lower..<upper])
            hit.transcript.hit = segment.position
            if segment.position == current { hit.transcript.currentHit = true }
            let edits = index.edits(ofHitAt: segment.position)
            if edits > 0 { hit.transcript.approximate = edits }
            attributed += hit
            cursor = upper
            cursorOffset = range.upperBound
        }
        attributed += AttributedString(text[cursor...])
        return attributed
    }
}
