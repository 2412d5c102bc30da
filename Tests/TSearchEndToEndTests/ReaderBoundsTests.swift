import Foundation
import Testing
@testable import TranscriptFormats

/// What the readers bound, seen from the command line: a file that is no transcript, or a hostile
/// one, found in a folder is one warning and the other files are searched; named, it is an error
/// (exit 2) naming it. Every input here is made by the test.
struct ReaderBoundsTests {
    /// A folder with a good transcript and the files the adversarial tester found.
    static func folder() throws -> URL {
        let folder = try TSearch.temporaryDirectory()
        func write(_ name: String, _ bytes: [UInt8]) throws { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        try write("good.srt", Array("1\n00:00:01,000 --> 00:00:02,000\nThe budget is fixed.\n".utf8))
        // A spreadsheet's table, and notes that happen to end in .sub.
        try write("data.tsv", Array(("name\tamount\tnote\n" + (0..<100_000).map { "row \($0)\t\($0)\tbudget" }.joined(separator: "\n")).utf8))
        try write("notes.sub", Array(("Notes on the budget\n" + String(repeating: "another line\n", count: 1_000)).utf8))
        // A Word document whose ZIP64 local-header offset is Int.max.
        var zip = ZIPWriter()
        zip.add("[Content_Types].xml", "<Types/>")
        zip.add("word/document.xml", bytes: Array("<w:document><w:body/></w:document>".utf8), claimedOffset: UInt64(Int.max))
        try write("offset.docx", zip.archive())
        return folder
    }

    /// Regression: `data.tsv` gave 100,002 warnings and exit 2, `notes.sub` a warning per line, and
    /// `offset.docx` killed the process (SIGILL) with the folder's other files.
    @Test func aFolderWithFilesThatAreNoTranscriptsIsSearchedWithOneWarningEach() throws {
        let folder = try Self.folder()
        let result = try TSearch.run(["search", "--no-heading", "budget", "."], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("./good.srt:"))
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count == 3, "\(warnings.prefix(10))")
        #expect(warnings.contains { $0.hasPrefix("tsearch: warning: ./data.tsv: expected a subtitle document (Whisper TSV") })
        #expect(warnings.contains { $0.hasPrefix("tsearch: warning: ./notes.sub: expected a subtitle document (MicroDVD") })
        #expect(warnings.contains { $0.hasPrefix("tsearch: warning: ./offset.docx: word/document.xml: damaged archive: no local header") })
    }

    @Test(arguments: [
        ("data.tsv", "tsearch: data.tsv: expected a subtitle document (Whisper TSV"),
        ("notes.sub", "tsearch: notes.sub: expected a subtitle document (MicroDVD"),
        ("offset.docx", "tsearch: offset.docx: word/document.xml: damaged archive: no local header where the directory says"),
    ])
    func namedOnTheCommandLineItIsAnErrorNamingTheFile(_ name: String, _ message: String) throws {
        let folder = try Self.folder()
        let result = try TSearch.run(["search", "budget", name, "good.srt"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr.prefix(300))")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.contains("budget"))
    }

    /// Regression: a 4 MB `.sub` of junk lines printed 2,097,152 warnings (and kept them, 0.5–1.1 GB).
    /// Now five kept (said as one line, being of one kind), and one line for the rest; the same when
    /// the rows come back from the cache.
    @Test func aFileOfJunkLinesPrintsFiveWarningsAndACount() throws {
        let folder = try TSearch.temporaryDirectory()
        let junk = "{1}{1}25\n{25}{50}The budget.\n" + String(repeating: "junk\n", count: 300_000)
        try Data(junk.utf8).write(to: folder.appendingPathComponent("junk.sub"))
        let state = folder.appendingPathComponent("state/session.json").path
        for run in ["first", "cached"] {
            let result = try TSearch.run(["search", "budget", "junk.sub"], in: folder, environment: ["TSEARCH_STATE": state])
            #expect(result.status == 0, "\(run)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 2, "\(run): \(lines.prefix(8))")
            #expect(lines.first?.hasPrefix("tsearch: warning: 5 timing lines could not be read (expected one like") == true, "\(run)")
            #expect(lines.first?.hasSuffix(": junk.sub:3, junk.sub:4, junk.sub:5 and 2 more") == true, "\(run)")
            #expect(lines.last == "tsearch: warning: junk.sub: … and 299,995 more warnings like these (the first 5 are shown)", "\(run)")
        }
    }
}
