import TranscriptFormats
import TranscriptStore

/// `tsearch man`: the manual page in roff (`man(7)` macros), made from the command and flag tables as
/// `--help` is, so the three can never disagree. Read it with `tsearch man | man -l -`; install it
/// with `tsearch man > ~/.local/share/man/man1/tsearch.1`.
///
/// Everything from the tables passes through `escaped`: backslashes, hyphens (as `\-`, so an option
/// copied from the page is an ASCII hyphen), a leading `.` or `'` (which would start a request) and
/// every non-ASCII character (as `\[uXXXX]`, so the page needs no input encoding). No date in `.TH`:
/// the same build prints the same page.
enum ManPage {
    static func render() -> String {
        var page = """
        .TH TSEARCH 1 "" "tsearch \(Help.version)" "User Commands"
        .\\" Made by `tsearch man` from the flag table; do not edit.
        .nh
        .ad l
        .SH NAME
        tsearch \\- search transcripts and subtitles
        .SH SYNOPSIS

        """
        page += CommandName.allCases.map { command in
            ".br\n" + synopsis(command.usage)
        }.joined(separator: "\n") + "\n"
        let extensions = (TranscriptFormat.allExtensions + TranscriptFormat.contentJudgedExtensions.keys.sorted()).map { "." + $0 }
        let formats = TranscriptFormat.allCases.map(\.displayName)
        // Every variable a user may set (the tests' own pauses are for the project's tests only).
        let environment = EnvironmentVariable.all.filter { $0.audience != .tests }.map { variable in
            ".TP\n.B \(variable.name)\n\(escaped(variable.help + (variable.audience == .tuning ? " (Tuning; the default suits almost everyone.)" : "")))"
        }.joined(separator: "\n")
        page += """
        .SH DESCRIPTION
        \(escaped("tsearch searches transcripts and subtitles (\(formats.dropLast().joined(separator: ", ")) and \(formats.last ?? "")) and prints every hit with its timestamp, speaker and row, like grep or ripgrep for what was said. It remembers the search, so tsearch next and tsearch prev step through the hits later, and it opens them in a full-screen pager or exports them as ANSI text, an HTML page, highlight markup or a playlist of the moments for a media player."))
        .PP
        \(escaped("QUERY is matched verbatim (no metacharacters), ignoring case unless -s; -E reads it as a regular expression. Tokens such as speaker:NAME, after:TIME, before:TIME, file:GLOB and section:TEXT at the start of the query filter the rows."))
        .PP
        \(escaped("A PATH may be a file, a directory (searched recursively for \(extensions.joined(separator: ", ")) files, hidden entries skipped) or - for standard input. With no PATH, tsearch reads standard input when it is piped, else searches the current directory. When the first argument is not a command, the command is search: tsearch budget talks/ is tsearch search budget talks/."))
        .SH COMMANDS

        """
        for command in CommandName.allCases {
            page += ".TP\n\\fB\(escaped(command.rawValue))\\fR\n\(escaped(command.summary)).\n.br\n\(escaped("Options: " + optionNames(command)))\n"
        }
        page += ".SH OPTIONS\n"
        for flag in Flag.all {
            let names = (flag.short.map { "\\fB\\-\(escaped(String($0)))\\fR, " } ?? "") + "\\fB\\-\\-\(escaped(flag.long))\\fR"
            let value = flag.valueName.map { " \\fI\(escaped($0))\\fR" } ?? ""
            page += ".TP\n\(names)\(value)\n\(escaped(flag.help))\n"
            if case .choices(let words) = flag.value, flag.takesValue {
                page += ".br\n\(escaped("\(flag.valueName ?? "VALUE") is one of: \(words.joined(separator: ", "))."))\n"
            }
            let commands = flag.commands == Set(CommandName.allCases)
                ? "all" : CommandName.allCases.filter(flag.commands.contains).map(\.rawValue).joined(separator: ", ")
            page += ".br\n\(escaped("Commands: \(commands)."))\n"
        }
        page += ".SH WORDS AND OPERATORS\n"
        page += Help.booleanGrammar.map { escaped($0) + "\n.br\n" }.joined()
        for example in Help.booleanExamples {
            page += ".TP\n.B \(escapedArgument(example.command))\n\(escaped(example.what))\n"
        }
        page += ".SH PAGER KEYS\n"
        for key in PagerView.keys {
            page += ".TP\n\\fB\(escaped(key.keys))\\fR\n\(escaped(key.action))\n"
        }
        page += """
        .SH EXIT STATUS
        .TP
        .B 0
        \(escaped("Something matched (search, export), or the command did what it was asked (next, rows, man, ...)."))
        .TP
        .B 1
        \(escaped("Nothing matched; next or prev with --no-wrap at the last or first hit."))
        .TP
        .B 2
        \(escaped("An error: a bad flag or query, a file that cannot be read (the others are still searched), no saved search, nothing to play in a playlist export. The message on standard error names the file and line."))
        .SH ENVIRONMENT
        \(environment)
        .SH FILES
        .TP
        .I ~/.local/state/tsearch/session.json
        \(escaped("The saved search (query, options, files and their fingerprints, the current hit), written atomically; beside it session.json.lock and a cache of the loaded rows and hits (session.json.cache-ID)."))
        .TP
        .I NAME.mkv, NAME.mp4, ...
        \(escaped("For export --format edl, m3u, fcpxml or otio, the recording of NAME.srt (or NAME.en.srt, NAME.whisper.json, ...) is the video or audio file beside it with the same base name: \(MediaFiles.extensions.joined(separator: ", ")), in that order, unless --media names one."))
        .SH EXAMPLES

        """
        let examples: [(String, String)] = [
            ("tsearch budget talks/", "Every hit of budget in the transcripts under talks/."),
            ("tsearch next", "The next hit of the saved search, in context."),
            ("tsearch -w --speaker Alice 'quarterly budget' standup.vtt", "Whole words, only what Alice said."),
            ("tsearch search --json budget talk.srt | jq .media_time", "Where each hit is in the recording, in seconds."),
            ("tsearch export --format html -o hits.html budget talks/", "One self-contained HTML page of the hits."),
            ("tsearch export --format edl --padding 3 -o budget.edl budget talk.srt && mpv budget.edl", "Watch every moment budget was said, 3 seconds either side."),
            ("tsearch man | man -l -", "Read this page."),
            ("source <(tsearch completions bash)", "Completion in bash (zsh: the same with zsh; fish: tsearch completions fish | source)."),
        ]
        for (command, what) in examples {
            page += ".TP\n.B \(escapedArgument(command))\n\(escaped(what))\n"
        }
        page += ".SH SEE ALSO\n\\fBgrep\\fR(1), \\fBrg\\fR(1), \\fBmpv\\fR(1), \\fBless\\fR(1)\n"
        return page
    }

    /// `tsearch search [OPTIONS] QUERY [PATH ...]` with the command in bold and the rest as written.
    private static func synopsis(_ usage: String) -> String {
        let words = usage.split(separator: " ", maxSplits: 2).map(String.init)
        let rest = words.dropFirst(2).joined(separator: " ")
        return "\\fBtsearch \(escaped(words.count > 1 ? words[1] : ""))\\fR \(escaped(rest))"
    }

    private static func optionNames(_ command: CommandName) -> String {
        Flag.all.filter { $0.commands.contains(command) }.map { "--" + $0.long }.joined(separator: ", ")
    }

    /// `text` safe as a roff text line: see the type's comment.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\n": out += " "
            case _ where scalar.value >= 0x80:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: break
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// `text` as one argument of a macro line: escaped, in double quotes (a quote inside as `\(dq`).
    private static func escapedArgument(_ text: String) -> String {
        "\"" + escaped(text).split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\\(dq") + "\""
    }
}
