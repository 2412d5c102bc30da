import TranscriptSearch

/// The pager's `/` line as filter tokens and text: the active filters are tokens shown apart
/// (`[speaker:Dana] budget`), so none is hidden; a token typed into the text and finished with a
/// space joins them, replacing the token of its kind (a new `speaker:` replaces the old one).
/// Backspace at the start of the text takes the last token off (`PagerState`).
enum QueryLine {
    /// The tokens that say `filter` again, in `SearchRequest.description`'s order:
    /// `speaker:Dana`, `speaker:"Alice Johnson"`, `after:00:10:00`, `file:*.vtt`, `section:Budget`.
    static func tokens(of filter: RowFilter) -> [String] {
        let request = SearchRequest(text: "", filter: filter)
        return words(of: request.description).map { String($0) }
    }

    /// The key of a token (`speaker` for `Speaker:Dana`), nil for a word that is no token.
    static func key(of word: some StringProtocol) -> String? {
        guard let colon = word.firstIndex(of: ":"), colon != word.startIndex, word.index(after: colon) != word.endIndex else { return nil }
        let key = word[..<colon].lowercased()
        return QueryTokens.keys.contains(key) ? key : nil
    }

    /// The words of `text`, split at spaces outside double quotes (`speaker:"Alice Johnson"` is one).
    static func words(of text: String) -> [Substring] {
        var words: [Substring] = []
        var start: String.Index?
        var inQuotes = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "\"" { inQuotes.toggle() }
            if character == " " && !inQuotes {
                if let begun = start { words.append(text[begun..<index]) }
                start = nil
            } else if start == nil {
                start = index
            }
            index = text.index(after: index)
        }
        if let begun = start { words.append(text[begun...]) }
        return words
    }

    /// When a space was just typed after a token (`speaker:Bob` and the caret after the space),
    /// moves that token out of the text into `tokens`, in place of a token of the same key; the
    /// caret stays where the token stood. Anything else is left as it is.
    static func absorbTokens(tokens: [String], text: [Character], caret: Int) -> ([String], [Character], Int) {
        guard caret > 0, caret <= text.count, text[caret - 1] == " " else { return (tokens, text, caret) }
        // The word before the space: back to the previous space outside quotes.
        var start = caret - 1
        var quotes = 0
        while start > 0 {
            let character = text[start - 1]
            if character == "\"" { quotes += 1 }
            if character == " " && quotes % 2 == 0 { break }
            start -= 1
        }
        let word = String(text[start..<(caret - 1)])
        guard quotes % 2 == 0, let key = key(of: word) else { return (tokens, text, caret) }
        var tokens = tokens
        tokens.removeAll { Self.key(of: $0) == key }
        tokens.append(word)
        var text = text
        text.removeSubrange(start..<caret)
        return (tokens, text, start)
    }

    /// The query the line means: the tokens, then the text (a token in the text, not yet finished,
    /// takes the place of the token of its kind, so the results already show it).
    static func query(tokens: [String], text: [Character]) -> String {
        let typed = String(text)
        let typedKeys = Set(words(of: typed).compactMap { key(of: $0) })
        let kept = tokens.filter { key(of: $0).map { !typedKeys.contains($0) } ?? true }
        return (kept + [typed]).filter { !$0.isEmpty }.joined(separator: " ")
    }
}
