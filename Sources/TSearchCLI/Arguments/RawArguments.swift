import TranscriptFormats
import TranscriptSearch
import TranscriptStore

/// The command line as given, before anything is derived from it (ripgrep's "low args"). Flags may
/// come before or after positional arguments; `--` ends the flags; `-` is a positional (stdin).
struct RawArguments: Sendable {
    var command: CommandName?
    var positionals: [String] = []
    var caseMatching: CaseMatching = .insensitive
    var diacritics: DiacriticMatching = .sensitive
    var words: WordMatching = .anywhere
    var syntax: QuerySyntax = .verbatim
    var language: String?
    var spanning: RowSpanning = .withinRows
    /// `--bool`: the query is words and operators (`BooleanQuery`).
    var boolean = false
    /// `--within`: where a `--bool` query's terms fall together; nil when not given (`turn`).
    var within: WindowScope?
    /// `--forms`: each word also finds its forms.
    var forms = false
    /// `--fuzzy`: words match approximately; `--edits N` (which implies it) fixes the budget.
    var fuzzy = false
    var fuzzyEdits: Int?
    /// `--sounds-like` (which implies `--fuzzy`): words compared by sound too.
    var fuzzyComparison = FuzzyComparison.spelling
    /// `--sort best`: exact hits first, then by edits, then by position.
    var sortBest = false
    /// Filters from flags; query tokens add to them.
    var filter = RowFilter()
    /// `--people`: the people file to read (`People`); nil: the default one, if it exists.
    var peopleFile: String?
    /// `--sort`: the order of files and meetings; nil when not given (each command's default).
    var sort: MeetingOrder?
    /// `--date-from mtime`: a meeting without a date takes its file's modification time.
    var datesFromModificationTime = false
    var facets = false
    var mouse = false
    /// nil when not given: each command has its own default.
    var contextRows: Int?
    /// `-B`, `-A`: rows of context before and after a row with hits; nil when not given (`-C`).
    var contextBefore: Int?
    var contextAfter: Int?
    /// `-m`: rows with hits kept per file; nil for all.
    var maxRowsPerFile: Int?
    /// `-l`: only the paths of files with hits.
    var filesWithMatches = false
    /// `-e`: patterns, any of which is a hit; empty when the query is the first positional.
    var patterns: [String] = []
    /// `--heading`/`--no-heading`; nil: grouped on a terminal, one line per hit otherwise.
    var heading: HeadingChoice?
    /// `--timeout`: milliseconds, 0 for no limit; nil when not given.
    var timeoutMilliseconds: Int?
    var wraps = true
    var exportFormat: ExportFormat?
    var outputPath: String?
    var allRows = false
    var mediaURL: String?
    /// Milliseconds of `--padding`; nil when not given.
    var padding: Int64?
    var preTag = "<em>"
    var postTag = "</em>"
    var countOnly = false
    var quiet = false
    var json = false
    var color: ColorChoice = .auto
    var warnings: WarningsChoice = .new
    var inputFormat: TranscriptFormat?
    var encoding: TextEncoding?
    var rollingCaptions: RollingCaptions = .collapse
    var help = false
    var version = false
    /// `--server`: the URL of the server keeping the rows (index, search).
    var server: String?
    /// `--cluster`: the cluster to index into.
    var cluster: String?
    /// `--scan`: a server search may send every row.
    var scan = false

