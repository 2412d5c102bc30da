import TranscriptModel

/// Where each term hit lies for a scope (`WindowScope`), as a group and a span of values: hits fit
/// in one window when they share the group and the values of all of them lie within `limit`.
///
/// ```
///  scope      group                                    values (lo…hi)             limit
///  row        the row                                  0                          0
///  turn       the turn (rows of one speaker, or less   0                          0
///             than 2 s apart without speakers)
///  file       the file                                 0                          0
///  Ns         the file, cut at each row without times   start ms of first…last row  N × 1000
///  Nw         the file                                 first…last word number     N − 1
/// ```
///
/// Word numbers count the word starts (`WordStarts`) before a place in the file's text, its rows
/// joined by a separator: a hit's `lo` counts up to and including its first character, its `hi`
/// up to its end, so a hit inside one word has `lo == hi` and `"action item"` has `hi == lo + 1`.
///
/// Groups only grow along the stream (so "same group" is "first and last alike"). `places(of:)`
/// computes every place in one pass, each from the previous one (words are counted only between
/// neighbouring hits, and not past `limit`: a larger gap is clamped to `limit + 1`, which fits
/// no window either way); `referencePlace(of:tables:)` computes one from the definition, from
/// tables of every row counted from the start (`referenceTables()`), for the reference.
struct WindowPlaces {
    struct Place: Equatable {
        var group: Int
        var lo: Int64
        var hi: Int64
    }

    let scope: WindowScope
    let corpus: Corpus

    /// The most `hi − lo` a window may span.
    var limit: Int64 {
        switch scope {
        case .row, .turn, .file: 0
        case .seconds(let seconds): Int64(seconds) * 1000
        case .words(let words): Int64(words - 1)
        }
    }

    /// Whether places fit in one window: one group, values within `limit`.
    func fit(_ places: some Collection<Place>) -> Bool {
        guard let first = places.first else { return true }
        let hi = places.reduce(Int64.min) { max($0, $1.hi) }, lo = places.reduce(Int64.max) { min($0, $1.lo) }
        return places.allSatisfy { $0.group == first.group } && hi - lo <= limit
    }

    // MARK: One pass

    /// The place of every hit of `stream`, in one pass.
    func places(of stream: [WindowTerms.TermHit]) -> [Place] {
        if case .seconds = scope {
            return corpus.withStartMilliseconds { starts in
                corpus.withTextBuffer { _, offsets in secondsPlaces(of: stream, starts: starts, offsets: offsets) }
            }
        }
        var places: [Place] = []
        places.reserveCapacity(stream.count)
        var turn = 0, turnRow = -1
        var source = -1
        var previous: WindowTerms.TermHit?
        // The source of a row, looked up only when a row leaves the last one found.
        var known = (source: -1, rows: 0..<0)
        func sourceOf(_ row: Int) -> Int {
            if !known.rows.contains(row) {
                let found = corpus.source(ofRow: row)
                known = (found, corpus.rows(ofSource: found))
            }
            return known.source
        }
        for hit in stream {
            let hitSource = sourceOf(hit.row)
            defer { source = hitSource; previous = hit }
            switch scope {
            case .row:
                places.append(Place(group: hit.row, lo: 0, hi: 0))
            case .file:
                places.append(Place(group: hitSource, lo: 0, hi: 0))
            case .turn:
                if turnRow < 0 { turnRow = hit.row; turn = 0 }
                while turnRow < hit.row {
                    turnRow += 1
                    // A file's first row begins a turn; within a file, the speakers and times say.
                    if !known.rows.contains(turnRow) { _ = sourceOf(turnRow) }
                    if turnRow == known.rows.lowerBound || startsTurnInItsFile(turnRow) { turn += 1 }
                }
                places.append(Place(group: turn, lo: 0, hi: 0))
            case .seconds:
                preconditionFailure("seconds are placed by secondsPlaces(of:starts:offsets:)")
            case .words:
                let cap = Int(limit) + 1
                let first = afterFirstCharacterInRow(of: hit)
                var lo: Int64 = 0
                if let previous, hitSource == source, let last = places.last {
                    let from = afterFirstCharacterInRow(of: previous)
                    lo = last.lo + Int64(corpus.withTextBuffer { bytes, offsets in
                        WordStarts.count(from: from.place, inRow: from.row, to: first.place, cap: cap, bytes: bytes, offsets: offsets)
                    })
                }
                let hi = lo + Int64(corpus.withTextBuffer { bytes, offsets in
                    WordStarts.count(from: first.place, inRow: first.row, to: hit.end, cap: cap, bytes: bytes, offsets: offsets)
                })
                places.append(Place(group: hitSource, lo: lo, hi: max(lo, hi)))
            }
        }
        return places
    }

