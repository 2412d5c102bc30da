/// A verbatim query prepared for matching on bytes: one `CharacterPattern` per query character,
/// the anchor the scan looks for, and the hazards that make a row undecidable on bytes.
///
/// Every scalar a pattern accepts was confirmed by the reference `Regex` at construction (the
/// query character as a verbatim pattern, whole-matched against that one scalar), and the
/// candidates come from `ScalarEquivalence`, a superset of what the reference relates. So among
/// plain scalars (see `PlainScalars`) a pattern accepts exactly what the reference would.
struct LiteralPattern: Sendable {
    /// How one query character matches a text character that is a single ASCII or plain scalar.
    struct CharacterPattern: Sendable {
        /// ASCII scalars that match, as a bitmap over 0..<128 (low: 0..<64, high: 64..<128).
        var asciiLow: UInt64 = 0
        var asciiHigh: UInt64 = 0
        /// Non-ASCII plain scalars that match, in ascending order.
        var scalars: [UInt32] = []
        /// Decomposed spellings that match (`e` + U+0301 for `é`), as UTF-8: the decomposition of
        /// each accepted scalar, confirmed by the reference.
        var decomposed: [[UInt8]] = []
        /// Scalars that may be part of a matching text character the scan would not see: the
        /// marks of the character's decomposition, matching scalars that are not plain, and (when
        /// the anchor is an ASCII run) the non-ASCII scalars above.
        var hazards: [UInt32] = []
        /// Whether an occurrence of a mark hazard that ends one of the `decomposed` spellings is
        /// harmless (the scan finds those spellings): true for a character with one mark, whose
        /// every decomposed spelling is among them.
        var decomposedSpellingsAreComplete = false
        /// False when the query character is not one plain scalar (an emoji sequence, Hangul):
        /// rows that come near it are left to the reference.
        var isDecidable = true
        /// True for an apostrophe or quotation mark that matches its typographic forms
        /// (`QuoteEquivalence`): such a character is left out of ASCII-run anchors, whose
        /// non-ASCII spellings would be hazards, and verified like any other.
        var matchesTypographicQuotes = false

        @inline(__always)
        func accepts(_ value: UInt32) -> Bool {
            if value < 64 { return asciiLow & (1 << UInt64(value)) != 0 }
            if value < 128 { return asciiHigh & (1 << UInt64(value - 64)) != 0 }
            return scalars.contains(value)
        }

        var hasASCII: Bool { asciiLow | asciiHigh != 0 }

        mutating func insertASCII(_ value: UInt32) {
            if value < 64 { asciiLow |= 1 << UInt64(value) } else { asciiHigh |= 1 << UInt64(value - 64) }
        }

        /// The ASCII scalars that match.
        var asciiValues: [UInt8] {
            (0..<128).filter { accepts(UInt32($0)) }.map(UInt8.init)
        }
    }

    /// What the scan looks for first.
    enum Anchor: Sendable {
        /// Query characters `characters`, all matching ASCII bytes: the scan looks for the two
        /// rarest of their bytes at their distance (the same one twice for a run of one).
        case asciiRun(characters: Range<Int>, probes: (PairScanner.Probe, PairScanner.Probe))
        /// Query character `character`: any of `needles` (UTF-8 of each accepted scalar).
        case scalar(character: Int, needles: [[UInt8]])
    }

    /// A byte string whose presence sends a row to the reference, unless it ends one of the
    /// `harmlessWhenEnding` spellings there.
    struct Hazard: Sendable, Equatable {
        var needle: [UInt8]
        var harmlessWhenEnding: [[UInt8]] = []
    }

    let characters: [CharacterPattern]
    let anchor: Anchor
    let hazards: [Hazard]
    /// Whether a hit's ends must be word boundaries.
    let words: WordMatching
    /// How text characters are folded before they are compared (the options' `TextFolding`).
    let folding: Folding

