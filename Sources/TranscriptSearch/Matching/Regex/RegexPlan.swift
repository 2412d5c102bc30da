/// What a regular expression pattern gives a faster matcher to work with, read from its text
/// without compiling it: a set of literals (the pattern is only literal characters and top-level
/// `|`), or a literal every match must contain, or nothing.
///
/// The reading is deliberately narrow, and nil (nothing) whenever unsure: a literal character is
/// any plain character but the metacharacters `\ . ^ $ * + ? ( ) [ ] { } |`; escapes, classes and
/// groups are skipped over (a group's or class's content is never taken); a character followed by
/// a quantifier is not required; any inline option group `(?…)` other than `(?:` gives up (`(?x)`
/// would make spaces insignificant, `(?i)` change case).
enum RegexPlan: Equatable {
    /// The pattern is these literals as alternatives, in order (one for a pattern without `|`).
    case literals([String])
    /// Every match contains this literal (its longest run of required literal characters).
    case requiredLiteral(String)
    /// Nothing to narrow by.
    case none

    private static let metacharacters: Set<Character> = ["\\", ".", "^", "$", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|"]

    /// Whether `character` stands for itself in a pattern and is one plain scalar (ASCII or
    /// `PlainScalars`): the characters this reading takes as literals.
    private static func isLiteral(_ character: Character) -> Bool {
        guard !metacharacters.contains(character), character.unicodeScalars.count == 1,
              let scalar = character.unicodeScalars.first else { return false }
        if scalar.isASCII { return scalar.value >= 0x20 && scalar.value < 0x7F }
        return PlainScalars.isPlain(scalar.value)
    }

    init(_ pattern: String) {
        let characters = Array(pattern)
        guard !characters.isEmpty else {
            self = .none
            return
        }
        if characters.allSatisfy({ $0 == "|" || Self.isLiteral($0) }) {
            let alternatives = pattern.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            self = alternatives.contains(where: \.isEmpty) ? .none : .literals(alternatives)
            return
        }
        self = Self.requiredLiteral(in: characters).map { .requiredLiteral($0) } ?? .none
    }

    /// The longest run of literal characters at the top level with no quantifier after its last
    /// character, when the pattern has no top-level `|`; nil otherwise.
    private static func requiredLiteral(in characters: [Character]) -> String? {
        var runs: [[Character]] = []
        var run: [Character] = []
        func endRun() {
            if !run.isEmpty { runs.append(run) }
            run = []
        }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\\":
                // An escape (`\d`, `\.`, `\b`, `\Q…`): not taken; `\Q` quotes to `\E`, give up.
                guard index + 1 < characters.count, characters[index + 1] != "Q" else { return nil }
                endRun()
                index += 2
                index = skipQuantifier(characters, from: index)
            case "[":
                endRun()
                guard let end = endOfClass(characters, from: index) else { return nil }
                index = skipQuantifier(characters, from: end)
            case "(":
                endRun()
                if index + 1 < characters.count, characters[index + 1] == "?" {
                    guard index + 2 < characters.count, characters[index + 2] == ":" else { return nil }
                }
                guard let end = endOfGroup(characters, from: index) else { return nil }
                index = skipQuantifier(characters, from: end)
            case "|":
                return nil
            case "*", "+", "?", "{":
                // A quantifier: the character before it is not required.
                if !run.isEmpty { run.removeLast() }
                endRun()
                index = skipQuantifier(characters, from: index)
            case ".", "^", "$":
                endRun()
                index += 1
            case ")", "]", "}":
                return nil
            default:
                guard isLiteral(character) else { return nil }
                run.append(character)
                index += 1
            }
        }
        endRun()
        guard let longest = runs.max(by: { $0.count < $1.count }), !longest.isEmpty else { return nil }
        return String(longest)
    }

    /// The index after a quantifier starting at `index` (`*`, `+`, `?`, `{m,n}`, each maybe lazy
    /// or possessive), or `index` when none starts there.
    private static func skipQuantifier(_ characters: [Character], from index: Int) -> Int {
        guard index < characters.count else { return index }
        var next = index
        switch characters[index] {
        case "*", "+", "?":
            next += 1
        case "{":
            guard let close = characters[index...].firstIndex(of: "}") else { return characters.count }
            next = close + 1
        default:
            return index
        }
        if next < characters.count, characters[next] == "?" || characters[next] == "+" { next += 1 }
        return next
    }

    /// The index after the class starting at `index` (`[`), or nil when it does not close.
    private static func endOfClass(_ characters: [Character], from index: Int) -> Int? {
        var depth = 0
        var position = index
        while position < characters.count {
            switch characters[position] {
            case "\\": position += 1
            case "[": depth += 1
            case "]":
                depth -= 1
                if depth == 0 { return position + 1 }
            default: break
            }
            position += 1
        }
        return nil
    }

    /// The index after the group starting at `index` (`(`), or nil when it does not close.
    private static func endOfGroup(_ characters: [Character], from index: Int) -> Int? {
        var depth = 0
        var position = index
        while position < characters.count {
            switch characters[position] {
            case "\\": position += 1
            case "[":
                guard let end = endOfClass(characters, from: position) else { return nil }
                position = end
                continue
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return position + 1 }
            default: break
            }
            position += 1
        }
        return nil
    }
}
