/// What a regular expression pattern gives a faster matcher to work with, read from its text
/// without compiling it: a set of literals (the pattern is only literal characters and top-level
/// `|`), or literals one of which every match must contain, or nothing.
///
/// The reading is deliberately narrow, and gives up whenever unsure: a literal character is any
/// plain character but the metacharacters `\ . ^ $ * + ? ( ) [ ] { } |`; escapes and classes break
/// a run of literals; a group of literal alternatives (`(review|plan)`, `(?:a|b)`) multiplies the
/// run it stands in (`budget (review|plan)` needs `budget review` or `budget plan`), any other
/// group breaks it; a character or group followed by a quantifier is not required; a top-level
/// `|` needs a literal in every branch; any inline option group `(?…)` other than `(?:` gives up
/// (`(?x)` would make spaces insignificant, `(?i)` change case).
enum RegexPlan: Equatable {
    /// The pattern is these literals as alternatives, in order (one for a pattern without `|`).
    case literals([String])
    /// Every match contains one of these literals.
    case requiredLiterals([String])
    /// Nothing to narrow by.
    case none

    private static let metacharacters: Set<Character> = ["\\", ".", "^", "$", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|"]
    /// The most literals a plan multiplies out to.
    private static let maximumLiterals = 16

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
        guard let branches = Self.topLevelBranches(characters) else {
            self = .none
            return
        }
        var all: [String] = []
        for branch in branches {
            guard let literals = Self.requiredLiterals(in: branch) else {
                self = .none
                return
            }
            all += literals.filter { !all.contains($0) }
        }
        self = all.isEmpty || all.count > Self.maximumLiterals ? .none : .requiredLiterals(all)
    }

    /// The pattern cut at its top-level `|`, or nil when its groups or classes do not close.
    private static func topLevelBranches(_ characters: [Character]) -> [[Character]]? {
        var branches: [[Character]] = []
        var start = 0
        var index = 0
        while index < characters.count {
            switch characters[index] {
            case "\\": index += 2
            case "[":
                guard let end = endOfClass(characters, from: index) else { return nil }
                index = end
            case "(":
                guard let end = endOfGroup(characters, from: index) else { return nil }
                index = end
            case "|":
                branches.append(Array(characters[start..<index]))
                index += 1
                start = index
            default:
                index += 1
            }
        }
        branches.append(Array(characters[start..<min(index, characters.count)]))
        return branches.contains(where: \.isEmpty) ? nil : branches
    }

    /// The literals, one of which every match of `branch` (no top-level `|`) contains: the best
    /// run of required literals (multiplied by the literal groups in it), the one whose shortest
    /// literal is longest; nil when there is none or the reading gives up.
    private static func requiredLiterals(in characters: [Character]) -> [String]? {
        var best: [String]?
        var current: [String] = [""]
        func endRun() {
            let usable = current.filter { !$0.isEmpty }
            if usable.count == current.count, let shortest = usable.map(\.count).min(),
               shortest > (best?.map(\.count).min() ?? 0) {
                best = usable
            }
            current = [""]
        }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\\":
                // An escape (`\d`, `\.`, `\b`, `\Q…`): not taken; `\Q` quotes to `\E`, give up.
                guard index + 1 < characters.count, characters[index + 1] != "Q" else { return nil }
                endRun()
                index = skipQuantifier(characters, from: index + 2)
            case "[":
                endRun()
                guard let end = endOfClass(characters, from: index) else { return nil }
                index = skipQuantifier(characters, from: end)
            case "(":
                var contentStart = index + 1
                if index + 1 < characters.count, characters[index + 1] == "?" {
                    guard index + 2 < characters.count, characters[index + 2] == ":" else { return nil }
                    contentStart = index + 3
                }
                guard let end = endOfGroup(characters, from: index) else { return nil }
                let content = Array(characters[contentStart..<(end - 1)])
                let quantified = skipQuantifier(characters, from: end) != end
                if !quantified, !content.isEmpty, content.allSatisfy({ $0 == "|" || isLiteral($0) }) {
                    let alternatives = String(content).split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                    if !alternatives.contains(where: \.isEmpty), current.count * alternatives.count <= maximumLiterals {
                        current = current.flatMap { prefix in alternatives.map { prefix + $0 } }
                        index = end
                        continue
                    }
                }
                endRun()
                index = skipQuantifier(characters, from: end)
            case "|", ")", "]", "}":
                return nil
            case "*", "+", "?", "{":
                // A quantifier with nothing before it to take: give up.
                return nil
            case ".", "^", "$":
                endRun()
                index = skipQuantifier(characters, from: index + 1)
            default:
                guard isLiteral(character) else { return nil }
                if skipQuantifier(characters, from: index + 1) != index + 1 {
                    // A quantified character is not required.
                    endRun()
                    index = skipQuantifier(characters, from: index + 1)
                } else {
                    current = current.map { $0 + String(character) }
                    index += 1
                }
            }
        }
        endRun()
        return best
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
