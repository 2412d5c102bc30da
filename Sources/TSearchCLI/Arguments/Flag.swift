import TranscriptFormats
import TranscriptModel
import TranscriptSearch

/// One command-line flag: names, value, help and how it sets the raw arguments. The table of these
/// (`Flag.all`) drives parsing, `--help`, the man page and the shell completions; nothing else knows
/// the flags.
struct Flag: Sendable {
    let long: String
    let short: Character?
    /// The value's name in help (`NUM`), or nil for a switch.
    let valueName: String?
    let help: String
    let commands: Set<CommandName>
    /// What the value is, for completions (ignored for a switch).
    var value: ValueKind = .text
    let apply: @Sendable (inout RawArguments, String) throws(UsageError) -> Void

    var takesValue: Bool { valueName != nil }

    /// `-C, --context NUM`
    var synopsis: String {
        let names = (short.map { "-\($0), " } ?? "    ") + "--" + long
        return names + (valueName.map { " \($0)" } ?? "")
    }

    static let searching: Set<CommandName> = [.search]
    static let loading: Set<CommandName> = [.search, .rows, .speakers, .meetings]
    static let printingHits: Set<CommandName> = searching.union(CommandName.navigating).union([.export])
    static let printing: Set<CommandName> = loading.union(CommandName.navigating)
    /// The commands that search and show a whole result their own way: they take a search's
    /// flags. What only `export` writes (`--format`, `-o`, `--all-rows`, …) names `[.export]`.
    static let exporting: Set<CommandName> = [.export, .pager]
    static let everywhere: Set<CommandName> = Set(CommandName.allCases)
    /// The commands that read the people file (`--people`): those that show or pick speakers.
    static let peopleCommands: Set<CommandName> = searching.union(exporting).union([.speakers, .meetings])
    /// The commands that filter and order by meeting (`--since`, `--sort`, …).
    static let meetingFilters: Set<CommandName> = searching.union(exporting).union([.meetings])

