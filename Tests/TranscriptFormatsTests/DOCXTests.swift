import Foundation
import Testing
import TranscriptModel
@testable import TranscriptFormats

/// Word documents: transcripts laid out as Teams, Meet and Otter write them, other documents as
/// paragraphs, and damaged or hostile archives as errors naming the file.
struct DOCXTests {
    /// A `.docx` whose body holds `paragraphs` (each already `<w:r>` runs, or plain text made one run).
    static func document(_ paragraphs: [String], documentPath: String = "word/document.xml", rels: Bool = true) -> [UInt8] {
        let body = paragraphs.map { $0.hasPrefix("<w:r") ? "<w:p>\($0)</w:p>" : "<w:p><w:r><w:t xml:space=\"preserve\">\($0)</w:t></w:r></w:p>" }
        var zip = ZIPWriter()
        zip.add("[Content_Types].xml", "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"/>")
        if rels {
            zip.add("_rels/.rels", """
                <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" \
                Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="\(documentPath)"/></Relationships>
                """)
        }
        zip.add(documentPath, """
            <?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">\
            <w:body>\(body.joined())</w:body></w:document>
            """)
        return zip.archive()
    }

    @Test func theTeamsSampleLoadsWithTimesAndSpeakers() throws {
        let result = try SampleFilesTests.loadSample("all-hands.teams.docx")
        MeetingTextTests.check(result, [
            (nil, nil, "All-hands, October"), (nil, nil, "1 October 2024"), (nil, nil, "Alice started transcription"),
            (3_000, "Alice", "Good morning everyone. Three things today: the new office, the budget for next year"),
            (41_000, "José", "The office move"), (75_000, "Zoë", "Will the café on the ground floor take our badges? Asking for everyone 👍🏽"),
            (92_000, "Alice", "Yes, from day one. Now, the budget: the plan is in"), (725_000, "Bob", "Infra costs"),
            (nil, nil, "Alice stopped transcription"),
        ])
        #expect(result.transcript.source.format == "docx")
        #expect(!result.texts.joined().contains("draft"))
        #expect(result.transcript.rows[3].locator.href == "word/document.xml")
        #expect(result.transcript.rows[3].locator.element == 3)
    }

    @Test func meetMarkersAndOtterHeadingsInWord() throws {
        let meet = try TranscriptLoader.load(
            bytes: Self.document(["Sync - Transcript", "00:00:00", "Alice: First, the budget.", "Bob: Agreed.", "00:05:00", "Alice: Done."]),
            path: "meet.docx")
        #expect(meet.starts == [nil, 0, 0, 300_000])
        #expect(meet.speakers == [nil, "Alice", "Bob", "Alice"])
        let otter = try TranscriptLoader.load(
            bytes: Self.document(["Alice Chen  0:03", "Hello and welcome.", "Bob  0:15", "The budget, then."]), path: "otter.docx")
        #expect(otter.starts == [3_000, 15_000])
        #expect(otter.texts == ["Hello and welcome.", "The budget, then."])
    }

    @Test func oldTeamsCueParagraphs() throws {
        let result = try TranscriptLoader.load(bytes: Self.document([
            "0:0:0.0 --> 0:0:5.430", "Alice Chen", "Good morning, the budget first.",
            "00:00:05.430 --> 00:00:09.120", "Bob", "Fine by me.",
        ]), path: "teams-old.docx")
        #expect(result.starts == [0, 5_430])
        #expect(result.ends == [5_430, 9_120])
        #expect(result.speakers == ["Alice Chen", "Bob"])
        #expect(result.texts == ["Good morning, the budget first.", "Fine by me."])
        #expect(result.lines == [1, 4])
    }

    @Test func aDocumentThatIsNoTranscriptLoadsItsParagraphs() throws {
        let result = try TranscriptLoader.load(
            bytes: Self.document(["Quarterly report", "", "Revenue grew.", "<w:r><w:t>Costs </w:t></w:r><w:r><w:t>fell.</w:t></w:r>"]),
            path: "report.docx")
        #expect(result.texts == ["Quarterly report", "Revenue grew.", "Costs fell."])
        #expect(result.starts == [nil, nil, nil])
    }

    @Test func theMainPartIsFoundThroughTheRelationships() throws {
        let bytes = Self.document(["Alice  0:01", "Hi.", "Bob  0:02", "Budget."], documentPath: "word/document2.xml")
        #expect(try TranscriptLoader.load(bytes: bytes, path: "x.docx").starts == [1_000, 2_000])
    }

    @Test func aWordDocumentNamedAnythingIsReadByItsMembers() throws {
        let bytes = Self.document(["Alice  0:01", "Hi.", "Bob  0:02", "Budget."])
        for name in ["x.epub", "x.bin", "<stdin>"] {
            #expect(try TranscriptLoader.load(bytes: bytes, path: name).transcript.source.format == "docx", "\(name)")
        }
    }

    @Test func aMissingDocumentPartIsAnErrorNamingIt() {
        var zip = ZIPWriter()
        zip.add("[Content_Types].xml", "<Types/>")
        zip.add("word/styles.xml", "<w:styles/>")
        #expect(loadError(zip.archive(), as: "gone.docx")?.description
            == "gone.docx: not a readable Word document: expected word/document.xml, the document's text, which the archive lacks")
        let notAZip = loadError(Array("not a zip".utf8), as: "plain.docx")
        #expect(notAZip.map { if case .archive = $0.kind { true } else { false } } == true, "\(String(describing: notAZip))")
    }

