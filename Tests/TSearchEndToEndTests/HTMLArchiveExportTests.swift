import Foundation
import Testing

/// `tsearch export --format html` over a folder of meetings as a user keeps them: files named from
/// where the search ran, each timestamp linked to its own recording beside the transcript, and an
/// archive's page carried as data under twice its rows' text.
struct HTMLArchiveExportTests {
    static let words = ["budget", "forecast", "roadmap", "hiring", "review", "launch", "customer", "pilot", "quarter",
                        "numbers", "the", "we", "need", "to", "and", "for", "next", "week", "plan", "café", "über", "会议"]

    /// A WebVTT meeting of `cues` cues written from our own word list; every fourth cue says "budget".
    static func meeting(_ number: Int, cues: Int) -> String {
        var lines = ["WEBVTT", ""]
        let speakers = ["Alice Johnson", "José García", "王伟"]
        for cue in 0..<cues {
            let start = cue * 4_500
            let clock = { (ms: Int) in String(format: "%02d:%02d:%02d.%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1_000 % 60, ms % 1_000) }
            var text = (0..<(6 + (cue * 7 + number) % 10)).map { words[(cue * 31 + number * 17 + $0 * 13) % words.count] }
            text.removeAll { $0 == "budget" }
            if cue % 4 == 0 { text.insert("budget", at: text.count / 2) }
            lines += ["\(clock(start)) --> \(clock(start + 4_000))", "<v \(speakers[(cue + number) % 3])>\(text.joined(separator: " ")).", ""]
        }
        return lines.joined(separator: "\n")
    }

    static func write(_ text: String, _ path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// meetings/standup.vtt beside standup.mp4, meetings/notes.en.vtt beside notes.m4a, other/plan.vtt alone.
    static func folder() throws -> URL {
        let folder = try TSearch.temporaryDirectory()
        try write(meeting(1, cues: 8), "meetings/standup.vtt", in: folder)
        try write("not really a video", "meetings/standup.mp4", in: folder)
        try write(meeting(2, cues: 8), "meetings/notes.en.vtt", in: folder)
        try write("not really audio", "meetings/notes.m4a", in: folder)
        try write(meeting(3, cues: 8), "other/plan.vtt", in: folder)
        return folder
    }

    /// The transcripts of `folder()`, named one by one (a folder would also search the recordings,
    /// which are not real videos).
    static let transcripts = ["meetings/standup.vtt", "meetings/notes.en.vtt", "other/plan.vtt"]

    static func state(_ folder: URL) -> [String: String] {
        ["TSEARCH_STATE": folder.appendingPathComponent("state/session.json").path]
    }

    @Test func filesAreNamedFromTheSearchFolderAndTimesLinkToTheirOwnRecording() throws {
        let folder = try Self.folder()
        let result = try TSearch.run(["export", "--format", "html", "--all-rows", "budget"] + Self.transcripts,
                                     in: folder, environment: Self.state(folder))
        #expect(result.status == 0)
        let page = result.stdout
        for name in ["meetings/standup.vtt", "meetings/notes.en.vtt", "other/plan.vtt"] {
            #expect(page.contains("<a href=\"#file-") && page.contains(">\(name)</a>"), "\(name) in the table of contents")
            #expect(page.contains("<h2>\(name) "), "\(name) as its heading")
        }
        #expect(!page.contains(folder.path))
        #expect(page.contains("<a class=\"time\" href=\"meetings/standup.mp4#t=0\">00:00:00</a>"))
        #expect(page.contains("<a class=\"time\" href=\"meetings/notes.m4a#t=4.5\">00:00:04</a>"))
        #expect(page.components(separatedBy: "<a class=\"time\"").count - 1 == 16, "plan.vtt has no recording: its times are not linked")
        #expect(page.components(separatedBy: "<span class=\"time\">").count - 1 == 8)

        // Written elsewhere with -o, the links start from the page's own folder; the names stay.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("pages"), withIntermediateDirectories: true)
        let written = try TSearch.run(["export", "--format", "html", "--all-rows", "-o", "pages/budget.html", "budget"] + Self.transcripts,
                                      in: folder, environment: Self.state(folder))
        #expect(written.status == 0)
        let moved = try String(contentsOf: folder.appendingPathComponent("pages/budget.html"), encoding: .utf8)
        #expect(moved.contains("href=\"../meetings/standup.mp4#t=0\""))
        #expect(moved.contains("<h2>meetings/standup.vtt "))

        // --media links every file there instead.
        let media = try TSearch.run(["export", "--format", "html", "--all-rows", "--media", "https://example.com/all.mp4", "budget"] + Self.transcripts,
                                    in: folder, environment: Self.state(folder))
        #expect(!media.stdout.contains("standup.mp4"))
        #expect(media.stdout.components(separatedBy: "<a class=\"time\" href=\"https://example.com/all.mp4#t=").count - 1 == 24)
    }

    @Test func aFileOutsideTheSearchFolderKeepsItsAbsolutePath() throws {
        let folder = try Self.folder(), elsewhere = try Self.folder()
        let outside = elsewhere.appendingPathComponent("other/plan.vtt").path
        let result = try TSearch.run(["export", "--format", "html", "budget", "meetings/standup.vtt", outside],
                                     in: folder, environment: Self.state(folder))
        #expect(result.status == 0)
        #expect(result.stdout.contains("<h2>meetings/standup.vtt "))
        #expect(result.stdout.contains("<h2>\(outside) "))
    }

    @Test func theSavedSearchIsNamedFromWhereItRan() throws {
        let folder = try Self.folder()
        _ = try TSearch.run(["search", "budget"] + Self.transcripts, in: folder, environment: Self.state(folder))
        let pages = try TSearch.temporaryDirectory()
        let result = try TSearch.run(["export", "--format", "html", "-o", pages.appendingPathComponent("p.html").path],
                                     environment: Self.state(folder))
        #expect(result.status == 0)
        let page = try String(contentsOf: pages.appendingPathComponent("p.html"), encoding: .utf8)
        #expect(page.contains("<h2>meetings/standup.vtt "))
        // The page's folder and the meetings are two temporary folders: the link climbs out of one into the other.
        #expect(page.contains("href=\"../\(folder.lastPathComponent)/meetings/standup.mp4#t=0\""))
    }

    @Test func anArchiveIsDataUnderTwiceItsRowsTextWithAFoldedTableOfContents() throws {
        let folder = try TSearch.temporaryDirectory()
        let files = 24, cues = 100
        var paths: [String] = []
        for number in 0..<files {
            paths.append("archive/team-\(number % 3)/meeting-\(number).vtt")
            try Self.write(Self.meeting(number, cues: cues), paths[number], in: folder)
            if number % 2 == 0 { try Self.write("video", "archive/team-\(number % 3)/meeting-\(number).webm", in: folder) }
        }
        let result = try TSearch.run(["export", "--format", "html", "--all-rows", "-o", "archive.html", "budget"] + paths,
                                     in: folder, environment: Self.state(folder))
        #expect(result.status == 0, "\(result.stderr)")
        let page = try Data(contentsOf: folder.appendingPathComponent("archive.html"))
        let text = try paths.map { try printedRows($0, in: folder).rows }.joined().reduce(0) { $0 + $1.text.utf8.count }
        #expect(text > 0)
        let ratio = Double(page.count) / Double(text)
        #expect(ratio <= 2, "page \(page.count) bytes, rows' text \(text) bytes")
        let html = String(decoding: page, as: UTF8.self)
        #expect(!html.contains("<div class=\"row"))
        #expect(html.components(separatedBy: "<div class=\"chunk\"").count - 1 >= files)
        #expect(html.contains("<nav class=\"toc\" aria-label=\"files\"><details><summary>\(files) files, \(files * cues / 4) hits</summary>"))
        #expect(html.components(separatedBy: " data-media=\"archive/team-").count - 1 == files / 2)
        #expect(html.contains("<section class=\"file\" id=\"file-0\" data-media=\"archive/team-0/meeting-0.webm\">"))
    }
}
