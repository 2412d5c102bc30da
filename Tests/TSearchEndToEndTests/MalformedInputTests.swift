import Foundation
import Testing

/// Malformed files give a warning or an error naming the file (and
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
        // Found while walking a directory, every bad file is a warning: hits were found, so 0.
        #expect(result.status == 0)
        #expect(result.stdout.contains("budget one"))
        #expect(result.stdout.contains("budget two"))
        #expect(result.stdout.contains("budget three"))
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.contains(#"tsearch: warning: ./bad-time.vtt:6: expected a timing line like "00:01:02.500 --> 00:01:04.000", found "00:00:xx.000 --> 00:00:04.000""#))
        // The truncated cue's timing still reads ("00:0" is 0 s) and it has no text: nothing is lost.
        #expect(!errors.contains { $0.contains("truncated.srt") })
        // The list of what is read comes from the table of formats: checked at its ends.
        #expect(errors.contains { $0.hasPrefix("tsearch: warning: ./garbage.srt: binary file, not a transcript; tsearch reads .srt, .vtt, ") && $0.hasSuffix(" files") })
        #expect(errors.contains("tsearch: warning: ./empty.srt: holds no cue, segment or line of text"))
    }

    @Test func namedBadFilesAreErrorsAndEmptyOnesWarnings() throws {
        let folder = try Self.folder()
        let garbage = try TSearch.run(["search", "budget", "garbage.srt", "bad-time.vtt"], in: folder)
        #expect(garbage.status == 2)
        #expect(garbage.stderr.split(separator: "\n").contains { $0.hasPrefix("tsearch: garbage.srt: binary file, not a transcript; tsearch reads .srt, .vtt, ") && $0.hasSuffix(" files") })
        #expect(garbage.stdout.contains("budget three"))
        let empty = try TSearch.run(["search", "budget", "empty.srt"], in: folder)
        #expect(empty.status == 1)
        #expect(empty.stderr == "tsearch: warning: empty.srt: holds no cue, segment or line of text\n")
        let allBroken = folder.appendingPathComponent("all-broken.srt")
        try Data("1\n00:00:0x,000 --> 00:00:02,000\nlost budget\n".utf8).write(to: allBroken)
        let broken = try TSearch.run(["search", "budget", "."], in: folder)
        #expect(broken.status == 2)  // a transcript none of whose cues reads loses text: an error
        #expect(broken.stderr.contains("tsearch: ./all-broken.srt: no rows: none of its 1 cue(s) could be read"))
    }

    @Test func aDirectoryNamedLikeATranscript() throws {
        let folder = try Self.folder()
        let result = try TSearch.run(["search", "budget", "x.srt"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("tsearch: warning: x.srt: no transcript in this directory (tsearch reads .srt, .vtt, "))
        #expect(result.stderr.hasSuffix(" files)\n") && result.stderr.split(separator: "\n").count == 1)
    }

    @Test func goodFileAloneExitsZeroWithWarningOnly() throws {
        let folder = try Self.folder()
        let result = try TSearch.run(["search", "budget", "bad-time.vtt"], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("tsearch: warning: bad-time.vtt:6:"))
    }
}

/// Escape sequences from a transcript never reach the terminal, in any output mode.
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

/// A folder nested past the system's path limit is named in a warning, not skipped as if empty.
struct DeepFolderTests {
    @Test func entriesPastThePathLimitAreNamed() throws {
        let folder = try TSearch.temporaryDirectory()
        let level = String(repeating: "d", count: 200)
        // Made step by step from inside, since no single path may be that long.
        let made = try TSearch.shell("for i in $(seq 1 25); do mkdir \(level) && cd \(level) || exit 1; done; cp '\(TSearch.samples)/planning.srt' .", in: folder)
        #expect(made.status == 0)
        let result = try TSearch.run(["search", "-c", "budget", "."], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("skipped 1 entry whose path is longer than the system allows (4096 bytes), such as ./ddd"), "\(result.stderr)")
        #expect(!result.stderr.contains("no transcript in this directory"))
    }
}
