import Foundation
import Testing

/// Every kind of hostile input the suite knows, read by the real binary: it ends (exit 0, 1 or 2;
/// a hang is stopped by `timeout` after 60 s, and its exit 124 fails), under 1 GiB of memory, and
/// nothing from the input drives the terminal. How long each takes is the benchmark's business, not
/// this test's (a loaded machine doubles it). Inputs are
/// made by a Python script (the standard library's zipfile), so the test is skipped without python3.
@Suite(.enabled(if: HostileInputs.folder != nil, "python3 is needed to make the hostile inputs"))
struct HostileInputTests {
    @Test(arguments: HostileInputs.names)
    func aHostileInputEndsCleanlyWithinBounds(_ name: String) throws {
        let folder = try #require(HostileInputs.folder)
        for arguments in [["search", "--color=always", "budget"], ["rows"], ["search", "--json", "budget"]] {
            let command = "/usr/bin/time -f 'rss=%M' timeout 60 '\(TSearch.binary.path)' \(arguments.joined(separator: " ")) '\(name)' > '\(name).out' 2> '\(name).err'; echo \"status=$?\"; tail -n 1 '\(name).err'"
            let result = try TSearch.shell(command, in: folder)
            let report = result.stdout
            let status = Int(report.firstMatch(of: /status=(\d+)/)?.1 ?? "") ?? -1
            #expect([0, 1, 2].contains(status), "\(name) \(arguments): exit \(status)")
            let kilobytes = Int(report.firstMatch(of: /rss=(\d+)/)?.1 ?? "") ?? Int.max
            #expect(kilobytes < 1 << 20, "\(name) \(arguments): \(kilobytes) KiB")
            let output = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name + ".out")))
            #expect(Self.onlyColourEscapes(output), "\(name) \(arguments): an escape sequence other than a colour")
        }
    }

    /// Whether every ESC in `bytes` starts one of our colours (`ESC [ digits ; m`), with no BEL or
    /// 8-bit CSI anywhere.
    static func onlyColourEscapes(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x07 { return false }
            if bytes[index] == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x9B { return false }
            if bytes[index] == 0x1B {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") else { return false }
                var end = index + 2
                while end < bytes.count, (0x30...0x3B).contains(bytes[end]) { end += 1 }
                guard end < bytes.count, bytes[end] == UInt8(ascii: "m") else { return false }
                index = end
            }
            index += 1
        }
        return true
    }
}

/// The hostile inputs, made once per test process.
enum HostileInputs {
    static let names = [
        "escapes.srt", "escapes.vtt", "escapes.json", "html.srt", "long-line.srt", "long-line.vtt", "long-line.json",
        "long-line.txt", "deep.json", "deep-strings.json", "bomb.epub", "ratio-bomb.epub", "laughs.epub", "xxe.epub",
        "traversal.epub", "comments.epub", "attributes.epub", "nested.epub", "many-cues.srt", "binary.srt",
    ]

    static let script = #"""
    import io, json, sys, zipfile
    ESC = "\x1b]52;c;ZXZpbA==\x07\x1b[2J\x1b]0;title\x1b\\\u009b31m\u202e"
    def write(name, text): open(name, "w", encoding="utf-8").write(text)
    write("escapes.srt", "1\n00:00:01,000 --> 00:00:02,000\n" + ESC + "budget" + ESC + "\n")
    write("escapes.vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\n<v " + ESC + ">budget " + ESC + "\n")
    write("escapes.json", json.dumps({"segments": [{"start": 1, "end": 2, "speaker": ESC, "text": ESC + " budget"}]}))
    write("html.srt", "1\n00:00:01,000 --> 00:00:02,000\nbudget <script>alert(1)</script>\"><img src=x onerror=alert(2)>\n")
    big = "budget " + "x" * (10 << 20)  # 10 MB in one line
    write("long-line.srt", "1\n00:00:01,000 --> 00:00:02,000\n" + big + "\n")
    write("long-line.vtt", "WEBVTT\n\n00:01.000 --> 00:02.000\n" + big + "\n")
    write("long-line.json", json.dumps({"segments": [{"start": 1, "end": 2, "text": big}]}))
    write("long-line.txt", big + "\n")
    write("deep.json", "[" * 1000000 + "]" * 1000000)
    write("deep-strings.json", '{"segments": [' + ",".join(['{"start": 1, "end": 2, "text": "budget"}'] * 40000) + "]}")
    write("many-cues.srt", "".join("%d\n00:00:01,000 --> 00:00:02,000\nbudget %d\n\n" % (i, i) for i in range(40000)))
    open("binary.srt", "wb").write(bytes(range(256)) * 8000)
    def book(name, chapters, extra=None, compress=zipfile.ZIP_DEFLATED):
        z = zipfile.ZipFile(name, "w", compress)
        z.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")
        z.writestr("META-INF/container.xml", '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="c.opf" media-type="application/oebps-package+xml"/></rootfiles></container>')
        items = "".join('<item id="c%d" href="%s" media-type="application/xhtml+xml"/>' % (i, href) for i, (href, _) in enumerate(chapters))
        refs = "".join('<itemref idref="c%d"/>' % i for i in range(len(chapters)))
        z.writestr("c.opf", '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata/><manifest>' + items + "</manifest><spine>" + refs + "</spine></package>")
        for href, body in chapters:
            if body is not None: z.writestr(href, body)
        for entry, data in (extra or []): z.writestr(entry, data)
        z.close()
    page = lambda body: '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body>' + body + "</body></html>"
    book("bomb.epub", [("a.xhtml", page("<p>budget</p>" + " " * (300 << 20)))])
    book("ratio-bomb.epub", [("a.xhtml", page("<p>budget</p>")), ("b.xhtml", "<p>" + "a" * (100 << 20) + "</p>")])
    laughs = '<?xml version="1.0"?><!DOCTYPE html [<!ENTITY a "budget"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]><html><body><p>&h;</p><p>budget</p></body></html>'
    book("laughs.epub", [("a.xhtml", laughs), ("b.xhtml", page("<p>budget</p>"))])
    xxe = '<?xml version="1.0"?><!DOCTYPE html [<!ENTITY x SYSTEM "file:///etc/passwd">]><html><body><p>&x; budget</p></body></html>'
    book("xxe.epub", [("a.xhtml", xxe), ("b.xhtml", page("<p>budget</p>"))])
    book("traversal.epub", [("../../../../etc/passwd", None), ("/etc/hostname", None), ("a.xhtml", page("<p>budget</p>"))], extra=[("../../evil.xhtml", page("<p>evil</p>"))])
    book("comments.epub", [("a.xhtml", "<p>budget</p>" + "<!--" * 200000)])
    book("attributes.epub", [("a.xhtml", "<p " + " ".join('a%d="x"' % i for i in range(200000)) + ">budget</p>")])
    book("nested.epub", [("a.xhtml", page("<div>" * 200000 + "budget" + "</div>" * 200000))])
    """#

    /// A folder holding every input in `names`; nil when python3 is missing or fails.
    static let folder: URL? = {
        guard let folder = try? TSearch.temporaryDirectory(),
              (try? script.write(to: folder.appendingPathComponent("make.py"), atomically: true, encoding: .utf8)) != nil,
              let made = try? TSearch.shell("python3 make.py", in: folder), made.status == 0
        else { return nil }
        return folder
    }()
}
