import Foundation
import Testing

/// Point 4 of the foundation issue: malformed files give a warning or an error naming the file (and
/// line), the right exit code, and every good cue is still found.
@Suite(.serialized) struct MalformedInputTests {
    static func folder() throws -> URL {
        let folder = try TSearch.temporaryDirectory()
        let files: [String: [UInt8]] = [
            "truncated.srt": Array("1\n00:00:01,000 --> 00:00:02,000\nbudget one\n\n2\n00:00:03,000 --> 00:0".utf8),
            "bad-time.vtt": Array("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nbudget two\n\n00:00:xx.000 --> 00:00:04.000\nlost\n\n00:00:05.000 --> 00:00:06.000\nbudget three\n".utf8),
            "garbage.srt": (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ ($0 >> 3)) },
            "empty.srt": [],
        ]
        for (name, bytes) in files {
            try Data(bytes).write(to: folder.appendingPathComponent(name))
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("x.srt"), withIntermediateDirectories: true)
        return folder
    }

    @Test func eachBadFileIsNamedAndTheGoodCuesAreFound() throws {
        let folder = try Self.folder()
        let result = try TSearch.run(["search", "budget", "."], in: folder)
        #expect(result.status == 2)  // unreadable files are errors, as grep
        #expect(result.stdout.contains("budget one"))
        #expect(result.stdout.contains("budget two"))
        #expect(result.stdout.contains("budget three"))
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.contains(#"tsearch: warning: ./bad-time.vtt:6: expected a timing line like "00:01:02.500 --> 00:01:04.000", found "00:00:xx.000 --> 00:00:04.000""#))
        #expect(errors.contains(#"tsearch: warning: ./truncated.srt:6: expected a timing line like "00:01:02,500 --> 00:01:04,000", found "00:00:03,000 --> 00:0""#) ||
                errors.contains { $0.hasPrefix("tsearch: warning: ./truncated.srt:") } == false)
        #expect(errors.contains("tsearch: ./garbage.srt: binary file, not a transcript"))
        #expect(errors.contains("tsearch: ./empty.srt: no rows: the file holds no cue, segment or line of text"))
    }

    @Test func aDirectoryNamedLikeATranscript() throws {
        let folder = try Self.folder()
        let result = try TSearch.run(["search", "budget", "x.srt"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == "tsearch: warning: x.srt: no .srt, .vtt, .json or .txt file in this directory\n")
    }

    @Test func goodFileAloneExitsZeroWithWarningOnly() throws {
        let folder = try Self.folder()
        let result = try TSearch.run(["search", "budget", "bad-time.vtt"], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("tsearch: warning: bad-time.vtt:6:"))
    }
}

/// Point 6: escape sequences from a transcript never reach the terminal, in any output mode.
struct EscapeSequenceTests {
    static let modes: [[String]] = [
        ["search", "budget"],
        ["search", "--color=always", "budget"],
        ["search", "-C", "5", "budget"],
        ["search", "-C", "5", "--color=always", "Check"],
        ["search", "--json", "-C", "2", "budget"],
        ["search", "-c", "budget"],
        ["rows"],
        ["rows", "--color=always"],
        ["rows", "--json"],
    ]

    @Test(arguments: modes)
    func noEscapeSequenceFromTheTranscriptSurvives(_ arguments: [String]) throws {
        let result = try TSearch.run(arguments + ["Samples/escape.srt"])
        #expect(result.status == 0)
        let bytes = [UInt8](result.stdoutBytes)
        // The only ESC allowed is our own colour: ESC [ digits/semicolons m.
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B {
                var end = index + 1
                #expect(end < bytes.count && bytes[end] == UInt8(ascii: "["), "raw ESC not followed by [")
                end += 1
                while end < bytes.count, (0x30...0x3B).contains(bytes[end]) { end += 1 }
                #expect(end < bytes.count && bytes[end] == UInt8(ascii: "m"), "ESC sequence other than SGR colour")
                index = end
            }
            #expect(bytes[index] != 0x07 && bytes[index] != 0x9B, "BEL or 8-bit CSI in output")
            index += 1
        }
        #expect(!result.stdout.contains("]52;"))
        #expect(!result.stdout.contains("[2J"))
        #expect(result.stdout.contains("is final") || result.stdout.contains("escape.srt:3"))
    }
}
