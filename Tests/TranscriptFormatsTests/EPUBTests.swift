import Testing
import TranscriptModel
@testable import TranscriptFormats

struct EPUBTests {
    static let chapters: [(file: String, body: String)] = [
        ("ch1.xhtml", "<h1>Kickoff</h1><p>Welcome, <i>everyone</i>.<br/>Agenda &amp; goals.</p>"),
        ("text/ch2.xhtml", """
        <h1>Budget review</h1><p>The budget is tight.</p><h2 id="risks">Risks</h2><p>A budget risk.</p>\
        <div>Loose text<p>Nested paragraph</p>tail</div><script>ignored()</script><style>p{}</style>\
        <figure><img src="c.png" alt="Budget chart"/><figcaption>Figure 1</figcaption></figure>\
        <ul><li>Action one</li></ul><table><tr><td>Alice</td><td>Q3 budget</td></tr></table>
        """),
    ]
    static let toc = [
        ("Chapter 1: Kickoff", "ch1.xhtml"), ("Chapter 2: Budget", "text/ch2.xhtml"), ("Budget risks", "text/ch2.xhtml#risks"),
    ]

    static func load(_ bytes: [UInt8], limits: ZIPArchive.Limits = ZIPArchive.Limits()) throws -> ParsedRows {
        try EPUBLoader.load(bytes: bytes, path: "book.epub", limits: limits)
    }

