import Foundation
import Testing

@Suite(.serialized) struct SearchCommandTests {
    static let sampleFiles = [
        "broken.srt", "call-log.txt", "escape.srt", "interview.whisper.json", "kickoff-utf16.srt", "notes.json",
        "offsite-cp1252.vtt", "planning.srt", "retro.whisperx.json", "standup.vtt", "sync.json", "minutes.epub",
        "youtube-allhands.en.vtt", "all-hands.teams.docx", "budget-sync.meet.txt", "customer-interview.rev.txt",
        "design-review.otter.txt", "offsite-chat.zoom.txt", "podcast.descript.txt", "quarterly-update.premiere.txt",
        "workshop-chat.zoom.txt", "design-review.aws.json", "budget-call.deepgram.json", "vendor-call.revai.json",
        "roadmap.google.json", "demo.whispercpp.json", "support-call.assemblyai.json", "support-call.utterances.json",
        "allhands.en.json3",
    ]

    /// The README's first command, exactly, on a fresh state: hits from every sample, exit 0; one
    /// warning before them (the broken cue: text lost), and after them the notes, said once: the
    /// two files that are no transcripts (named), the guessed frame rate, the time unit guessed for
    /// the utterances saved alone and the SAMI sample's second language track. A second run says
    /// the warning alone; `--warnings all` says everything again, `--no-warnings` nothing.
    @Test func readmeCommandPrintsHitsFromEverySampleFormat() throws {
        let readme = try String(contentsOf: TSearch.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("swift run tsearch search budget Samples/"))
        let state = try TSearch.temporaryDirectory().appendingPathComponent("session.json").path
        // Both streams into one pipe, as a terminal shows them: one line before the first hit.
        let merged = try TSearch.shell("'\(TSearch.binary.path)' search budget Samples/ 2>&1", environment: ["TSEARCH_STATE": state])
        let mergedLines = merged.stdout.split(separator: "\n")
        let firstHit = try #require(mergedLines.firstIndex { $0.hasPrefix("Samples/") })
        #expect(firstHit == 1 && mergedLines[0].hasPrefix("tsearch: warning: Samples/broken.srt:38:"), "\(mergedLines.prefix(3))")
        #expect(mergedLines.suffix(4).allSatisfy { $0.hasPrefix("tsearch: note: ") }, "the notes come after the hits")
        try FileManager.default.removeItem(atPath: state + ".notes")
        let result = try TSearch.run(["search", "budget", "Samples/"], environment: ["TSEARCH_STATE": state])
        #expect(result.status == 0)
        for name in Self.sampleFiles + OtherSubtitleFormatsTests.names {
            // Piped, every line names its file (`path:time:text`).
            #expect(result.stdout.contains("Samples/\(name):"), "no hits shown for \(name)")
        }
        let warnings = result.stderr.split(separator: "\n").map(String.init)
        let broken = #"tsearch: warning: Samples/broken.srt:38: expected a timing line like "00:01:02,500 --> 00:01:04,000", found "00:01:02,5x0 --> 00:01:04,000""#
        #expect(warnings.count == 5, "\(result.stderr)")
        #expect(warnings.first == broken)
        #expect(warnings.dropFirst().first?.hasPrefix("tsearch: note: skipped 2 files of a kind tsearch does not read: Samples/LibraryExample/main.swift, Samples/README.md"
            + " (tsearch reads .srt, .vtt, ") == true)
        #expect(Array(warnings.dropFirst(2)) == [
            "tsearch: note: Samples/quarterly-update.premiere.txt:1: timecodes count frames and the file does not say how many per second:"
                + " read at 30 frames per second (a guess; a time may be off by a fraction of a second)",
            "tsearch: note: Samples/support-call.utterances.json: the times carry no unit; read as milliseconds, a guess: every time is a whole number"
                + " and segments last 3110 on median, too long for seconds (AssemblyAI writes milliseconds)",
            "tsearch: note: Samples/vendor-call.smi: holds 2 language tracks (ENUSCC (English), ESESCC (Spanish)); read ENUSCC (English), the first",
        ])
        #expect(!result.stdout.contains("\u{1B}"))  // not a terminal: no colour

        // Said once: the unchanged files' notes are not said again; all of them with --warnings all.
        let again = try TSearch.run(["search", "budget", "Samples/"], environment: ["TSEARCH_STATE": state])
        #expect(again.stderr == broken + "\n")
        #expect(again.stdout == result.stdout)
        let all = try TSearch.run(["search", "--warnings", "all", "budget", "Samples/"], environment: ["TSEARCH_STATE": state])
        #expect(Set(all.stderr.split(separator: "\n")) == Set(result.stderr.split(separator: "\n")))
        // --no-warnings: no warning, no note; an error is still said (and still exit 2).
        let quiet = try TSearch.run(["search", "--no-warnings", "budget", "Samples/", "missing.srt"], environment: ["TSEARCH_STATE": state])
        #expect(quiet.status == 2)
        #expect(quiet.stderr.split(separator: "\n").count == 1 && quiet.stderr.contains("missing.srt"), "\(quiet.stderr)")
    }

    @Test func hitLinesCarryNumberTimeSpeakerAndText() throws {
        let result = try TSearch.run(["search", "--heading", "quarterly budget review", "Samples/planning.srt"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "Samples/planning.srt")
        #expect(lines.dropFirst().first?.contains("1/1") == true)
        #expect(lines.dropFirst().first?.contains("Alice: Then it goes on the agenda for the quarterly budget review.") == true)
    }

    @Test func exitCodesFollowGrep() throws {
        #expect(try TSearch.run(["search", "budget", "Samples/"]).status == 0)
        let none = try TSearch.run(["search", "zzzz-not-there", "Samples/"])
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
        let missing = try TSearch.run(["search", "budget", "nope.srt", "Samples/planning.srt"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("tsearch: nope.srt: No such file or directory"))
        #expect(missing.stdout.contains("Samples/planning.srt"))  // the good file is still searched
        let empty = try TSearch.run(["search", "", "Samples/"])
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("the query is empty"))
        #expect(try TSearch.run(["search", "--bogus", "x"]).status == 2)
    }

    @Test func caseSensitivityContextCountAndQuiet() throws {
        let sensitive = try TSearch.run(["search", "BUDGET", "Samples/planning.srt", "-s"])
        #expect(sensitive.stdout.split(separator: "\n").count == 2)  // 2 rows in capitals, each naming its file
        let count = try TSearch.run(["search", "-c", "budget", "Samples/planning.srt", "Samples/sync.json"])
        #expect(count.stdout == "Samples/planning.srt:6\nSamples/sync.json:6\n12 total\n")
        let quiet = try TSearch.run(["search", "-q", "budget", "Samples/"])
        #expect(quiet.status == 0)
        #expect(quiet.stdout.isEmpty)
        let context = try TSearch.run(["search", "-C", "1", "Straße", "Samples/offsite-cp1252.vtt"])
        // Hit 1 is the first row, so only the row after it; "--"; hit 2 with a row each side.
        #expect(context.stdout.split(separator: "\n").count == 2 + 1 + 3)
        #expect(context.stdout.contains("\n--\n"))
    }

    @Test func stdinIsReadForDashAndWhenPiped() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: TSearch.samples + "/planning.srt"))
        let dash = try TSearch.run(["search", "budget", "-"], stdin: data)
        #expect(dash.status == 0)
        #expect(dash.stdout.hasPrefix("<stdin>:00:00:04:Alice: "))
        let piped = try TSearch.run(["budget"], stdin: data)
        #expect(piped.stdout == dash.stdout)
    }

    @Test func stdinThatIsNotAPipeMeansTheCurrentDirectory() throws {
        let folder = try TSearch.temporaryDirectory()
        try "budget line\n".write(to: folder.appendingPathComponent("a.txt"), atomically: true, encoding: .utf8)
        let result = try TSearch.run(["budget"], in: folder)  // stdin is /dev/null
        #expect(result.status == 0)
        #expect(result.stdout == "./a.txt:1:budget line\n")
    }

    @Test func namedPipesAreRead() throws {
        let result = try TSearch.shell("'\(TSearch.binary.path)' -c budget <(cat Samples/planning.srt)")
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix(":6\n6 total\n"))
    }

    @Test func plainTextOnStdinThatLooksLikeJSON() throws {
        let result = try TSearch.run(["budget"], stdin: Data("[Music]\nAlice: we talked budget\n".utf8))
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test func aPhraseCopiedAcrossTwoCueLinesIsFound() throws {
        let result = try TSearch.run(["search", "quarterly\nbudget  review", "Samples/planning.srt"])
        #expect(result.status == 0)
    }

    @Test func fileNamesCannotDriveTheTerminalThroughErrors() throws {
        let folder = try TSearch.temporaryDirectory()
        let name = "bad\u{1B}[2J\u{1B}]0;pwned\u{07}.srt"
        try Data([0, 1, 2, 3]).write(to: folder.appendingPathComponent(name))
        let result = try TSearch.run(["budget", name], in: folder)
        #expect(result.status == 2)
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"))
        #expect(result.stderr.contains("bad"))
    }

    /// Stripping a sequence from a name dropped its payload too, so `x.srt` and `x<ESC>[31m.srt`
    /// both read `x.srt`: names are shown escaped, each listing telling the two apart.
    @Test func fileNamesWithEscapeSequencesAreShownEscapedNotStripped() throws {
        let folder = try TSearch.temporaryDirectory()
        let srt = "1\n00:00:01,000 --> 00:00:02,000\nthe budget\n"
        for name in ["x.srt", "x\u{1B}[31m.srt", "x\u{1B}]0;t\u{07}.srt"] {
            try srt.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        for arguments in [["-c"], ["-l"], [], ["--heading"], ["--facets"]] {
            let result = try TSearch.run(["search"] + arguments + ["budget", "."], in: folder)
            #expect(result.status == 0, "\(arguments) \(result.stderr)")
            #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("\u{07}"), "\(arguments)")
            for shown in ["x.srt", #"x\x1B[31m.srt"#, #"x\x1B]0;t\x07.srt"#] {
                #expect(result.stdout.contains(shown), "\(arguments): \(shown) in \(result.stdout)")
            }
        }
        try Data([0, 1, 2]).write(to: folder.appendingPathComponent("y\u{1B}[2J.srt"))
        let error = try TSearch.run(["search", "budget", "y\u{1B}[2J.srt"], in: folder)
        #expect(error.status == 2 && error.stderr.contains(#"y\x1B[2J.srt"#), "\(error.stderr)")
    }

    @Test func countAndJSONDoNotCombine() throws {
        let result = try TSearch.run(["search", "-c", "--json", "budget", "Samples/planning.srt"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--count and --json do not combine"))
    }

    @Test func directoriesAreSearchedRecursivelyForSupportedFilesOnly() throws {
        let folder = try TSearch.temporaryDirectory()
        let nested = folder.appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try "budget line\n".write(to: nested.appendingPathComponent("deep.txt"), atomically: true, encoding: .utf8)
        try "budget line\n".write(to: folder.appendingPathComponent("notes.md"), atomically: true, encoding: .utf8)
        try "budget line\n".write(to: folder.appendingPathComponent(".hidden.txt"), atomically: true, encoding: .utf8)
        let result = try TSearch.run(["search", "budget", "."], in: folder)
        #expect(result.stdout == "./a/b/deep.txt:1:budget line\n")
        // A file named explicitly is read whatever its extension.
        let explicit = try TSearch.run(["search", "budget", "notes.md"], in: folder)
        #expect(explicit.status == 0)
    }

    @Test func helpAndVersion() throws {
        let help = try TSearch.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("tsearch search [OPTIONS] QUERY [PATH ...]"))
        #expect(help.stdout.contains("--context NUM"))
        let searchHelp = try TSearch.run(["search", "--help"])
        #expect(searchHelp.stdout.contains("--case-sensitive"))
        #expect(try TSearch.run(["help", "rows"]).stdout.contains("tsearch rows [OPTIONS] [PATH ...]"))
        #expect(try TSearch.run(["--version"]).stdout.hasPrefix("tsearch "))
        let bare = try TSearch.run([])
        #expect(bare.status == 2)
        #expect(bare.stderr.contains("Usage:"))
    }

    @Test func colourOnlyWhenAskedOrOnATerminal() throws {
        let always = try TSearch.run(["search", "--color=always", "budget", "Samples/planning.srt"])
        #expect(always.stdout.contains("\u{1B}[1;31mbudget\u{1B}[0m"))
        let never = try TSearch.run(["search", "--color", "never", "budget", "Samples/planning.srt"])
        #expect(!never.stdout.contains("\u{1B}"))
    }

    @Test func brokenPipeEndsQuietly() throws {
        let folder = try TSearch.temporaryDirectory()
        var big = ""
        for cue in 1...20_000 {
            big += "\(cue)\n00:00:01,000 --> 00:00:02,000\nthe budget line number \(cue)\n\n"
        }
        try big.write(to: folder.appendingPathComponent("big.srt"), atomically: true, encoding: .utf8)
        let script = "'\(TSearch.binary.path)' search budget big.srt | head -n 1 >/dev/null; echo \"status=${PIPESTATUS[0]}\""
        let result = try TSearch.shell(script, in: folder)
        #expect(result.stdout == "status=0\n")
        #expect(result.stderr.isEmpty)
    }
}

/// Output that a reader stops reading.
struct ClosedPipeTests {
    /// Regression: `--json` checked for a closed pipe once per file, so a long row with many hits
    /// piped to `head` went on formatting every hit record (each with the whole row) to nobody.
    @Test func jsonStopsAtTheFirstFailedWrite() throws {
        let folder = try TSearch.temporaryDirectory()
        // One row of 60,000 hits, 120 KB: every record of the old output would hold all of it (7 GB).
        try String(repeating: "a ", count: 60_000).write(to: folder.appendingPathComponent("long.txt"), atomically: true, encoding: .utf8)
        // Under `timeout`: writing on past the reader would take minutes (a hang, status 137), not 0.
        let piped = try TSearch.run(
            ["-c", "timeout -s KILL 60 \"$0\" search --json a long.txt | head -c 300 > first.txt; echo \"writer=${PIPESTATUS[0]}\"", TSearch.binary.path],
            executable: URL(fileURLWithPath: "/bin/bash"), in: folder)
        #expect(piped.status == 0)
        #expect(!piped.stdout.contains("writer=137"), "tsearch went on writing until it was killed")
        let first = try String(contentsOf: folder.appendingPathComponent("first.txt"), encoding: .utf8)
        #expect(first.hasPrefix(#"{"schema":1,"type":"hit","hit":1,"hits":60000"#))
    }
}

/// `--json` prints a long row's text once, not once per hit: a one-line transcript of 100 KB with
/// 2,000 hits printed 200 MB (a megabyte line with 37,000 hits, 40 GB).
struct LongRowJSONTests {
    @Test func aLongRowsTextIsPrintedOnceWithItsFirstHit() throws {
        let folder = try TSearch.temporaryDirectory()
        let line = String(repeating: "budget and forty more letters of filler ", count: 2_000)
        try (line + "\n").write(to: folder.appendingPathComponent("one-line.txt"), atomically: true, encoding: .utf8)
        let result = try TSearch.run(["search", "--json", "budget", "one-line.txt"], in: folder)
        #expect(result.status == 0)
        let records = try jsonRecords(result.stdout).filter { $0["type"] as? String == "hit" }
        #expect(records.count == 2_000)
        #expect((records.first?["text"] as? String)?.utf8.count == line.utf8.count - 1)
        #expect(records.dropFirst().allSatisfy { $0["text"] is NSNull })
        #expect(records.allSatisfy { ($0["match"] as? [String: Any])?["text"] as? String == "budget" })
        #expect(result.stdoutBytes.count < 2 << 20)
    }
}

/// A search without hits on a terminal says so, and a phrase whose words are said apart says how to
/// find them (a pipe gets nothing, as from grep); exit 1 either way.
struct NoHitsMessageTests {
    static let transcript = """
        1
        00:00:01,000 --> 00:00:03,000
        Alice: We need to cut the

        2
        00:00:03,000 --> 00:00:05,000
        Alice: budget by ten percent, then review it.

        3
        00:00:06,000 --> 00:00:08,000
        Bob: The review of the budget is on Friday.

        """

    func onATerminal(_ query: String, in folder: URL) throws -> TSearch.Outcome {
        try TSearch.shell("script -qec \"'\(TSearch.binary.path)' search '\(query)' talk.srt\" /dev/null", in: folder)
    }

    @Test(.enabled(if: ShellCompletionEndToEndTests.path(of: "script") != nil))
    func noHitsIsSaidWithAHintForWordsSaidApart() throws {
        let folder = try TSearch.temporaryDirectory()
        try Data(Self.transcript.utf8).write(to: folder.appendingPathComponent("talk.srt"))
        let apart = try onATerminal("budget review", in: folder)
        #expect(apart.stdout.contains("tsearch: no hits for budget review"), "\(apart.stdout)")
        #expect(apart.stdout.contains("hint: its words are said apart, together in 2 turns; --bool finds every turn that holds all of them"))
        #expect(!apart.stdout.contains("--across-cues"))
        let across = try onATerminal("cut the budget", in: folder)
        #expect(across.stdout.contains("hint: the phrase runs on from one cue into the next 1 time; --across-cues finds it there"), "\(across.stdout)")
        let nowhere = try onATerminal("zanzibar", in: folder)
        #expect(nowhere.stdout.contains("tsearch: no hits for zanzibar") && !nowhere.stdout.contains("hint"))
        // Piped: nothing at all, exit 1.
        let piped = try TSearch.run(["search", "budget review", "talk.srt"], in: folder)
        #expect(piped.status == 1 && piped.stdout.isEmpty && piped.stderr.isEmpty)
    }
}
