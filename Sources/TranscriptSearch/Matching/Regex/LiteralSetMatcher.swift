/// A regular expression that is only literals and `|` (`budget|forecast`), searched as the default
/// search is: one scan of the text for every alternative at once, each alternative's candidates
/// verified as `LiteralMatcher` verifies them, then the reference's choice among them.
///
/// ```
///  hazards   the union of the alternatives' hazards, one pass each → rows to the reference
///  scan      the alternatives anchored on an ASCII run: one pass over the piece for up to
///            eight runs (more alternatives take more passes): `TeddyScanner`'s nibble tables
///            where the processor has a byte shuffle (AVX2, SSSE3, NEON), else `PairSetScanner`
///            testing every run's two probes; one anchored on a non-ASCII character: its
///            spellings found by memchr, as `LiteralMatcher` finds them
///  verify    at each place the scan reports for an alternative, its `PieceScan` checks
///            the run and verifies the candidate (folding, whole words, unsure → reference):
///            every occurrence, overlapping ones too
///  choose    the alternatives' occurrences merged in (row, start) order; per row, as `Regex`
///            alternation does: from the end of the last hit, the leftmost occurrence, and at one
///            place the first alternative in the pattern's order
///  reference a row any alternative was unsure of goes to the whole pattern's `RegexMatcher`
/// ```
///
/// Cost: one pass over memory for up to eight ASCII-anchored alternatives (with the nibble
/// tables, per 16 bytes (32 with AVX2) up to three loads and six byte shuffles whatever their
/// number, about one single literal's scan; with the probe pairs, per 32 bytes four loads and
/// compares per alternative), one more pass per group of eight, per hazard and per non-ASCII anchor, a merge
/// of the occurrences (O(occurrences × alternatives)), and the reference on unsure rows.
struct LiteralSetMatcher: Matcher, HitLengthBounded {
    let alternatives: [LiteralMatcher]
    let reference: RegexMatcher
    /// Every alternative's hazards, each (needle and harmless spellings) once.
    let hazards: [LiteralPattern.Hazard]
    /// The alternatives anchored on an ASCII run, in groups of at most `PairSetScanner.maximumRuns`
    /// (pattern order), each scanned in one pass.
    let runGroups: [[Int]]

    /// A hit is one alternative's: the longest of theirs.
    var longestASCIIHit: Int { alternatives.map(\.longestASCIIHit).max() ?? 0 }

    /// How one pass looks for the ASCII-anchored alternatives.
    enum SetScan {
        /// `TeddyScanner`: one filter for every run, at the cost of one run's scan.
        case nibbleTables
        /// `PairSetScanner`: every run's two probes per block (Swift SIMD, any processor).
        case probePairs

        /// The nibble tables where the processor has a byte shuffle, else the probe pairs.
        static var preferred: SetScan { TeddyScanner.isAvailable ? .nibbleTables : .probePairs }
    }

    /// How each group's pass is made.
    let setScan: SetScan
    /// With the nibble tables, each group's scanner (its tables made once); else none.
    let scanners: [TeddyScanner]

    /// A matcher for `query` (a regular expression whose pattern is `alternatives` joined by `|`),
    /// or nil when the literal scan cannot take one of them; `setScan` chooses the scan (tests
    /// run both).
    init?(_ query: Query, alternatives texts: [String], setScan: SetScan = .preferred) {
        guard let reference = try? RegexMatcher(query) else { return nil }
        self.init(query, reference: reference, alternatives: texts, setScan: setScan)
    }

