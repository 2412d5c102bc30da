import Foundation
import Testing
import TranscriptModel
import TranscriptSearch
@testable import TranscriptRendering

/// The HTML page: which layout a size gets, the rows a page laid out on demand carries as data
/// (read back here as the page's script reads them), hostile text kept inert in both layouts, the
/// table of contents that folds, and the links to each file's recording.
struct HTMLExportTests {
    /// `files` transcripts of `rows` rows each; every third row says "budget"; speakers take turns.
    static func corpus(files: Int, rows: Int, text: (Int, Int) -> String = { file, row in
        row % 3 == 0 ? "Row \(row) of file \(file): the budget again" : "Row \(row) of file \(file) is context"
    }) -> Corpus {
        Corpus((0..<files).map { file in
            let path = "meetings/m\(file).vtt"
            return Transcript(source: SourceInfo(path: path, format: "vtt", encoding: "UTF-8"), rows: (0..<rows).map { row in
                Row(id: RowID(source: file, index: row), text: text(file, row), start: Timestamp(milliseconds: Int64(row) * 4_500 + 250),
                    speaker: ["Alice Johnson", "Bob Chen", "王伟"][row % 3], title: row < rows / 2 ? "Part one" : "Part two",
                    locator: Locator(file: path, line: row * 3 + 3))
            })
        })
    }

    static func page(_ corpus: Corpus, query: String = "budget", layout: HTMLExport.Layout = .automatic,
                     sources: [HTMLExport.SourceLink] = [], media: String? = nil) throws -> (page: String, index: HitIndex) {
        let index = try SearchRequest(text: query).runner().search(corpus)
        let settings = HTMLExport.Settings(title: "t", contextRows: nil, mediaURL: media, sources: sources, layout: layout)
        return (HTMLExport(corpus: corpus, index: index, current: 0, settings: settings).render(), index)
    }

    /// One chunk of a page laid out on demand, read back.
    struct Chunk {
        var hitsBefore: Int
        var rowCount: Int
        var speakers: [String]
        var items: [Any]
    }

    /// A row item read back: its time, speaker, whole text and hit pieces.
    struct DataRow: Equatable {
        var milliseconds: Int?
        var speaker: String?
        var text: String
        var hits: [Int]
    }

