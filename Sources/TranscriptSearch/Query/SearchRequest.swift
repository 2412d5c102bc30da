import Dispatch

/// Everything a search is asked for: the text to find (tokens already taken out), how it matches,
/// and which rows it looks at. What a session saves and a UI rebuilds a search from.
public struct SearchRequest: Hashable, Sendable, Codable {
    /// The text to find; empty for a query of filter tokens only (then the search lists rows).
    public var text: String
    /// How the text matches.
    public var options: SearchOptions
    /// Which rows are searched (speaker, time, file, …); every row by default.
    public var filter: RowFilter

    /// A request for `text` as it is (no tokens taken out; see `init(parsing:)` for typed queries).
    public init(text: String, options: SearchOptions = SearchOptions(), filter: RowFilter = RowFilter()) {
        self.text = text
        self.options = options
        self.filter = filter
    }

    /// A request from a typed query: tokens (`speaker:Alice`, …, see `QueryTokens`) join `filter`.
    /// Regular expressions are not scanned for tokens (`a:b` may be part of a pattern).
    public init(parsing query: String, options: SearchOptions = SearchOptions(), filter: RowFilter = RowFilter()) throws(QueryError) {
        if options.syntax == .regularExpression {
            self.init(text: query, options: options, filter: filter)
        } else {
            let parsed = try QueryTokens.parse(query, into: filter)
            self.init(text: parsed.text, options: options, filter: parsed.filter)
        }
    }

    /// Throws what `runner()` would (an empty request, a bad pattern) without making the runner.
    public func validate() throws(QueryError) {
        if text.isEmpty {
            guard !filter.isEmpty else { throw QueryError(kind: .empty) }
            return
        }
        _ = try RegexMatcher(try Query(text, options: options))
    }

    /// Starts making, on another thread, what `runner()` needs that does not depend on any corpus
    /// (for a query with non-ASCII characters, the table of Unicode equivalents: tens of
    /// milliseconds, once per process), so that it is made while the corpus loads.
    public func prepareInBackground() {
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
        let query = try Query(text, options: options)
        // Across rows the matcher searches each transcript's joined text (see `SearchRunner`).
        return SearchRunner(try Self.matcher(for: query), filter: filter, spanning: options.spanning)
    }

    /// The fastest matcher that gives exactly the reference's hits for `query` (the table in
    /// `LiteralMatcher`'s opening comment): the literal scan, a set of literals or a prefiltered
    /// `Regex` for a regular expression, else the `RegexMatcher` itself.
    /// - Throws: `QueryError` for a regular expression that does not compile.
    static func matcher(for query: Query) throws(QueryError) -> any Matcher {
        let reference = try RegexMatcher(query)
        switch query.options.syntax {
        case .verbatim:
            return LiteralMatcher(query) ?? reference
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
                if let matcher = LiteralSetMatcher(query, alternatives: alternatives) { return matcher }
            case .requiredLiterals(let literals):
                if let matcher = PrefilteredRegexMatcher(query, requiredLiterals: literals) { return matcher }
            case .none:
                break
            }
            return reference
        }
    }

    /// Whether every row this request can hit is a row `previous` hit, so searching only those rows
    /// is exact: the same options and filters, a verbatim query found anywhere in a word, and this
    /// text extending the previous one (a hit of `budg` always holds a hit of `bud`, character by
    /// character). Whole words, regular expressions, token-only listings and searches across rows
    /// (where a longer query's hit may start in a row the shorter one's did not) never qualify.
    public func refines(_ previous: SearchRequest) -> Bool {
        options == previous.options && filter == previous.filter && options.syntax == .verbatim
            && options.spanning == .withinRows
            && options.words == .anywhere && !previous.text.isEmpty && text.hasPrefix(previous.text)
    }

    /// The text and tokens as a person would type them again (for titles and messages).
    public var description: String {
        var parts: [String] = []
        func token(_ key: String, _ value: String) -> String {
            value.contains(" ") && !(value.hasPrefix("\"") && value.hasSuffix("\"")) ? "\(key):\"\(value)\"" : "\(key):\(value)"
        }
        parts += filter.speakers.map { token("speaker", $0) }
        if let after = filter.after { parts.append(token("after", after.formatted)) }
        if let before = filter.before { parts.append(token("before", before.formatted)) }
        parts += filter.files.map { token("file", $0) }
        parts += filter.sections.map { token("section", $0) }
        if !text.isEmpty { parts.append(text) }
        return parts.joined(separator: " ")
    }
}
