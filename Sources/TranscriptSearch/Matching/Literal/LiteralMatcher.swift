import Dispatch
import Foundation
import TranscriptModel

/// The fast matcher for verbatim queries (case-insensitive or case-sensitive, anywhere or as whole
/// words, accents on or off, Turkic case or not): it scans the corpus's row text as one UTF-8
/// buffer and gives exactly the `RegexMatcher`'s hits.
///
/// ```
///  buffer  |row 0 text|row 1 text|row 2 text|…          one contiguous UTF-8 buffer + offsets
///  1 hazards   find each hazard needle (a mark of an accented query character, the Kelvin sign
///              for k, …: memchr for its last byte, then the bytes before it) → those rows go to
///              the reference
///  2 anchor    an ASCII run of the query: `PairScanner` tests the run's two rarest bytes at their
///              distance, 16 places at a time, letters in either case; or every spelling of one
///              query character, each found as in step 1 → candidate positions
///  3 verify    step back to the candidate hit's start and compare character by character, each
///              text character being one ASCII or plain scalar → hit | miss | unsure (row → reference)
///  3b words    for whole words, a hit's two ends must be word boundaries (`WordBoundary`, decided
///              on ASCII bytes: apostrophes, full stops and colons between letters, commas between
///              digits…); a boundary next to a non-ASCII scalar is unsure (row → reference)
///  4 reference the rows sent to it are searched by `RegexMatcher`; hits merged in row order
/// ```
///
/// The anchor (`LiteralPattern`) is the longest run of query characters that match only ASCII
/// bytes when it has three characters or more, or when the query has no non-ASCII character to
/// anchor on; then the non-ASCII character with the widest spelling. With accents off or Turkic
/// case, it is the character whose accepted scalars are rarest in text (Turkic: an ASCII run of
/// three or more first).
///
/// Why it is exact: among ASCII and plain scalars (`PlainScalars`) every scalar is a whole
/// character, and a query character's `CharacterPattern` accepts exactly the scalars the reference
/// matches it with. Any matching text character that is not one such scalar contains a non-plain
/// scalar (a mark, a joiner, …), which makes the verify step unsure, or a hazard, which sends its
/// row to the reference before the scan. `LiteralMatcherTests` compares the two on generated
/// corpora and hard cases.
///
/// Cost: O(bytes) for the scan, about one pass over memory (the pair filter reports few places that
/// are not hits; memchr for hazards and non-ASCII anchors), O(candidates × query length) for the
/// verify step, and the reference's speed on the rows sent to it. The `SearchRunner` hands it
/// pieces of rows on every core.
///
/// What each option and combination runs (the runner picks the matcher: `SearchRequest.runner()`):
///
/// | options                                   | matcher                                              |
/// |-------------------------------------------|------------------------------------------------------|
/// | verbatim, `-s`, `-w`, `-s -w`             | this scan                                            |
/// | any of those `--across-cues`              | this scan over each transcript's joined text, in chunks on every core (`JoinedChunks`) |
/// | `-E` of literals only (`a|b c`), with `-w`/`-s`/across | `LiteralSetMatcher` (this scan per alternative) |
/// | `-E` with a required literal              | `PrefilteredRegexMatcher`: this scan picks rows, `Regex` on them |
/// | `-E` with nothing to narrow by            | `RegexMatcher` on every core                         |
/// | `--ignore-accents`, `--language tr`/`az`, with `-s`/`-w`/across | this scan with folding (`LiteralPattern.Folding`): each |
/// |                                           | query character accepts every plain scalar that folds to a match |
/// | a query with no plain character (`한`, `👍`) | `RegexMatcher` on every core                       |
public struct LiteralMatcher: Matcher, HitLengthBounded {
    let pattern: LiteralPattern
    let reference: RegexMatcher
    /// In ASCII text each character is one byte and folds to one character, and a hit has one
    /// text character per character of the folded query: at most its scalars after canonical
    /// decomposition, fewer than four per UTF-8 byte of the query.
    let longestASCIIHit: Int