    /// What the verify step does with a text character, as `TextFolding` folds it.
    enum Folding: Sendable {
        /// Characters compare as they are (one plain scalar each, or a known decomposed spelling).
        case none
        /// Accents off: a character is a plain scalar and the nonspacing marks after it, and folds
        /// as the scalar alone does (the marks are removed).
        case marksRemoved
        /// Turkic case (with or without accents): a character must be one plain scalar; any mark
        /// after it makes the row undecidable (`I` + U+0307 folds as `İ`, `I` + U+0301 keeps `I`).
        case turkic
        /// Accents off for a query that folds to ASCII: the scan decides the rows of ASCII only
        /// (which fold to themselves); every row holding a non-ASCII byte is folded byte by byte
        /// and searched by `FoldedRows`.
        case foldedRows
    }

    /// Whether a query that folds to ASCII with accents off may be searched by folding rows
    /// (`Folding.foldedRows`), or must be scanned as accented text (for scans that do not fold
    /// rows: a set of alternatives, a store's prefilter).
    enum RowFolding {
        case allowed
        case never
    }

    /// A pattern for `query`, or nil when the literal matcher does not apply: options it does not
    /// implement (patterns, accent folding, Turkic case), or no query character the scan can
    /// anchor on.
    init?(_ query: Query, rowFolding: RowFolding = .allowed) {
        let options = query.options
        guard options.syntax == .verbatim else { return nil }
        let textFolding = TextFolding(options)
        guard textFolding.isIdentity else {
            guard let folded = Self.folded(query, textFolding, rowFolding: rowFolding) else { return nil }
            self = folded
            return
        }
        folding = .none
        let ignoringCase = options.caseMatching == .insensitive
        // Built on first use (a few milliseconds): only non-ASCII query characters need it.
        var equivalence: ScalarEquivalence { ignoringCase ? .caseInsensitive : .caseSensitive }
        var patterns: [CharacterPattern] = []
        for character in query.text {
            patterns.append(Self.pattern(for: character, ignoringCase: ignoringCase, equivalence: { equivalence }))
        }
        guard let anchor = Self.anchor(for: patterns) else { return nil }
        var hazardScalars = Set<UInt32>()
        var harmless: [UInt32: [[UInt8]]] = [:]
        let anchorCharacters: [Int]
        switch anchor {
        case .asciiRun(let run, _):
            anchorCharacters = Array(run)
            for index in run { hazardScalars.formUnion(patterns[index].scalars) }
        case .scalar(let index, _):
            anchorCharacters = [index]
        }
        for index in anchorCharacters {
            let pattern = patterns[index]
            hazardScalars.formUnion(pattern.hazards)
            if pattern.decomposedSpellingsAreComplete {
                for mark in pattern.hazards { harmless[mark, default: []] += pattern.decomposed }
            }
        }
        characters = patterns
        words = options.words
        self.anchor = anchor
        hazards = hazardScalars.sorted().compactMap { value in
            Unicode.Scalar(value).map { Hazard(needle: Array(String($0).utf8), harmlessWhenEnding: harmless[value] ?? []) }
        }
    }

    private init(characters: [CharacterPattern], anchor: Anchor, hazards: [Hazard], words: WordMatching, folding: Folding) {
        self.characters = characters
        self.anchor = anchor
        self.hazards = hazards
        self.words = words
        self.folding = folding
    }