    static let all: [Flag] = [
        Flag(long: "ignore-case", short: "i", valueName: nil,
             help: "Match case-insensitively (the default): budget finds Budget and BUDGET.",
             commands: searching.union(exporting)) { raw, _ in raw.caseMatching = .insensitive },
        Flag(long: "case-sensitive", short: "s", valueName: nil,
             help: "Match case exactly.",
             commands: searching.union(exporting)) { raw, _ in raw.caseMatching = .sensitive },
        Flag(long: "ignore-accents", short: nil, valueName: nil,
             help: "Ignore accents and other marks: cafe finds café, Zurich finds Zürich.",
             commands: searching.union(exporting)) { raw, _ in raw.diacritics = .insensitive },
        Flag(long: "word", short: "w", valueName: nil,
             help: "Match whole words only (Unicode word boundaries; a CJK ideograph is a word).",
             commands: searching.union(exporting)) { raw, _ in raw.words = .wholeWords },
        Flag(long: "regex", short: "E", valueName: nil,
             help: "Read QUERY as a regular expression (Swift Regex syntax); case is still ignored unless -s.",
             commands: searching.union(exporting)) { raw, _ in raw.syntax = .regularExpression },
        Flag(long: "language", short: nil, valueName: "LANG",
             help: "Case rules of LANG: tr or az match i/İ and ı/I as Turkish does.",
             commands: searching.union(exporting)) { raw, value throws(UsageError) in
            // A misspelt language would be ignored silently (only tr and az change matching).
            guard SearchOptions.isKnownLanguage(value) else {
                throw UsageError("--language expects a language code such as tr, az or en, found \"\(value)\"")
            }
            raw.language = value
        },
        Flag(long: "across-cues", short: nil, valueName: nil,
             help: "Search each file as one text, its cues joined by a space, so a sentence cut over two cues is found (shown whole, with the first cue's time).",
             commands: searching.union(exporting)) { raw, _ in raw.spanning = .acrossRows },
        Flag(long: "bool", short: nil, valueName: nil,
             help: "Read QUERY as words and operators, as ugrep --bool: a space is AND, a|b OR, -word NOT, \"a phrase\", (groups), budg* a word's start. A hit is the smallest stretch holding the words (see --within), each word highlighted.",
             commands: searching.union(exporting)) { raw, _ in raw.boolean = true },
        Flag(long: "within", short: nil, valueName: "SCOPE",
             help: "Where a --bool query's words must fall together: row, turn (a speaker's turn; the default), file, Ns (N seconds, as 30s) or Nw (N words, as 20w). A -word excludes a stretch when it falls in the same scope.",
             commands: searching.union(exporting)) { raw, value throws(UsageError) in
            guard let scope = WindowScope(parsing: value) else {
                throw UsageError("--within expects \(WindowScope.accepted), found \"\(value)\"")
            }
            raw.within = scope
        },
        Flag(long: "forms", short: nil, valueName: nil,
             help: "Also find each word's forms, in any case: budget finds budgets, budgeted and budgeting; child finds children; went finds go (English, Porter2 and a list of irregular forms; --language picks the stemmer).",
             commands: searching.union(exporting)) { raw, _ in raw.forms = true },
        Flag(long: "fuzzy", short: nil, valueName: nil,
             help: "Also find words the recognizer misheard: each word within 0 edits for 1–3 letters, 1 for 4–7, 2 for 8 or more (a swap of two letters is one), a word split in two or two words joined (goldpeak finds Gold Peak). Approximate hits are marked [≈N text]; --sort best lists exact ones first.",
             commands: searching.union(exporting)) { raw, _ in raw.fuzzy = true },
        Flag(long: "sounds-like", short: nil, valueName: nil,
             help: "For names: --fuzzy, but a word must also sound like the query's (a Double Metaphone code in common) and may take twice the edits: katherine finds Catherine, not Kathy; pritchard finds Pritchart. Names of 1–3 letters match only as spelt.",
             commands: searching.union(exporting)) { raw, _ in
            raw.fuzzy = true
            raw.fuzzyComparison = .sound
        },
        Flag(long: "edits", short: nil, valueName: "N",
             help: "With --fuzzy (implied), allow N edits (0 to 3) to every word of 4 letters or more.",
             commands: searching.union(exporting)) { raw, value throws(UsageError) in
            guard let edits = Int(value), (0...3).contains(edits) else {
                throw UsageError("--edits expects 0, 1, 2 or 3, found \"\(value)\"")
            }
            raw.fuzzy = true
            raw.fuzzyEdits = edits
        },
        Flag(long: "speaker", short: nil, valueName: "NAME",
             help: "Only rows spoken by NAME: the starts of its name parts, case and accents ignored (Alice, jose g); \"Alice Johnson\" in double quotes is that whole name. Repeatable, any of them (also speaker:NAME in the query).",
             commands: searching.union(exporting)) { raw, value in raw.filter.speakers.append(value) },
        Flag(long: "people", short: nil, valueName: "FILE",
             help: "Who is who among speaker names: FILE has one person a line, `Priya Raman = Priya R, priya.raman@example.com` (the name to show, then other spellings). Without it, people.txt beside the session file is read when it exists. Names whose parts are the same in any order (Chen, Wei = Wei Chen; Priya R (she/her) = Priya R) are one person anyway.",
             commands: peopleCommands, value: .path) { raw, value in raw.peopleFile = value },
        Flag(long: "after", short: nil, valueName: "TIME",
             help: "Only rows that end after TIME (00:10:00, 10:00 or seconds; also after:TIME).",
             commands: searching.union(exporting)) { raw, value throws(UsageError) in
            guard let time = QueryTokens.parseTime(value) else { throw UsageError("--after expects a time like 00:10:00, found \"\(value)\"") }
            raw.filter.after = time
        },
        Flag(long: "before", short: nil, valueName: "TIME",
             help: "Only rows that start before TIME (also before:TIME).",
             commands: searching.union(exporting)) { raw, value throws(UsageError) in
            guard let time = QueryTokens.parseTime(value) else { throw UsageError("--before expects a time like 00:10:00, found \"\(value)\"") }
            raw.filter.before = time
        },
        Flag(long: "file", short: nil, valueName: "GLOB",
             help: "Only rows of files matching GLOB, e.g. '*.vtt' (repeatable; also file:GLOB).",
             commands: searching.union(exporting)) { raw, value in raw.filter.files.append(value) },
        Flag(long: "section", short: nil, valueName: "TEXT",
             help: "Only rows in sections whose title contains TEXT (repeatable; also section:TEXT).",
             commands: searching.union(exporting)) { raw, value in raw.filter.sections.append(value) },
        Flag(long: "since", short: nil, valueName: "DATE",
             help: "Only meetings on or after DATE: a day (2026-03-14), a month (2026-03), a year (2026), or days or weeks back (7d, 4w). The date is the file's own, else its path's (also since:DATE).",
             commands: meetingFilters) { raw, value throws(UsageError) in
            guard let day = DateBound.since(value, today: MeetingDate.today()) else {
                throw UsageError("--since expects \(DateBound.accepted), found \"\(value)\"")
            }
            raw.filter.since = day
        },
        Flag(long: "until", short: nil, valueName: "DATE",
             help: "Only meetings on or before DATE (a month or year: up to its last day; also until:DATE).",
             commands: meetingFilters) { raw, value throws(UsageError) in
            guard let day = DateBound.until(value, today: MeetingDate.today()) else {
                throw UsageError("--until expects \(DateBound.accepted), found \"\(value)\"")
            }
            raw.filter.until = day
        },
        Flag(long: "meeting", short: nil, valueName: "TEXT",
             help: "Only meetings whose title contains TEXT, case and accents ignored (repeatable; also meeting:TEXT).",
             commands: meetingFilters) { raw, value in raw.filter.meetings.append(value) },
        Flag(long: "with", short: nil, valueName: "NAME",
             help: "Only meetings where NAME speaks (name parts, as --speaker; repeatable, any of them; also with:NAME).",
             commands: meetingFilters) { raw, value in raw.filter.participants.append(value) },
        Flag(long: "sort", short: nil, valueName: "ORDER",
             help: "Order files (and meetings): path (as loaded, the default of search), date (oldest first, the default of meetings), hits (most first) or relevance (BM25 over each meeting's rows; ties newest first); hits within a file stay in time order. Or best: the hits themselves, exact ones first, then by edits (--fuzzy), then by position.",
             commands: [.search, .meetings], value: .choices(MeetingOrder.allCases.map(\.rawValue) + ["best"])) { raw, value throws(UsageError) in
            if value == "best" {
                raw.sortBest = true
                return
            }
            guard let order = MeetingOrder(rawValue: value) else {
                throw UsageError("--sort expects path, date, hits, relevance or best, found \"\(value)\"")
            }
            raw.sort = order
        },
        Flag(long: "date-from", short: nil, valueName: "SOURCE",
             help: "Where a meeting without a date in its content or path takes one: mtime (the file's modification time; copies and downloads change it). Default: none.",
             commands: [.search, .meetings], value: .choices(["mtime"])) { raw, value throws(UsageError) in
            guard value == "mtime" else { throw UsageError("--date-from expects mtime, found \"\(value)\"") }
            raw.datesFromModificationTime = true
        },
        Flag(long: "facets", short: nil, valueName: nil,
             help: "After the hits, print how many there are per speaker, file and section; each kind counted without its own filter, so after speaker:Alice the other speakers' counts still show.",
             commands: searching) { raw, _ in raw.facets = true },
        Flag(long: "context", short: "C", valueName: "NUM",
             help: "Show NUM rows before and after each row with a hit (next/prev/goto/show: default 2).",
             commands: printingHits) { raw, value throws(UsageError) in
            guard let number = Int(value), number >= 0 else {
                throw UsageError("--context expects a number of rows (0 or more), found \"\(value)\"")
            }
            // More rows than any corpus holds means every row; capped so that no row number
            // plus or minus it can overflow.
            raw.contextRows = min(number, Int(Int32.max))
        },
        Flag(long: "before-context", short: "B", valueName: "NUM",
             help: "Show NUM rows before each row with a hit (as grep -B).",
             commands: searching) { raw, value throws(UsageError) in
            raw.contextBefore = try Flag.rowCount(value, flag: "before-context")
        },
        Flag(long: "after-context", short: "A", valueName: "NUM",
             help: "Show NUM rows after each row with a hit (as grep -A).",
             commands: searching) { raw, value throws(UsageError) in
            raw.contextAfter = try Flag.rowCount(value, flag: "after-context")
        },
        Flag(long: "max-count", short: "m", valueName: "NUM",
             help: "Only the first NUM rows with hits of each file (as rg -m).",
             commands: searching) { raw, value throws(UsageError) in
            raw.maxRowsPerFile = try Flag.rowCount(value, flag: "max-count")
        },
        Flag(long: "files-with-matches", short: "l", valueName: nil,
             help: "Print only the paths of files with hits, one per line.",
             commands: searching) { raw, _ in raw.filesWithMatches = true },
        Flag(long: "regexp", short: "e", valueName: "PATTERN",
             help: "Search for PATTERN (repeatable: a hit of any); every positional argument is then a PATH.",
             commands: searching) { raw, value in raw.patterns.append(value) },
        Flag(long: "fixed-strings", short: "F", valueName: nil,
             help: "Read QUERY verbatim, no metacharacters (the default; undoes -E).",
             commands: searching.union(exporting)) { raw, _ in raw.syntax = .verbatim },
        Flag(long: "heading", short: nil, valueName: nil,
             help: "Print each file's path once above its hits (the default when stdout is a terminal).",
             commands: searching) { raw, _ in raw.heading = .grouped },
        Flag(long: "no-heading", short: nil, valueName: nil,
             help: "Print the path on every line, path:time:text, context path-time-text (the default when stdout is not a terminal).",
             commands: searching) { raw, _ in raw.heading = .perLine },
        Flag(long: "timeout", short: nil, valueName: "SECONDS",
             help: "Give up a search that runs longer than SECONDS (default 10; 0: no limit), saying what ran out.",
             commands: searching.union(exporting).union(CommandName.navigating)) { raw, value throws(UsageError) in
            guard let seconds = Double(value), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
                throw UsageError("--timeout expects seconds from 0 (no limit) to 86400, like 10 or 0.5, found \"\(value)\"")
            }
            raw.timeoutMilliseconds = Int((seconds * 1000).rounded())
        },
        Flag(long: "count", short: "c", valueName: nil,
             help: "Print only the number of hits per file (files with hits), then the total.",
             commands: searching) { raw, _ in raw.countOnly = true },
        Flag(long: "quiet", short: "q", valueName: nil,
             help: "Print nothing; exit 0 if anything matched, 1 if not.",
             commands: searching) { raw, _ in raw.quiet = true },
        Flag(long: "json", short: nil, valueName: nil,
             help: "Print JSON Lines (schema 1): one record per hit or row; search ends with a summary.",
             commands: printing) { raw, _ in raw.json = true },
        Flag(long: "color", short: nil, valueName: "WHEN",
             help: "Colour: auto (when stdout is a terminal and NO_COLOR is unset), always, never. export --format ansi colours unless never.",
             commands: printing.union(exporting), value: .choices(ColorChoice.allCases.map(\.rawValue))) { raw, value throws(UsageError) in
            guard let choice = ColorChoice(rawValue: value) else {
                throw UsageError("--color expects auto, always or never, found \"\(value)\"")
            }
            raw.color = choice
        },
    ] + inputsAndSession

    /// A number of rows (0 or more) given to `--NAME`, capped so that no row number plus or minus
    /// it can overflow.
    static func rowCount(_ value: String, flag name: String) throws(UsageError) -> Int {
        guard let number = Int(value), number >= 0 else {
            throw UsageError("--\(name) expects a number of rows (0 or more), found \"\(value)\"")
        }
        return min(number, Int(Int32.max))
    }

    /// The flag named `--name` (also `--colour` for `--color`).
    static func named(long name: String) -> Flag? {
        let canonical = name == "colour" ? "color" : name
        return all.first { $0.long == canonical }
    }

    static func named(short name: Character) -> Flag? {
        all.first { $0.short == name }
    }
}