    @Test(arguments: [true, false])
    func blocksBecomeRowsWithTheirSectionTitles(_ epub3: Bool) throws {
        let book = TestBook(chapters: Self.chapters, toc: Self.toc, epub3: epub3)
        let result = try Self.load(book.bytes())
        #expect(result.rows.map(\.text) == [
            "Kickoff", "Welcome, everyone. Agenda & goals.",
            "Budget review", "The budget is tight.", "Risks", "A budget risk.", "Loose text", "Nested paragraph", "tail",
            "Budget chart", "Figure 1", "Action one", "Alice", "Q3 budget",
        ])
        #expect(result.rows.map(\.title) == [String?](repeating: "Chapter 1: Kickoff", count: 2)
            + [String?](repeating: "Chapter 2: Budget", count: 2) + [String?](repeating: "Budget risks", count: 10))
        #expect(result.rows[0].locator.href == "OEBPS/ch1.xhtml")
        #expect(result.rows[3].locator.href == "OEBPS/text/ch2.xhtml")
        #expect(result.warnings.isEmpty)
        // Through the general loader, by extension and by content.
        #expect(try TranscriptLoader.load(bytes: book.bytes(), path: "b.epub").transcript.source.format == "epub")
        #expect(try TranscriptLoader.load(bytes: book.bytes(), path: "<stdin>").transcript.rows.count == result.rows.count)
    }

    @Test func htmlIshDocumentsAreReadForgivingly() throws {
        let sloppy = "<html><body><p>Caf&eacute; &nbsp;budget<p>Unclosed<br>line</body></html>"
        let result = try Self.load(TestBook(chapters: [("a.xhtml", sloppy)], toc: []).bytes())
        #expect(result.rows.map(\.text) == ["Café budget", "Unclosed line"])
    }

    /// A billion-laughs document and an XXE are refused, the rest loads.
    @Test func entityDeclarationsAreRefused() throws {
        let laughs = """
        <?xml version="1.0"?><!DOCTYPE html [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\
        <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;">]>\
        <html xmlns="http://www.w3.org/1999/xhtml"><body><p>&lol9;</p></body></html>
        """
        let xxe = """
        <?xml version="1.0"?><!DOCTYPE html [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\
        <html xmlns="http://www.w3.org/1999/xhtml"><body><p>&xxe;</p></body></html>
        """
        let simple = """
        <?xml version="1.0"?><!DOCTYPE html [<!ENTITY nbsp "&#160;"><!ENTITY mdash '&#x2014;'>]>\
        <html xmlns="http://www.w3.org/1999/xhtml"><body><p>Simple&nbsp;entities&mdash;fine.</p></body></html>
        """
        let book = TestBook(chapters: [("a.xhtml", laughs), ("b.xhtml", xxe), ("c.xhtml", "<p>Safe budget text.</p>"), ("d.xhtml", simple)], toc: [])
        let result = try Self.load(book.bytes())
        #expect(result.rows.map(\.text) == ["Safe budget text.", "Simple entities—fine."])
        #expect(result.warnings.map(\.description) == [
            "book.epub: OEBPS/a.xhtml: refused: its DTD declares external or nested entities (XXE or billion laughs)",
            "book.epub: OEBPS/b.xhtml: refused: its DTD declares external or nested entities (XXE or billion laughs)",
        ])
        #expect(!result.rows.contains { $0.text.contains("root:") })
    }

    /// A zip bomb, a member that inflates past the limit, is refused in bounded memory.
    @Test func zipBombsAreRefused() throws {
        var zip = ZIPWriter()
        zip.add("mimetype", "application/epub+zip", deflate: false)
        zip.add("bomb.xhtml", bytes: [UInt8](repeating: 0x20, count: 8 << 20))  // 8 MiB of spaces: ~8 KiB deflated
        let archive = try ZIPArchive(bytes: zip.archive(), limits: ZIPArchive.Limits(maximumEntrySize: 1 << 20))
        #expect(throws: ZIPError(entry: "bomb.xhtml", kind: .tooLarge(limit: 1 << 20))) {
            try archive.contents(ofEntryNamed: "bomb.xhtml")
        }
        // The ratio limit catches it too, and a member that lies about its size is stopped all the same.
        let ratio = try ZIPArchive(bytes: zip.archive(), limits: ZIPArchive.Limits(maximumRatio: 100))
        #expect(throws: ZIPError.self) { try ratio.contents(ofEntryNamed: "bomb.xhtml") }
        var liar = ZIPWriter()
        liar.add("bomb.xhtml", bytes: [UInt8](repeating: 0x20, count: 8 << 20), claimedSize: 10)
        let lying = try ZIPArchive(bytes: liar.archive(), limits: ZIPArchive.Limits(maximumEntrySize: 1 << 20))
        #expect(throws: ZIPError.self) { try lying.contents(ofEntryNamed: "bomb.xhtml") }
    }

    @Test func aBombInTheBookIsAWarningAndTheRestLoads() throws {
        var book = TestBook(chapters: [("a.xhtml", "<p>Good budget.</p>")], toc: [])
        book.chapters.append(("big.xhtml", "<p>" + String(repeating: "budget ", count: 400_000) + "</p>"))
        let result = try Self.load(book.bytes(), limits: ZIPArchive.Limits(maximumEntrySize: 1 << 20))
        #expect(result.rows.map(\.text) == ["Good budget."])
        #expect(result.warnings.first?.description.contains("OEBPS/big.xhtml: refused: it would inflate past 1048576 bytes") == true)
    }

    @Test func brokenBooksSayWhatIsWrong() {
        func error(_ bytes: [UInt8]) -> String? {
            do { _ = try Self.load(bytes); return nil } catch { return String(describing: error) }
        }
        let good = TestBook(chapters: Self.chapters, toc: Self.toc).bytes()
        #expect(error(Array(good.prefix(good.count / 2)))?.hasPrefix("book.epub: damaged archive") == true)
        #expect(error(Array("PK\u{3}\u{4}not really".utf8))?.hasPrefix("book.epub: damaged archive") == true)
        var noContainer = ZIPWriter()
        noContainer.add("mimetype", "application/epub+zip")
        #expect(error(noContainer.archive()) == "book.epub: not a readable EPUB: expected META-INF/container.xml naming the package document")
        var badOPF = ZIPWriter()
        badOPF.add("META-INF/container.xml", "<container><rootfiles><rootfile full-path=\"x.opf\"/></rootfiles></container>")
        #expect(error(badOPF.archive()) == "book.epub: not a readable EPUB: expected the package document x.opf named in META-INF/container.xml")
    }

    @Test func missingAndEncryptedDocumentsAreWarningsFontObfuscationIsFine() throws {
        var book = TestBook(chapters: Self.chapters + [("gone.xhtml", "<p>x</p>")], toc: Self.toc)
        book.extra = [("META-INF/encryption.xml", """
        <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">\
        <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.idpf.org/2008/embedding"/>\
        <enc:CipherData><enc:CipherReference URI="OEBPS/fonts/a.otf"/></enc:CipherData></enc:EncryptedData>\
        <enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>\
        <enc:CipherData><enc:CipherReference URI="OEBPS/text/ch2.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>
        """)]
        var bytes = book.bytes()
        // Remove gone.xhtml from the archive by renaming it in place (same length).
        let name = Array("OEBPS/gone.xhtml".utf8), other = Array("OEBPS/gone.xhtmX".utf8)
        var index = 0
        while index + name.count <= bytes.count {
            if Array(bytes[index..<index + name.count]) == name { bytes.replaceSubrange(index..<index + name.count, with: other) }
            index += 1
        }
        let result = try Self.load(bytes)
        #expect(result.rows.map(\.text) == ["Kickoff", "Welcome, everyone. Agenda & goals."])
        #expect(result.warnings.map(\.description) == [
            "book.epub: OEBPS/text/ch2.xhtml: encrypted (DRM); skipped",
            "book.epub: OEBPS/gone.xhtml: in the spine but missing from the archive; skipped",
        ])
    }

    @Test func aBookWhoseEveryDocumentIsEncryptedIsAnError() {
        var book = TestBook(chapters: [("a.xhtml", "<p>x</p>")], toc: [])
        book.extra = [("META-INF/encryption.xml", """
        <encryption><EncryptedData><EncryptionMethod Algorithm="http://ns.adobe.com/adept"/>\
        <CipherData><CipherReference URI="OEBPS/a.xhtml"/></CipherData></EncryptedData></encryption>
        """)]
        #expect(throws: FormatError(file: "book.epub", kind: .protected)) { try Self.load(book.bytes()) }
    }

    @Test func pathsResolveAgainstTheirDocument() {
        #expect(EPUBLoader.resolve("../Text/ch%201.xhtml", relativeTo: "OEBPS/Nav/nav.xhtml") == "OEBPS/Text/ch 1.xhtml")
        #expect(EPUBLoader.resolve("ch1.xhtml", relativeTo: "content.opf") == "ch1.xhtml")
        #expect(EPUBLoader.resolve("../../../etc/passwd", relativeTo: "OEBPS/a.opf") == "etc/passwd")
    }
}
