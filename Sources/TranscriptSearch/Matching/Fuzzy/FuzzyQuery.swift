/// What a `--fuzzy` search compares (`SearchOptions.fuzzy`), shared by its plain definition
/// (`FuzzyReference`) and its fast matcher (`FuzzyMatcher`): the query's words, each character
/// folded, and the rule for how many edits each may take.
///
/// The rules (the contract both follow):
/// - A word is a run of `\w` characters (`Regex`'s: a character whose first scalar is alphabetic
///   or a number, or `_`). Each character is folded on its own: the accent and Turkic folding of
///   `TextFolding`, then, unless case counts, `lowercased()`. Distances count characters.
/// - A query unit is one query word or two neighbouring query words joined; a text unit is one
///   word of the text or two joined. A query unit matches a text unit when their distance
///   (optimal string alignment: insertions, deletions, substitutions and the swap of two
///   neighbours, each 1) is within the query unit's budget: 0 for 1–3 characters, 1 for 4–7, 2
///   for 8 or more (`fixedEdits` for 4 or more when set). Allowed pairs: word–word, word–two
///   words, two words–word.
/// - A hit is a run of text words, each separated from the next by whitespace only, matched unit
///   by unit by the whole query in order. Its edits are the sum of its units' distances plus one
///   for each split or join, so 0 means the text is the query's words as they are.
/// - From each word the match with the fewest edits (then the fewest words) is its candidate;
///   where candidates overlap, the one with fewer edits is the hit, then the earlier one (so
///   `We budgeted` never hides an exact `budgeted`).
/// - By sound (`FuzzyComparison.sound`, `--sounds-like`): every budget is twice the above (so
///   still 0 for 1–3 characters), and a query unit matches a text unit only when, besides, their
///   folded characters joined share a `DoubleMetaphone` code (or are the same: 0 edits).
struct FuzzyQuery: Sendable {
    /// Each query word's characters, each folded.
    let words: [[String]]
    /// `SearchOptions.fuzzyEdits`.
    let fixedEdits: Int?
    /// The folding of one character of the text or the query.
    let folding: CharacterFolding
    /// By spelling, or by sound too.
    let comparison: FuzzyComparison
    /// By sound: the codes of each query unit, as `PatternTables` numbers them (word p, then for
    /// p ≥ `words.count` word p − `words.count` joined with the next); empty by spelling.
    let codes: [DoubleMetaphone]

    /// The fuzzy side of `query`.
    /// - Throws: `QueryError` when the query has no word.
    init(_ query: Query) throws(QueryError) {
        let folding = CharacterFolding(query.options)
        self.folding = folding
        fixedEdits = query.options.fuzzyEdits
        comparison = query.options.fuzzyComparison
        let words = Self.words(of: query.text).map { $0.map(folding.fold) }
        self.words = words
        guard !words.isEmpty else {
            throw QueryError(kind: .badQuery(position: nil, message: "a --fuzzy query needs at least one word (letters or digits)"))
        }
        let units = words + zip(words, words.dropFirst()).map { $0 + $1 }
        codes = comparison == .sound ? units.map { DoubleMetaphone($0.joined()) } : []
    }

    /// Whether query unit `pattern` (numbered as `codes`) may match a text unit `distance` edits
    /// from it whose folded characters are `text` (made only when asked): always by spelling; by
    /// sound when they share a code, or are the same (0 edits: `2024` has no code, yet is found as
    /// written).
    func soundsAlike(pattern: Int, distance: Int, _ text: () -> String) -> Bool {
        comparison == .spelling || distance == 0 || codes[pattern].soundsAlike(DoubleMetaphone(text()))
    }

    /// The words of `text` (runs of word characters), each as its characters.
    static func words(of text: String) -> [[Character]] {
        var words: [[Character]] = []
        var current: [Character] = []
        for character in text {
            if CharacterFolding.isWordCharacter(character) {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = []
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// How many edits a query unit of `length` characters may take.
    static func budget(length: Int, fixedEdits: Int?) -> Int {
        if length <= 3 { return 0 }
        if let fixedEdits { return fixedEdits }
        return length <= 7 ? 1 : 2
    }

    /// The budget of query word `word`, or of it joined with the next one.
    func budget(ofWord word: Int, joined: Bool) -> Int {
        let budget = Self.budget(length: words[word].count + (joined ? words[word + 1].count : 0), fixedEdits: fixedEdits)
        return comparison == .sound ? 2 * budget : budget
    }

    /// Whether no query unit may take an edit: every word and every two neighbours joined has 3
    /// characters or fewer, or `--edits 0`. Such a search still finds words split or joined.
    var allowsNoEdits: Bool {
        words.indices.allSatisfy { word in
            budget(ofWord: word, joined: false) == 0 && (word + 1 == words.count || budget(ofWord: word, joined: true) == 0)
        }
    }
}

/// Folds one character for a fuzzy comparison: `TextFolding` (accents, Turkic case), then
/// `lowercased()` unless case counts.
struct CharacterFolding: Sendable {
    let text: TextFolding
    let ignoresCase: Bool

    init(_ options: SearchOptions) {
        text = TextFolding(options)
        ignoresCase = options.caseMatching == .insensitive
    }

    /// The folding of `character`, as a string compared whole.
    func fold(_ character: Character) -> String {
        let folded = text.isIdentity ? String(character) : text.fold(character)
        return ignoresCase ? folded.lowercased() : folded
    }

    /// Whether `character` is a word character as `Regex`'s `\w` decides it: its first scalar is
    /// alphabetic, a number, or `_`.
    static func isWordCharacter(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .decimalNumber, .otherNumber, .letterNumber: return true
        default: return properties.isAlphabetic || scalar == "_"
        }
    }
}

/// The optimal string alignment distance (Damerau–Levenshtein without edits of a swapped pair)
/// between two sequences, or nil when it is more than `bound`.
/// - Complexity: O(|a|·|b|) time, O(|b|) space.
func boundedAlignmentDistance<C: RandomAccessCollection>(_ a: C, _ b: C, bound: Int) -> Int?
where C.Element: Equatable, C.Index == Int {
    let m = a.count, n = b.count
    if abs(m - n) > bound { return nil }
    if m == 0 { return n }
    if n == 0 { return m }
    var before = [Int](repeating: 0, count: n + 1)
    var previous = Array(0...n)
    var current = [Int](repeating: 0, count: n + 1)
    let aStart = a.startIndex, bStart = b.startIndex
    for i in 1...m {
        current[0] = i
        var rowMinimum = i
        for j in 1...n {
            let cost = a[aStart + i - 1] == b[bStart + j - 1] ? 0 : 1
            var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[aStart + i - 1] == b[bStart + j - 2], a[aStart + i - 2] == b[bStart + j - 1] {
                value = min(value, before[j - 2] + 1)
            }
            current[j] = value
            rowMinimum = min(rowMinimum, value)
        }
        if rowMinimum > bound { return nil }
        (before, previous, current) = (previous, current, before)
    }
    return previous[n] <= bound ? previous[n] : nil
}

extension SearchRequest {
    /// Whether this `--fuzzy` request allows no edits at all (every word and every two neighbours
    /// joined has 3 characters or fewer, or `fuzzyEdits` is 0): it still finds words split or
    /// joined, but nothing misspelled. False for a request that is not fuzzy or has no words.
    public var fuzzesNothing: Bool {
        guard options.fuzzy, let query = try? Query(text, options: options), let fuzzy = try? FuzzyQuery(query) else { return false }
        return fuzzy.allowsNoEdits
    }
}