    /// A literal matcher for `query`, or nil when its options or characters are not ones it
    /// implements (regular expressions, a query with no character to anchor on): then use
    /// `RegexMatcher`.
    public init?(_ query: Query) {
        guard let reference = try? RegexMatcher(query), let pattern = LiteralPattern(query)
        else { return nil }
        self.pattern = pattern
        self.reference = reference
        longestASCIIHit = 4 * query.text.utf8.count
    }

    /// The hits in `text`, searched as a corpus of one row.
    public func ranges(in text: String) -> [Range<String.Index>] {
        HitList.ranges(in: text) { search($0, offsets: $1, rows: 0..<1) }
    }

    /// The hits in `rows` of `buffer`: the scan, then the reference on the rows it leaves unsure. The
    /// scan is fast enough that `deadline` is not checked.
    public func hits(
        in buffer: RowBuffer, rows: Range<Int>, until deadline: ContinuousClock.Instant?
    ) throws(SearchRunner.Interruption) -> HitList {
        search(buffer.bytes, offsets: buffer.offsets, rows: rows)
    }
}

extension LiteralMatcher {
    /// The hits in `rows` (row-relative UTF-8 offsets).
    func search(_ bytes: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<Int>, rows: Range<Int>) -> HitList {
        let scanned = scan(bytes, offsets: offsets, rows: rows, occurrences: .nonOverlapping)
        guard scanned.needsReference.contains(true) else { return scanned.hits }
        let referred = referenceHits(bytes, offsets: offsets, rows: rows, only: scanned.needsReference)
        return scanned.hits.merged(with: referred)
    }

    /// Which occurrences the scan reports.
    enum Occurrences {
        /// The reference's hits: non-overlapping, left to right.
        case nonOverlapping
        /// Every place the query matches, overlapping ones too (for a set of alternatives, which
        /// chooses among them afterwards).
        case all
    }

    /// The scan without the reference: the hits it is sure of, and the rows of `rows` it leaves to
    /// the reference (`needsReference[row - rows.lowerBound]`; their hits are not in `hits`).
    func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<Int>, rows: Range<Int>, occurrences: Occurrences
    ) -> (hits: HitList, needsReference: [Bool]) {
        // An empty buffer (every row empty) has no hits: the query is never empty.
        guard !rows.isEmpty, let base = bytes.baseAddress else { return (HitList(), [Bool](repeating: false, count: rows.count)) }
        return pattern.characters.withUnsafeBufferPointer { characters in
            var scan = PieceScan(
                bytes: bytes, base: base, offsets: offsets, rows: rows, characters: characters,
                words: pattern.words, folding: pattern.folding, occurrences: occurrences)
            scan.markHazards(pattern.hazards)
            switch pattern.anchor {
            case .asciiRun(let run, let probes):
                PairScanner(first: probes.0, second: probes.1).scan(base, from: scan.lower, to: scan.upper) { runStart in
                    scan.considerRun(at: runStart, characters: run)
                }
            case .scalar(let character, let needles):
                scan.considerSpellings(needles, ofCharacter: character)
            }
            return (scan.hits, scan.needsReference)
        }
    }

    /// The reference's hits in `rows` (those marked in `only`, or all).
    func referenceHits(
        _ bytes: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<Int>, rows: Range<Int>, only: [Bool]?
    ) -> HitList {
        var hits = HitList()
        for row in rows where only?[row - rows.lowerBound] ?? true {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offsets[row]..<offsets[row + 1]]), as: UTF8.self)
            let utf8 = text.utf8
            for range in reference.ranges(in: text) {
                hits.append(
                    row: row, start: utf8.distance(from: utf8.startIndex, to: range.lowerBound),
                    end: utf8.distance(from: utf8.startIndex, to: range.upperBound))
            }
        }
        return hits
    }
}

