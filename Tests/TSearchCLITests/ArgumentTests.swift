import Testing
import TranscriptSearch
@testable import TSearchCLI
@testable import TranscriptStore

struct ArgumentTests {
    @Test func commandQueryAndPathsWithFlagsAnywhere() throws {
        let raw = try RawArguments.parse(["search", "budget", "-s", "a.srt", "--context", "2", "b.vtt", "--json"])
        #expect(raw.command == .search)
        #expect(raw.positionals == ["budget", "a.srt", "b.vtt"])
        #expect(raw.caseMatching == .sensitive)
        #expect(raw.contextRows == 2)
        #expect(raw.json)
    }

    @Test func searchIsTheDefaultCommand() throws {
        let raw = try RawArguments.parse(["budget", "Samples/"])
        #expect(raw.command == nil)
        #expect(raw.positionals == ["budget", "Samples/"])
    }

    @Test func theCommandMayFollowFlags() throws {
        let rows = try RawArguments.parse(["--json", "rows", "a.srt"])
        #expect(rows.command == .rows)
        #expect(rows.positionals == ["a.srt"])
        let search = try RawArguments.parse(["-C", "2", "search", "budget"])
        #expect(search.command == .search)
        #expect(search.positionals == ["budget"])
        let next = try RawArguments.parse(["--no-wrap", "next", "3"])
        #expect(next.command == .next)
        // Only the first positional names a command; after `--` nothing does.
        #expect(try RawArguments.parse(["budget", "rows"]).command == nil)
        #expect(try RawArguments.parse(["--", "rows"]).command == nil)
    }

    @Test func doubleDashEndsFlagsAndDashIsStdin() throws {
        let raw = try RawArguments.parse(["search", "--", "-s", "-"])
        #expect(raw.positionals == ["-s", "-"])
        #expect(raw.caseMatching == .insensitive)
    }

    /// Every flag in the table parses in its long form (and short, when it has one).
    @Test(arguments: Flag.all.map(\.long))
    func everyFlagParses(_ long: String) throws {
        let flag = try #require(Flag.named(long: long))
        let value: [String] = switch long {
        case "context", "before-context", "after-context", "max-count": ["3"]
        case "regexp": ["budget"]
        case "color": ["always"]
        case "warnings": ["all"]
        case "input-format": ["vtt"]
        case "format": ["html"]
        case "output", "media", "pre-tag", "post-tag", "speaker", "file", "section", "server", "cluster", "people": ["x"]
        case "language": ["tr"]
        case "encoding": ["cp1251"]
        case "after", "before": ["00:10:00"]
        case "since", "until": ["2026-03"]
        case "meeting", "with": ["x"]
        case "sort": ["date"]
        case "date-from": ["mtime"]
        case "padding": ["1.5"]
        case "timeout": ["2.5"]
        case "within": ["30s"]
        case "edits": ["2"]
        case "sort": ["best"]
        default: []
        }
        let command = (flag.commands.contains(.search) ? CommandName.search : CommandName.allCases.first(where: flag.commands.contains)!).rawValue
        let viaLong = try RawArguments.parse([command, "--" + long] + value)
        var expected = RawArguments()
        expected.command = viaLong.command
        try flag.apply(&expected, value.first ?? "")
        #expect(describe(viaLong) == describe(expected))
        if let short = flag.short {
            let viaShort = try RawArguments.parse([command, "-\(short)"] + value)
            #expect(describe(viaShort) == describe(expected))
        }
    }

    /// `--people FILE` names the people file for the commands that show or pick speakers, and
    /// only for those.
    @Test func peopleNamesTheFileForTheCommandsThatShowSpeakers() throws {
        #expect(try RawArguments.parse(["speakers", "--people", "team.txt", "."]).peopleFile == "team.txt")
        #expect(try RawArguments.parse(["--people=team.txt", "budget", "."]).peopleFile == "team.txt")
        #expect(try RawArguments.parse(["pager", "budget"]).peopleFile == nil)
        #expect(Flag.peopleCommands == [.search, .export, .pager, .speakers, .meetings])
        #expect(throws: UsageError.self) { try RawArguments.parse(["rows", "--people", "team.txt", "a.srt"]) }
    }

    @Test func fuzzyAndEditsMakeTheRequestAndRefuseWhatMeansNothing() throws {
        let raw = try RawArguments.parse(["search", "--edits", "2", "budget", "a.srt"])
        let request = try raw.searchRequest("budget")
        #expect(request.options.fuzzy && request.options.fuzzyEdits == 2)
        #expect(throws: UsageError.self) { try RawArguments.parse(["search", "--edits", "4", "budget"]) }
        #expect(throws: UsageError.self) { try RawArguments.parse(["search", "--sort", "random", "budget"]) }
        #expect(throws: CommandError.self) { try RawArguments.parse(["search", "--fuzzy", "-E", "budget"]).searchRequest("budget") }
        #expect(throws: CommandError.self) { try RawArguments.parse(["search", "--fuzzy", "--forms", "budget"]).searchRequest("budget") }
    }