    /// A matcher for `query` with `reference`, its `RegexMatcher` already made by the caller (a
    /// pattern is compiled once), or nil as above.
    init?(_ query: Query, reference: RegexMatcher, alternatives texts: [String], setScan: SetScan = .preferred) {
        self.setScan = setScan
        var options = query.options
        options.syntax = .verbatim
        var alternatives: [LiteralMatcher] = []
        for text in texts {
            guard let literal = try? Query(text, options: options), literal.text == text,
                  let matcher = LiteralMatcher(literal, rowFolding: .never) else { return nil }
            alternatives.append(matcher)
        }
        self.alternatives = alternatives
        self.reference = reference
        var hazards: [LiteralPattern.Hazard] = []
        for hazard in alternatives.flatMap(\.pattern.hazards) where !hazards.contains(hazard) { hazards.append(hazard) }
        self.hazards = hazards
        let runs = alternatives.indices.filter { index in
            if case .asciiRun = alternatives[index].pattern.anchor { return true }
            return false
        }
        runGroups = stride(from: 0, to: runs.count, by: PairSetScanner.maximumRuns).map {
            Array(runs[$0..<min(runs.count, $0 + PairSetScanner.maximumRuns)])
        }
        scanners = setScan == .probePairs ? [] : runGroups.map { group in
            TeddyScanner(runs: group.compactMap { index in
                guard case .asciiRun(let run, _) = alternatives[index].pattern.anchor else { return nil }
                return alternatives[index].pattern.characters[run]
            })
        }
    }

    func ranges(in text: String) -> [Range<String.Index>] {
        HitList.ranges(in: text) { bytes, offsets in
            var hits = HitList()
            search(bytes, offsets: offsets, rows: 0..<1, into: &hits)
            return hits
        }
    }

    func hits(
        in buffer: RowBuffer, rows: Range<Int>, until deadline: ContinuousClock.Instant?
    ) throws(SearchRunner.Interruption) -> HitList {
        var hits = HitList()
        search(buffer.bytes, offsets: buffer.offsets, rows: rows, into: &hits)
        return hits
    }

