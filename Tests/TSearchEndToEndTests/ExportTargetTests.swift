import Foundation
import Testing

/// `-o FILE` as a shell's `>` would treat FILE, but atomic for regular files: a pipe or a device is
/// written into, a link keeps pointing where it did, a full disk is an error, `-o -` is stdout, and
/// an export with an input that could not be read writes nothing.
@Suite(.serialized) struct ExportTargetTests {
    static let export = ["export", "--format", "markup", "budget"]

    @Test func aNamedPipeIsWrittenIntoNotReplaced() throws {
        let folder = try TSearch.temporaryDirectory()
        let tsearch = TSearch.binary.path
        let samples = TSearch.samples
        let result = try TSearch.shell("""
            mkfifo out.pipe
            cat out.pipe > got.txt &
            '\(tsearch)' export --format markup -o out.pipe budget '\(samples)/planning.srt'
            status=$?
            wait
            test -p out.pipe && echo still-a-pipe
            exit $status
            """, in: folder)
        #expect(result.status == 0)
        #expect(result.stdout.contains("still-a-pipe"))
        let got = try String(contentsOf: folder.appendingPathComponent("got.txt"), encoding: .utf8)
        #expect(got.contains("budget"))
    }

    @Test func aFullDeviceIsAnError() throws {
        let result = try TSearch.run(Self.export + ["-o", "/dev/full", "Samples/planning.srt"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot write /dev/full"))
    }

    @Test func aLinkKeepsPointingAtItsFileWhichIsReplaced() throws {
        let folder = try TSearch.temporaryDirectory()
        let real = folder.appendingPathComponent("real.txt")
        try "old".write(to: real, atomically: false, encoding: .utf8)
        let link = folder.appendingPathComponent("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let result = try TSearch.run(Self.export + ["-o", link.path, "Samples/planning.srt"])
        #expect(result.status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
        #expect(try String(contentsOf: real, encoding: .utf8).contains("budget"))
    }

    @Test func dashIsStandardOutput() throws {
        let folder = try TSearch.temporaryDirectory()
        let result = try TSearch.run(Self.export + ["-o", "-", TSearch.samples + "/planning.srt"], in: folder)
        #expect(result.status == 0)
        #expect(result.stdout.contains("budget"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path))
    }

    @Test func anExportWithAnUnreadableInputWritesNothing() throws {
        let folder = try TSearch.temporaryDirectory()
        let out = folder.appendingPathComponent("hits.html")
        let result = try TSearch.run(["export", "--format", "html", "-o", out.path, "budget", "Samples/planning.srt", "missing.srt"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("missing.srt"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }

    @Test func aRegularFileKeepsItsPermissions() throws {
        let folder = try TSearch.temporaryDirectory()
        let out = folder.appendingPathComponent("hits.txt")
        try "old".write(to: out, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: out.path)
        let result = try TSearch.run(Self.export + ["-o", out.path, "Samples/planning.srt"])
        #expect(result.status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: out.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    /// `-C` with the largest number there is means every row; it used to trap on overflow.
    @Test(arguments: [
        ["search", "-C", "9223372036854775807", "budget", "Samples/planning.srt"],
        ["search", "--json", "-C", "9223372036854775807", "budget", "Samples/planning.srt"],
        ["export", "--format", "html", "-C", "9223372036854775807", "budget", "Samples/planning.srt"],
        ["export", "--format", "ansi", "-C", "9223372036854775807", "budget", "Samples/planning.srt"],
    ])
    func aHugeContextShowsEveryRow(_ arguments: [String]) throws {
        let state = try TSearch.temporaryDirectory().appendingPathComponent("session.json").path
        let result = try TSearch.run(arguments, environment: ["TSEARCH_STATE": state])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        guard arguments[0] == "search" else { return }
        for step in [["next", "-C", "9223372036854775807"], ["show", "-C", "9223372036854775807"], ["goto", "1", "-C", "9223372036854775807"]] {
            let stepped = try TSearch.run(step, environment: ["TSEARCH_STATE": state])
            #expect(stepped.status == 0, "\(step)")
        }
    }
}

/// `--media` goes into the page's links: only a URL a click may open safely.
struct MediaLinkTests {
    @Test(arguments: ["javascript:alert(1)", " JavaScript:alert(1)", "java\tscript:alert(1)", "data:text/html,<script>1</script>", "vbscript:x"])
    func scriptURLsAreRefused(_ media: String) throws {
        let result = try TSearch.run(["export", "--format", "html", "--media", media, "budget", "Samples/planning.srt"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("a page links only to http, https or file URLs"))
        #expect(!result.stdout.contains("script:"))
    }

    @Test(arguments: ["https://example.com/talk.mp4", "file:///srv/talk.mp4", "talk.mp4", "../media/talk.mp4"])
    func ordinaryLinksAreWritten(_ media: String) throws {
        let result = try TSearch.run(["export", "--format", "html", "--media", media, "budget", "Samples/planning.srt"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("href=\"\(media)#t="))
    }
}