    /// `places(of:)` for `.seconds`, with the rows' starts and text offsets held for the whole pass
    /// (a hit costs a few loads, not a column's lookup): a group per stretch of timed rows of one
    /// file (an untimed row is a group alone), values from the start of the hit's first row to the
    /// start of its last.
    private func secondsPlaces(
        of stream: [WindowTerms.TermHit], starts: UnsafeBufferPointer<Int64>, offsets: UnsafeBufferPointer<Int>
    ) -> [Place] {
        var places: [Place] = []
        places.reserveCapacity(stream.count)
        var cuts = 0, cutRow = -1, cutSource = -1
        var known = (source: -1, rows: 0..<0)
        let rowCount = corpus.rowCount
        for hit in stream {
            // The rows from the last hit's to this one's, each told its file only when it leaves
            // the last one found.
            while cutRow < hit.row {
                let row = cutRow < 0 ? hit.row : cutRow + 1
                if !known.rows.contains(row) {
                    let found = corpus.source(ofRow: row)
                    known = (found, corpus.rows(ofSource: found))
                }
                if cutRow >= 0 && (known.source != cutSource || starts[row] < 0 || starts[row - 1] < 0) { cuts += 1 }
                cutRow = row
                cutSource = known.source
            }
            // The row the hit ends in: past its row's text and the separator after it, it goes on.
            var last = hit.row, end = hit.range.upperBound
            while end > offsets[last + 1] - offsets[last] + 1, last + 1 < rowCount {
                end -= offsets[last + 1] - offsets[last] + 1
                last += 1
            }
            places.append(Place(group: cuts, lo: max(0, starts[hit.row]), hi: max(0, starts[last])))
        }
        return places
    }

    // MARK: From the definition

    /// Every row's turn, stretch of timed rows, and words before it in its file, counted row by row
    /// from the corpus's start (plain, for the reference: no row is skipped).
    struct RowTables {
        var turn: [Int] = []
        var stretch: [Int] = []
        var wordsBefore: [Int] = []
    }

    /// The tables `referencePlace(of:tables:)` reads, for every row of the corpus.
    func referenceTables() -> RowTables {
        var tables = RowTables()
        var turn = 0, stretch = 0, words = 0
        for row in 0..<corpus.rowCount {
            if row > 0 && isTurnStart(row) { turn += 1 }
            let newFile = row == 0 || corpus.source(ofRow: row) != corpus.source(ofRow: row - 1)
            if row > 0 && (newFile || !isTimed(row) || !isTimed(row - 1)) { stretch += 1 }
            if newFile { words = 0 }
            tables.turn.append(turn)
            tables.stretch.append(stretch)
            tables.wordsBefore.append(words)
            words += corpus.withTextBytes(ofRow: row) { WordStarts.count(in: $0, 0..<$0.count, after: .separator).count }
        }
        return tables
    }