    static func chunks(of page: String) throws -> [Chunk] {
        let pattern = try NSRegularExpression(
            pattern: #"<div class="chunk" data-h="(\d+)" style="--n:(\d+)"><script type="application/json">(.*?)</script></div>"#,
            options: [.dotMatchesLineSeparators])
        let whole = NSRange(page.startIndex..., in: page)
        return try pattern.matches(in: page, range: whole).map { match in
            let field = { (number: Int) in String(page[Range(match.range(at: number), in: page)!]) }
            let json = try #require(try JSONSerialization.jsonObject(with: Data(field(3).utf8)) as? [String: Any])
            return Chunk(hitsBefore: Int(field(1))!, rowCount: Int(field(2))!,
                         speakers: try #require(json["s"] as? [String]), items: try #require(json["r"] as? [Any]))
        }
    }

    static func rows(of chunk: Chunk) throws -> [DataRow] {
        try chunk.items.compactMap { $0 as? [Any] }.map { item in
            let speaker = try #require(item[1] as? Int)
            var row = DataRow(milliseconds: item[0] as? Int, speaker: speaker >= 0 ? chunk.speakers[speaker] : nil, text: "", hits: [])
            for piece in item.dropFirst(2) {
                if let text = piece as? String {
                    row.text += text
                } else {
                    let hit = try #require(piece as? [Any])
                    row.text += try #require(hit[1] as? String)
                    if hit.count == 2 { row.hits.append(try #require(hit[0] as? Int)) }
                }
            }
            return row
        }
    }

    @Test func aPageOfAtMostTheLimitIsMarkupAndALargerOneIsData() throws {
        let small = try Self.page(Self.corpus(files: 4, rows: HTMLExport.staticRowLimit / 4)).page
        #expect(small.components(separatedBy: "<div class=\"row").count - 1 == HTMLExport.staticRowLimit)
        #expect(!small.contains("<div class=\"chunk\""))
        let large = try Self.page(Self.corpus(files: 1, rows: HTMLExport.staticRowLimit + 1)).page
        #expect(!large.contains("<div class=\"row"))
        #expect(try Self.chunks(of: large).count == (HTMLExport.staticRowLimit + 1 + HTMLExport.chunkRows - 1) / HTMLExport.chunkRows)
        #expect(large.contains("<noscript>"))
    }

    @Test func theDataGivesBackEveryRowItsTimeSpeakerAndHitsInOrder() throws {
        let corpus = Self.corpus(files: 3, rows: 700)
        let (page, index) = try Self.page(corpus)
        let chunks = try Self.chunks(of: page)
        var rows: [DataRow] = []
        for chunk in chunks {
            #expect(chunk.hitsBefore == rows.reduce(0) { $0 + $1.hits.count }, "data-h counts the hits before the chunk")
            let chunkRows = try Self.rows(of: chunk)
            #expect(chunkRows.count == chunk.rowCount)
            rows += chunkRows
        }
        let expected = (0..<corpus.rowCount).map { number in
            let row = corpus.row(at: number)
            return DataRow(milliseconds: row.start.map { Int($0.milliseconds) }, speaker: row.speaker, text: row.text,
                           hits: Array(index.positions(inRow: number)))
        }
        #expect(rows == expected)
        #expect(rows.flatMap(\.hits) == Array(0..<index.count))
        // Each file's section headings come once, where its sections begin.
        #expect(chunks.flatMap(\.items).compactMap { $0 as? String } == Array(repeating: ["Part one", "Part two"], count: 3).flatMap { $0 })
    }

    static let hostile = [
        "budget </script><script>alert(1)</script>",
        "<!-- budget --> and <!--",
        "budget\u{2028}line\u{2029}paragraph & \"quotes\" \\ back",
        "</SCRIPT ><img src=x onerror=alert(2)> budget",
    ]

    @Test(arguments: [HTMLExport.Layout.markup, .onDemand])
    func hostileTextIsInertInEitherLayout(_ layout: HTMLExport.Layout) throws {
        let corpus = Self.corpus(files: 1, rows: Self.hostile.count) { _, row in Self.hostile[row] }
        let page = try Self.page(corpus, layout: layout).page
        let lowered = page.lowercased()
        let chunkCount = layout == .onDemand ? try Self.chunks(of: page).count : 0
        #expect(lowered.components(separatedBy: "<script").count - 1 == chunkCount + 1, "ours alone")
        #expect(lowered.components(separatedBy: "</script").count - 1 == chunkCount + 1)
        #expect(!page.contains("<!--"))
        #expect(!page.contains("<img"))
        if layout == .onDemand {
            // Valid JSON, but a line end to older JavaScript: escaped all the same.
            #expect(!page.contains("\u{2028}") && !page.contains("\u{2029}"))
            let texts = try Self.chunks(of: page).flatMap { try Self.rows(of: $0) }.map(\.text)
            #expect(texts == Self.hostile, "the data gives the text back exactly")
        } else {
            #expect(page.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(page.contains("&lt;!-- <mark"))
        }
    }

    @Test func aHitAcrossCuesCarriesItsNumberInItsFirstPartOnly() throws {
        let texts = ["So we need to cut the", "budget by ten percent", "and that is all"]
        let corpus = Self.corpus(files: 1, rows: texts.count) { _, row in texts[row] }
        let index = try SearchRequest(text: "the budget", options: SearchOptions(spanning: .acrossRows)).runner().search(corpus)
        let page = HTMLExport(corpus: corpus, index: index, current: 0,
                              settings: .init(title: "t", contextRows: nil, layout: .onDemand)).render()
        #expect(page.contains(#",0,"So we need to cut ",[0,"the"]]"#))
        #expect(page.contains(#",1,[0,"budget",0]," by ten percent"]"#))
        #expect(page.contains(#"[9250,2,"and that is all"]"#))
    }

    @Test func theJSONEscapesWhatCouldEndOrChangeItsElement() {
        var out = ""
        HTMLText.appendJSONString("</script><!--\u{2028}\u{2029}&>\"\\\u{1}ok", to: &out)
        #expect(out == #""\u003c/script\u003e\u003c!--\u2028\u2029\u0026\u003e\"\\ok""#)
    }

    @Test(arguments: [(HTMLExport.tableOfContentsOpenLimit, true), (HTMLExport.tableOfContentsOpenLimit + 1, false)])
    func theTableOfContentsFoldsAboveTwentyFiles(_ files: Int, open: Bool) throws {
        let page = try Self.page(Self.corpus(files: files, rows: 3)).page
        #expect(page.contains("<nav class=\"toc\" aria-label=\"files\"><details\(open ? " open" : "")><summary>\(files) files, \(files) hits</summary>"))
        // Sections link to their first hit, which the script draws when needed.
        #expect(page.contains("<li><a href=\"#hit-1\">§ Part one</a> <span class=\"count\">1</span></li>"))
    }

    /// Every row shown (`--all-rows`): a file without hits is on the page but not counted as one with hits.
    @Test func theTableOfContentsCountsTheFilesWithHits() throws {
        let corpus = Self.corpus(files: 3, rows: 2) { file, row in file == 1 ? "the budget \(row)" : "nothing here \(row)" }
        let index = try SearchRequest(text: "budget").runner().search(corpus)
        let page = HTMLExport(corpus: corpus, index: index, current: 0, settings: .init(title: "t", contextRows: nil, layout: .markup)).render()
        #expect(page.contains("<summary>1 of 3 files with hits, 2 hits</summary>"), "\(page.prefix(2000))")
    }

    @Test(arguments: [HTMLExport.Layout.markup, .onDemand])
    func eachFileLinksToItsOwnRecordingAndMediaLinksEveryFile(_ layout: HTMLExport.Layout) throws {
        let corpus = Self.corpus(files: 2, rows: 3)
        let sources = [HTMLExport.SourceLink(path: "m0.vtt", recording: "rec/my talk#1.mp4"), HTMLExport.SourceLink(path: "m1.vtt")]
        let page = try Self.page(corpus, layout: layout, sources: sources).page
        #expect(page.contains("<h2>m0.vtt <span class=\"count\">1 hit</span></h2>"))
        if layout == .markup {
            #expect(page.contains("<a class=\"time\" href=\"rec/my%20talk%231.mp4#t=0.25\">00:00:00</a>"))
            #expect(page.contains("<a class=\"time\" href=\"rec/my%20talk%231.mp4#t=4.75\">00:00:04</a>"))
            #expect(page.components(separatedBy: "<a class=\"time\"").count - 1 == 3, "m1.vtt has no recording")
        } else {
            #expect(page.contains("<section class=\"file\" id=\"file-0\" data-media=\"rec/my%20talk%231.mp4\">"))
            #expect(page.contains("<section class=\"file\" id=\"file-1\">"))
        }
        let everywhere = try Self.page(corpus, layout: layout, sources: sources, media: "https://example.com/all.mp4").page
        #expect(!everywhere.contains("my%20talk"))
        let linked = layout == .markup ? "<a class=\"time\" href=\"https://example.com/all.mp4#t=" : " data-media=\"https://example.com/all.mp4\""
        #expect(everywhere.components(separatedBy: linked).count - 1 == (layout == .markup ? 6 : 2))
    }

    @Test func secondsForALinkAreWrittenAsTheScriptWritesThem() {
        #expect(HTMLExport.seconds(Timestamp(milliseconds: 392_500)) == "392.5")
        #expect(HTMLExport.seconds(Timestamp(milliseconds: 12_000)) == "12")
        #expect(HTMLExport.seconds(Timestamp(milliseconds: 1_005)) == "1.005")
        #expect(HTMLExport.seconds(Timestamp(milliseconds: 1_050)) == "1.05")
        #expect(HTMLExport.seconds(Timestamp(milliseconds: 0)) == "0")
    }

    @Test func aPathBecomesAURLPath() {
        #expect(HTMLText.percentEncodedPath("../rec/my talk#2?.mp4") == "../rec/my%20talk%232%3F.mp4")
        #expect(HTMLText.percentEncodedPath("a:b/ü.mp4") == "a%3Ab/%C3%BC.mp4")
    }
}
