import Testing
@testable import TSearchCLI
import TranscriptRendering

/// The flag table drives `--help`, the man page and the completion scripts: every flag, command and
/// value in the table must reach all of them. (The scripts loading in real shells is tested end to
/// end, in `ShellCompletionEndToEndTests`.)
struct GeneratedDocumentationTests {
    @Test(arguments: Flag.all.map(\.long))
    func everyFlagHasAHelpLine(_ long: String) throws {
        let flag = try #require(Flag.named(long: long))
        #expect(flag.help.count >= 10, "--\(long) needs a help line")
        #expect(flag.help.hasSuffix("."), "--\(long)'s help is a sentence")
        #expect(!flag.commands.isEmpty, "--\(long) applies to no command")
        if flag.takesValue {
            #expect(flag.valueName?.isEmpty == false)
        }
    }

    @Test(arguments: CommandName.allCases)
    func everyCommandHasASummaryAndUsage(_ command: CommandName) {
        #expect(!command.summary.isEmpty)
        #expect(command.usage.hasPrefix("tsearch \(command.rawValue)"))
    }

    @Test(arguments: Flag.all.map(\.long))
    func everyFlagIsInTheManPageAndEveryCompletionScript(_ long: String) throws {
        let flag = try #require(Flag.named(long: long))
        let man = ManPage.render()
        #expect(man.contains("\\fB\\-\\-\(ManPage.escaped(long))\\fR"), "man page lacks --\(long)")
        #expect(man.contains(ManPage.escaped(flag.help)), "man page lacks --\(long)'s help")
        if let short = flag.short { #expect(man.contains("\\fB\\-\(short)\\fR, \\fB\\-\\-\(ManPage.escaped(long))")) }
        for shell in Shell.allCases {
            let script = ShellCompletions.script(for: shell)
            switch shell {
            case .bash, .zsh: #expect(script.contains("--" + long), "\(shell) lacks --\(long)")
            case .fish: #expect(script.contains("-l '\(long)'"), "fish lacks --\(long)")
            }
            if let short = flag.short {
                switch shell {
                case .bash: #expect(script.contains("-\(short) --\(long)"), "bash lacks -\(short)")
                case .zsh: #expect(script.contains("{-\(short)"), "zsh lacks -\(short)")
                case .fish: #expect(script.contains("-s '\(short)'"), "fish lacks -\(short)")
                }
            }
            if case .choices(let words) = flag.value {
                #expect(script.contains(words.joined(separator: " ")), "\(shell) lacks the values of --\(long)")
            }
        }
    }

    @Test(arguments: Shell.allCases)
    func everyCommandIsInEveryCompletionScript(_ shell: Shell) {
        let script = ShellCompletions.script(for: shell)
        for command in CommandName.allCases {
            #expect(script.contains("'\(command.rawValue)"), "\(shell) lacks \(command.rawValue)")
        }
        #expect(script.contains("bash zsh fish"))
    }

    /// `tsearch help pager` and the manual list every key of the pager's `?` screen.
    @Test func thePagerKeysAreInItsHelpAndTheManual() throws {
        let help = Help.command(.pager)
        let man = ManPage.render()
        for key in PagerView.keys {
            #expect(help.contains(key.keys) && help.contains(key.action), "help pager lacks \(key.keys)")
            #expect(man.contains(ManPage.escaped(key.keys)) && man.contains(ManPage.escaped(key.action)), "the manual lacks \(key.keys)")
            // The `?` screen: the action wrapped under its column, whole at any width.
            for columns in [60, 100, 200] {
                let screen = PagerOverlay(.help).lines(columns: columns)
                let start = try #require(screen.firstIndex { $0.hasPrefix("  " + key.keys) }, "\(key.keys) at \(columns)")
                let rest = screen[(start + 1)...].prefix { $0.hasPrefix(String(repeating: " ", count: 30)) }
                let action = ([String(screen[start].dropFirst(30))] + rest.map { String($0.dropFirst(30)) }).joined(separator: " ")
                #expect(action == key.action, "\(columns) columns")
                #expect(([screen[start]] + rest).allSatisfy { TerminalWidth.of($0) <= columns }, "\(columns) columns")
            }
        }
    }

    @Test func manPageHasTheSectionsAndOnlyEscapedText() {
        let man = ManPage.render()
        var last = man.startIndex
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "PAGER KEYS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES"] {
            let heading = man.range(of: "\n.SH \(section)\n")
            #expect(heading != nil, "no \(section) section")
            if let heading {
                #expect(heading.lowerBound >= last, "\(section) out of order")
                last = heading.lowerBound
            }
        }
        for command in CommandName.allCases { #expect(man.contains("\\fB\(command.rawValue)\\fR")) }
        #expect(man.unicodeScalars.allSatisfy { $0.isASCII }, "non-ASCII must be written as \\[uXXXX]")
        // No text line starts a request by accident: every line starting with . or ' is a macro we wrote.
        for line in man.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(line.prefixMatch(of: /\.(TH|SH|TP|PP|br|B|I|nh|ad l|\\")( |$)/) != nil, "unexpected request: \(line)")
        }
    }

    @Test(arguments: [
        ("café", "caf\\[u00E9]"), ("-C", "\\-C"), (".start", "\\&.start"), ("'quoted'", "\\&'quoted'"),
        ("back\\slash", "back\\eslash"), ("a\u{1B}[2Jb", "a[2Jb"), ("İ", "\\[u0130]"), ("👍", "\\[u1F44D]"),
    ])
    func roffEscaping(_ text: String, _ roff: String) {
        #expect(ManPage.escaped(text) == roff)
    }

    @Test func shellQuotingSurvivesQuotes() {
        #expect(ShellCompletions.shellQuoted("it's") == "'it'\\''s'")
        #expect(ShellCompletions.shellQuoted("") == "''")
    }
}
