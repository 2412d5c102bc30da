import Foundation
import Testing

/// `tsearch meetings` and the meeting filters end to end: on the samples and on a generated
/// archive of a few hundred dated meetings in mixed formats (`Scripts/make-meetings.py`), each
/// filter picks what filtering the unfiltered listing by hand picks.
@Suite(.serialized) struct MeetingsEndToEndTests {
    static func meetings(_ arguments: [String], in directory: URL = TSearch.root) throws -> [[String: Any]] {
        let outcome = try TSearch.run(["meetings", "--json"] + arguments, in: directory)
        return try jsonRecords(outcome.stdout).filter { $0["type"] as? String == "meeting" }
    }

    static func files(_ records: [[String: Any]]) -> [String] { records.compactMap { $0["file"] as? String } }

    /// What a filter keeps of an unfiltered listing, by hand.
    static func byHand(_ all: [[String: Any]], month: String? = nil, title: String? = nil, with name: String? = nil) -> [String] {
        files(all.filter { record in
            if let month, !((record["date"] as? String)?.hasPrefix(month) ?? false) { return false }
            if let title, !((record["title"] as? String)?.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                .contains(title) ?? false) { return false }
            if let name {
                let participants = (record["participants"] as? [String]) ?? []
                let parts = participants.map { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).split { !$0.isLetter } }
                if !parts.contains(where: { $0.contains { $0.hasPrefix(name) } }) { return false }
            }
            return true
        })
    }

    /// A folder of `count` meetings made by `Scripts/make-meetings.py`.
    static func archive(count: Int) throws -> URL {
        let folder = try TSearch.temporaryDirectory()
        let made = try TSearch.run(
            ["python3", TSearch.root.appendingPathComponent("Scripts/make-meetings.py").path, folder.path, String(count), "6"],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        try #require(made.status == 0, "\(made.stderr)")
        return folder
    }

    @Test func theFiltersAgreeWithTheListingFilteredByHandOnTheSamples() throws {
        let all = try Self.meetings(["Samples/"])
        #expect(all.count > 30)
        let dates = all.compactMap { $0["date"] as? String }
        #expect(dates == dates.sorted())
        #expect(Self.files(try Self.meetings(["--since", "2026-03", "--until", "2026-03", "Samples/"])) == Self.byHand(all, month: "2026-03"))
        #expect(Self.files(try Self.meetings(["since:2026-03", "until:2026-03-31", "Samples/"])) == Self.byHand(all, month: "2026-03"))
        #expect(Self.files(try Self.meetings(["--meeting", "REVIEW", "Samples/"])) == Self.byHand(all, title: "review"))
        #expect(Self.files(try Self.meetings(["--with", "jose", "Samples/"])) == Self.byHand(all, with: "jose"))
        // A search's hits come only from the meetings the listing keeps.
        let hits = try jsonRecords(try TSearch.run(["search", "--json", "--with", "alice", "since:2024", "budget", "Samples/"]).stdout)
            .filter { $0["type"] as? String == "hit" }
        let kept = Set(Self.byHand(all, with: "alice").filter { file in all.contains { Self.files([$0]) == [file] && $0["date"] is String } })
        #expect(!hits.isEmpty)
        #expect(Set(hits.compactMap { $0["file"] as? String }).isSubset(of: kept))
    }

    @Test func theFiltersAgreeWithTheListingFilteredByHandOnAGeneratedArchive() throws {
        let folder = try Self.archive(count: 300)
        defer { try? FileManager.default.removeItem(at: folder) }
        let all = try Self.meetings(["."], in: folder)
        #expect(all.count == 300)
        // Every meeting is dated: by its name, its folder, an Otter header or a JSON created time.
        #expect(all.allSatisfy { $0["date"] is String })
        #expect(Set(all.compactMap { $0["date_source"] as? String }) == ["path", "content"])
        for month in ["2025-03", "2026-01", "2026-12"] {
            #expect(Self.files(try Self.meetings(["--since", month, "--until", month, "."], in: folder)) == Self.byHand(all, month: month))
        }
        #expect(Self.files(try Self.meetings(["meeting:budget", "."], in: folder)) == Self.byHand(all, title: "budget"))
        #expect(Self.files(try Self.meetings(["--with", "chen", "since:2025-06", "until:2025-06", "."], in: folder))
            == Self.byHand(Self.byHand(all, month: "2025-06").compactMap { file in all.first { Self.files([$0]) == [file] } }, with: "chen"))
        // `--sort relevance` needs a query; with one, the most hits per length come first.
        #expect(try TSearch.run(["meetings", "--sort", "relevance", "."], in: folder).status == 2)
        let ranked = try Self.meetings(["--sort", "relevance", "budget", "."], in: folder)
        let scores = ranked.compactMap { $0["score"] as? Double }
        #expect(!scores.isEmpty && scores == scores.sorted(by: >))
    }

    @Test func aFileWhoseNameAndContentDisagreeTakesTheContentsDate() throws {
        let folder = try TSearch.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "Design review\nWed, Mar 4, 2026 10:02AM • 3:41\n\nDana  0:03\nThe budget.\n"
            .write(to: folder.appendingPathComponent("2020-01-01 notes.txt"), atomically: true, encoding: .utf8)
        try "1\n00:00:01,000 --> 00:00:02,000\nThe budget.\n".write(to: folder.appendingPathComponent("plain.srt"), atomically: true, encoding: .utf8)
        let listed = try Self.meetings(["."], in: folder)
        #expect(listed.count == 2)
        #expect(listed.first?["date"] as? String == "2026-03-04 10:02")
        #expect(listed.first?["date_source"] as? String == "content")
        #expect(listed.first?["title"] as? String == "Design review")
        // A path with no date gives none, not today; the file's time only when asked for.
        #expect(listed.last?["date"] is NSNull)
        let byTime = try Self.meetings(["--date-from", "mtime", "."], in: folder)
        #expect(byTime.contains { $0["date_source"] as? String == "mtime" })
        // The search's listing shows each file's date beside its path, and --sort date orders files.
        let ordered = try TSearch.run(["search", "-l", "--sort", "date", "budget", "."], in: folder)
        #expect(ordered.stdout.split(separator: "\n").map(String.init) == ["2020-01-01 notes.txt", "plain.srt"].map { "./" + $0 } ||
                ordered.stdout.split(separator: "\n").map(String.init) == ["2020-01-01 notes.txt", "plain.srt"])
    }
}

extension MeetingsEndToEndTests {
    /// Every hit record carries its meeting's date (null for a meeting without one).
    @Test func hitRecordsCarryTheMeetingsDate() throws {
        let hits = try jsonRecords(try TSearch.run(["search", "--json", "budget", "Samples/design-review.otter.txt", "Samples/planning.srt"]).stdout)
            .filter { $0["type"] as? String == "hit" }
        #expect(hits.filter { $0["file"] as? String == "Samples/design-review.otter.txt" }.allSatisfy { $0["meeting_date"] as? String == "2026-03-04 10:02" })
        #expect(hits.filter { $0["file"] as? String == "Samples/planning.srt" }.allSatisfy { $0["meeting_date"] is NSNull })
        #expect(hits.count > 2)
    }
}