    /// Parses `arguments` (without the program name). The first positional argument names the
    /// command when it is one (`search`, `next`, `rows`, …), wherever flags stand (`tsearch --json
    /// rows a.srt`); otherwise the command is `search`, as in `tsearch QUERY PATH`. To search for a
    /// command's name, say `tsearch search rows PATH`.
    static func parse(_ arguments: [String]) throws(UsageError) -> RawArguments {
        var raw = RawArguments()
        var rest = arguments[...]
        if let position = commandPosition(in: arguments) {
            raw.command = CommandName(rawValue: arguments[position])
            rest.remove(at: position)
        }
        var flagsEnded = false
        while let argument = rest.popFirst() {
            if flagsEnded || argument == "-" || !argument.hasPrefix("-") {
                raw.positionals.append(argument)
            } else if argument == "--" {
                flagsEnded = true
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
                guard let flag = Flag.named(long: name) else {
                    throw UsageError("unknown flag --\(name)")
                }
                var value = ""
                if flag.takesValue {
                    if let equals = body.firstIndex(of: "=") {
                        value = String(body[body.index(after: equals)...])
                    } else if let next = rest.popFirst() {
                        value = next
                    } else {
                        throw UsageError("--\(flag.long) expects a value (\(flag.valueName ?? "VALUE"))")
                    }
                } else if body.contains("=") {
                    throw UsageError("--\(flag.long) takes no value")
                }
                try raw.apply(flag, value)
            } else {
                // A cluster of short flags: `-sc`, `-C3`, `-C 3`.
                var letters = argument.dropFirst()
                while let letter = letters.popFirst() {
                    guard let flag = Flag.named(short: letter) else {
                        throw UsageError("unknown flag -\(letter)")
                    }
                    var value = ""
                    if flag.takesValue {
                        if !letters.isEmpty {
                            value = String(letters)
                            letters = ""
                        } else if let next = rest.popFirst() {
                            value = next
                        } else {
                            throw UsageError("-\(letter) expects a value (\(flag.valueName ?? "VALUE"))")
                        }
                    }
                    try raw.apply(flag, value)
                }
            }
        }
        return raw
    }

    /// Where the first positional argument is, if it names a command: flags (and the values they
    /// take) are skipped; nothing after `--` is a command.
    private static func commandPosition(in arguments: [String]) -> Int? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return nil }
            if argument == "-" || !argument.hasPrefix("-") {
                return CommandName(rawValue: argument) != nil ? index : nil
            }
            if argument.hasPrefix("--") {
                let name = argument.dropFirst(2).split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
                if let flag = Flag.named(long: name), flag.takesValue, !argument.contains("=") { index += 1 }
            } else {
                var letters = argument.dropFirst()
                while let letter = letters.popFirst() {
                    guard let flag = Flag.named(short: letter), flag.takesValue else { continue }
                    if letters.isEmpty { index += 1 }
                    break
                }
            }
            index += 1
        }
        return nil
    }

    private mutating func apply(_ flag: Flag, _ value: String) throws(UsageError) {
        let command = self.command ?? .search
        guard flag.commands.contains(command) else {
            throw UsageError("--\(flag.long) does not apply to tsearch \(command.rawValue)")
        }
        try flag.apply(&self, value)
    }
}

extension RawArguments {
    /// How to read the inputs: `--input-format`, `--encoding`, `--keep-rolling`.
    var loadOptions: LoadOptions {
        LoadOptions(format: inputFormat, encoding: encoding, rollingCaptions: rollingCaptions)
    }

    var searchOptions: SearchOptions {
        SearchOptions(caseMatching: caseMatching, diacritics: diacritics, words: words, syntax: boolean ? .boolean : syntax,
                      language: language, spanning: spanning, within: within ?? .turn, forms: forms,
                      fuzzy: fuzzy, fuzzyEdits: fuzzyEdits, fuzzyComparison: fuzzyComparison)
    }

    /// The query and the paths among the positional arguments. Leading `key:value` tokens
    /// (`tsearch speaker:Alice budget Samples/`) belong to the query; the next argument is the text
    /// to find, unless tokens came first and it names an existing file or directory (then the query
    /// is tokens only: `tsearch speaker:Dana Samples/planning.srt`). Nil when there is no query.
    func queryAndPaths() -> (query: String, paths: [String])? {
        var tokens: [String] = []
        var rest = positionals[...]
        // An argument is read as a search box reads its text: `'speaker:Alice budget'` is a token and
        // a word; a name with a space needs quotes inside (`'speaker:"Chen Wei"'`) or `--speaker`.
        while syntax == .verbatim || boolean, let first = rest.first, Self.isToken(first) {
            tokens.append(first)
            rest = rest.dropFirst()
        }
        if let text = rest.first, tokens.isEmpty || FileCalls.kind(of: text) == .missing {
            return ((tokens + [text]).joined(separator: " "), Array(rest.dropFirst()))
        }
        return tokens.isEmpty ? nil : (tokens.joined(separator: " "), Array(rest))
    }