    @Test func soundsLikeIsFuzzyBySoundAndRefusesAPattern() throws {
        let request = try RawArguments.parse(["search", "--sounds-like", "--edits", "1", "katherine", "a.srt"]).searchRequest("katherine")
        #expect(request.options.fuzzy && request.options.fuzzyComparison == .sound && request.options.fuzzyEdits == 1)
        #expect(try RawArguments.parse(["search", "--fuzzy", "budget"]).searchRequest("budget").options.fuzzyComparison == .spelling)
        #expect(throws: CommandError.self) { try RawArguments.parse(["search", "--sounds-like", "-E", "kath.*"]).searchRequest("kath.*") }
    }

    @Test func boolWithinAndFormsMakeTheRequest() throws {
        let raw = try RawArguments.parse(["search", "--bool", "--within", "20w", "--forms", "budget -travel", "a.srt"])
        let request = try raw.searchRequest("budget -travel")
        #expect(request.options.syntax == .boolean && request.options.within == .words(20) && request.options.forms)
        #expect(try RawArguments.parse(["search", "--bool", "x"]).searchRequest("x").options.within == .turn, "a speaker's turn by default")
        #expect(throws: UsageError.self) { try RawArguments.parse(["search", "--within", "3m", "x"]) }
    }

    @Test(arguments: [
        (["--within", "row"], "add --bool"),
        (["--bool", "-E"], "--bool and -E do not combine"),
        (["--bool", "-e", "a", "-e", "b"], "--bool takes one query"),
        (["--forms", "-E"], "-E does not combine"),
        (["--forms", "-s"], "-s does not combine"),
    ])
    func combinationsThatMeanNothingAreUsageErrors(_ flags: [String], _ message: String) throws {
        let raw = try RawArguments.parse(["search"] + flags + ["x"])
        do {
            _ = try raw.patterns.isEmpty ? raw.searchRequest("x") : raw.patternsRequest()
            Issue.record("no error for \(flags)")
        } catch {
            #expect("\(error)".contains(message), "\(flags): \(error)")
        }
    }

    @Test func timeoutIsSecondsAndZeroMeansNoLimit() throws {
        #expect(try RawArguments.parse(["search", "--timeout", "2.5", "q"]).timeoutMilliseconds == 2500)
        #expect(try RawArguments.parse(["next", "--timeout=0"]).timeoutMilliseconds == 0)
        #expect(try RawArguments.parse(["search", "q"]).timeoutMilliseconds == nil)
    }

    @Test func shortClustersAndAttachedValues() throws {
        let raw = try RawArguments.parse(["search", "-scC3", "q"])
        #expect(raw.caseMatching == .sensitive)
        #expect(raw.countOnly)
        #expect(raw.contextRows == 3)
        #expect(try RawArguments.parse(["search", "--color=never", "q"]).color == .never)
        #expect(try RawArguments.parse(["search", "--colour", "always", "q"]).color == .always)
    }

