import TranscriptModel

/// Everything a search is asked for: the text to find (tokens already taken out), how it matches,
/// and which rows it looks at. What a session saves and a UI rebuilds a search from. Its runner
/// (the matcher chosen for it, with its filter) is made in `Matching/SearchRequest+Runner.swift`.
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

    /// Whether every row this request can hit is a row `previous` hit, so searching only those rows
    /// is exact: the same options and filters, a verbatim query found anywhere in a word, and this
    /// text extending the previous one (a hit of `budg` always holds a hit of `bud`, character by
    /// character). Whole words, regular expressions, token-only listings and searches across rows
    /// (where a longer query's hit may start in a row the shorter one's did not) and word forms
    /// (`budgets` is not a longer `budget`) and approximate words (`wor` is exact, `work` finds
    /// York) never qualify.
    public func refines(_ previous: SearchRequest) -> Bool {
        options == previous.options && filter == previous.filter && options.syntax == .verbatim && !options.forms && !options.fuzzy
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
        if let since = filter.since.flatMap(MeetingDate.init(dayNumber:)) { parts.append(token("since", since.formatted)) }
        if let until = filter.until.flatMap(MeetingDate.init(dayNumber:)) { parts.append(token("until", until.formatted)) }
        parts += filter.meetings.map { token("meeting", $0) }
        parts += filter.participants.map { token("with", $0) }
        if !text.isEmpty { parts.append(text) }
        return parts.joined(separator: " ")
    }
}
