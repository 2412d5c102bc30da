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
