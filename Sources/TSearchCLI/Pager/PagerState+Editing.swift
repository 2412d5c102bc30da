import TranscriptModel
import TranscriptSearch

/// The `/` line: typing, tokens, `Tab`, the options' toggles.
extension PagerState {
    mutating func edit(_ key: PagerKey, tokens: [String], text: [Character], caret: Int, before: SearchRequest) -> [PagerEffect] {
        var tokens = tokens, text = text, caret = caret
        let previous = completion
        completion = nil
        switch key {
        case .tab:
            // Completes the word before the caret from the corpus's speakers, sections and files.
            let catalog = self.catalog ?? SuggestionCatalog(corpus: corpus, people: request.filter.people)
            self.catalog = catalog
            let done = TabCompletion.complete(text: text, caret: caret, previous: previous) { catalog }
            (text, caret, completion) = (done.text, done.caret, done.round)
            note = done.note
        case .enter:
            // A bad pattern is not taken: the line stays, saying what is wrong (Esc goes back).
            if let problem = problem(ofTyped: typedRequest(tokens: tokens, text: text)) {
                note = problem + " (Esc goes back)"
                return []
            }
            mode = .navigating
            return []
        case .escape, .control("c"), .control("g"):
            mode = .navigating
            guard before != request || awaiting != nil else { return [] }
            awaiting = before
            return [.search(before)]
        case .backspace:
            if caret == 0 {
                // At the start, Backspace takes the last filter off.
                guard !tokens.isEmpty else { return [] }
                tokens.removeLast()
            } else {
                text.remove(at: caret - 1)
                caret -= 1
            }
        case .control("u"):
            text.removeSubrange(0..<caret)
            caret = 0
        case .control("w"):
            var start = caret
            while start > 0, text[start - 1] == " " { start -= 1 }
            while start > 0, text[start - 1] != " " { start -= 1 }
            text.removeSubrange(start..<caret)
            caret = start
        case .left: caret = max(0, caret - 1)
        case .right: caret = min(text.count, caret + 1)
        case .home, .control("a"): caret = 0
        case .end, .control("e"): caret = text.count
        case .character(let character):
            text.insert(character, at: caret)
            caret += 1
        default:
            return []
        }
        // A token typed and finished with a space joins the filters, replacing one of its kind.
        (tokens, text, caret) = QueryLine.absorbTokens(tokens: tokens, text: text, caret: caret)
        mode = .editing(tokens: tokens, text: text, caret: caret, before: before)
        let next = typedRequest(tokens: tokens, text: text)
        // A bad pattern is said at once, in place; no search is started for it (an empty query
        // still goes to the searcher, which shows no hits for it).
        if let problem = problem(ofTyped: next) {
            // The search awaited for what was typed before is not wanted any more, unless it
            // carries a toggle (`r`, `i`, …) still on its way: its options are the ones typed with.
            if awaiting?.options == request.options { awaiting = nil }
            note = problem
            return []
        }
        guard next != (awaiting ?? request) else { return [] }
        awaiting = next
        return [.search(next)]
    }

    /// The request the `/` line says: its tokens and text, with the options of the search asked
    /// for last (a toggle's may still be on its way). Not validated.
    func typedRequest(tokens: [String], text: [Character]) -> SearchRequest {
        let options = (awaiting ?? request).options
        // Who is who among the speakers stays what the pager was opened with.
        var people = RowFilter()
        people.people = request.filter.people
        return (try? SearchRequest(parsing: QueryLine.query(tokens: tokens, text: text), options: options, filter: people))
            ?? SearchRequest(text: String(text), options: options, filter: people)
    }

    /// What is wrong with `typed` (a bad pattern), as the status line says it; nil when it can be
    /// searched (an empty query too: the searcher shows no hits for it).
    func problem(ofTyped typed: SearchRequest) -> String? {
        do {
            try typed.validate()
            return nil
        } catch where error.kind != .empty {
            return ControlSequences.stripped(error.description)
        } catch {
            return nil
        }
    }

    mutating func toggle(_ change: (inout SearchOptions) -> Void) -> [PagerEffect] {
        var next = awaiting ?? request
        change(&next.options)
        awaiting = next
        return [.search(next)]
    }
}
