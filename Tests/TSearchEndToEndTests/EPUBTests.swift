import Foundation
import Testing

@Suite(.serialized) struct EPUBCommandTests {
    /// A hit in chapter 3 is labelled with chapter 3's TOC title, in human and JSON output.
    @Test func hitsAreLabelledWithTheirTOCSection() throws {
        let human = try TSearch.run(["search", "--heading", "Budget Review", "Samples/minutes.epub"])
        #expect(human.status == 0)
        let lines = human.stdout.split(separator: "\n").map(String.init)
        let hit = try #require(lines.firstIndex { $0.contains("3. Budget Review") && $0.contains("/") })
        #expect(lines[hit - 1] == "§ 3. Budget Review (12 August)")
        let json = try jsonRecords(try TSearch.run(["search", "--json", "Budget Review", "Samples/minutes.epub"]).stdout)
        let chapter = try #require(json.first { ($0["text"] as? String) == "3. Budget Review" })
        #expect(chapter["title"] as? String == "3. Budget Review (12 August)")
        #expect(chapter["href"] as? String == "OEBPS/text/chapter3.xhtml")
        #expect(chapter["element"] is Int)
        // A subsection's TOC entry (a fragment) labels the rows after its heading.
        let rows = try printedRows("Samples/minutes.epub").rows
        #expect(rows.count > 100)
        let stands = try jsonRecords(try TSearch.run(["rows", "--json", "Samples/minutes.epub"]).stdout)
            .first { ($0["text"] as? String)?.hasPrefix("Zoë presented the Q3 budget") == true }
        #expect(stands?["title"] as? String == "Where the budget stands")
    }

    @Test func scriptsAndStylesAreNotText() throws {
        // The sample's chapters hide "budget" in a script and a style; neither may be a hit.
        let rows = try printedRows("Samples/minutes.epub").rows
        #expect(!rows.contains { $0.text.contains("function") || $0.text.contains("{") })
    }
}

/// Real books made by other tools. `Scripts/realepubs/fetch.sh DIR` collects EPUB 2 and 3
/// books from Debian's packages and PyPI and records what ebooklib + an HTML extractor read; with
/// `TSEARCH_REAL_EPUBS=DIR`, every book's rows (and section titles) are compared.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["TSEARCH_REAL_EPUBS"] != nil))
struct RealEPUBTests {
    @Test func everyRealBookReadsAsTheReferenceDoes() throws {
        let directory = try #require(ProcessInfo.processInfo.environment["TSEARCH_REAL_EPUBS"])
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/expected.json"))
        let books = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(books.count >= 8)
        var rowsCompared = 0, titlesEqual = 0
        for book in books {
            let path = try #require(book["path"] as? String)
            let expected = (book["rows"] as? [[String: Any]] ?? [])
            let outcome = try TSearch.run(["rows", "--json", directory + "/books/" + path])
            #expect(outcome.status == 0, "\(path): \(outcome.stderr)")
            let ours = try jsonRecords(outcome.stdout)
            #expect(ours.map { $0["text"] as? String } == expected.map { $0["text"] as? String }, "\(path)")
            for (row, reference) in zip(ours, expected) {
                rowsCompared += 1
                // The reference stops a TOC label at its first child element ("5.1.1 The" for
                // "5.1.1 The <code>lb config</code> command"); ours keeps the whole label.
                let title = row["title"] as? String, referenceTitle = reference["toc_title"] as? String
                if title == referenceTitle { titlesEqual += 1 } else {
                    #expect(referenceTitle.map { title?.hasPrefix($0) == true } == true, "\(path): \(String(describing: title))")
                }
            }
        }
        print("real books: \(books.count), \(rowsCompared) rows with equal text, \(titlesEqual) with an equal section title")
    }
}
