/// A query of several words and operators (`QuerySyntax.boolean`, `tsearch --bool`), in ugrep's
/// `--bool` grammar:
///
/// ```
///  pricing EU              both (a space is AND)
///  budget|forecast         either (| binds tighter than a space: `a b|c` is a AND (b OR c))
///  pricing -travel         pricing, and no travel near it (a leading - is NOT; also NOT)
///  "action item"           a verbatim phrase: operators inside quotes are text
///  (deadline|review) plan  parentheses group
///  budg*                   a word starting with budg (the hit is the whole word)
///  AND, OR, NOT            the same, as words in capitals
/// ```
///
/// Precedence, highest first: NOT, OR, AND. A `-` inside a word is text (`load-testing`). Each
/// term is matched as the options say (case, accents, whole words, language), by the same
/// matchers as a one-phrase query. Where the terms must fall together is `WindowScope`.
///
/// A NOT stands only as one of the parts joined by AND (`a -b`, `a -(b|c)`), since "a window
/// that lacks b" is the only reading a hit can show; a query needs at least one part to find.
public indirect enum BooleanQuery: Hashable, Sendable {
    /// One word, phrase or prefix.
    case term(Term)
    /// Every part (AND).
    case all([BooleanQuery])
    /// Any part (OR).
    case any([BooleanQuery])
    /// Not this part, near the others (NOT).
    case not(BooleanQuery)

    /// A word, a quoted phrase or a prefix (`budg*`).
    public struct Term: Hashable, Sendable {
        /// The text to find: a word, or a phrase's words (no quotes), or a prefix (no `*`).
        public var text: String
        /// Whether it stands for the words that start with `text`.
        public var isPrefix: Bool

        /// A term for `text`, a prefix when `isPrefix`.
        public init(_ text: String, isPrefix: Bool = false) {
            self.text = text
            self.isPrefix = isPrefix
        }
    }

    /// The query `text` parsed.
    /// - Throws: `QueryError.badQuery` naming the character and its position: an unbalanced
    ///   parenthesis or quote, an operator with nothing beside it, a NOT inside an OR or another
    ///   NOT, an empty group, or a query that is all NOT (nothing to show).
    public init(parsing text: String) throws(QueryError) {
        var parser = Parser(tokens: try Self.tokens(of: text), length: text.count)
        let query = try parser.parseAll()
        if let extra = parser.peek {
            throw Self.error(at: extra.position, "\(extra.shown) closes nothing: add its ( or remove it")
        }
        try query.checkNots()
        self = query
    }

    /// The parts joined by the top AND (the query itself when it is not an AND).
    public var parts: [BooleanQuery] {
        if case .all(let parts) = self { return parts }
        return [self]
    }

    /// Every term, in query order, NOT parts included.
    public var terms: [Term] {
        switch self {
        case .term(let term): [term]
        case .all(let parts), .any(let parts): parts.flatMap(\.terms)
        case .not(let part): part.terms
        }
    }

    /// Whether this part holds when `found(k)` says whether `terms[k]` was found; NOT parts are
    /// decided apart (`WindowSearch`), here they hold.
    func isSatisfied(by found: (Int) -> Bool) -> Bool {
        var next = 0
        return isSatisfied(by: found, next: &next)
    }

    private func isSatisfied(by found: (Int) -> Bool, next: inout Int) -> Bool {
        switch self {
        case .term:
            defer { next += 1 }
            return found(next)
        case .all(let parts):
            var holds = true
            for part in parts where !part.isSatisfied(by: found, next: &next) { holds = false }
            return holds
        case .any(let parts):
            var holds = false
            for part in parts where part.isSatisfied(by: found, next: &next) { holds = true }
            return holds
        case .not(let part):
            next += part.terms.count
            return true
        }
    }

    /// The query as a flat list of steps, for deciding it many times without walking the tree
    /// (`Program`): what the window search asks for every hit.
    var program: Program { Program(self) }

    /// A query flattened in post-order, its terms numbered as `terms` lists them: `evaluate`
    /// decides it with a stack of Booleans and no allocation (the tree's cases are boxed, and
    /// walking them retains and releases each).
    struct Program: Sendable {
        enum Step: Sendable { case term(Int), holds, all(Int), any(Int) }
        let steps: [Step]

        init(_ query: BooleanQuery) {
            var steps: [Step] = []
            var next = 0
            func add(_ part: BooleanQuery) {
                switch part {
                case .term:
                    steps.append(.term(next))
                    next += 1
                case .all(let parts):
                    parts.forEach(add)
                    steps.append(.all(parts.count))
                case .any(let parts):
                    parts.forEach(add)
                    steps.append(.any(parts.count))
                case .not(let negated):
                    // Decided apart (as `isSatisfied` says): it holds here; its terms keep their numbers.
                    next += negated.terms.count
                    steps.append(.holds)
                }
            }
            add(query)
            self.steps = steps
        }

        /// Whether the query holds when `found(k)` says whether term `k` was found; `stack` is
        /// scratch space, reused between calls.
        func evaluate(_ found: (Int) -> Bool, stack: inout [Bool]) -> Bool {
            stack.removeAll(keepingCapacity: true)
            for step in steps {
                switch step {
                case .term(let term): stack.append(found(term))
                case .holds: stack.append(true)
                case .all(let count):
                    let holds = !stack[(stack.count - count)...].contains(false)
                    stack.removeLast(count)
                    stack.append(holds)
                case .any(let count):
                    let holds = stack[(stack.count - count)...].contains(true)
                    stack.removeLast(count)
                    stack.append(holds)
                }
            }
            return stack.last ?? true
        }
    }

    /// The query as typed again, normalised (for messages and the saved session).
    public var description: String {
        switch self {
        case .term(let term):
            let quoted = term.text.contains(" ") || term.text.contains(where: { "|()\"".contains($0) }) || term.text.hasPrefix("-")
                || ["AND", "OR", "NOT"].contains(term.text)
            return (quoted ? "\"" + term.text + "\"" : term.text) + (term.isPrefix ? "*" : "")
        case .all(let parts): return parts.map(\.description).joined(separator: " ")
        case .any(let parts): return "(" + parts.map(\.description).joined(separator: "|") + ")"
        case .not(let part): return "-" + part.description
        }
    }

    // MARK: Checks

    private func checkNots() throws(QueryError) {
        let parts = parts
        guard parts.contains(where: { if case .not = $0 { false } else { true } }) else {
            throw QueryError(kind: .badQuery(position: nil, message: "a query of only NOT has nothing to show: add a word to find"))
        }
        for part in parts {
            if case .not(let negated) = part { try negated.checkNoNot() } else { try part.checkNoNot() }
        }
    }

    private func checkNoNot() throws(QueryError) {
        switch self {
        case .term: return
        case .all(let parts), .any(let parts): for part in parts { try part.checkNoNot() }
        case .not:
            throw QueryError(kind: .badQuery(position: nil, message: "a NOT (-) may only stand beside the other words, as in `pricing -travel`, not inside | or another NOT"))
        }
    }

    static func error(at position: Int, _ message: String) -> QueryError {
        QueryError(kind: .badQuery(position: position, message: message))
    }

    // MARK: Tokens

    enum Token: Equatable {
        case word(String, isPrefix: Bool), phrase(String), or, not, and, open, close

        var shown: String {
            switch self {
            case .word(let text, let isPrefix): "\"" + text + (isPrefix ? "*" : "") + "\""
            case .phrase(let text): "\"\\\"" + text + "\\\"\""
            case .or: "|"
            case .not: "-"
            case .and: "AND"
            case .open: "("
            case .close: ")"
            }
        }
    }

    static func tokens(of text: String) throws(QueryError) -> [(token: Token, position: Int)] {
        let characters = Array(text)
        var tokens: [(Token, Int)] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
                continue
            }
            switch character {
            case "|": tokens.append((.or, index)); index += 1
            case "(": tokens.append((.open, index)); index += 1
            case ")": tokens.append((.close, index)); index += 1
            case "-": tokens.append((.not, index)); index += 1
            case "\"":
                guard let close = characters[(index + 1)...].firstIndex(of: "\"") else {
                    throw error(at: index, "the quote \" opened here is never closed")
                }
                let phrase = String(characters[(index + 1)..<close]).split(whereSeparator: \.isWhitespace).joined(separator: " ")
                guard !phrase.isEmpty else { throw error(at: index, "the quotes \"\" hold no words") }
                tokens.append((.phrase(phrase), index))
                index = close + 1
            default:
                let start = index
                while index < characters.count, !characters[index].isWhitespace, !"|()\"".contains(characters[index]) { index += 1 }
                var word = String(characters[start..<index])
                switch word {
                case "AND": tokens.append((.and, start))
                case "OR": tokens.append((.or, start))
                case "NOT": tokens.append((.not, start))
                default:
                    let isPrefix = word.count > 1 && word.hasSuffix("*")
                    if isPrefix { word.removeLast() }
                    guard word != "*" else { throw error(at: start, "* ends a word to find the words starting so (budg*); alone it finds nothing") }
                    tokens.append((.word(word, isPrefix: isPrefix), start))
                }
            }
        }
        return tokens
    }

    /// Recursive descent over the tokens: and := or+, or := unary ('|' unary)*, unary := NOT unary
    /// | primary, primary := '(' and ')' | word | phrase.
    struct Parser {
        let tokens: [(token: Token, position: Int)]
        let length: Int
        var next = 0

        init(tokens: [(token: Token, position: Int)], length: Int) {
            self.tokens = tokens
            self.length = length
        }

        var peek: (token: Token, position: Int, shown: String)? {
            next < tokens.count ? (tokens[next].token, tokens[next].position, tokens[next].token.shown) : nil
        }

        mutating func parseAll() throws(QueryError) -> BooleanQuery {
            var parts: [BooleanQuery] = []
            while let (token, position, _) = peek, token != .close {
                if token == .and {
                    guard !parts.isEmpty else { throw BooleanQuery.error(at: position, "AND needs a word before it") }
                    next += 1
                    guard let following = peek, following.token != .close else { throw BooleanQuery.error(at: position, "AND needs a word after it") }
                    continue
                }
                parts.append(try parseAny())
            }
            guard !parts.isEmpty else {
                throw BooleanQuery.error(at: peek?.position ?? length, peek == nil ? "the query has no word to find" : "the group ( ) holds no words")
            }
            return parts.count == 1 ? parts[0] : .all(parts)
        }

        mutating func parseAny() throws(QueryError) -> BooleanQuery {
            var choices = [try parseUnary()]
            while let (token, position, _) = peek, token == .or {
                next += 1
                guard let following = peek, ![.or, .close, .and].contains(following.token) else {
                    throw BooleanQuery.error(at: position, "| needs a word on each side")
                }
                choices.append(try parseUnary())
            }
            return choices.count == 1 ? choices[0] : .any(choices)
        }

        mutating func parseUnary() throws(QueryError) -> BooleanQuery {
            guard let (token, position, shown) = peek else { throw BooleanQuery.error(at: length, "the query ends where a word was expected") }
            switch token {
            case .not:
                next += 1
                guard peek != nil else { throw BooleanQuery.error(at: position, "- (NOT) needs a word after it") }
                return .not(try parseUnary())
            case .open:
                next += 1
                let group = try parseAll()
                guard let close = peek, close.token == .close else {
                    throw BooleanQuery.error(at: position, "the parenthesis ( opened here is never closed")
                }
                next += 1
                return group
            case .word(let text, let isPrefix):
                next += 1
                return .term(Term(text, isPrefix: isPrefix))
            case .phrase(let text):
                next += 1
                return .term(Term(text))
            case .or, .and, .close:
                throw BooleanQuery.error(at: position, "\(shown) needs a word before it")
            }
        }
    }
}
