import Foundation
import Testing
import TestSupport

/// Golden files: `Golden/NAME` holds the expected output (see `assertGolden`).
func assertGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/" + name)
    try assertGolden(actual, at: url, sourceLocation: sourceLocation)
}

@Suite(.serialized) struct ExportTests {
    /// Golden files for each format, on the samples.
    @Test(arguments: ["ansi", "html", "markup"])
    func samplesExportAsRecorded(_ format: String) throws {
        let result = try TSearch.run(["export", "--format", format, "budget", "Samples/"])
        #expect(result.status == 0)
        try assertGolden(result.stdout, "samples-budget.\(format)")
    }

    @Test func htmlWithContextMediaLinksAndAllRows() throws {
        let result = try TSearch.run(["export", "--format", "html", "-C", "1", "--media", "https://example.com/standup.mp4",
                                      "quarterly", "Samples/standup.vtt"])
        #expect(result.status == 0)
        try assertGolden(result.stdout, "standup-quarterly-context.html")
        let all = try TSearch.run(["export", "--format", "html", "--all-rows", "quarterly", "Samples/standup.vtt"])
        let rows = try printedRows("Samples/standup.vtt").rows.count
        #expect(all.stdout.components(separatedBy: "<div class=\"row").count - 1 == rows)
    }

    /// The page's heading counts the files with hits, not every file searched.
    @Test func htmlHeadingCountsTheFilesWithHits() throws {
        let result = try TSearch.run(["export", "--format", "html", "quarterly", "Samples/standup.vtt", "Samples/planning.srt", "Samples/vendor-call.smi"])
        #expect(result.status == 0)
        let files = try TSearch.run(["search", "-l", "quarterly", "Samples/standup.vtt", "Samples/planning.srt", "Samples/vendor-call.smi"])
        let hits = try TSearch.run(["search", "-c", "quarterly", "Samples/standup.vtt", "Samples/planning.srt", "Samples/vendor-call.smi"])
        let withHits = files.stdout.split(separator: "\n").count
        let total = try #require(hits.stdout.split(separator: "\n").last?.split(separator: " ").first)
        #expect(withHits < 3, "the test needs a file without hits")
        #expect(result.stdout.contains("<h1>“quarterly”: \(total) hits in \(withHits) \(withHits == 1 ? "file" : "files")</h1>"), "\(result.stdout.prefix(1200))")
    }

    /// Hostile transcript text is shown as text, never run, in HTML; escapes are removed in ANSI.
    @Test func hostileTextIsEscapedInHTMLAndStrippedInANSI() throws {
        let folder = try TSearch.temporaryDirectory()
        let hostile = """
        1
        00:00:01,000 --> 00:00:02,000
        budget <script>alert(1)</script> here

        2
        00:00:03,000 --> 00:00:04,000
        budget "><img src=x onerror=alert(2)> and &amp;amp; and \u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J done

        3
        00:00:05,000 --> 00:00:06,000
        <b onmouseover=alert(3)>budget</b> ' " & <
        """
        try hostile.write(to: folder.appendingPathComponent("hostile.srt"), atomically: true, encoding: .utf8)
        let html = try TSearch.run(["export", "--format", "html", "budget", "hostile.srt"], in: folder)
        #expect(html.status == 0)
        let page = html.stdout
        #expect(page.components(separatedBy: "<script").count == 2)  // ours alone
        #expect(!page.contains("<img"))
        #expect(!page.contains("<b onmouseover"))
        #expect(!page.contains("onerror=alert") || page.contains("onerror=alert(2)&gt;"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.contains("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"))
        #expect(page.contains("&amp;amp; and"))  // &amp;amp; decoded once to "&amp;", then escaped
        #expect(!page.contains("\u{1B}") && !page.contains("\u{07}"))
        #expect(page.contains("&#39; &quot; &amp; &lt;"))
        let ansi = try TSearch.run(["export", "--format", "ansi", "budget", "hostile.srt"], in: folder)
        #expect(!ansi.stdout.contains("]52;") && !ansi.stdout.contains("[2J") && !ansi.stdout.contains("\u{07}"))
        let markup = try TSearch.run(["export", "--format", "markup", "budget", "hostile.srt"], in: folder)
        #expect(markup.stdout.contains("<em>budget</em> &lt;script&gt;"))
    }

    @Test func exportOfTheSessionShowsItsCurrentHitAndNeverWritesIt() throws {
        let folder = try TSearch.temporaryDirectory()
        let state = folder.appendingPathComponent("session.json")
        let environment = ["TSEARCH_STATE": state.path]
        _ = try TSearch.run(["search", "budget", "Samples/planning.srt"], environment: environment)
        _ = try TSearch.run(["next", "2"], environment: environment)
        let before = try Data(contentsOf: state)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let html = try TSearch.run(["export", "--format", "html"], environment: environment)
        #expect(html.status == 0)
        #expect(html.stdout.contains("<mark id=\"hit-3\" data-hit=\"2\" class=\"current\">"))
        #expect(html.stdout.contains("data-current=\"2\""))
        #expect(try Data(contentsOf: state) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == names)
    }

    @Test func outputFileIsWholeOrAbsent() throws {
        let folder = try TSearch.temporaryDirectory()
        let target = folder.appendingPathComponent("out.html")
        let ok = try TSearch.run(["export", "--format", "html", "-o", target.path, "budget", "Samples/planning.srt"])
        #expect(ok.status == 0)
        #expect(ok.stdout.isEmpty)
        #expect(try String(contentsOf: target, encoding: .utf8).hasSuffix("</html>\n"))
        let missing = folder.appendingPathComponent("no/such/dir/out.html")
        let failed = try TSearch.run(["export", "--format", "html", "-o", missing.path, "budget", "Samples/planning.srt"])
        #expect(failed.status == 2)
        #expect(failed.stderr.contains("cannot write"))
        #expect(!FileManager.default.fileExists(atPath: missing.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.html"])
        let noFormat = try TSearch.run(["export", "budget", "Samples/planning.srt"])
        #expect(noFormat.status == 2)
        #expect(noFormat.stderr.contains("export needs --format"))
    }
}
