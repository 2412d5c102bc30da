import TranscriptModel
import TranscriptSearch

/// A key the pager understands, decoded from the terminal's bytes (`KeyDecoder`).
enum PagerKey: Equatable, Sendable {
    case character(Character)
    case control(Character)  // Ctrl-N is .control("n")
    case enter, escape, backspace, tab
    case up, down, left, right, pageUp, pageDown, home, end
    case click(line: Int, column: Int)  // 0-based screen position
    case wheelUp, wheelDown
}

/// Everything that changes the pager: a key, a new terminal size, a search result.
enum PagerAction: Sendable {
    case key(PagerKey)
    case resize(rows: Int, columns: Int)
    case results(SearchRequest, HitIndex)
    /// The search for the request failed (a bad pattern, the time limit): the message says why.
    case searchFailed(SearchRequest, String)
}

/// What the pager asks its driver to do after an action.
enum PagerEffect: Equatable, Sendable {
    /// Search for this request (as you type, or after a toggle); the result comes back as `.results`.
    case search(SearchRequest)
    /// Stop the search in flight (Escape while "searching…"): no result is awaited any more.
    case cancelSearch
    case quit
}
