import Foundation
import Testing

/// Meeting apps' text exports and Word transcripts, end to end: `rows --json`, `search`,
/// `--speaker`, `--after`, `next`, and the HTML and EDL exports, on each layout's sample.
@Suite(.serialized) struct MeetingExportsTests {
    /// A sample, how many rows it loads as, the rows' start times where they are timed (ms, in order,
    /// untimed rows left out) and speakers; a speaker and a time to filter the "budget" hits by, and
    /// the starts of the hits each filter keeps.
    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var rows: Int
        var starts: [Int64]
        var speakers: Set<String>
        var speaker: String
        var speakerHits: [Int64]
        var after: String
        var afterHits: [Int64]
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        Case(file: "design-review.otter.txt", rows: 9, starts: [3_000, 21_000, 37_000, 65_000, 78_000, 164_000, 3_723_000],
             speakers: ["Dana", "Chen Wei", "Alice"], speaker: "Alice", speakerHits: [65_000], after: "00:01:00", afterHits: [65_000]),
        Case(file: "customer-interview.rev.txt", rows: 4, starts: [0, 9_000, 31_000, 3_727_000],
             speakers: ["Speaker 1", "Speaker 2"], speaker: "Speaker 2", speakerHits: [3_727_000], after: "00:01:00", afterHits: [3_727_000]),
        Case(file: "budget-sync.meet.txt", rows: 10, starts: [0, 0, 0, 300_000, 300_000, 300_000, 300_000],
             speakers: ["Alice", "Bob", "José"], speaker: "Bob", speakerHits: [300_000], after: "00:01:00", afterHits: [300_000]),
        Case(file: "workshop-chat.zoom.txt", rows: 4, starts: [41_000, 65_000, 72_000, 150_000],
             speakers: ["Alice", "Bob", "Chen Wei", "José"], speaker: "Chen Wei", speakerHits: [72_000], after: "00:01:10", afterHits: [72_000]),
        Case(file: "offsite-chat.zoom.txt", rows: 3, starts: [36_083_000, 36_125_000, 36_220_000],
             speakers: ["Dana", "Alice", "Bob"], speaker: "Bob", speakerHits: [36_220_000], after: "10:02:00", afterHits: [36_220_000]),
        Case(file: "quarterly-update.premiere.txt", rows: 4, starts: [0, 4_400, 9_000, 15_600],
             speakers: ["Alice", "Bob"], speaker: "Alice", speakerHits: [0, 9_000], after: "00:00:05", afterHits: [9_000]),
        Case(file: "podcast.descript.txt", rows: 4, starts: [2_000, 9_000, 15_000, 90_000],
             speakers: ["Alice", "Chen Wei", "José"], speaker: "Alice", speakerHits: [2_000, 15_000], after: "00:00:10", afterHits: [15_000]),
        Case(file: "all-hands.teams.docx", rows: 9, starts: [3_000, 41_000, 75_000, 92_000, 725_000],
             speakers: ["Alice", "José", "Zoë", "Bob"], speaker: "Bob", speakerHits: [725_000], after: "00:02:00", afterHits: [725_000]),
    ]

    static func starts(_ arguments: [String], in folder: URL = TSearch.root) throws -> [Int64] {
        let outcome = try TSearch.run(["search", "--json"] + arguments, in: folder)
        #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        return try jsonRecords(outcome.stdout).filter { $0["type"] as? String == "hit" }.map { try #require($0["start_ms"] as? Int64) }
    }

    @Test(arguments: cases)
    func rowsLoadWithTheirTimesAndSpeakers(_ sample: Case) throws {
        let outcome = try TSearch.run(["rows", "--json", "Samples/" + sample.file])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let rows = try jsonRecords(outcome.stdout)
        #expect(rows.count == sample.rows)
        #expect(rows.compactMap { $0["start_ms"] as? Int64 } == sample.starts)
        #expect(Set(rows.compactMap { $0["speaker"] as? String }) == sample.speakers)
    }

    @Test(arguments: cases)
    func searchFiltersAndNext(_ sample: Case) throws {
        let path = "Samples/" + sample.file
        let all = try TSearch.run(["search", "budget", path])
        #expect(all.status == 0)
        let hits = all.stdout.split(separator: "\n").filter { $0.contains("budget") || $0.contains("Budget") }
        #expect(hits.count >= 2, "\(all.stdout)")
        #expect(try Self.starts(["--speaker", sample.speaker, "budget", path]) == sample.speakerHits)
        #expect(try Self.starts(["--after", sample.after, "budget", path]) == sample.afterHits)
        // A session of its own: other suites search at the same time.
        let state = ["TSEARCH_STATE": try TSearch.temporaryDirectory().appendingPathComponent("session.json").path]
        #expect(try TSearch.run(["search", "-q", "budget", path], environment: state).status == 0)
        let next = try TSearch.run(["next"], environment: state)
        #expect(next.status == 0)
        #expect(next.stdout.hasPrefix("hit 2 of "), "\(next.stdout)")
    }

    @Test(arguments: cases)
    func htmlAndEDLExports(_ sample: Case) throws {
        let html = try TSearch.run(["export", "--format", "html", "--speaker", sample.speaker, "budget", "Samples/" + sample.file])
        #expect(html.status == 0)
        #expect(html.stdout.contains("<mark"))
        #expect(html.stdout.contains(sample.speaker))
        // The recording beside the transcript, as players find subtitles.
        let folder = try TSearch.temporaryDirectory()
        try FileManager.default.copyItem(atPath: TSearch.samples + "/" + sample.file, toPath: folder.appendingPathComponent(sample.file).path)
        let base = sample.file.split(separator: ".").first.map(String.init) ?? sample.file
        _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(base + ".mp4").path, contents: Data())
        let edl = try TSearch.run(["export", "--format", "edl", "--padding", "0", "--after", sample.after, "budget", sample.file], in: folder)
        #expect(edl.status == 0, "\(edl.stderr)")
        let clips = edl.stdout.split(separator: "\n").dropFirst()
        #expect(clips.count == sample.afterHits.count)
        for (clip, start) in zip(clips, sample.afterHits) {
            let fields = clip.split(separator: ",title=")[0].split(separator: ",")
            #expect(fields.first?.hasSuffix(base + ".mp4") == true)
            #expect(Double(fields.dropFirst().first ?? "") == Double(start) / 1000, "\(clip)")
        }
    }

    /// Stdin is read by content too: a Zoom chat piped in loads with its times.
    @Test func aMeetingExportOnStandardInput() throws {
        let chat = try Data(contentsOf: URL(fileURLWithPath: TSearch.samples + "/workshop-chat.zoom.txt"))
        let outcome = try TSearch.run(["rows", "--json", "-"], stdin: chat)
        #expect(try jsonRecords(outcome.stdout).compactMap { $0["start_ms"] as? Int64 } == [41_000, 65_000, 72_000, 150_000])
    }

    /// A folder walk names each file it does not read, reads Word documents, and says what a named
    /// file of another kind looks like.
    @Test func unknownFilesAreNamedAndForeignFilesSayWhatTheyAre() throws {
        let folder = try TSearch.temporaryDirectory()
        try FileManager.default.copyItem(atPath: TSearch.samples + "/all-hands.teams.docx", toPath: folder.appendingPathComponent("all-hands.docx").path)
        try Data("%PDF-1.4\n\u{0}\u{1}".utf8).write(to: folder.appendingPathComponent("slides.pdf"))
        try Data("notes".utf8).write(to: folder.appendingPathComponent("agenda.md"))
        for quiet in ["all-hands.m4a", "cover.jpg", ".hidden.pdf"] {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(quiet).path, contents: Data())
        }
        let walk = try TSearch.run(["search", "-c", "budget", "."], in: folder)
        #expect(walk.status == 0)
        #expect(walk.stdout.contains("./all-hands.docx:3"))
        let warnings = walk.stderr.split(separator: "\n")
        #expect(warnings.count == 1, "\(walk.stderr)")
        #expect(warnings.first?.hasPrefix("tsearch: note: skipped 2 files of a kind tsearch does not read: ./agenda.md, ./slides.pdf (tsearch reads .srt,") == true)
        #expect(try TSearch.run(["search", "-c", "budget", "."], in: folder).stderr.isEmpty, "a note is said once")
        // Past a screenful, the rest are counted.
        for number in 0..<23 { try Data("x".utf8).write(to: folder.appendingPathComponent("notes-\(number).md")) }
        let many = try TSearch.run(["search", "-c", "budget", "."], in: folder)
        #expect(many.stderr.contains(", ./notes-5.md and 5 more (tsearch reads"), "\(many.stderr)")
        let named = try TSearch.run(["rows", "slides.pdf"], in: folder)
        #expect(named.status == 2)
        #expect(named.stderr.hasPrefix("tsearch: slides.pdf: looks like a PDF document, not a transcript; tsearch reads .srt, "))
    }

    /// A Word document with its text part missing is an error naming the file and the part; one
    /// that inflates past the limit is refused, never read whole.
    @Test func brokenWordDocumentsAreErrorsNamingTheFile() throws {
        let folder = try TSearch.temporaryDirectory()
        let script = """
        import zipfile
        with zipfile.ZipFile("missing.docx", "w") as z:
            z.writestr("[Content_Types].xml", "<Types/>")
            z.writestr("word/styles.xml", "<styles/>")
        with zipfile.ZipFile("bomb.docx", "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("[Content_Types].xml", "<Types/>")
            z.writestr("word/document.xml", b"<w:document>" + b" " * (200 << 20) + b"</w:document>")
        """
        let made = try TSearch.run(["-c", script], executable: URL(fileURLWithPath: "/usr/bin/python3"), in: folder)
        try #require(made.status == 0, "\(made.stderr)")
        let missing = try TSearch.run(["rows", "missing.docx"], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr == "tsearch: missing.docx: not a readable Word document: expected word/document.xml, the document's text, which the archive lacks\n")
        let bomb = try TSearch.run(["rows", "bomb.docx"], in: folder)
        #expect(bomb.status == 2)
        #expect(bomb.stderr.hasPrefix("tsearch: bomb.docx: word/document.xml: refused: it would inflate past"), "\(bomb.stderr)")
    }
}