/// One piece of a literal search: the hazard pass, the verify step and its bookkeeping.
private struct PieceScan {
    /// What the verify step concluded at one candidate start.
    enum Verdict {
        case hit(end: Int)
        case miss
        case unsure
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let base: UnsafePointer<UInt8>
    let offsets: UnsafeBufferPointer<Int>
    let rows: Range<Int>
    let characters: UnsafeBufferPointer<LiteralPattern.CharacterPattern>
    let words: WordMatching
    let folding: LiteralPattern.Folding
    let occurrences: LiteralMatcher.Occurrences
    /// The piece's first and last byte (exclusive).
    let lower: Int
    let upper: Int
    var hits = HitList()
    /// Per row of the piece: left to the reference.
    var needsReference: [Bool]
    /// The row holding the current candidate; candidates come in ascending order.
    private var row: Int
    private var lastHitRow = -1
    private var lastHitEnd = 0

    init(
        bytes: UnsafeBufferPointer<UInt8>, base: UnsafePointer<UInt8>, offsets: UnsafeBufferPointer<Int>,
        rows: Range<Int>, characters: UnsafeBufferPointer<LiteralPattern.CharacterPattern>,
        words: WordMatching, folding: LiteralPattern.Folding, occurrences: LiteralMatcher.Occurrences
    ) {
        self.words = words
        self.folding = folding
        self.occurrences = occurrences
        self.bytes = bytes
        self.base = base
        self.offsets = offsets
        self.rows = rows
        self.characters = characters
        lower = offsets[rows.lowerBound]
        upper = offsets[rows.upperBound]
        needsReference = [Bool](repeating: false, count: rows.count)
        row = rows.lowerBound
    }

    /// Step 1: rows holding a hazard go to the reference.
    mutating func markHazards(_ hazards: [LiteralPattern.Hazard]) {
        for hazard in hazards {
            var position = lower
            while let found = Self.find(hazard.needle, base: base, from: position, to: upper) {
                let row = RowBuffer(bytes: bytes, offsets: offsets).row(containing: found, in: rows)
                let end = found + hazard.needle.count
                let isHarmless = hazard.harmlessWhenEnding.contains { spelling in
                    end - spelling.count >= offsets[row] && Self.bytes(base, at: end - spelling.count, equal: spelling)
                }
                if isHarmless {
                    position = end
                } else {
                    needsReference[row - rows.lowerBound] = true
                    position = offsets[row + 1]
                }
            }
        }
    }

    @inline(__always)
    static func bytes(_ base: UnsafePointer<UInt8>, at position: Int, equal spelling: [UInt8]) -> Bool {
        for offset in spelling.indices where base[position + offset] != spelling[offset] { return false }
        return true
    }

    /// A place where the ASCII run's two probes matched: checks the whole run, then verifies.
    /// Returns the next position to consider.
    @inline(__always)
    mutating func considerRun(at runStart: Int, characters run: Range<Int>) -> Int {
        guard runStart + run.count <= upper else { return runStart + 1 }
        for offset in 0..<run.count where !characters[run.lowerBound + offset].accepts(UInt32(base[runStart + offset])) {
            return runStart + 1
        }
        return consider(anchorStart: runStart, anchorWidth: run.count, precedingCharacters: run.lowerBound)
    }

    /// Every place one of `needles` (the spellings of query character `character`) occurs, in
    /// position order, verified.
    mutating func considerSpellings(_ needles: [[UInt8]], ofCharacter character: Int) {
        var nextFound = needles.map { Self.find($0, base: base, from: lower, to: upper) }
        while true {
            var stream = -1
            for index in nextFound.indices {
                if let position = nextFound[index], stream < 0 || position < nextFound[stream] ?? Int.max { stream = index }
            }
            guard stream >= 0, let found = nextFound[stream] else { break }
            let resume = consider(anchorStart: found, anchorWidth: needles[stream].count, precedingCharacters: character)
            for index in nextFound.indices {
                if let position = nextFound[index], position < resume {
                    nextFound[index] = Self.find(needles[index], base: base, from: max(resume, position + 1), to: upper)
                }
            }
        }
    }