    /// The place of `hit` from the definition: its row's turn or stretch, or the words from its
    /// file's start (the words of the rows before, then those of its row up to the hit).
    func referencePlace(of hit: WindowTerms.TermHit, tables: RowTables) -> Place {
        let source = corpus.source(ofRow: hit.row)
        switch scope {
        case .row:
            return Place(group: hit.row, lo: 0, hi: 0)
        case .file:
            return Place(group: source, lo: 0, hi: 0)
        case .turn:
            return Place(group: tables.turn[hit.row], lo: 0, hi: 0)
        case .seconds:
            return Place(group: tables.stretch[hit.row], lo: startMilliseconds(hit.row), hi: startMilliseconds(lastRow(of: hit)))
        case .words:
            func words(before place: Int) -> Int {
                let (row, offset) = location(of: place)
                let inRow = corpus.withTextBytes(ofRow: row) { WordStarts.count(in: $0, 0..<min(offset, $0.count), after: .separator).count }
                return tables.wordsBefore[row] + inRow
            }
            let lo = words(before: afterFirstCharacter(of: hit))
            let hi = words(before: hit.end)
            return Place(group: source, lo: Int64(lo), hi: Int64(max(lo, hi)))
        }
    }

    // MARK: Rows

    /// Whether `row` begins a turn: the first row of a file; a change of speaker; without
    /// speakers, a row without times or one starting 2 s or more after the one before ended.
    func isTurnStart(_ row: Int) -> Bool {
        guard row > 0, corpus.source(ofRow: row) == corpus.source(ofRow: row - 1) else { return true }
        return startsTurnInItsFile(row)
    }

    /// `isTurnStart` for a row that is not its file's first.
    func startsTurnInItsFile(_ row: Int) -> Bool {
        let speaker = corpus.speakerNumber(ofRow: row), before = corpus.speakerNumber(ofRow: row - 1)
        if speaker >= 0 || before >= 0 { return speaker != before }
        let (start, _) = corpus.milliseconds(ofRow: row)
        let (previousStart, previousEnd) = corpus.milliseconds(ofRow: row - 1)
        let previous = previousEnd >= 0 ? previousEnd : previousStart
        return start < 0 || previous < 0 || start - previous >= WindowScope.turnGapMilliseconds
    }

    func isTimed(_ row: Int) -> Bool { corpus.milliseconds(ofRow: row).start >= 0 }

    func startMilliseconds(_ row: Int) -> Int64 { max(0, corpus.milliseconds(ofRow: row).start) }

    /// The row `hit` ends in (its own for a hit within one row). - Complexity: O(rows it covers).
    func lastRow(of hit: WindowTerms.TermHit) -> Int {
        corpus.withTextBuffer { _, offsets in
            var row = hit.row, end = hit.range.upperBound
            // Past this row's text and the separator after it, the hit goes on in the next row.
            while end > offsets[row + 1] - offsets[row] + 1, row + 1 < corpus.rowCount {
                end -= offsets[row + 1] - offsets[row] + 1
                row += 1
            }
            return row
        }
    }

    // MARK: Places in the text

    /// The row and offset of place `place` (`WindowTerms.place`); a place on the separator after a
    /// row is that row's end. - Complexity: O(log rows).
    func location(of place: Int) -> (row: Int, offset: Int) {
        corpus.withTextBuffer { _, offsets in
            // The last row whose start is at or before the place.
            var low = 0, high = corpus.rowCount - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if offsets[mid] + mid <= place { low = mid } else { high = mid - 1 }
            }
            return (low, place - offsets[low] - low)
        }
    }

    /// The place just after the first character of `hit` and the row it lies in (the next row,
    /// for a hit that starts on the separator after its row), from the hit's own row and range.
    func afterFirstCharacterInRow(of hit: WindowTerms.TermHit) -> (place: Int, row: Int) {
        corpus.withTextBytes(ofRow: hit.row) { bytes in
            let offset = hit.range.lowerBound
            guard offset < bytes.count else { return (hit.begin + 1, min(hit.row + 1, corpus.rowCount - 1)) }
            return (hit.begin + WordStarts.decode(bytes, at: offset).length, hit.row)
        }
    }

    /// The place just after the first character of `hit` (after the separator, for a hit that
    /// starts on one).
    func afterFirstCharacter(of hit: WindowTerms.TermHit) -> Int {
        let (row, offset) = location(of: hit.begin)
        return corpus.withTextBytes(ofRow: row) { bytes in
            offset < bytes.count ? hit.begin + WordStarts.decode(bytes, at: offset).length : hit.begin + 1
        }
    }
}