    /// Appends the hits in `rows` (row-relative UTF-8 offsets) to `output`.
    func search(_ bytes: UnsafeBufferPointer<UInt8>, offsets: UnsafeBufferPointer<Int>, rows: Range<Int>, into output: inout HitList) {
        // An empty buffer (every row empty) has no hits: no alternative is empty.
        guard !rows.isEmpty, let base = bytes.baseAddress else { return }
        let (scans, needsReference) = withCharacters { characters in
            var scans = alternatives.indices.map { index in
                PieceScan(
                    bytes: bytes, base: base, offsets: offsets, rows: rows, characters: characters[index],
                    words: alternatives[index].pattern.words, folding: alternatives[index].pattern.folding, occurrences: .all)
            }
            return scans.withUnsafeMutableBufferPointer { scans in
                scans[0].markHazards(hazards)
                for index in scans.indices.dropFirst() { scans[index].needsReference = scans[0].needsReference }
                let (lower, upper) = (scans[0].lower, scans[0].upper)
                for (number, group) in runGroups.enumerated() {
                    var runs: [Range<Int>] = []
                    var pairs: [(first: PairScanner.Probe, second: PairScanner.Probe)] = []
                    for index in group {
                        guard case .asciiRun(let run, let probes) = alternatives[index].pattern.anchor else { continue }
                        runs.append(run)
                        pairs.append(probes)
                    }
                    // Per alternative, the next start it considers (it may skip ahead).
                    var resume = [Int](repeating: lower, count: group.count)
                    let consume = { (member: Int, places: UnsafeBufferPointer<Int>) in
                        let run = runs[member]
                        // The alternative's scan, moved out of its slot for the batch and back.
                        let slot = scans.baseAddress.unsafelyUnwrapped + group[member]
                        var scan = slot.move()
                        var next = resume[member]
                        for place in places where place >= next {
                            next = scan.considerRun(at: place, characters: run)
                        }
                        slot.initialize(to: scan)
                        resume[member] = next
                    }
                    switch setScan {
                    case .nibbleTables:
                        scanners[number].scan(base, from: lower, to: upper, consume)
                    case .probePairs:
                        PairSetScanner(pairs: pairs).scan(base, from: lower, to: upper, consume)
                    }
                }
                for index in alternatives.indices {
                    if case .scalar(let character, let needles) = alternatives[index].pattern.anchor {
                        scans[index].considerSpellings(needles, ofCharacter: character)
                    }
                }
                var needsReference = scans[0].needsReference
                for scan in scans.dropFirst() {
                    for (row, unsure) in scan.needsReference.enumerated() where unsure { needsReference[row] = true }
                }
                return (scans.map { $0.hits.sortedByStart() }, needsReference)
            }
        }
        guard needsReference.contains(true) else {
            Self.choose(scans, skipping: needsReference, rows: rows, into: &output)
            return
        }
        var chosen = HitList()
        Self.choose(scans, skipping: needsReference, rows: rows, into: &chosen)
        var referred = HitList()
        for row in rows where needsReference[row - rows.lowerBound] {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offsets[row]..<offsets[row + 1]]), as: UTF8.self)
            let utf8 = text.utf8
            for range in reference.ranges(in: text) {
                referred.append(
                    row: row, start: utf8.distance(from: utf8.startIndex, to: range.lowerBound),
                    end: utf8.distance(from: utf8.startIndex, to: range.upperBound))
            }
        }
        output.append(contentsOf: chosen.merged(with: referred))
    }

    /// The alternatives' character patterns as buffers, for the `PieceScan`s of one piece.
    private func withCharacters<Result>(
        from index: Int = 0, _ buffers: [UnsafeBufferPointer<LiteralPattern.CharacterPattern>] = [],
        _ body: ([UnsafeBufferPointer<LiteralPattern.CharacterPattern>]) -> Result
    ) -> Result {
        guard index < alternatives.count else { return body(buffers) }
        return alternatives[index].pattern.characters.withUnsafeBufferPointer { characters in
            withCharacters(from: index + 1, buffers + [characters], body)
        }
    }

    /// Appends to `chosen` the hits among the alternatives' occurrences (`scans[i]`: alternative
    /// `i`'s, in (row, start) order), as `Regex` alternation picks them: merged, not sorted; per
    /// row from the end of the last hit, the leftmost, at one place the first alternative in the
    /// pattern's order. Rows marked in `skipping` are left out. - Complexity: O(occurrences ×
    /// alternatives).
    static func choose(_ scans: [HitList], skipping: [Bool], rows: Range<Int>, into chosen: inout HitList) {
        var lastRow: Int32 = -1
        var lastEnd: Int32 = 0
        @inline(__always)
        func consider(_ scan: HitList, _ at: Int) {
            let (row, start, end) = (scan.rows[at], scan.starts[at], scan.ends[at])
            if skipping[Int(row) - rows.lowerBound] { return }
            if row == lastRow && start < lastEnd { return }
            chosen.append(row: Int(row), start: Int(start), end: Int(end))
            lastRow = row
            lastEnd = end
        }
        if scans.count == 2 {
            // The usual `a|b`: a two-way merge, the first alternative first at one place.
            let (first, second) = (scans[0], scans[1])
            var (i, j) = (0, 0)
            while i < first.count || j < second.count {
                if j == second.count
                    || i < first.count && (first.rows[i], first.starts[i]) <= (second.rows[j], second.starts[j]) {
                    consider(first, i)
                    i += 1
                } else {
                    consider(second, j)
                    j += 1
                }
            }
            return
        }
        var next = [Int](repeating: 0, count: scans.count)
        while true {
            // The smallest (row, start), as one key (both are non-negative 32-bit numbers).
            var pick = -1
            var pickKey = Int64.max
            for alternative in scans.indices where next[alternative] < scans[alternative].count {
                let at = next[alternative]
                let key = Int64(scans[alternative].rows[at]) << 32 | Int64(scans[alternative].starts[at])
                if key < pickKey {
                    pick = alternative
                    pickKey = key
                }
            }
            guard pick >= 0 else { break }
            consider(scans[pick], next[pick])
            next[pick] += 1
        }
    }
}

extension HitList {
    /// These hits in (row, start) order: themselves when they are already (a scan's are), else
    /// sorted, keeping the order of equal ones. - Complexity: O(n) when sorted.
    fileprivate func sortedByStart() -> HitList {
        let isSorted = (0..<max(0, count - 1)).allSatisfy { (rows[$0], starts[$0]) <= (rows[$0 + 1], starts[$0 + 1]) }
        guard !isSorted else { return self }
        var sorted = HitList()
        for hit in (0..<count).sorted(by: { (rows[$0], starts[$0], $0) < (rows[$1], starts[$1], $1) }) {
            sorted.append(row: Int(rows[hit]), start: Int(starts[hit]), end: Int(ends[hit]))
        }
        return sorted
    }
}
