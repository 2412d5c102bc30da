import Foundation
import Testing

/// ripgrep's habits: piped output names the file on every line (`path:time:text`, as
/// `rg --no-heading` prints `path:line:text`), `--heading`/`--no-heading` choose, and `-l`, `-A`,
/// `-B`, `-m`, several `-e` and `-F` behave as in rg. Where a transcript is plain text (one row per
/// line), the very same lines as the real `rg` prints are expected.
@Suite(.serialized) struct RipgrepHabitsTests {
    /// A meeting in WebVTT and plain notes, written for these tests.
    static func folder() throws -> URL {
        let folder = try TSearch.temporaryDirectory()
        let meeting = """
        WEBVTT

        00:00:01.000 --> 00:00:04.000
        <v Alice Johnson>Morning. The budget is the first thing today.

        00:00:05.000 --> 00:00:08.000
        <v Zoë Martin>I have the numbers from the Madrid office.

        00:00:09.000 --> 00:00:12.000
        <v Alice Johnson>Then the forecast, and the budget again.

        00:00:13.000 --> 00:00:16.000
        <v Bob Stone>Lunch is at noon.

        """
        let notes = """
        We set the budget in March.
        Nothing here.
        Still nothing.
        The Budget grew; the forecast did not.
        A quiet line.
        Another quiet line.
        forecast only here (a+b)
        last line, budget again

        """
        let more = "a budget line\nplain\n"
        try Data(meeting.utf8).write(to: folder.appendingPathComponent("meeting.vtt"))
        try Data(notes.utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data(more.utf8).write(to: folder.appendingPathComponent("more.txt"))
        return folder
    }

    /// The real rg, or nil when it is not installed (those comparisons are then skipped).
    static let rg: URL? = ["/usr/bin/rg", "/usr/local/bin/rg", "/opt/homebrew/bin/rg"]
        .map { URL(fileURLWithPath: $0) }.first { FileManager.default.isExecutableFile(atPath: $0.path) }

    @Test func pipedOutputNamesTheFileOnEveryLineSoGrepKeepsIt() throws {
        let folder = try Self.folder()
        let piped = try TSearch.shell("\(TSearch.binary.path) budget meeting.vtt | grep Alice", in: folder)
        #expect(piped.stdout == """
            meeting.vtt:00:00:01:Alice Johnson: Morning. The budget is the first thing today.
            meeting.vtt:00:00:09:Alice Johnson: Then the forecast, and the budget again.

            """)
    }

    @Test func headingGroupsByFileEvenWhenPipedAndNoHeadingIsTheDefault() throws {
        let folder = try Self.folder()
        let grouped = try TSearch.run(["--heading", "budget", "meeting.vtt"], in: folder)
        #expect(grouped.stdout == """
            meeting.vtt
                1/2  00:00:01  Alice Johnson: Morning. The budget is the first thing today.
                2/2  00:00:09  Alice Johnson: Then the forecast, and the budget again.

            """)
        let flat = try TSearch.run(["budget", "meeting.vtt"], in: folder)
        #expect(try TSearch.run(["--no-heading", "budget", "meeting.vtt"], in: folder).stdout == flat.stdout)
        #expect(flat.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("meeting.vtt:00:00:") })
    }

    @Test func contextRowsAreMarkedWithDashesAndGroupsSeparated() throws {
        let folder = try Self.folder()
        let outcome = try TSearch.run(["-A", "1", "Madrid", "meeting.vtt"], in: folder)
        #expect(outcome.stdout == """
            meeting.vtt:00:00:05:Zoë Martin: I have the numbers from the Madrid office.
            meeting.vtt-00:00:09-Alice Johnson: Then the forecast, and the budget again.

            """)
        // Groups that touch run on; a gap between them is `--`.
        let touching = try TSearch.run(["-B", "1", "-e", "Madrid", "-e", "noon", "meeting.vtt"], in: folder)
        #expect(touching.stdout == """
            meeting.vtt-00:00:01-Alice Johnson: Morning. The budget is the first thing today.
            meeting.vtt:00:00:05:Zoë Martin: I have the numbers from the Madrid office.
            meeting.vtt-00:00:09-Alice Johnson: Then the forecast, and the budget again.
            meeting.vtt:00:00:13:Bob Stone: Lunch is at noon.

            """)
        let apart = try TSearch.run(["-A", "1", "-e", "Morning", "-e", "noon", "meeting.vtt"], in: folder)
        #expect(apart.stdout == """
            meeting.vtt:00:00:01:Alice Johnson: Morning. The budget is the first thing today.
            meeting.vtt-00:00:05-Zoë Martin: I have the numbers from the Madrid office.
            --
            meeting.vtt:00:00:13:Bob Stone: Lunch is at noon.

            """)
    }

    @Test func severalPatternsFindAHitOfAnyVerbatimUnlessRegex() throws {
        let folder = try Self.folder()
        // `(a+b)` is text here, as `-F` would read it; with -E it is a pattern.
        let verbatim = try TSearch.run(["-e", "(a+b)", "-e", "MADRID", "notes.txt", "meeting.vtt"], in: folder)
        #expect(verbatim.stdout == """
            notes.txt:7:forecast only here (a+b)
            meeting.vtt:00:00:05:Zoë Martin: I have the numbers from the Madrid office.

            """)
        let regex = try TSearch.run(["-E", "-e", "fore\\w+ only", "-e", "^a bud", "notes.txt", "more.txt"], in: folder)
        #expect(regex.stdout == "notes.txt:7:forecast only here (a+b)\nmore.txt:1:a budget line\n")
        #expect(try TSearch.run(["-E", "-F", "-e", "(a+b)", "notes.txt"], in: folder).stdout == "notes.txt:7:forecast only here (a+b)\n")
    }

    @Test func maxCountKeepsTheFirstRowsWithHitsOfEachFile() throws {
        let folder = try Self.folder()
        let outcome = try TSearch.run(["-m", "1", "budget", "meeting.vtt", "notes.txt"], in: folder)
        #expect(outcome.stdout == """
            meeting.vtt:00:00:01:Alice Johnson: Morning. The budget is the first thing today.
            notes.txt:1:We set the budget in March.

            """)
        // The counts and the saved search see the same hits.
        #expect(try TSearch.run(["-m", "2", "-c", "budget", "notes.txt"], in: folder).stdout == "notes.txt:2\n2 total\n")
    }

    @Test func filesWithMatchesListsEachPathOnce() throws {
        let folder = try Self.folder()
        let outcome = try TSearch.run(["-l", "budget", "meeting.vtt", "notes.txt", "more.txt"], in: folder)
        #expect(outcome.stdout == "meeting.vtt\nnotes.txt\nmore.txt\n")
        #expect(outcome.status == 0)
        let none = try TSearch.run(["-l", "zebra", "notes.txt"], in: folder)
        #expect(none.stdout.isEmpty && none.status == 1)
    }

    /// On plain text, where a row is a line, tsearch prints exactly what rg prints, flag for flag.
    @Test(.enabled(if: RipgrepHabitsTests.rg != nil, "rg is not on this machine"), arguments: [
        ["budget"],
        ["-A", "1", "forecast"],
        ["-B", "2", "forecast"],
        ["-A", "1", "-B", "1", "-e", "budget", "-e", "forecast"],
        ["-C", "1", "quiet"],
        ["-m", "1", "budget"],
        ["-m", "2", "-A", "1", "budget"],
        ["-l", "forecast"],
        ["-e", "march", "-e", "PLAIN"],
        ["-F", "(a+b)"],
    ])
    func plainTextLinesAreThoseOfRipgrep(flags: [String]) throws {
        let rg = try #require(Self.rg)
        let folder = try Self.folder()
        let files = ["notes.txt", "more.txt"]
        let ours = try TSearch.run(flags + files, in: folder)
        // rg's defaults made to match ours: case ignored, literal text unless -e gives patterns, line
        // numbers, files in the order given (one thread).
        let literal = flags.contains("-e") ? [] : ["-F"]
        let theirs = try TSearch.run(["-i", "-n", "-j1", "--no-heading", "--color", "never"] + literal + flags + files, executable: rg, in: folder)
        #expect(ours.stdout == theirs.stdout)
        #expect(ours.status == theirs.status)
    }

    @Test func aMistypedCommandIsNamed() throws {
        let folder = try Self.folder()
        let outcome = try TSearch.run(["serch", "budget", "notes.txt"], in: folder)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("\"serch\" is not a command, so it was searched for; did you mean tsearch search?"))
        // A word that is no command's near miss, or a search that found something, gets no note.
        #expect(!(try TSearch.run(["zebra", "notes.txt"], in: folder)).stderr.contains("did you mean"))
        #expect(!(try TSearch.run(["rose", "notes.txt"], in: folder)).stderr.contains("did you mean tsearch rows"))
    }
}
