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
/// | `-E` of literals only (`a|b c`), with `-w`/`-s`/across | `LiteralSetMatcher`: one scan for up to 8 alternatives |
/// |                                           | (`TeddyScanner`, else `PairSetScanner`), this verify step for each; more: a pass per 8 |
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
    /// For `LiteralPattern.Folding.foldedRows`: the search of the rows holding non-ASCII bytes.
    let foldedRows: FoldedRows?

    /// A literal matcher for `query`, or nil when its options or characters are not ones it
    /// implements (regular expressions, a query with no character to anchor on): then use
    /// `RegexMatcher`.
    public init?(_ query: Query) {
        self.init(query, rowFolding: .allowed)
    }

    /// A literal matcher for `query` whose pattern folds rows as `rowFolding` says.
    init?(_ query: Query, rowFolding: LiteralPattern.RowFolding) {
        guard let reference = try? RegexMatcher(query) else { return nil }
        self.init(query, reference: reference, rowFolding: rowFolding)
    }

    /// A literal matcher for `query` with `reference`, the `RegexMatcher` of that same query
    /// (already made by the caller: a query's `Regex` is built once).
    init?(_ query: Query, reference: RegexMatcher, rowFolding: LiteralPattern.RowFolding = .allowed) {
        guard let pattern = LiteralPattern(query, rowFolding: rowFolding) else { return nil }
        self.pattern = pattern
        self.reference = reference
        longestASCIIHit = 4 * query.text.utf8.count
        if pattern.folding == .foldedRows {
            let folding = TextFolding(query.options)
            foldedRows = FoldedRows(
                query: Array(query.text.map(folding.fold).joined().utf8), caseMatching: query.options.caseMatching,
                words: query.options.words)
        } else {
            foldedRows = nil
        }
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
        var needsReference = scanned.needsReference
        var hits = scanned.hits
        if let foldedRows {
            // The rows with a non-ASCII byte, folded byte by byte; only what that leaves unsure
            // goes to the reference.
            hits = hits.merged(with: foldedRows.hits(bytes, offsets: offsets, rows: rows, needsReference: &needsReference))
            guard needsReference.contains(true) else { return hits }
        }
        let referred = referenceHits(bytes, offsets: offsets, rows: rows, only: needsReference)
        return hits.merged(with: referred)
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
            if pattern.folding == .foldedRows { scan.markRowsWithNonASCII() }
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
