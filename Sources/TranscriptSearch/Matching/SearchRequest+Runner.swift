import Dispatch

/// Making a request's `SearchRunner`: the fastest matcher for its query, with its filter. Kept
/// beside the matchers it chooses from, so that `Query/` (what is asked) never uses `Matching/`
/// (how it is found).
extension SearchRequest {
    /// Throws what `runner()` would (an empty request, a bad pattern) without making the runner.
    public func validate() throws(QueryError) {
        if text.isEmpty {
            guard !filter.isEmpty else { throw QueryError(kind: .empty) }
            return
        }
        try Self.checkFuzzy(options)
        if options.syntax == .boolean {
            _ = try WindowTerms(try BooleanQuery(parsing: text), options: options, filter: filter, matcher: Self.referenceMatcher)
            return
        }
        let query = try Query(text, options: options)
        // A verbatim query's `Regex` cannot fail to build: it is built once, for the search.
        guard query.options.syntax == .regularExpression || query.options.fuzzy || query.options.forms else { return }
        _ = try Self.referenceMatcher(for: query)
    }

    /// The reference matcher of `query`: the `RegexMatcher`, or for word forms `FormsReference`,
    /// for approximate words `FuzzyReference`.
    package static func referenceMatcher(for query: Query) throws(QueryError) -> any Matcher {
        try checkFuzzy(query.options)
        if query.options.fuzzy, query.options.syntax == .verbatim { return try FuzzyReference(query) }
        if query.options.forms, query.options.syntax == .verbatim { return try FormsReference(query) }
        return try RegexMatcher(query)
    }

    /// Starts making, on another thread, what `runner()` needs that does not depend on any corpus
    /// (for a query with non-ASCII characters, the table of Unicode equivalents: tens of
    /// milliseconds, once per process), so that it is made while the corpus loads.
    package func prepareInBackground() {
        guard text.unicodeScalars.contains(where: { !$0.isASCII }) else { return }
        let request = self
        DispatchQueue.global().async { _ = try? request.runner() }
    }

    /// The runner for this request.
    /// - Throws: `QueryError` for an empty request (no text and no filter) or a bad pattern.
    public func runner() throws(QueryError) -> SearchRunner {
        try runner(equivalences: nil)
    }

    /// The runner for this request; a non-ASCII query's table of Unicode equivalents is read from
    /// `equivalences` (or built and kept there) when this process has not made it yet.
    /// - Throws: `QueryError` for an empty request (no text and no filter) or a bad pattern.
    public func runner(equivalences: ScalarEquivalenceStore?) throws(QueryError) -> SearchRunner {
        if let equivalences, text.unicodeScalars.contains(where: { !$0.isASCII }) {
            _ = ScalarEquivalence.tables.table(ignoringCase: options.caseMatching == .insensitive, from: equivalences)
            if !TextFolding(options).isIdentity { _ = ScalarEquivalence.tables.table(ignoringCase: true, from: equivalences) }
        }
        if text.isEmpty {
            guard !filter.isEmpty else { throw QueryError(kind: .empty) }
            return SearchRunner(nil, filter: filter)
        }
        if options.syntax == .boolean {
            let terms = try WindowTerms(try BooleanQuery(parsing: text), options: options, filter: filter) { query throws(QueryError) in
                try Self.matcher(for: query)
            }
            return SearchRunner(windows: WindowSearch(terms: terms), filter: filter)
        }
        let query = try Query(text, options: options)
        // Across rows the matcher searches each transcript's joined text (see `SearchRunner`).
        return SearchRunner(try Self.matcher(for: query), filter: filter, spanning: options.spanning)
    }

    /// The fastest matcher that gives exactly the reference's hits for `query` (the table in
    /// `LiteralMatcher`'s opening comment): the literal scan, a set of literals or a prefiltered
    /// `Regex` for a regular expression, else the `RegexMatcher` itself.
    /// - Throws: `QueryError` for a regular expression that does not compile.
    static func matcher(for query: Query) throws(QueryError) -> any Matcher {
        try checkFuzzy(query.options)
        if query.options.fuzzy, query.options.syntax == .verbatim { return try FuzzyMatcher(query) }
        if query.options.forms, query.options.syntax == .verbatim {
            return try FormsMatcher(query) { scan throws(QueryError) in try matcher(for: scan) }
        }
        let reference = try RegexMatcher(query)
        switch query.options.syntax {
        case .verbatim, .boolean:
            return LiteralMatcher(query, reference: reference) ?? reference
        case .regularExpression:
            switch RegexPlan(query.text) {
            case .literals(let alternatives) where alternatives.count == 1:
                var options = query.options
                options.syntax = .verbatim
                if let literal = try? Query(alternatives[0], options: options), literal.text == alternatives[0],
                   let matcher = LiteralMatcher(literal) {
                    return matcher
                }
            case .literals(let alternatives):
                if let matcher = LiteralSetMatcher(query, reference: reference, alternatives: alternatives) { return matcher }
            case .requiredLiterals(let literals):
                if let matcher = PrefilteredRegexMatcher(query, reference: reference, requiredLiterals: literals) { return matcher }
            case .none:
                break
            }
            return reference
        }
    }

    /// Throws for fuzzy options that mean nothing: with a regular expression, with word forms, or
    /// an `fuzzyEdits` outside 0–3.
    static func checkFuzzy(_ options: SearchOptions) throws(QueryError) {
        guard options.fuzzy || options.fuzzyEdits != nil else { return }
        if options.syntax == .regularExpression {
            throw QueryError(kind: .badQuery(position: nil, message: "--fuzzy finds words, not regular expressions: leave out -E"))
        }
        if options.forms {
            throw QueryError(kind: .badQuery(position: nil, message: "--fuzzy and --forms cannot be combined: choose one"))
        }
        if let edits = options.fuzzyEdits, !(0...3).contains(edits) {
            throw QueryError(kind: .badQuery(position: nil, message: "--edits takes 0 to 3, not \(edits)"))
        }
    }
}