    @Test func aZipBombIsRefused() {
        var zip = ZIPWriter()
        zip.add("[Content_Types].xml", "<Types/>")
        zip.add("word/document.xml", bytes: [UInt8](repeating: 0x20, count: 80 << 20))
        let error = loadError(zip.archive(), as: "bomb.docx")
        #expect(error?.description.hasPrefix("bomb.docx: word/document.xml: refused: it would inflate past") == true, "\(String(describing: error))")
    }

    @Test func hostileEntitiesAreRefused() {
        var zip = ZIPWriter()
        zip.add("[Content_Types].xml", "<Types/>")
        zip.add("word/document.xml", """
            <?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><w:document><w:body><w:p><w:r><w:t>&x;</w:t></w:r></w:p></w:body></w:document>
            """)
        #expect(loadError(zip.archive(), as: "xxe.docx")?.description.hasPrefix("xxe.docx: word/document.xml: refused") == true)
    }

    @Test func otherArchivesSayWhatTheyHold() {
        var sheet = ZIPWriter()
        sheet.add("[Content_Types].xml", "<Types/>")
        sheet.add("xl/workbook.xml", "<workbook/>")
        #expect(loadError(sheet.archive(), as: "numbers.xlsx")?.description
            == "numbers.xlsx: looks like a ZIP archive holding an Excel workbook (.xlsx), not a transcript; " + TranscriptFormat.whatIsRead)
        var plain = ZIPWriter()
        plain.add("photos/a.jpg", bytes: [1, 2, 3])
        #expect(loadError(plain.archive(), as: "a.zip")?.kind == .notATranscript(looksLike: "a ZIP archive of 1 file, the first \"photos/a.jpg\""))
    }

    @Test(arguments: [
        (Array("%PDF-1.7\n%\u{e2}\u{e3}".utf8), "a PDF document"),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D], "a PNG image"),
        ([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0, 0], "an old-style Office document (.doc, .xls or .ppt: save it as .docx to have it read)"),
        ([0, 0, 0, 0x20] + Array("ftypisom".utf8) + [0, 0], "an MP4 or QuickTime audio/video file"),
        (Array(#"{\rtf1\ansi Alice: budget}"#.utf8), "an RTF document (save it as .docx or .txt to have it read)"),
    ] as [([UInt8], String)])
    func filesOfOtherKindsSayWhatTheyLookLike(_ bytes: [UInt8], _ kind: String) throws {
        for name in ["x.srt", "x.unknown", "x.txt"] {
            #expect(loadError(bytes, as: name)?.kind == .notATranscript(looksLike: kind))
            // The in-place reader of named text formats says the same.
            var inPlace: FormatError.Kind?
            do {
                _ = try bytes.withUnsafeBytes { try TranscriptLoader.loadCorpus(bytes: $0, path: name, options: LoadOptions()) }
            } catch {
                inPlace = (error as? FormatError)?.kind
            }
            #expect(inPlace == .notATranscript(looksLike: kind), "\(name)")
        }
    }

    @Test func aUTF16TextIsNeverTakenForSomethingElse() throws {
        // FF FE starts UTF-16 LE text, not an MP3 frame.
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("hi budget\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(try TranscriptLoader.load(bytes: bytes, path: "u.txt").texts == ["hi budget"])
    }

    /// Regression: a ZIP64 local-header offset near `Int.max` overflowed `header + 30` and trapped
    /// (SIGILL), taking a folder search's other files with it. Every number the archive gives is
    /// now checked against what is left of it: a damaged archive, named.
    @Test(arguments: [
        ("x.docx", "word/document.xml"), ("x.epub", "META-INF/container.xml"),
    ], [UInt64(Int.max), UInt64(Int.max) - 29, UInt64(Int.max) - 10, UInt64.max, 1 << 40])
    func aZIP64OffsetNearIntMaxIsADamagedArchiveNotATrap(_ file: (path: String, member: String), _ offset: UInt64) throws {
        var zip = ZIPWriter()
        if file.path.hasSuffix(".epub") { zip.add("mimetype", "application/epub+zip", deflate: false) }
        zip.add("[Content_Types].xml", "<Types/>")
        zip.add(file.member, bytes: Array("<w:document><w:body/></w:document>".utf8), claimedOffset: offset)
        let bytes = zip.archive()
        #expect(bytes.count < 1_000)
        let error = try #require(loadError(bytes, as: file.path))
        #expect(error.description.hasPrefix(file.path + ": \(file.member): damaged archive: no local header where the directory says"))
    }

    /// Regression: 60 MiB of empty paragraphs (`<w:p/>`, 92 KB deflated, within the ZIP limits)
    /// cost 1.5 GB and 37 s, an event and a row's worth of memory per empty element. A document
    /// part of more than `MarkupReader.elementLimit` elements is refused before it is parsed, by
    /// one pass that allocates nothing.
    @Test func aBombOfEmptyParagraphsIsRefusedBeforeItIsParsed() throws {
        let part = "<w:document xmlns:w=\"w\"><w:body>" + String(repeating: "<w:p/>", count: 10 << 20) + "</w:body></w:document>"
        var zip = ZIPWriter()
        zip.add("word/document.xml", part)
        let bytes = zip.archive()
        #expect(bytes.count < 200_000)
        let error = try #require(loadError(bytes, as: "empty.docx"))
        #expect(error.description == "empty.docx: word/document.xml: refused: it holds more than 1,000,000 elements, more than any real document (a bomb of empty elements?)")
    }

    /// The bound is on elements, whatever they are: one more than the limit is refused, the limit
    /// itself read (here a limit of 1,000).
    @Test func theElementLimitIsExact() throws {
        func load(paragraphs: Int) throws -> ParsedRows {
            var zip = ZIPWriter()
            // document, body, sectPr, two elements per empty paragraph and three in the last: 2n + 4.
            let body = String(repeating: "<w:p><w:r/></w:p>", count: paragraphs - 1) + "<w:p><w:r><w:t>budget</w:t></w:r></w:p><w:sectPr/>"
            zip.add("word/document.xml", "<w:document><w:body>" + body + "</w:body></w:document>")
            return try DOCXLoader.load(try ZIPArchive(bytes: zip.archive()), path: "x.docx", elementLimit: 1_000)
        }
        #expect(try load(paragraphs: 498).rows.map(\.text) == ["budget"])  // 1,000 elements
        #expect(throws: FormatError.self) { try load(paragraphs: 499) }  // 1,002
        #expect(MarkupReader.hasMoreElements(Array("<a><b/><!-- x --></a>".utf8), than: 1))
        #expect(!MarkupReader.hasMoreElements(Array("<a>1 < 2 <3</a>".utf8), than: 1))
    }
}
