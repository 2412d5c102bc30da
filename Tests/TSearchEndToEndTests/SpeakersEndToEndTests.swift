import Foundation
import Testing

/// Speakers as meeting apps write them (full names): `speaker:` by name parts, the message when a
/// name picks nobody, `tsearch speakers`, its use by the shell completions, and facets that show
/// the same disjunctive numbers in the listing and the JSON summary.
@Suite(.serialized) struct SpeakersEndToEndTests {
    /// Two meetings in WebVTT, voices with full names as Teams and Zoom write them.
    static func meetings() throws -> URL {
        let folder = try TSearch.temporaryDirectory()
        let planning = """
        WEBVTT

        00:00:01.000 --> 00:00:04.000
        <v Alice Johnson>Morning. The budget for next year is the first thing today.

        00:00:05.000 --> 00:00:08.000
        <v José García>I have the budget numbers from the Madrid office.

        00:00:09.000 --> 00:00:12.000
        <v 王伟>预算 is ready for the Shanghai team, the budget is in the folder.

        00:00:13.000 --> 00:00:16.000
        <v Alicia Keyes>Can we talk about hiring after the budget?

        00:00:17.000 --> 00:00:20.000
        <v Alice Johnson>Yes, hiring next. The budget is approved.

        """
        let review = """
        WEBVTT

        00:00:01.000 --> 00:00:04.000
        <v Jose\u{301} Garci\u{301}a>The budget review starts now.

        00:00:05.000 --> 00:00:08.000
        <v Alice Johnson>Thanks. Nothing about money from me.

        """
        try Data(planning.utf8).write(to: folder.appendingPathComponent("planning.vtt"))
        try Data(review.utf8).write(to: folder.appendingPathComponent("review.vtt"))
        return folder
    }

