import TranscriptSearch

extension HitCursor {
    /// What a step that wrapped says: where it landed, then how it got there, so that `next 3`
    /// from hit 120 of 121 reads "hit 2 of 121 (went past the last hit and wrapped to the first)",
    /// never as if it had landed on the first. `landedOn` counts from 0.
    static func wrapNote(landedOn position: Int, of count: Int, forward: Bool) -> String {
        "hit \(position + 1) of \(count) (went past the " + (forward ? "last hit and wrapped to the first)" : "first hit and wrapped to the last)")
    }
}