    /// Steps back from the anchor to the candidate hit's start and verifies it; records a hit, or
    /// sends the row to the reference. Returns the next position to consider.
    @inline(__always)
    private mutating func consider(anchorStart: Int, anchorWidth: Int, precedingCharacters: Int) -> Int {
        while offsets[row + 1] <= anchorStart { row += 1 }
        let rowStart = offsets[row]
        let rowEnd = offsets[row + 1]
        if needsReference[row - rows.lowerBound] { return rowEnd }
        guard anchorStart + anchorWidth <= rowEnd else { return anchorStart + 1 }
        var start = anchorStart
        for _ in 0..<precedingCharacters {
            guard start > rowStart else { return anchorStart + 1 }
            start = UTF8Stepping.startOfScalar(before: start, lowerBound: rowStart, in: bytes)
            if folding == .marksRemoved {
                // With accents off, nonspacing marks belong to the character before them.
                while bytes[start] >= 0x80 && Self.isNonspacingMark(UTF8Stepping.scalar(at: start, in: bytes).value) {
                    guard start > rowStart else { return markUnsure(row: row, rowEnd: rowEnd) }
                    start = UTF8Stepping.startOfScalar(before: start, lowerBound: rowStart, in: bytes)
                }
            }
            // Stepping back counts scalars for characters: only right while each is one plain
            // scalar. A mark (a decomposed `é`) means the hit may start further back.
            if bytes[start] >= 0x80 && !PlainScalars.isPlain(UTF8Stepping.scalar(at: start, in: bytes).value) {
                return markUnsure(row: row, rowEnd: rowEnd)
            }
        }
        if occurrences == .nonOverlapping && row == lastHitRow && start < lastHitEnd { return anchorStart + 1 }
        switch verify(at: start, rowStart: rowStart, rowEnd: rowEnd) {
        case .hit(let end):
            if words == .wholeWords {
                // Both ends on word boundaries, decided on ASCII bytes; anything else: the reference.
                switch (WordBoundary.at(start, rowStart: rowStart, rowEnd: rowEnd, in: bytes),
                        WordBoundary.at(end, rowStart: rowStart, rowEnd: rowEnd, in: bytes)) {
                case (.boundary, .boundary): break
                case (.unsure, _), (_, .unsure): return markUnsure(row: row, rowEnd: rowEnd)
                default: return anchorStart + 1
                }
            }
            hits.append(row: row, start: start - rowStart, end: end - rowStart)
            lastHitRow = row
            lastHitEnd = end
            return anchorStart + 1
        case .miss:
            return anchorStart + 1
        case .unsure:
            return markUnsure(row: row, rowEnd: rowEnd)
        }
    }

    /// Sends `row` to the reference (dropping any hits found in it so far); returns where the
    /// scan goes on: the row's end.
    private mutating func markUnsure(row: Int, rowEnd: Int) -> Int {
        needsReference[row - rows.lowerBound] = true
        hits.removeTrailingHits(ofRow: row)
        if lastHitRow == row { lastHitRow = -1 }
        return rowEnd
    }

    /// The end of one of `character`'s decomposed spellings at `position`, when one is there and
    /// a character boundary (the row's end, ASCII or a plain scalar) follows it.
    @inline(__always)
    private func decomposedSpelling(of character: LiteralPattern.CharacterPattern, at position: Int, rowEnd: Int) -> Int? {
        for spelling in character.decomposed where position + spelling.count <= rowEnd {
            guard Self.bytes(base, at: position, equal: spelling) else { continue }
            let end = position + spelling.count
            if end == rowEnd || bytes[end] < 0x80 || PlainScalars.isPlain(UTF8Stepping.scalar(at: end, in: bytes).value) {
                return end
            }
        }
        return nil
    }

