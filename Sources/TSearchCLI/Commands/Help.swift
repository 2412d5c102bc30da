import TranscriptStore

/// `--help` text, made from the flag table so it can never disagree with the parser.
enum Help {
    static let version = StoreVersion.tool

    static func general() -> String {
        var text = """
        tsearch \(version): search transcripts, subtitles and books (see --input-format)

        Usage:
          tsearch search [OPTIONS] QUERY [PATH ...]
          tsearch QUERY [PATH ...]                   (the same: search is the default command)
          tsearch rows [OPTIONS] [PATH ...]

        Commands:

        """
        for command in CommandName.allCases {
            text += "  " + command.rawValue.padding(8) + command.summary + "\n"
        }
        text += """

        QUERY is matched verbatim (no metacharacters), ignoring case unless -s. A PATH may be a file,
        a directory (searched recursively for every format --input-format names) or - for stdin; with
        no PATH, stdin when it is piped, else the current directory. Videos (.mkv, .mp4, .webm, .mov) are
        searched through their text subtitle streams, read with ffprobe and ffmpeg from the PATH.
        Exit status: 0 if anything matched, 1 if nothing did, 2 on an error.

        Options:

        """
        text += options(for: Set(CommandName.allCases))
        text += "\nRun 'tsearch help COMMAND' for one command's options.\n"
        return text
    }

    static func command(_ command: CommandName) -> String {
        var text = "\(command.summary).\n\nUsage:\n  \(command.usage)\n\nOptions:\n"
        text += options(for: [command])
        if command == .pager {
            text += "\nKeys:\n" + PagerView.keys.map { "  " + $0.keys.padding(28) + $0.action + "\n" }.joined()
        }
        if [.search, .pager, .export].contains(command) {
            text += "\nWords and operators (--bool):\n" + booleanGrammar.map { "  " + $0 + "\n" }.joined()
            text += "Examples:\n" + booleanExamples.map { "  " + $0.command + "\n      " + $0.what + "\n" }.joined()
        }
        return text
    }

    /// The `--bool` grammar in a few lines: `help search` and the manual's section are made from it.
    static let booleanGrammar = [
        "A space is AND: every word must fall within the --within scope (default: a speaker's turn).",
        "a|b is OR (it binds tighter than AND); -word or NOT word excludes a stretch that has word.",
        "\"a phrase\" is verbatim (operators inside are text); ( ) group; budg* is a word's start.",
        "A hit is the smallest stretch holding the words, each highlighted, numbered as one hit.",
    ]

    /// Three `--bool` examples, for `help search` and the manual.
    static let booleanExamples: [(command: String, what: String)] = [
        ("tsearch --bool 'budget hiring' --within 30s talks/", "budget and hiring said within 30 seconds of each other."),
        ("tsearch --bool 'pricing -travel' talks/", "Turns that mention pricing and not travel."),
        ("tsearch --bool '\"action item\" (deadline|review)' --within 20w talks/",
         "The phrase action item, and deadline or review, within 20 words."),
    ]

    private static func options(for commands: Set<CommandName>) -> String {
        let flags = Flag.all.filter { !$0.commands.isDisjoint(with: commands) }
        let width = (flags.map(\.synopsis.count).max() ?? 0) + 3
        return flags.map { "  " + $0.synopsis.padding(width) + $0.help + "\n" }.joined()
    }
}

extension String {
    /// The string padded with spaces to `width` characters (never cut).
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