    /// The pattern when the options fold text (accents off, Turkic case): one `CharacterPattern`
    /// per character of the folded query, accepting every plain scalar whose folding the reference
    /// matches with it (candidates: the query character's case relatives, the scalars whose
    /// decomposition starts with one of them, and the four Turkic i's), anchored on the rarest
    /// character's scalars.
    private static func folded(_ query: Query, _ textFolding: TextFolding, rowFolding: RowFolding) -> LiteralPattern? {
        let options = query.options
        let ignoringCase = options.caseMatching == .insensitive
        var folding: Folding = textFolding.turkicCase ? .turkic : .marksRemoved
        let foldedQuery = query.text.map(textFolding.fold).joined()
        if folding == .marksRemoved && rowFolding == .allowed && foldedQuery.unicodeScalars.allSatisfy(\.isASCII) {
            folding = .foldedRows
        }
        var patterns: [CharacterPattern] = []
        var hazards = Set<UInt32>()
        for character in foldedQuery {
            var pattern = CharacterPattern()
            let composed = String(character).precomposedStringWithCanonicalMapping.unicodeScalars
            pattern.isDecidable = composed.count == 1 && composed.first.map { $0.isASCII || PlainScalars.isPlain($0.value) } == true
            let literal = RegexMatcher.verbatim(String(character), caseMatching: options.caseMatching)
            var candidates: Set<UInt32>
            if folding == .foldedRows, let byte = character.asciiValue {
                // The scan sees rows of ASCII only (`FoldedRows` folds the others): no table needed.
                candidates = Set(ScalarEquivalence.asciiCandidates(for: byte, ignoringCase: true))
            } else {
                candidates = Set(ScalarEquivalence.caseInsensitive.candidates(for: character, ignoringCase: true))
                for value in Array(candidates) { candidates.formUnion(FoldingIndex.shared.scalars(foldingTo: value)) }
                candidates.formUnion([0x49, 0x69, 0x130, 0x131])
            }
            if ignoringCase, let quotes = QuoteEquivalence.equivalents(of: character) {
                candidates.formUnion(quotes.map(\.value))
                pattern.matchesTypographicQuotes = true
            }
            for value in candidates.sorted() {
                guard let scalar = Unicode.Scalar(value) else { continue }
                guard (try? literal.wholeMatch(in: textFolding.fold(Character(scalar)))) != nil else { continue }
                if value < 0x80 {
                    pattern.insertASCII(value)
                } else if PlainScalars.isPlain(value) {
                    pattern.scalars.append(value)
                    if folding == .turkic {
                        // A decomposed spelling of this scalar may fold as it does (`I` + U+0307).
                        hazards.formUnion(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.dropFirst().map(\.value))
                    }
                } else {
                    hazards.insert(value)
                }
            }
            patterns.append(pattern)
        }
        if folding == .foldedRows {
            // Rows of ASCII only: the query's bytes as the default search finds them.
            guard case .asciiRun(let run, let probes)? = anchor(for: patterns) else { return nil }
            return LiteralPattern(
                characters: patterns, anchor: .asciiRun(characters: run, probes: probes), hazards: [],
                words: options.words, folding: folding)
        }
        if textFolding.removesMarks {
            // A letter folding to several (`æ` → `ae`, `ß` → `ss`) is not one character of the
            // folded query: a row holding one whose letters the query has goes to the reference.
            for (value, base) in LatinLetterFolding.baseLetters where base.unicodeScalars.count > 1 {
                // Any case of its letters (and the Turkic i's), since the letters of a folding are
                // not case-folded as whole characters are (`Ĳ` → `IJ` keeps the `I` with Turkic case).
                let relatives = base.unicodeScalars.flatMap { letter in
                    ScalarEquivalence.asciiCandidates(for: UInt8(letter.value), ignoringCase: true)
                        + (letter == "i" || letter == "I" ? [0x130, 0x131] : [])
                }
                guard relatives.contains(where: { letter in patterns.contains { $0.accepts(letter) } }) else { continue }
                hazards.insert(value)
                hazards.formUnion(FoldingIndex.shared.scalars(foldingTo: value))
            }
        }
        if folding == .turkic {
            // Turkic case changes only the i's: a run of three or more characters that match
            // nothing but ASCII is anchored as the default search anchors it (two probes at their
            // distance), and needs no hazards.
            let asciiOnly = patterns.map { pattern in
                var copy = pattern
                if !pattern.scalars.isEmpty { copy.isDecidable = false }
                return copy
            }
            if case .asciiRun(let run, let probes)? = anchor(for: asciiOnly), run.count >= 3 {
                return LiteralPattern(
                    characters: patterns, anchor: .asciiRun(characters: run, probes: probes),
                    hazards: hazards.sorted().compactMap { value in Unicode.Scalar(value).map { Hazard(needle: Array(String($0).utf8)) } },
                    words: options.words, folding: folding)
            }
        }
        // The anchor: the decidable character whose scalars are rarest in text.
        var best: (index: Int, cost: Double)?
        for (index, pattern) in patterns.enumerated() where pattern.isDecidable && (pattern.hasASCII || !pattern.scalars.isEmpty) {
            let cost = pattern.asciiValues.reduce(0) { $0 + frequency($1) } + 0.05 * Double(pattern.scalars.count)
            if cost < best?.cost ?? .infinity { best = (index, cost) }
        }
        guard let (anchorIndex, _) = best else { return nil }
        let anchorPattern = patterns[anchorIndex]
        let needles = anchorPattern.asciiValues.map { [$0] }
            + anchorPattern.scalars.compactMap { Unicode.Scalar($0).map { Array(String($0).utf8) } }
        return LiteralPattern(
            characters: patterns, anchor: .scalar(character: anchorIndex, needles: needles),
            hazards: hazards.sorted().compactMap { value in Unicode.Scalar(value).map { Hazard(needle: Array(String($0).utf8)) } },
            words: options.words, folding: folding)
    }