    @Test(arguments: [
        (["search", "--nope"], "unknown flag --nope"),
        (["search", "-Z"], "unknown flag -Z"),
        (["search", "-C"], "-C expects a value (NUM)"),
        (["search", "-C", "x"], #"--context expects a number of rows (0 or more), found "x""#),
        (["search", "--color", "sometimes"], #"--color expects auto, always or never, found "sometimes""#),
        (["search", "--json=yes"], "--json takes no value"),
        (["rows", "-s"], "--case-sensitive does not apply to tsearch rows"),
        (["rows", "--encoding", "klingon-8"], #"--encoding: unknown encoding "klingon-8"; for example cp1251, cp1250, iso-8859-2, koi8-r, gb18030, shift_jis or big5 (iconv -l lists every name)"#),
        (["export", "--padding", "-1"], #"--padding expects seconds from 0 to 3600, like 2 or 0.5, found "-1""#),
        (["export", "--padding", "nan"], #"--padding expects seconds from 0 to 3600, like 2 or 0.5, found "nan""#),
        (["export", "--format", "mp4"], #"--format expects ansi, html, markup, edl, m3u, fcpxml or otio, found "mp4""#),
        (["search", "--padding", "2"], "--padding does not apply to tsearch search"),
        (["search", "--timeout", "-3"], #"--timeout expects seconds from 0 (no limit) to 86400, like 10 or 0.5, found "-3""#),
        (["rows", "--timeout", "3"], "--timeout does not apply to tsearch rows"),
        // The pager takes a search's flags as export does, not export's own.
        (["pager", "--format", "html"], "--format does not apply to tsearch pager"),
        (["pager", "-o", "page.html"], "--output does not apply to tsearch pager"),
        (["pager", "--all-rows"], "--all-rows does not apply to tsearch pager"),
        (["pager", "--media", "talk.mp4"], "--media does not apply to tsearch pager"),
        (["pager", "--pre-tag", "<b>"], "--pre-tag does not apply to tsearch pager"),
    ])
    func usageErrors(_ arguments: [String], _ message: String) {
        #expect(throws: UsageError.self) { try RawArguments.parse(arguments) }
        do {
            _ = try RawArguments.parse(arguments)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func paddingIsReadInMilliseconds() throws {
        #expect(try RawArguments.parse(["export", "--padding", "1.5"]).padding == 1500)
        #expect(try RawArguments.parse(["export", "--padding=0"]).padding == 0)
        #expect(try RawArguments.parse(["export"]).padding == nil)
    }

    @Test func helpListsEveryFlagOfTheCommand() {
        let general = Help.general()
        for flag in Flag.all { #expect(general.contains("--" + flag.long)) }
        let rows = Help.command(.rows)
        #expect(rows.contains("--json"))
        #expect(!rows.contains("--case-sensitive"))
    }

    private func describe(_ raw: RawArguments) -> String {
        "\(raw.command as Any) \(raw.positionals) \(raw.caseMatching) \(raw.contextRows as Any) \(raw.countOnly) \(raw.quiet) \(raw.json) \(raw.color) \(raw.inputFormat as Any) \(raw.help) \(raw.version) \(raw.wraps) \(raw.exportFormat as Any) \(raw.outputPath as Any) \(raw.allRows) \(raw.mediaURL as Any) \(raw.preTag) \(raw.postTag) \(raw.searchOptions) \(raw.filter) \(raw.facets) \(raw.loadOptions) \(raw.padding as Any) \(raw.timeoutMilliseconds as Any)"
    }
}

struct ColourDecisionTests {
    @Test(arguments: [
        (ColorChoice.auto, true, [String: String](), true),
        (.auto, false, [:], false),
        (.auto, true, ["NO_COLOR": "1"], false),
        (.auto, true, ["NO_COLOR": ""], true),
        (.auto, true, ["TERM": "dumb"], false),
        (.always, false, ["NO_COLOR": "1"], true),
        (.never, true, [:], false),
    ])
    func colour(_ choice: ColorChoice, _ isTerminal: Bool, _ variables: [String: String], _ expected: Bool) {
        let environment = CommandEnvironment(stdoutIsTerminal: isTerminal, variables: variables)
        #expect(environment.colourEnabled(choice) == expected)
    }

    /// A language that is not one is an error, never silently ignored (only tr and az change how
    /// case matches; any real language is accepted).
    @Test(arguments: [("tr", true), ("az", true), ("tr-TR", true), ("en_US", true), ("fil", true), ("EN", true),
                      ("turkish", false), ("xx", false), ("", false), ("t", false), ("1r", false)])
    func languageMustBeALanguageCode(_ code: String, _ isAccepted: Bool) {
        let parsed = try? RawArguments.parse(["search", "--language", code, "i"])
        #expect((parsed != nil) == isAccepted)
        if isAccepted { #expect(parsed?.language == code) }
    }
}

/// What an abandoned search blames: nested repetition only when the pattern has some.
struct AbandonedSearchMessageTests {
    @Test(arguments: [("(a+)+$", true), ("(a|b*)*", true), ("(\\w+\\s?){2,}", true), ("(x*)*y", true),
                      ("budget|forecast", false), ("(a+)?b", false), ("a+b+", false), ("[(a+)]+", false), ("\\(a+\\)+", false)])
    func nestedRepetitionIsSeenOnlyWhereItIs(_ pattern: String, _ nested: Bool) {
        #expect(SearchExecution.hasNestedRepetition(pattern) == nested, "\(pattern)")
    }
}

/// The near misses of command names that get "did you mean", and the words that do not.
@Suite struct MistypedCommandTests {
    @Test(arguments: [("serch", "search"), ("nxet", "next"), ("expotr", "export"), ("pagr", "pager"), ("speakr", "speakers")])
    func nearMissesNameTheCommand(word: String, command: String) {
        #expect(MistypedCommand.nearest(to: word)?.rawValue == command)
    }

    @Test(arguments: ["budget", "search", "go", "rose", "café", "Q3"])
    func otherWordsNameNothing(word: String) {
        #expect(MistypedCommand.nearest(to: word) == nil)
    }
}