    @Test func speakersListsWhoSpeaksWithTheirRows() throws {
        let folder = try Self.meetings()
        let result = try TSearch.run(["speakers", "--color", "never", "."], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        // José's two spellings (composed, decomposed) are one name: canonically equivalent.
        #expect(result.stdout == "3  Alice Johnson\n2  José García\n1  Alicia Keyes\n1  王伟\n")

        let json = try TSearch.run(["speakers", "--json", "planning.vtt"], in: folder)
        #expect(json.stdout.split(separator: "\n").first == #"{"schema":1,"type":"speaker","speaker":"Alice Johnson","rows":2}"#)

        let picked = try TSearch.run(["speakers", "--color", "never", "speaker:ali", "planning.vtt"], in: folder)
        #expect(picked.stdout == "2  Alice Johnson\n1  Alicia Keyes\n")

        let none = try TSearch.run(["speakers", "notes.txt"], in: try TSearch.temporaryDirectory())
        #expect(none.status != 0)
    }

    @Test(arguments: [
        (["speaker:Alice", "budget"], ["Alice Johnson"]),
        (["speaker:ali", "budget"], ["Alice Johnson", "Alicia Keyes"]),
        (["speaker:jose", "budget"], ["José García"]),
        (["speaker:JOSÉ", "budget"], ["José García"]),
        (["speaker:garc", "budget"], ["José García"]),
        (["speaker:王", "budget"], ["王伟"]),
        (["speaker:\"Alice Johnson\"", "budget"], ["Alice Johnson"]),
        (["speaker:\"Alice\"", "budget"], []),
        (["--speaker", "alice j", "budget"], ["Alice Johnson"]),
        (["speaker:alice", "speaker:wang", "speaker:王", "budget"], ["Alice Johnson", "王伟"]),
    ])
    func aSpeakerIsPickedByTheStartsOfItsNameParts(arguments: [String], speakers: [String]) throws {
        let folder = try Self.meetings()
        let result = try TSearch.run(arguments + ["--json", "."], in: folder)
        let found = result.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], object["type"] as? String == "hit" else { return nil }
            return object["speaker"] as? String
        }
        #expect(Set(found) == Set(speakers), "\(arguments)")
        #expect(result.status == (speakers.isEmpty ? 1 : 0))
    }

    @Test func aSpeakerNobodyIsSaysSoAndNamesTheNearest() throws {
        let folder = try Self.meetings()
        let result = try TSearch.run(["speaker:Alise", "budget", "."], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "tsearch: no speaker matches \"Alise\"; nearest: Alice Johnson (tsearch speakers lists them)\n")

        let quoted = try TSearch.run(["speaker:\"Alice\"", "budget", "."], in: folder)
        #expect(quoted.stderr.hasPrefix("tsearch: no speaker matches \"Alice\"; nearest: Alice Johnson"))

        // One value that picks somebody and one that picks nobody: the hits, and the word why.
        let mixed = try TSearch.run(["speaker:wang", "speaker:alice", "budget", "."], in: folder)
        #expect(mixed.status == 0)
        #expect(mixed.stderr.hasPrefix("tsearch: no speaker matches \"wang\""))

        let unlabelled = try TSearch.temporaryDirectory()
        try Data("1\n00:00:01,000 --> 00:00:02,000\nthe budget\n".utf8).write(to: unlabelled.appendingPathComponent("a.srt"))
        let nobody = try TSearch.run(["speaker:Alice", "budget", "a.srt"], in: unlabelled)
        #expect(nobody.status == 1)
        #expect(nobody.stderr == "tsearch: no speaker matches \"Alice\": no row of these files has a speaker\n")

        // `tsearch speakers` says the same of a name that picks nobody, and lists the others picked.
        let listed = try TSearch.run(["speakers", "--color", "never", "speaker:Alise", "."], in: folder)
        #expect(listed.status == 1 && listed.stdout.isEmpty)
        #expect(listed.stderr == "tsearch: no speaker matches \"Alise\"; nearest: Alice Johnson (tsearch speakers lists them)\n")
        let some = try TSearch.run(["speakers", "--color", "never", "speaker:wang", "speaker:alicia", "."], in: folder)
        #expect(some.status == 0 && some.stdout == "1  Alicia Keyes\n")
        #expect(some.stderr.hasPrefix("tsearch: no speaker matches \"wang\""), "\(some.stderr)")
    }

    /// The listing's `--facets` and the JSON summary's `facets` are the same disjunctive numbers:
    /// choosing Alice still shows what choosing each other speaker would find.
    @Test func facetsAreDisjunctiveAndTheSameInTheListingAndTheSummary() throws {
        let folder = try Self.meetings()
        let listing = try TSearch.run(["speaker:alice", "budget", "--facets", "--color", "never", "."], in: folder)
        #expect(listing.status == 0)
        let speakerLine = try #require(listing.stdout.split(separator: "\n").first { $0.hasPrefix("hits by speaker:") })
        #expect(speakerLine == "hits by speaker: Alice Johnson 2 · José García 2 · Alicia Keyes 1 · 王伟 1")
        let fileLine = try #require(listing.stdout.split(separator: "\n").first { $0.hasPrefix("hits by file:") })
        #expect(fileLine == "hits by file: ./planning.vtt 2")

        let json = try TSearch.run(["speaker:alice", "budget", "--json", "."], in: folder)
        let summary = try #require(json.stdout.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(summary.utf8)) as? [String: Any])
        let facets = try #require(object["facets"] as? [String: [[String: Any]]])
        let speakers = (facets["speaker"] ?? []).map { "\($0["value"] as? String ?? "(none)") \($0["hits"] as? Int ?? -1)" }
        #expect("hits by speaker: " + speakers.joined(separator: " · ") == speakerLine)
        let files = (facets["file"] ?? []).map { "\($0["value"] as? String ?? "(none)") \($0["hits"] as? Int ?? -1)" }
        #expect("hits by file: " + files.joined(separator: " · ") == fileLine)
    }

    // MARK: Completion of speaker:

    /// A folder with the meetings and a `tsearch` on the PATH, as the completion scripts call it.
    private func environment() throws -> (folder: URL, variables: [String: String]) {
        let folder = try Self.meetings()
        let path = TSearch.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return (folder, ["PATH": path])
    }

    @Test func bashCompletesASpeakerFromTheFilesOnTheLine() throws {
        let (folder, variables) = try environment()
        let script = """
        source <(tsearch completions bash) || exit 3
        t() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _tsearch; local IFS=/; echo "${COMPREPLY[*]}"; }
        t tsearch speaker : ali
        t tsearch review.vtt speaker : jo
        t tsearch speaker:wa
        t tsearch pager planning.vtt speaker : ''
        """
        let result = try TSearch.shell(script, in: folder, environment: variables)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
            #"\"Alice\ Johnson\"/\"Alicia\ Keyes\""#,
            #"\"Alice\ Johnson\"/\"José\ García\""#,  // Johnson starts with jo too
            "",
            #"\"Alice\ Johnson\"/\"Alicia\ Keyes\"/\"José\ García\"/王伟"#,
            "",
        ])
    }

    /// fish keeps the candidates its own matching accepts for the typed word (a prefix, or a
    /// case-sensitive subsequence: `speaker:Ali`, not `speaker:ali`, reaches `speaker:"Alice …"`).
    @Test(.enabled(if: ShellCompletionEndToEndTests.path(of: "fish") != nil))
    func fishCompletesASpeakerAndNoFileNames() throws {
        let (folder, variables) = try environment()
        let fish = try #require(ShellCompletionEndToEndTests.path(of: "fish"))
        let result = try TSearch.run(["-c", """
            tsearch completions fish | source
            complete -C 'tsearch speaker:Ali'; echo ---
            complete -C 'tsearch planning.vtt speaker:王'
            """], executable: URL(fileURLWithPath: fish), in: folder, environment: variables)
        let parts = result.stdout.components(separatedBy: "---\n").map { $0.split(separator: "\n").map(String.init) }
        #expect(parts.first == [#"speaker:"Alice Johnson""#, #"speaker:"Alicia Keyes""#])
        #expect(parts.last == ["speaker:王伟"])
    }

    @Test(.enabled(if: ShellCompletionEndToEndTests.path(of: "zsh") != nil))
    func zshCompletesASpeaker() throws {
        let (folder, variables) = try environment()
        let zsh = try #require(ShellCompletionEndToEndTests.path(of: "zsh"))
        let setup = "PS1='> '; autoload -Uz compinit; compinit -u -d \(folder.path)/zcompdump; source <(tsearch completions zsh); print READY"
        let script = """
        zmodload zsh/zpty || exit 3
        zpty z 'zsh -f -i'
        zpty -w z \(shellQuoted(setup))
        zpty -r z out '*READY*'; zpty -r z out '*READY*'
        zpty -w -n z 'tsearch planning.vtt speaker:gar'$'\\t'
        zpty -r z out '*Garc*'; [[ $out == *'speaker:gar'*Jos*Garc* ]] && print FOUND
        zpty -d z
        """
        let result = try TSearch.shell("timeout -s KILL 20 '\(zsh)' -f -c \(shellQuoted(script))", in: folder, environment: variables)
        #expect(result.stdout.hasSuffix("FOUND\n"), "\(result.stdout) \(result.stderr)")
    }

    /// `text` in single quotes for a POSIX shell.
    private func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

