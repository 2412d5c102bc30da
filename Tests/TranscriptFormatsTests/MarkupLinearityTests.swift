import Testing
@testable import TranscriptFormats

/// Hostile markup reads in time linear in its size: the XML reader stops at its first error (the
/// forgiving tokenizer takes over), and an element crowded with attributes skips the XML reader,
/// whose duplicate-attribute check is quadratic.
struct MarkupLinearityTests {
    @Test func theXMLReaderStopsAtItsFirstError() {
        let document = "<html><body><p>budget</p>" + String(repeating: "<!--", count: 2_000) + "</body></html>"
        let (events, errors) = XMLEvents.parseCountingErrors(Array(document.utf8))
        #expect(events == nil)
        #expect(errors == 1)
    }

    @Test func crowdedElementsAreFoundByCountingValues() {
        let crowded = "<p " + (0..<1_001).map { "a\($0)=\"x\"" }.joined(separator: " ") + ">t</p>"
        #expect(MarkupReader.hasCrowdedElement(Array(crowded.utf8), limit: 1_000))
        // `=` outside tags (text, many small tags) does not count.
        let ordinary = String(repeating: "<p a=\"1\" b=\"2\">x = y</p>", count: 2_000)
        #expect(!MarkupReader.hasCrowdedElement(Array(ordinary.utf8), limit: 1_000))
    }

    /// Each of these took seconds to minutes (100,000 comment openers: 15.9 s) before.
    @Test(arguments: [
        "<p>budget</p>" + String(repeating: "<!--", count: 100_000),
        "<p>budget</p><!--" + String(repeating: "-", count: 1_000_000),
        "<p " + (0..<100_000).map { "a\($0)=\"x\"" }.joined(separator: " ") + ">budget</p>",
        "<p " + String(repeating: "a=\"x\" ", count: 100_000) + ">budget</p>",
    ])
    func hostileChaptersStillLoadTheirText(_ body: String) throws {
        let book = TestBook(chapters: [("c.xhtml", body)], toc: [])
        let result = try EPUBLoader.load(bytes: book.bytes(), path: "book.epub")
        #expect(result.rows.map(\.text).contains("budget"))
    }
}
