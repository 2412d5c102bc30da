import Foundation
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

    /// Regression: a `>` inside attribute values ended the count of a tag, so 1,001 attributes
    /// `a0=">"` reached the XML reader (a 485 KB `.docx` took 28 s). A quote, a comment or a
    /// `>` in a value hides no attribute now; a `<` (which XML allows in no tag) starts afresh.
    static func attributes(_ value: String, separator: String = " ", prefix: String = "a") -> String {
        (0..<1_001).map { prefix + "\($0)=" + value }.joined(separator: separator)
    }

    @Test(arguments: [
        "<p " + attributes("\">\"") + ">t</p>",
        "<p " + attributes("'>='") + ">t</p>",
        "<!-- ' --><p " + attributes("\"x\"") + "><!-- ' -->",
        "<a x='<'/><p " + attributes("\"x\"", separator: "\n") + ">t</p>",
        "<w:p>text ' with a quote</w:p><w:p " + attributes("\">\"", prefix: "w:a") + "/>",
    ] as [String])
    func aGreaterThanSignInAValueHidesNoAttribute(_ crowded: String) {
        let bytes = Array(crowded.utf8)
        #expect(MarkupReader.hasCrowdedElement(bytes, limit: 1_000))
        // So the XML reader, whose duplicate check is quadratic, is never given it.
        let (events, errors) = XMLEvents.parseCountingErrors(bytes)
        #expect(events == nil && errors == 0)
        // Values full of `>` and `=`, quotes in text: not crowded.
        let ordinary = String(repeating: "<p a=\"=>=\" b='x=y'>it's x = y</p>", count: 2_000)
        #expect(!MarkupReader.hasCrowdedElement(Array(ordinary.utf8), limit: 1_000))
    }

    /// Regression: TTML and srv3 had no guard (1 MB of attributes on one element: 7 s, 2.4 MB:
    /// 32 s). Such a document is refused before the XML reader sees it, naming the line.
    @Test(arguments: [
        ("crowded.ttml", "<tt xmlns=\"http://www.w3.org/ns/ttml\"><body><div>\n<p begin=\"1s\" end=\"2s\" ATTRIBUTES>budget</p></div></body></tt>"),
        ("crowded.srv3", "<timedtext format=\"3\"><body>\n<p t=\"5\" d=\"10\" ATTRIBUTES>budget</p></body></timedtext>"),
    ])
    func aSubtitleDocumentWithACrowdedElementIsRefused(_ path: String, _ template: String) throws {
        let attributes = (0..<1_001).map { "a\($0)=\">\"" }.joined(separator: " ")
        let error = try #require(loadError(Array(template.replacing("ATTRIBUTES", with: attributes).utf8), as: path))
        #expect(error.line == 2)
        #expect(error.description.hasPrefix("\(path):2: not readable XML: an element holds more than 1000 attributes"))
        // Fewer are read.
        let fine = (0..<990).map { "a\($0)=\"x\"" }.joined(separator: " ")
        #expect(try load(template.replacing("ATTRIBUTES", with: fine), as: path).texts == ["budget"])
    }

    /// TTML and srv3 bound their element count too: a million empty elements are refused unread.
    @Test(arguments: ["many.ttml", "many.srv3"])
    func aSubtitleDocumentOfTooManyElementsIsRefused(_ path: String) throws {
        let root = path.hasSuffix("ttml") ? "tt" : "timedtext"
        let text = "<\(root)><body>" + String(repeating: "<br/>", count: MarkupReader.elementLimit) + "</body></\(root)>"
        let error = try #require(loadError(Array(text.utf8), as: path))
        #expect(error.description == "\(path): not readable XML: refused: it holds more than 1,000,000 elements, more than any real document (a bomb of empty elements?)")
    }

    /// A Word paragraph crowded with attributes whose values hold `>` is read by the forgiving reader.
    @Test func aCrowdedWordParagraphLoadsItsText() throws {
        let attributes = (0..<5_000).map { "w:a\($0)=\">\"" }.joined(separator: " ")
        let document = DOCXTests.document(["<w:r \(attributes)><w:t>budget</w:t></w:r>"])
        #expect(try TranscriptLoader.load(bytes: document, path: "crowded.docx").texts == ["budget"])
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

/// Processing instructions never reach FoundationXML, which on Linux crashes on one without data
/// (`<?php?>`: it measures a null string); they carry no text and are blanked, line ends kept.
struct ProcessingInstructionTests {
    @Test func blankedButForTheLeadingDeclaration() throws {
        let document = Array("<?xml version=\"1.0\"?>\n<a><?php?>x<?pi\nline?></a>".utf8)
        let blanked = try #require(MarkupReader.blankingProcessingInstructions(document))
        #expect(String(decoding: blanked, as: UTF8.self) == "<?xml version=\"1.0\"?>\n<a>       x    \n      </a>")
        #expect(MarkupReader.blankingProcessingInstructions(Array("<a><?never ends".utf8)) == nil)
    }

    /// Found by the fuzzer: an unterminated instruction after a data-less one crashed the srv3 reader.
    @Test(arguments: ["input.srv3", "input.ttml", "input.smi", "book.epub"])
    func aDataLessInstructionIsNoCrash(_ path: String) throws {
        let crash: [UInt8] = Array("<?lmx?><timedtext fov>\n<head>\n<?xml".utf8) + [0xEB] + Array("verIterator<ws p id=\"0\"/>0".utf8)
        _ = try? TranscriptLoader.load(bytes: crash, path: path)
        let chapter = "<?xml version=\"1.0\"?><html><body><p>budget<?php?></p><?x?></body></html>"
        let (events, _) = XMLEvents.parseCountingErrors(Array(chapter.utf8))
        #expect(events?.contains { if case .text(let text) = $0 { text.trimmingCharacters(in: .whitespaces) == "budget" } else { false } } == true)
    }
}
