/// What to look for: the text as the user typed it, matched verbatim (no metacharacters), and how.
///
/// Each run of whitespace in the query (spaces, tabs, line ends) becomes one space, because row text
/// has its whitespace collapsed the same way (a cue's lines are joined with one space): a phrase
/// copied across two subtitle lines, or typed with two spaces, still finds the row.
public struct Query: Hashable, Sendable {
    /// The query text, whitespace runs collapsed to one space; never empty.
    public let text: String
    /// How the text matches: case, accents, whole words, pattern syntax, language, rows.
    public let options: SearchOptions

    /// A query for `text`, its whitespace runs collapsed.
    /// - Throws: `QueryError` of kind `.empty` for an empty query: it is an error, never "match
    ///   everything".
    public init(_ text: String, options: SearchOptions = SearchOptions()) throws(QueryError) {
        guard !text.isEmpty else { throw QueryError(kind: .empty) }
        var collapsed = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let isSpace = scalar.properties.isWhitespace
            if !(isSpace && collapsed.last == " ") { collapsed.append(isSpace ? " " : scalar) }
        }
        self.text = String(collapsed)
        self.options = options
    }
}

/// A query that cannot be searched for.
public struct QueryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why the query cannot be searched for.
    public enum Kind: Hashable, Sendable {
        /// The query is empty.
        case empty
        /// The query text does not compile (reserved for regular expressions); `position` is a
        /// character offset into the query when known.
        case badQuery(position: Int?, message: String)
    }

    /// What is wrong with the query.
    public var kind: Kind

    /// An error of `kind`.
    public init(kind: Kind) { self.kind = kind }

    /// The message as printed: `bad query`, where (for a pattern), and what is wrong.
    public var description: String {
        switch kind {
        case .empty:
            return "bad query: the query is empty; give the text to search for"
        case .badQuery(let position, let message):
            return "bad query" + (position.map { " at character \($0 + 1)" } ?? "") + ": \(message)"
        }
    }
}
