import TranscriptModel
import TranscriptSearch

/// What a listing writes after a row holding approximate hits (`--fuzzy`): for each, its edits
/// and the text it matched, so a widened search is never silent: `  [≈1 York]`. Painted as the
/// separators are; nothing for a row whose hits are all exact.
enum ApproximateMarks {
    /// `  [≈1 York] [≈2 Gold Peak]` for the approximate hits starting in `row`, or nil.
    static func suffix(forRow row: Int, index: HitIndex, corpus: Corpus, styler: Styler) -> String? {
        guard index.hasApproximateHits else { return nil }
        let marks = index.positions(inRow: row).compactMap { position -> String? in
            let edits = index.edits(ofHitAt: position)
            guard edits > 0 else { return nil }
            return "[≈\(edits) " + ControlSequences.stripped(index.matchedText(ofHitAt: position, in: corpus)) + "]"
        }
        return marks.isEmpty ? nil : "  " + styler.paint(marks.joined(separator: " "), .separator)
    }
}
