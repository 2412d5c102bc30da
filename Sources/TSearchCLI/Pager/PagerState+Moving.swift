import TranscriptModel
import TranscriptSearch

/// Moving: steps between hits (in text order or best first), scrolling, jumping to a file, centring.
extension PagerState {
    /// `s`: the next hit in `--sort best`'s order (exact hits first, then by edits, then by
    /// position), wrapping to the first.
    mutating func stepBestFirst() {
        guard let current = cursor.current else {
            note = "no hits"
            return
        }
        let order = index.positionsBestFirst
        let at = order.firstIndex(of: current) ?? 0
        if at + 1 == order.count { note = "wrapped to the best hit" }
        cursor.select(order[(at + 1) % order.count])
        let edits = index.edits(ofHitAt: order[(at + 1) % order.count])
        if index.hasApproximateHits, note == nil { note = edits == 0 ? "exact" : "≈\(edits)" }
        if let current = cursor.current, !layout.rowsOnScreen.contains(index.hit(at: current).row) { centreOnCurrentHit() }
    }

    mutating func step(_ steps: Int) {
        guard let current = cursor.current else {
            note = "no hits"
            return
        }
        // As in less: after scrolling away, n and N step from what is on screen, not from the hit.
        let onScreen = layout.rowsOnScreen
        if !onScreen.contains(index.hit(at: current).row), let position = hitFromScreen(onScreen, forward: steps > 0) {
            cursor.select(position)
            return
        }
        if cursor.move(by: steps) == .wrapped {
            // The status line shows where it landed; the note says how it got there.
            note = steps > 0 ? "went past the last hit and wrapped round" : "went past the first hit and wrapped round"
        }
        // The screen moves only when the current hit's row leaves it; then the row is centred.
        if let current = cursor.current, !layout.rowsOnScreen.contains(index.hit(at: current).row) { centreOnCurrentHit() }
    }

    /// The first hit on screen or after it (`forward`), or the last on screen or before it; nil when
    /// there is none that way (then the step wraps as usual).
    func hitFromScreen(_ onScreen: Range<Int>, forward: Bool) -> Int? {
        if forward {
            var row = onScreen.lowerBound
            while row < corpus.rowCount {
                let positions = index.positions(inRow: row)
                if !positions.isEmpty { return positions.lowerBound }
                row += 1
            }
        } else {
            var row = min(onScreen.upperBound, corpus.rowCount) - 1
            while row >= 0 {
                let positions = index.positions(inRow: row)
                if !positions.isEmpty { return positions.upperBound - 1 }
                row -= 1
            }
        }
        return nil
    }

    /// What a scrolling key asks for, the rows' or an overlay's: the same keys scroll both.
    enum Scroll {
        case lines(Int)
        case pages(Int)
        case top
        case bottom

        init?(_ key: PagerKey) {
            switch key {
            case .character("j"), .down, .wheelDown: self = .lines(1)
            case .character("k"), .up, .wheelUp: self = .lines(-1)
            case .character(" "), .pageDown, .control("f"): self = .pages(1)
            case .character("b"), .pageUp, .control("b"): self = .pages(-1)
            case .character("g"), .home: self = .top
            case .character("G"), .end: self = .bottom
            default: return nil
            }
        }
    }

    mutating func scroll(by rows: Int) {
        topRow = min(max(0, topRow + rows), max(0, corpus.rowCount - 1))
    }

    mutating func scrollToBottom() {
        topRow = max(0, corpus.rowCount - 1)
        guard corpus.rowCount > 0 else { return }
        // The last row's lines, then each row above it that still fits whole.
        var used = PagerLayout.height(ofRow: topRow, in: self)
        while topRow > 0 {
            let height = PagerLayout.height(ofRow: topRow - 1, in: self)
            if used + height > contentHeight { break }
            used += height
            topRow -= 1
        }
    }

    /// Puts the current hit's row in the middle of the screen.
    /// Makes the first hit of source `source` current and shows it (nothing when it has none).
    mutating func jumpToFirstHit(ofSource source: Int) {
        let rows = corpus.rows(ofSource: source)
        guard index.count(inRows: rows) > 0 else { return }
        _ = cursor.select(index.positions(inRow: rows.lowerBound).lowerBound)
        centreOnCurrentHit()
    }

    mutating func centreOnCurrentHit() {
        guard let current = cursor.current else { return }
        let row = index.hit(at: current).row
        var top = row
        var used = PagerLayout.height(ofRow: row, in: self)
        while top > 0 {
            let height = PagerLayout.height(ofRow: top - 1, in: self)
            if used + height > contentHeight / 2 + 1 { break }
            used += height
            top -= 1
        }
        topRow = top
    }
}