    /// Compares the query with the text characters from `start`, each of which must be one ASCII
    /// or plain scalar (with plain or ASCII neighbours) for the answer to be certain.
    @inline(__always)
    private func verify(at start: Int, rowStart: Int, rowEnd: Int) -> Verdict {
        if start > rowStart {
            let previous = UTF8Stepping.startOfScalar(before: start, lowerBound: rowStart, in: bytes)
            let value = UTF8Stepping.scalar(at: previous, in: bytes).value
            // A plain scalar starts a character after a nonspacing mark too (a mark is never a
            // prepended one or a joiner); only the folding paths rely on that.
            if value >= 0x80 && !PlainScalars.isPlain(value) && !(folding != .none && Self.isNonspacingMark(value)) {
                return .unsure
            }
        }
        var position = start
        var index = 0
        while index < characters.count {
            guard position < rowEnd else { return .miss }
            let (value, length) = UTF8Stepping.scalar(at: position, in: bytes)
            if value >= 0x80 && !PlainScalars.isPlain(value) { return .unsure }
            if folding != .none {
                // The character: this scalar and, with accents off, the nonspacing marks after it.
                var next = position + length
                if next < rowEnd && bytes[next] >= 0x80 && !PlainScalars.isPlain(UTF8Stepping.scalar(at: next, in: bytes).value) {
                    guard folding == .marksRemoved else { return .unsure }
                    while next < rowEnd && bytes[next] >= 0x80 {
                        let (mark, markLength) = UTF8Stepping.scalar(at: next, in: bytes)
                        guard Self.isNonspacingMark(mark) else { break }
                        next += markLength
                    }
                    if next < rowEnd && bytes[next] >= 0x80 && !PlainScalars.isPlain(UTF8Stepping.scalar(at: next, in: bytes).value) {
                        return .unsure
                    }
                }
                guard characters[index].isDecidable else { return .unsure }
                guard characters[index].accepts(value) else { return .miss }
                position = next
                index += 1
                continue
            }
            let next = position + length
            if next < rowEnd && bytes[next] >= 0x80
                && !PlainScalars.isPlain(UTF8Stepping.scalar(at: next, in: bytes).value) {
                // A mark (or joiner, …) follows: certain only for a known decomposed spelling
                // followed by a character boundary.
                guard characters[index].isDecidable,
                      let after = decomposedSpelling(of: characters[index], at: position, rowEnd: rowEnd)
                else { return .unsure }
                position = after
                index += 1
                continue
            }
            guard characters[index].isDecidable else { return .unsure }
            guard characters[index].accepts(value) else { return .miss }
            position = next
            index += 1
        }
        return .hit(end: position)
    }

    /// Whether `value` is a nonspacing mark (general category Mn), which accents-off folding removes.
    static func isNonspacingMark(_ value: UInt32) -> Bool {
        Unicode.Scalar(value)?.properties.generalCategory == .nonspacingMark
    }

    /// The first position of `needle` in `base[from..<to]`: memchr for its last byte (for UTF-8
    /// scalars, the most varied one), then a comparison of the bytes before it.
    @inline(__always)
    static func find(_ needle: [UInt8], base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        let width = needle.count
        guard width > 0, to - from >= width else { return nil }
        let last = Int32(needle[width - 1])
        var position = from + width - 1
        while position < to {
            guard let raw = memchr(base + position, last, to - position) else { return nil }
            let end = UnsafeRawPointer(raw) - UnsafeRawPointer(base)
            let start = end - (width - 1)
            var equal = true
            for offset in 0..<(width - 1) where base[start + offset] != needle[offset] {
                equal = false
                break
            }
            if equal { return start }
            position = end + 1
        }
        return nil
    }
}
