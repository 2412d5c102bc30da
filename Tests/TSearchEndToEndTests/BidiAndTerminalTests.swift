import Foundation
import Testing

/// Bidirectional formatting from a transcript or a file name never reorders the rest of a printed
/// line (Trojan Source), and nothing written to a terminal carries an escape sequence from a name.
@Suite(.serialized) struct BidiAndTerminalTests {
    /// Whether every embedding, override and isolate opened in `line` is closed in it, and every
    /// closer closes something.
    static func isBalanced(_ line: Substring) -> Bool {
        var open: [UInt32] = []
        for scalar in line.unicodeScalars {
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068: open.append(scalar.value)
            case 0x202C:
                guard let last = open.last, last < 0x2066 else { return false }
                open.removeLast()
            case 0x2069:
                guard let isolate = open.lastIndex(where: { $0 >= 0x2066 }) else { return false }
                open.removeSubrange(isolate...)
            default: break
            }
        }
        return open.isEmpty
    }

    static func folder() throws -> URL {
        let folder = try TSearch.temporaryDirectory()
        let srt = """
        1
        00:00:01,000 --> 00:00:02,000
        Mallory\u{202E}: the budget is \u{202E}reversed\u{2067} forever

        2
        00:00:03,000 --> 00:00:04,000
        a stray\u{202C} closer\u{2069} and the budget

        """
        try srt.write(to: folder.appendingPathComponent("evil\u{202E}name.srt"), atomically: false, encoding: .utf8)
        return folder
    }

    @Test(arguments: [
        ["search", "budget"], ["search", "--color=always", "budget"], ["search", "--json", "budget"],
        ["search", "-c", "budget"], ["rows"], ["rows", "--json"],
        ["export", "--format", "markup", "budget"], ["export", "--format", "ansi", "budget"],
    ])
    func everyPrintedLineIsBalanced(_ arguments: [String]) throws {
        let folder = try Self.folder()
        let result = try TSearch.run(arguments + ["."], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("budget") || result.stdout.contains("total") || arguments[0] == "rows")
        for line in result.stdout.split(separator: "\n") {
            #expect(Self.isBalanced(line), "unbalanced: \(line.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// A playlist shown on a terminal (`script` gives the command one) loses the escape sequences
    /// a recording's file name holds; written to a file it keeps the name exactly, as mpv needs.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "script (util-linux) gives a command a terminal"))
    func aPlaylistOnATerminalCarriesNoEscapeFromAFileName() throws {
        let folder = try TSearch.temporaryDirectory()
        let name = "talk\u{1B}]0;pwned\u{07}"
        try TSearch.shell("cp '\(TSearch.samples)/planning.srt' \"$(printf 'talk\\033]0;pwned\\007').srt\" && touch \"$(printf 'talk\\033]0;pwned\\007').mp3\"", in: folder)
        let onTerminal = try TSearch.shell(
            "script -qec \"'\(TSearch.binary.path)' export --format edl budget .\" /dev/null", in: folder)
        #expect(onTerminal.status == 0)
        #expect(onTerminal.stdout.contains("# mpv EDL v0"))
        #expect(!onTerminal.stdout.contains("\u{1B}]0;"))
        #expect(!onTerminal.stdout.contains("\u{07}"))
        let toFile = try TSearch.run(["export", "--format", "edl", "budget", "."], in: folder)
        #expect(toFile.stdout.contains(name + ".mp3"))
    }
}
