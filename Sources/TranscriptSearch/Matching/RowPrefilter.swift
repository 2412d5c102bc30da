/// Byte strings one of which every row with a hit of a request contains: what a store that cannot
/// run the matcher (a database scanning its rows) uses to send back a superset of the rows with
/// hits, on which the matcher then decides the hits exactly.
///
/// It is read from the literal scan's own plan, so it is a superset for the same reason the scan
/// is exact (`LiteralMatcher`'s opening comment): a row the scan skips holds neither an occurrence
/// of the anchor nor a hazard.
///
/// ```
///  verbatim, anchor an ASCII run   the run's bytes (ASCII case folded when ignoring case)
///                                  + every hazard (the Kelvin sign for k, a mark of an accented letter…)
///  verbatim, anchor one character  every spelling of it (each accepted scalar, decomposed forms)
///                                  + every hazard
///  -E of literals or with required literals (no folding)   the union of each literal's needles
///  anything else (no plain character, -E with nothing required or with folding, no text)   nil
/// ```
public struct RowPrefilter: Hashable, Sendable {
    /// One byte string to look for.
    public struct Needle: Hashable, Sendable {
        /// The bytes, UTF-8 (a whole scalar or run of scalars).
        public var bytes: [UInt8]
        /// `.insensitive`: ASCII letters may appear in either case (no other byte is folded);
        /// `.sensitive`: the bytes appear as they are.
        public var asciiCase: CaseMatching

        /// A needle for `bytes`, found as `asciiCase` says.
        public init(bytes: [UInt8], asciiCase: CaseMatching) {
            self.bytes = bytes
            self.asciiCase = asciiCase
        }
    }

    /// Every row with a hit contains at least one of these (never empty).
    public let needles: [Needle]

    /// The needles for `request`, or nil when no byte string is common to every hit: a request of
    /// filters only, a query with no plain character (`👍`), a regular expression with no required
    /// literal, or one that folds text (accents off, Turkic case), or approximate words
    /// (`--fuzzy`: a hit need not hold any string of the query). A bad query is nil too.
    public init?(_ request: SearchRequest) {
        guard !request.text.isEmpty, request.options.spanning == .withinRows, !request.options.fuzzy,
              let query = try? Query(request.text, options: request.options) else { return nil }
        switch query.options.syntax {
        case .boolean:
            return nil
        case .verbatim:
            guard let needles = Self.needles(verbatim: query) else { return nil }
            self.needles = needles
        case .regularExpression:
            guard TextFolding(query.options).isIdentity else { return nil }
            let literals: [String]
            switch RegexPlan(query.text) {
            case .literals(let found), .requiredLiterals(let found): literals = found
            case .none: return nil
            }
            var options = query.options
            options.syntax = .verbatim
            options.words = .anywhere
            var all: [Needle] = []
            for literal in literals {
                // As `PrefilteredRegexMatcher` takes them: a literal whose verbatim query reads
                // differently (whitespace collapsed) is not one the scan can stand for.
                guard let literalQuery = try? Query(literal, options: options), literalQuery.text == literal,
                      let needles = Self.needles(verbatim: literalQuery) else { return nil }
                all += needles.filter { !all.contains($0) }
            }
            guard !all.isEmpty else { return nil }
            needles = all
        }
    }

    /// The anchor's spellings and the hazards of the literal scan for `query` (verbatim), or nil
    /// when the scan does not apply.
    private static func needles(verbatim query: Query) -> [Needle]? {
        guard let pattern = LiteralPattern(query, rowFolding: .never) else { return nil }
        var needles: [Needle] = []
        switch pattern.anchor {
        case .asciiRun(let run, _):
            var bytes: [UInt8] = []
            var foldsCase = false
            for index in run {
                let accepted = pattern.characters[index].asciiValues
                guard let first = accepted.first else { return nil }
                // Each character accepts one byte, or a letter in its two cases: ASCII case
                // folding finds a superset of the run.
                let folded = Set(accepted.map { $0 | 0x20 })
                if accepted.count > 1 {
                    guard folded.count == 1, Unicode.Scalar(first).properties.isAlphabetic else { return nil }
                    foldsCase = true
                }
                bytes.append(first)
            }
            needles.append(Needle(bytes: bytes, asciiCase: foldsCase ? .insensitive : .sensitive))
        case .scalar(_, let spellings):
            needles += spellings.map { Needle(bytes: $0, asciiCase: .sensitive) }
        }
        for hazard in pattern.hazards {
            let needle = Needle(bytes: hazard.needle, asciiCase: .sensitive)
            if !needles.contains(needle) { needles.append(needle) }
        }
        return needles.isEmpty ? nil : needles
    }
}