    private static func pattern(
        for character: Character, ignoringCase: Bool, equivalence: () -> ScalarEquivalence
    ) -> CharacterPattern {
        var pattern = CharacterPattern()
        let literal = RegexMatcher.verbatim(String(character), caseMatching: ignoringCase ? .insensitive : .sensitive)
        let ascii = character.unicodeScalars.count == 1 ? character.asciiValue : nil
        var candidates = ascii.map { ScalarEquivalence.asciiCandidates(for: $0, ignoringCase: ignoringCase) }
            ?? equivalence().candidates(for: character, ignoringCase: ignoringCase)
        if ignoringCase, let quotes = QuoteEquivalence.equivalents(of: character) {
            candidates = Array(Set(candidates).union(quotes.map(\.value))).sorted()
            pattern.matchesTypographicQuotes = true
        }
        for value in candidates {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let matches = (try? literal.wholeMatch(in: String(scalar))) != nil
            if value < 0x80 {
                if matches { pattern.insertASCII(value) }
            } else if PlainScalars.isPlain(value) {
                if matches { pattern.scalars.append(value) }
            } else if matches {
                pattern.hazards.append(value)
            }
        }
        for value in pattern.scalars {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let decomposed = String(scalar).decomposedStringWithCanonicalMapping
            if decomposed.unicodeScalars.count > 1, (try? literal.wholeMatch(in: decomposed)) != nil {
                pattern.decomposed.append(Array(decomposed.utf8))
            }
        }
        let composed = String(character).precomposedStringWithCanonicalMapping.unicodeScalars
        let isOnePlainScalar = composed.count == 1 && composed.first.map { $0.isASCII || PlainScalars.isPlain($0.value) } == true
        if !isOnePlainScalar {
            pattern.isDecidable = false
        }
        // Decomposed and partly composed spellings of the character carry its marks.
        let marks = String(character).decomposedStringWithCanonicalMapping.unicodeScalars.dropFirst()
        for mark in marks { pattern.hazards.append(mark.value) }
        pattern.decomposedSpellingsAreComplete = marks.count == 1 && pattern.hazards.count == 1
        pattern.scalars.sort()
        return pattern
    }

    /// The longest run of ASCII-matching characters when it has three or more; else the
    /// non-ASCII character with the longest encoding; else the longest ASCII run. Nil when no
    /// decidable character accepts anything (the reference then searches every row).
    private static func anchor(for patterns: [CharacterPattern]) -> Anchor? {
        // Apostrophes and quotes join a run only when nothing else can anchor.
        anchor(for: patterns, quotesInRuns: false) ?? anchor(for: patterns, quotesInRuns: true)
    }

