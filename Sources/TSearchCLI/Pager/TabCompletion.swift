import Foundation
import TranscriptSearch

/// The `/` line's `Tab`: completes the word before the caret from the library's suggestions
/// (`SuggestionCatalog`, the names `tsearch speakers` lists, persons grouped), as a shell does.
///
/// ```
///  typed            completions                              one Tab                 again
///  spe▏             speaker:                                 speaker:▏
///  speaker:pri▏     speaker:"Priya Raman"                    speaker:"Priya Raman" ▏ (a filter token)
///  speaker:ch▏      speaker:"Chen Wei", speaker:"Chloé D."   speaker:"Ch▏ (listed)   speaker:"Chen Wei"▏, then the next
///  road▏            section:"Roadmap"                        section:"Roadmap" ▏
/// ```
///
/// A word with a key (`speaker:`, `section:`, `file:`) completes to that kind's tokens; a bare word
/// to the keys it starts (`spe` → `speaker:`), then to the tokens of every kind whose names it
/// starts. One completion is taken with a space after it (so the line makes it a filter token);
/// several are listed on the status line and their common start is typed, when it keeps what was
/// typed; each further `Tab` puts the next one in place. Any other key ends the round.
struct TabCompletion: Equatable, Sendable {
    /// Where the completed word starts in the line's text.
    let start: Int
    /// The completions offered, as they are typed (`speaker:"Priya Raman"`).
    let candidates: [String]
    /// Which one is in place (-1: none yet, only their common start).
    var chosen: Int
    /// The line as this round left it, so the next `Tab` knows it is still the same round.
    var text: [Character]
    var caret: Int

    /// At most this many completions are offered (the first, most rows first).
    static let limit = 100

    /// What `Tab` does to `text` with the caret at `caret`: the new text and caret, the round to
    /// continue with the next `Tab` (nil when done), and what the status line says.
    static func complete(
        text: [Character], caret: Int, previous: TabCompletion?, catalog: () -> SuggestionCatalog
    ) -> (text: [Character], caret: Int, round: TabCompletion?, note: String?) {
        // A further Tab in the same round: the next completion in place.
        if var round = previous, round.text == text, round.caret == caret, !round.candidates.isEmpty {
            round.chosen = (round.chosen + 1) % round.candidates.count
            var text = text
            let chosen = Array(round.candidates[round.chosen])
            text.replaceSubrange(round.start..<caret, with: chosen)
            round.caret = round.start + chosen.count
            round.text = text
            return (text, round.caret, round, "completion \(round.chosen + 1) of \(round.candidates.count) (Tab: the next)")
        }
        let start = wordStart(in: text, before: caret)
        let word = String(text[start..<caret])
        guard !word.isEmpty else {
            return (text, caret, nil, "Tab completes speaker:, section:, file: and the names after them")
        }
        let candidates = completions(of: word, catalog: catalog)
        guard let first = candidates.first else { return (text, caret, nil, "nothing to complete \(word) with") }
        var text = text
        if candidates.count == 1 {
            let taken = Array(first + (first.hasSuffix(":") ? "" : " "))
            text.replaceSubrange(start..<caret, with: taken)
            return (text, start + taken.count, nil, nil)
        }
        let common = commonStart(of: candidates)
        var newCaret = caret
        if common.count > word.count, folded(common).hasPrefix(folded(word)) {
            text.replaceSubrange(start..<caret, with: Array(common))
            newCaret = start + common.count
        }
        let shown = candidates.prefix(8).map(label).joined(separator: " · ") + (candidates.count > 8 ? " …" : "")
        let round = TabCompletion(start: start, candidates: candidates, chosen: -1, text: text, caret: newCaret)
        return (text, newCaret, round, "\(candidates.count) completions: \(shown)")
    }

    /// The completions of `word`: keys it starts, then suggestion tokens.
    static func completions(of word: String, catalog: () -> SuggestionCatalog) -> [String] {
        let lower = word.lowercased()
        if let colon = word.firstIndex(of: ":") {
            guard Suggestion.Kind(rawValue: lower[..<colon].description) != nil else { return [] }
            return catalog().suggestions(for: word).prefix(limit).map(\.token)
        }
        let keys = QueryTokens.keys.filter { $0.hasPrefix(lower) }.map { $0 + ":" }
        return keys + catalog().suggestions(for: word).prefix(limit - keys.count).map(\.token)
    }

    /// Where the word ending at `caret` starts: after the last space outside double quotes.
    static func wordStart(in text: [Character], before caret: Int) -> Int {
        var start = 0
        var quoted = false
        for index in 0..<caret {
            if text[index] == "\"" { quoted.toggle() }
            if text[index] == " " && !quoted { start = index + 1 }
        }
        return start
    }

    /// The longest start every one of `candidates` has.
    private static func commonStart(of candidates: [String]) -> String {
        guard var common = candidates.first.map(Array.init) else { return "" }
        for candidate in candidates.dropFirst() {
            let characters = Array(candidate)
            var length = 0
            while length < min(common.count, characters.count), common[length] == characters[length] { length += 1 }
            common = Array(common[..<length])
        }
        return String(common)
    }

    /// A token as the status line lists it: the name alone (`Priya Raman`), a key as itself.
    private static func label(_ candidate: String) -> String {
        guard let colon = candidate.firstIndex(of: ":"), candidate.index(after: colon) != candidate.endIndex else { return candidate }
        return candidate[candidate.index(after: colon)...].replacingOccurrences(of: "\"", with: "")
    }

    /// Text compared without case, accents or quotes (`speaker:"Priya` keeps `speaker:pri`).
    private static func folded(_ text: String) -> String {
        NamePattern.fold(text.replacingOccurrences(of: "\"", with: ""))
    }
}
