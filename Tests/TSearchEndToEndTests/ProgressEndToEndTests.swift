import Foundation
import Testing

/// A long search is never silent on a terminal: `tsearch search` draws one progress line on
/// standard error (a pseudo-terminal made by `script`) and erases it before printing; into a pipe
/// nothing changes, byte for byte.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
struct ProgressEndToEndTests {
    struct Setup {
        let folder: URL
        var state: String { folder.appendingPathComponent("state/session.json").path }

        /// Four meetings, the loading slowed to 150 ms a file so the line has time to show.
        init() throws {
            folder = try TSearch.temporaryDirectory()
            for name in ["a", "b", "c", "d"] {
                try "1\n00:00:01,000 --> 00:00:02,000\nAlice: the \(name) budget\n".write(
                    to: folder.appendingPathComponent("\(name).srt"), atomically: true, encoding: .utf8)
            }
        }

        var environment: [String: String] {
            ["TSEARCH_STATE": state, "TSEARCH_PROGRESS_DELAY_MS": "0", "TSEARCH_TEST_PAUSE_PER_INPUT_MS": "150"]
        }
    }

    @Test func aTerminalSeesTheLineRedrawnInPlaceThenErasedBeforeTheOutput() throws {
        let setup = try Setup()
        let variables = setup.environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        // stdout to a file, stderr to the pseudo-terminal whose bytes `script` passes on.
        let command = "\(variables) '\(TSearch.binary.path)' search budget a.srt b.srt c.srt d.srt missing.srt > out.txt"
        let run = try TSearch.shell("script -qfec \"\(command)\" /dev/null", in: setup.folder)
        let terminal = run.stdout
        #expect(run.status == 2, "missing.srt is an error")
        #expect(terminal.contains("\rreading "), "\(terminal.debugDescription)")
        #expect(terminal.contains("/5 files"))
        // Each drawing starts at the line's start and clears what a longer one left.
        let drawings = terminal.components(separatedBy: "\r").filter { $0.hasPrefix("reading") }
        #expect(drawings.count >= 2, "redrawn while it runs: \(drawings)")
        #expect(drawings.allSatisfy { $0.hasSuffix("\u{1B}[K") })
        // Erased before the first message, which starts a clean line.
        let erased = try #require(terminal.range(of: "\r\u{1B}[K", options: .backwards))
        let message = try #require(terminal.range(of: "tsearch: missing.srt"))
        #expect(erased.upperBound <= message.lowerBound)
        #expect(!terminal[message.lowerBound...].contains("reading "), "nothing drawn after the line is erased")

        // stdout is what a search with no terminal anywhere prints.
        let printed = try String(contentsOf: setup.folder.appendingPathComponent("out.txt"), encoding: .utf8)
        let piped = try TSearch.run(["search", "budget", "a.srt", "b.srt", "c.srt", "d.srt", "missing.srt"], in: setup.folder, environment: setup.environment)
        #expect(printed == piped.stdout)
        #expect(printed.contains("a.srt:00:00:01"), "\(printed)")
    }

    @Test func aPipeOrJSONGetsNoProgressLine() throws {
        let setup = try Setup()
        let piped = try TSearch.run(["search", "budget", "a.srt", "b.srt"], in: setup.folder, environment: setup.environment)
        #expect(piped.status == 0)
        #expect(piped.stderr.isEmpty, "\(piped.stderr.debugDescription)")
        let variables = setup.environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        for flags in ["--json", "-q"] {
            let command = "\(variables) '\(TSearch.binary.path)' search \(flags) budget a.srt b.srt c.srt > out.txt"
            let run = try TSearch.shell("script -qfec \"\(command)\" /dev/null", in: setup.folder)
            #expect(!run.stdout.contains("reading"), "\(flags): \(run.stdout.debugDescription)")
        }
    }

    /// The other commands that read many files draw the same line, and erase it before they print.
    @Test(arguments: [
        ["rows", "a.srt", "b.srt", "c.srt", "d.srt"],
        ["export", "--format", "markup", "budget", "a.srt", "b.srt", "c.srt", "d.srt"],
    ])
    func otherCommandsThatLoadManyFilesShowTheLine(_ arguments: [String]) throws {
        let setup = try Setup()
        let variables = setup.environment.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let command = "\(variables) '\(TSearch.binary.path)' \(arguments.joined(separator: " ")) > out.txt"
        let run = try TSearch.shell("script -qfec \"\(command)\" /dev/null", in: setup.folder)
        #expect(run.status == 0, "\(run.stdout.debugDescription)")
        let terminal = run.stdout
        #expect(terminal.contains("\rreading ") && terminal.contains("/4 files"), "\(arguments[0]): \(terminal.debugDescription)")
        #expect(terminal.contains("\r\u{1B}[K") && !(terminal.components(separatedBy: "\r\u{1B}[K").last ?? "").contains("reading"),
                "erased at the end: \(terminal.debugDescription)")
        // What is printed is what the command prints with no terminal anywhere.
        let printed = try String(contentsOf: setup.folder.appendingPathComponent("out.txt"), encoding: .utf8)
        let piped = try TSearch.run(arguments, in: setup.folder, environment: setup.environment)
        #expect(printed == piped.stdout && piped.stderr.isEmpty, "\(arguments[0])")
        #expect(printed.contains("budget") || printed.contains("Alice"), "\(printed)")
    }
}