    private static func isToken(_ argument: String) -> Bool {
        guard let colon = argument.firstIndex(of: ":"), colon != argument.startIndex,
              argument.index(after: colon) != argument.endIndex else { return false }
        return QueryTokens.keys.contains(argument[..<colon].lowercased())
    }

    /// The request for `query` (tokens taken out) with these flags' options and filters.
    func searchRequest(_ query: String) throws(CommandError) -> SearchRequest {
        try checkCombinations()
        do {
            let request = try SearchRequest(parsing: query, options: searchOptions, filter: filter)
            try request.validate()  // an empty request or a bad pattern is an error now, not later
            return request
        } catch {
            throw CommandError.query(error)
        }
    }

    /// `--bool`, `--within` and `--forms` with what they combine with: `--within` only with
    /// `--bool`, which reads words and operators, not a pattern (`-E`) or several (`-e` twice:
    /// write `a|b`); `--forms` finds words in any case, of words, not patterns.
    func checkCombinations() throws(CommandError) {
        let fuzzyFlag = fuzzyComparison == .sound ? "--sounds-like" : "--fuzzy"
        if fuzzy, syntax == .regularExpression {
            throw CommandError.usage(UsageError("\(fuzzyFlag) finds words, not patterns: -E does not combine with it"))
        }
        if fuzzy, forms {
            throw CommandError.usage(UsageError("\(fuzzyFlag) and --forms do not combine: choose one"))
        }
        if fuzzy, patterns.count > 1 {
            throw CommandError.usage(UsageError("\(fuzzyFlag) takes one query, not -e twice"))
        }
        if forms, syntax == .regularExpression {
            throw CommandError.usage(UsageError("--forms finds the forms of words, not of a pattern: -E does not combine with it"))
        }
        if forms, caseMatching == .sensitive {
            throw CommandError.usage(UsageError("--forms finds a word's forms in any case: -s does not combine with it"))
        }
        if within != nil, !boolean {
            throw CommandError.usage(UsageError("--within says where the words of a --bool query fall together: add --bool"))
        }
        guard boolean else { return }
        if syntax == .regularExpression {
            throw CommandError.usage(UsageError("--bool and -E do not combine: --bool reads words and operators, each word verbatim"))
        }
        if patterns.count > 1 {
            throw CommandError.usage(UsageError("--bool takes one query: write several words as a|b, not -e twice"))
        }
    }

    /// The request for the `-e` patterns with these flags' options and filters: one pattern is the
    /// query as given; several are one regular expression of alternatives, so a hit of any is a hit
    /// (verbatim patterns escaped, their runs of whitespace one space as the verbatim search reads
    /// them; regular expressions each in a group).
    func patternsRequest() throws(CommandError) -> SearchRequest {
        try checkCombinations()
        guard patterns.count > 1 else {
            return try searchRequest(patterns.first ?? "")
        }
        var options = searchOptions
        let alternatives: [String]
        switch syntax {
        case .verbatim: alternatives = patterns.map(Self.escapedForRegex)
        case .regularExpression, .boolean: alternatives = patterns.map { "(?:\($0))" }
        }
        options.syntax = .regularExpression
        do {
            let request = SearchRequest(text: alternatives.joined(separator: "|"), options: options, filter: filter)
            try request.validate()
            return request
        } catch {
            throw CommandError.query(error)
        }
    }

    /// `text` as a regular expression that matches it verbatim: ASCII punctuation escaped, runs of
    /// whitespace one space.
    static func escapedForRegex(_ text: String) -> String {
        var out = ""
        var inSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                inSpace = true
                continue
            }
            if inSpace, !out.isEmpty { out += " " }
            inSpace = false
            if scalar.isASCII, !(scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