extension PagerEndToEndTests {
    /// The pager's `f` lists the same disjunctive counts as `search --facets` (and so as the JSON
    /// summary, checked above), kind by kind.
    @Test func thePagerShowsTheFacetsTheCommandLinePrints() throws {
        let folder = try SpeakersEndToEndTests.meetings()
        let listing = try TSearch.run(["speaker:alice", "budget", "--facets", "--color", "never", "."], in: folder)
        let printed = listing.stdout.split(separator: "\n").filter { $0.hasPrefix("hits by ") }.map(String.init)
        #expect(printed.count == 2)  // speakers and files; the meetings have no sections

        let script = "TSEARCH_STATE='\(folder.path)/session.json' '\(TSearch.binary.path)' pager 'speaker:alice budget' .\nsleep 30\n"
        try script.write(to: folder.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        defer { _ = try? Self.tmux(["kill-server"]) }
        _ = try Self.tmux(["new-session", "-d", "-s", "pager", "-x", "100", "-y", "30", "-c", folder.path, "sh '\(folder.path)/run.sh'"])
        try Self.waitFor("hit 1/2")
        _ = try Self.tmux(["send-keys", "-t", "pager", "f"])
        let screen = try Self.waitFor("q or any other key: close")
        // The screen's lists, joined back into the command line's lines.
        var shown: [String] = []
        for line in screen.map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
            if line.hasPrefix("j k Space b: scroll") { break }
            if line.hasPrefix("hits by ") {
                shown.append(line)
            } else if let last = shown.last {
                shown[shown.count - 1] = last + (last.hasSuffix(":") ? " " : " · ") + line
            }
        }
        #expect(shown == printed)
        // q closes the list, not the pager (as q closes less's help); q again quits.
        _ = try Self.tmux(["send-keys", "-t", "pager", "q"])
        // The status line shows under the list too: wait for the list to go (10 s at most).
        var closed = try Self.waitFor("hit 1/2")
        for _ in 0..<200 {
            guard closed.contains(where: { $0.hasPrefix("hits by ") }) else { break }
            usleep(50_000)
            closed = try Self.screen()
        }
        #expect(!closed.contains { $0.hasPrefix("hits by ") }, "\(closed)")
        _ = try Self.tmux(["send-keys", "-t", "pager", "q"])
    }
}