    private static func anchor(for patterns: [CharacterPattern], quotesInRuns: Bool) -> Anchor? {
        var best: Range<Int>?
        var start: Int?
        for index in 0...patterns.count {
            if index < patterns.count && patterns[index].isDecidable && patterns[index].hasASCII
                && (quotesInRuns || !patterns[index].matchesTypographicQuotes) {
                if start == nil { start = index }
            } else if let runStart = start {
                if index - runStart > best?.count ?? 0 { best = runStart..<index }
                start = nil
            }
        }
        var scalarAnchor: (index: Int, width: Int)?
        for (index, pattern) in patterns.enumerated() where pattern.isDecidable && !pattern.hasASCII && !pattern.scalars.isEmpty {
            let width = pattern.scalars.map { Unicode.Scalar($0).map { String($0).utf8.count } ?? 0 }.min() ?? 0
            if width > scalarAnchor?.width ?? 0 { scalarAnchor = (index, width) }
        }
        if let run = best, run.count >= 3 || scalarAnchor == nil {
            // Probes for the run's offsets, rarest bytes first.
            let ranked = (0..<run.count).compactMap { offset -> (probe: PairScanner.Probe, cost: Double)? in
                let pattern = patterns[run.lowerBound + offset]
                return Self.probe(pattern, offset: offset).map { ($0, pattern.asciiValues.reduce(0) { $0 + Self.frequency($1) }) }
            }.sorted { $0.cost < $1.cost || $0.cost == $1.cost && $0.probe.offset < $1.probe.offset }
            if let first = ranked.first {
                return .asciiRun(characters: run, probes: (first.probe, ranked.count > 1 ? ranked[1].probe : first.probe))
            }
        }
        if let (index, _) = scalarAnchor {
            let needles = patterns[index].scalars.compactMap { Unicode.Scalar($0).map { Array(String($0).utf8) } }
                + patterns[index].decomposed
            return .scalar(character: index, needles: needles)
        }
        return nil
    }

    /// The probe for a character whose ASCII bytes are one byte or a letter's two cases; nil for
    /// anything else.
    private static func probe(_ pattern: CharacterPattern, offset: Int) -> PairScanner.Probe? {
        let bytes = pattern.asciiValues
        if bytes.count == 1 { return PairScanner.Probe(offset: offset, value: bytes[0], folds: false) }
        if bytes.count == 2, bytes[0] ^ bytes[1] == 0x20, Unicode.Scalar(bytes[1]).properties.isAlphabetic {
            return PairScanner.Probe(offset: offset, value: bytes[1], folds: true)
        }
        return nil
    }

    /// Rough share (percent) of `byte` in English text, to pick the rarest byte to scan for.
    static func frequency(_ byte: UInt8) -> Double {
        switch byte | 0x20 {
        case UInt8(ascii: " "): return 18
        case UInt8(ascii: "e"): return 10
        case UInt8(ascii: "t"): return 7
        case UInt8(ascii: "a"), UInt8(ascii: "o"), UInt8(ascii: "i"): return 6
        case UInt8(ascii: "n"), UInt8(ascii: "s"), UInt8(ascii: "h"), UInt8(ascii: "r"): return 5
        case UInt8(ascii: "d"), UInt8(ascii: "l"): return 3.4
        case UInt8(ascii: "c"), UInt8(ascii: "u"), UInt8(ascii: "m"), UInt8(ascii: "w"): return 2.2
        case UInt8(ascii: "f"), UInt8(ascii: "g"), UInt8(ascii: "y"), UInt8(ascii: "p"): return 1.6
        case UInt8(ascii: "b"), UInt8(ascii: "."), UInt8(ascii: ","): return 1.2
        case UInt8(ascii: "v"), UInt8(ascii: "k"): return 0.7
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return 0.5
        default: return 0.1
        }
    }
}
