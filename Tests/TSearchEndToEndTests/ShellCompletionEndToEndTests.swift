import Foundation
import Testing

/// The completion scripts load in bash and zsh (and fish), and complete as a user types;
/// the man page renders without a warning. Each shell's test is skipped when that shell is absent.
@Suite(.serialized) struct ShellCompletionEndToEndTests {
    static func path(of tool: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// A folder with a transcript and two media files, to complete paths in.
    private func folder() throws -> URL {
        let folder = try TSearch.temporaryDirectory()
        for name in ["talk, café.srt", "talk, café.mp4", "notes.txt"] {
            FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data())
        }
        return folder
    }

    @Test func bashLoadsAndCompletes() throws {
        let binary = TSearch.binary.path
        let load = try TSearch.shell("source <('\(binary)' completions bash) && complete -p tsearch")
        #expect(load.status == 0, "\(load.stderr)")
        #expect(load.stdout == "complete -F _tsearch tsearch\n")
        #expect(load.stderr.isEmpty)

        // Complete as readline would: COMP_WORDS split as bash splits them (at `=` too).
        let script = """
        source <('\(binary)' completions bash) || exit 3
        t() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _tsearch; local IFS=/; echo "${COMPREPLY[*]}"; }
        t tsearch ex
        t tsearch export --forma
        t tsearch export --format ''
        t tsearch --color = al
        t tsearch -C 3 rows --
        t tsearch completions ''
        t tsearch help m
        t tsearch budget 'talk, c'
        t tsearch next ''
        t tsearch export -o no
        """
        let result = try TSearch.shell(script, in: try folder())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) == [
            "export",
            "--format",
            "ansi/html/markup/edl/m3u/fcpxml/otio",
            "always",
            "--json/--color/--warnings/--no-warnings/--input-format/--encoding/--keep-rolling/--help/--version",
            "bash/zsh/fish",
            "meetings/man",
            "talk, café.mp4/talk, café.srt",
            "",
            "notes.txt",
            "",
        ])
    }

    @Test func aShellMustBeNamed() throws {
        let unknown = try TSearch.run(["completions", "tcsh"])
        #expect(unknown.status == 2)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr.contains(#"completions expects bash, zsh or fish, found "tcsh""#))
        #expect(try TSearch.run(["completions"]).status == 2)
        #expect(try TSearch.run(["man", "x"]).status == 2)
    }

    @Test(.enabled(if: path(of: "zsh") != nil))
    func zshLoads() throws {
        let zsh = try #require(Self.path(of: "zsh"))
        let home = try TSearch.temporaryDirectory()
        let load = try TSearch.run(["-f", "-c", """
            autoload -Uz compinit && compinit -u -d '\(home.path)/zcompdump' && source <('\(TSearch.binary.path)' completions zsh) \
            && print -r -- $_comps[tsearch]
            """], executable: URL(fileURLWithPath: zsh))
        #expect(load.status == 0, "\(load.stderr)")
        #expect(load.stdout == "_tsearch\n")
        #expect(load.stderr.isEmpty)
    }

    /// zsh completes in a real interactive shell, driven through a pseudo-terminal (zsh/zpty): Tab
    /// after each partial line must show what the table says (within 20 s, else the shell is killed).
    @Test(.enabled(if: path(of: "zsh") != nil), arguments: [
        ("tsearch ex", "export"),
        ("tsearch export --forma", "--format"),  // --fo is also --forms
        ("tsearch --color ", "never"),
        ("tsearch export --format ", "markup"),
        ("tsearch completions ", "fish"),
        ("tsearch budget 'talk, c", "café."),  // the common prefix of talk, café.srt and .mp4
    ])
    func zshCompletes(_ line: String, _ expected: String) throws {
        let zsh = try #require(Self.path(of: "zsh"))
        let folder = try folder()
        let setup = "PS1='> '; autoload -Uz compinit; compinit -u -d \(folder.path)/zcompdump; source <('\(TSearch.binary.path)' completions zsh); print READY"
        let script = """
        zmodload zsh/zpty || exit 3
        zpty z 'zsh -f -i'
        zpty -w z \(shellQuoted(setup))
        zpty -r z out '*READY*'; zpty -r z out '*READY*'
        zpty -w -n z \(shellQuoted(line))$'\\t'
        zpty -r z out \(shellQuoted("*" + expected + "*")); [[ $out == *"\(expected)"* ]] && print FOUND
        zpty -d z
        """
        let result = try TSearch.shell("timeout -s KILL 20 '\(zsh)' -f -c \(shellQuoted(script))", in: folder)
        #expect(result.stdout.hasSuffix("FOUND\n"), "zsh did not offer \(expected) for \(line): \(result.stdout) \(result.stderr)")
    }

    @Test(.enabled(if: path(of: "fish") != nil))
    func fishParsesAndCompletes() throws {
        let fish = try #require(Self.path(of: "fish"))
        let folder = try folder()
        let script = try TSearch.run(["completions", "fish"])
        let file = folder.appendingPathComponent("tsearch.fish")
        try Data(script.stdout.utf8).write(to: file)
        let syntax = try TSearch.run(["-n", file.path], executable: URL(fileURLWithPath: fish))
        #expect(syntax.status == 0, "\(syntax.stderr)")
        let completes = try TSearch.run(["-c", """
            source \(file.path)
            complete -C 'tsearch --color '; echo ---
            complete -C 'tsearch export --fo'; echo ---
            complete -C 'tsearch next --'; echo ---
            complete -C 'tsearch export -o no'
            """], executable: URL(fileURLWithPath: fish), in: folder)
        let parts = completes.stdout.components(separatedBy: "---\n").map { $0.split(separator: "\n").map { String($0.split(separator: "\t")[0]) } }
        #expect(parts.count == 4)
        try #require(parts.count == 4)
        #expect(parts[0] == ["always", "auto", "never"])
        #expect(parts[1] == ["--format", "--forms"])
        #expect(Set(parts[2]) == ["--context", "--json", "--color", "--no-wrap", "--timeout", "--warnings", "--no-warnings", "--help", "--version"])
        #expect(parts[3] == ["notes.txt"])
    }

    /// The man page: groff reads it without a warning (-ww), and `man -l -` shows every section.
    @Test(.enabled(if: path(of: "groff") != nil))
    func manPageRendersWithoutWarnings() throws {
        let page = try TSearch.run(["man"])
        #expect(page.status == 0)
        let groff = try TSearch.run(["-man", "-Tutf8", "-ww", "-z"], executable: URL(fileURLWithPath: try #require(Self.path(of: "groff"))),
                                    stdin: Data(page.stdout.utf8))
        #expect(groff.status == 0)
        #expect(groff.stderr.isEmpty, "groff warned: \(groff.stderr)")
        // man(1) reads it too, where installed (groff alone proved the page above).
        guard let man = Self.path(of: "man") else { return }
        let shown = try TSearch.run(["-l", "-"], executable: URL(fileURLWithPath: man), stdin: Data(page.stdout.utf8),
                                    environment: ["MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "100"])
        #expect(shown.status == 0)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES"] {
            #expect(shown.stdout.contains("\n" + section + "\n"), "man -l - shows no \(section)")
        }
        #expect(shown.stdout.contains("--padding SECONDS"))
        #expect(shown.stdout.contains("Ignore accents and other marks: cafe finds café"))
    }

    private func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
