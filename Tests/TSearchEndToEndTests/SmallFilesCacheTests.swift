import Foundation
import Testing

/// The small-files cache: the rows of a search's small files are kept together, taken again for
/// every file whose size and modification time are unchanged, and a search reads exactly as it
/// would with no cache at all (same hits, warnings, errors and exit status), whatever changed.
@Suite(.serialized) struct SmallFilesCacheTests {
    struct Setup {
        let folder: URL
        var talks: URL { folder.appendingPathComponent("talks") }
        var state: URL { folder.appendingPathComponent("state/session.json") }
        var rows: URL { folder.appendingPathComponent("state/rows") }

        /// A folder of 40 small transcripts: SubRip with a broken cue (a warning), WebVTT, JSON,
        /// an empty file (a warning) and one broken JSON (an error, exit 2).
        init() throws {
            folder = try TSearch.temporaryDirectory()
            try FileManager.default.createDirectory(at: talks, withIntermediateDirectories: true)
            for number in 0..<40 { try write(number, word: "budget") }
            try #"[{"start": 1, "text": "budget"},]"#.write(to: talks.appendingPathComponent("talk20b.json"), atomically: true, encoding: .utf8)
        }

        func name(_ number: Int) -> String {
            String(format: "talk%02d.", number) + ["srt", "vtt", "json", "srt", "vtt"][number % 5]
        }

        func write(_ number: Int, word: String) throws {
            let text: String
            switch number % 5 {
            case 0: text = "1\n00:00:01,000 --> 00:00:02,000\nAlice: the \(word) \(number)\n\n2\n00:00:0x,000 --> 00:00:04,000\nbroken\n\n"
            case 1: text = "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\n<v Bob>which \(word), café \(number)?\n\n"
            case 2: text = #"[{"start": 1, "end": 2, "speaker": "Chen", "text": " a \#(word) \#(number)"}]"#
            case 3: text = number == 13 ? "" : "1\n00:00:05,000 --> 00:00:06,000\nDana: no \(word) here \(number)\n\n"
            default: text = "WEBVTT\n\nNOTE \(number)\n\n00:00:02.000 --> 00:00:04.000\nthe \(word) \(number) again\n"
            }
            try text.write(to: talks.appendingPathComponent(name(number)), atomically: true, encoding: .utf8)
        }

        /// Runs with the cache kept for any size (the default keeps it from 256 KiB of files).
        /// Files count as settled as soon as they are written (the default waits 2 s).
        func run(_ arguments: [String], stateAt state: URL? = nil, minimum: String = "1", settle: String = "0") throws -> TSearch.Outcome {
            try TSearch.run(arguments, in: folder, environment: [
                "TSEARCH_STATE": (state ?? self.state).path, "TSEARCH_SMALL_FILES_CACHE_MIN_BYTES": minimum,
                "TSEARCH_CACHE_SETTLE_NS": settle,
            ])
        }

        /// The same search with no small-files cache, in a state folder of its own.
        func uncached(_ arguments: [String]) throws -> TSearch.Outcome {
            let other = folder.appendingPathComponent("state-uncached-\(UUID().uuidString)/session.json")
            return try run(arguments, stateAt: other, minimum: "\(Int64.max)")
        }

        func caches() throws -> [URL] {
            guard FileManager.default.fileExists(atPath: rows.path) else { return [] }
            return try FileManager.default.contentsOfDirectory(at: rows, includingPropertiesForKeys: nil).filter { $0.pathExtension == "files" }
        }

    }

    /// The same output; the same warnings and errors (notes are said once per state folder, and
    /// these runs may use two).
    func expectSame(_ cached: TSearch.Outcome, _ uncached: TSearch.Outcome, _ comment: Comment) {
        #expect(cached.stdout == uncached.stdout, comment)
        #expect(withoutNotes(cached.stderr) == withoutNotes(uncached.stderr), comment)
        #expect(cached.status == uncached.status, comment)
    }

    func withoutNotes(_ stderr: String) -> String {
        stderr.split(separator: "\n").filter { !$0.hasPrefix("tsearch: note: ") }.joined(separator: "\n")
    }

    @Test func aFolderSearchedAgainIsTakenFromTheCacheWithItsWarnings() throws {
        let setup = try Setup()
        let search = ["search", "budget", "talks"]
        let first = try setup.run(search)
        #expect(first.status == 2, "the broken JSON")
        #expect(first.stderr.contains("talk00.srt:6,") && first.stderr.contains("talk20b.json:1:") && first.stderr.contains("talk13.srt"))
        #expect(first.stderr.contains("tsearch: note: the times of 8 files carry no unit; read as seconds, a guess: talks/talk02.json,"))
        expectSame(first, try setup.uncached(search), "the first search, which writes the cache")
        let cache = try #require(try setup.caches().first)
        #expect(try setup.caches().count == 1)
        let second = try setup.run(search)
        expectSame(second, first, "read back from the cache: warnings shown again, the broken JSON read and reported again")

        // The same folder named by its absolute path: the same cache, the files shown by that path.
        let absolute = try setup.run(["search", "budget", setup.talks.path])
        #expect(absolute.stdout.contains(setup.talks.path + "/talk00.srt") && absolute.stderr.contains(setup.talks.path + "/talk00.srt:6,"))
        #expect(absolute.stdout.replacingOccurrences(of: setup.folder.path + "/", with: "") == first.stdout)
        #expect(try setup.caches() == [cache])

        // Kept rows that say another word: they are used, so the new word is found.
        try TSearch.rewriteRows(in: cache, "budget 7", with: "gadget 7")
        let taken = try setup.run(["search", "-c", "gadget", "talks"])
        #expect(taken.stdout == "talks/talk07.json:1\n1 total\n", "rows came from the cache, not the files")
        #expect(withoutNotes(taken.stderr) == withoutNotes(first.stderr) && taken.status == 2)
        #expect(try setup.caches() == [cache])

        // `next` and `prev` read the kept rows through the session, which names the cache.
        let next = try setup.run(["next"])
        #expect(next.status == 0 && next.stdout.contains("hit 1 of 1"), "\(next.stderr)")
        let prev = try setup.run(["prev"])
        #expect(prev.status == 0 && prev.stdout.contains("hit 1 of 1"), "\(prev.stderr)")
    }

    /// A file is taken only while its identity is the one kept (a `chmod` changes its status time)
    /// and only if it had settled when it was kept: a file changed just before it was read may
    /// change again within the same timestamp (FAT keeps 2 s), so it is read again.
    @Test func aFileIsTakenOnlyWhenItsIdentityIsKeptAndItHadSettled() throws {
        let setup = try Setup()
        let search = ["search", "-c", "gadget", "talks"]
        func seal() throws {
            try TSearch.rewriteRows(in: try #require(try setup.caches().first), "budget", with: "gadget")
        }
        let budget = try setup.run(["search", "-c", "budget", "talks"]).stdout
        try seal()
        let sealed = try setup.run(search).stdout
        #expect(sealed == budget.replacingOccurrences(of: "budget", with: "gadget"), "all taken from the cache")
        #expect(try TSearch.shell("chmod 600 talks/\(setup.name(6))", in: setup.folder).status == 0)
        let afterChmod = try setup.run(search)
        #expect(afterChmod.stdout.contains(setup.name(7)) && !afterChmod.stdout.contains(setup.name(6)), "read again: \(afterChmod.stdout)")

        // Kept while the files had not settled (they were just written): each is read again.
        let fresh = try Setup()
        _ = try fresh.run(["search", "budget", "talks"], settle: "60000000000")
        try TSearch.rewriteRows(in: try #require(try fresh.caches().first), "budget", with: "gadget")
        let unsettled = try fresh.run(search, settle: "60000000000")
        #expect(unsettled.status == 2 && unsettled.stdout.isEmpty, "nothing taken: \(unsettled.stdout)")
        #expect(try fresh.run(search).stdout == sealed, "taken once settled (here: at once)")
    }

    /// A named pipe is read as a stream (never opened and closed unread, which loses what its writer
    /// sends), and a file dated after 2262 (more nanoseconds than 64 bits hold) is read like any other.
    @Test func aNamedPipeAndAFarFutureFile() throws {
        let setup = try Setup()
        let pipe = try TSearch.shell(
            "mkfifo pipe.srt && (printf '1\\n00:00:01,000 --> 00:00:02,000\\nbudget in a pipe\\n' > pipe.srt &) && "
                + "timeout 20 '\(TSearch.binary.path)' search -c budget pipe.srt",
            in: setup.folder, environment: ["TSEARCH_STATE": setup.state.path])
        #expect(pipe.status == 0 && pipe.stdout == "pipe.srt:1\n1 total\n", "\(pipe.stderr)")
        // A filesystem that cannot hold such a date refuses it: then there is nothing to check.
        guard try TSearch.shell("touch -d '2300-01-01' talks/\(setup.name(4))", in: setup.folder).status == 0 else { return }
        for _ in 0..<2 {
            let future = try setup.run(["search", "-c", "budget", "talks"])
            expectSame(future, try setup.uncached(["search", "-c", "budget", "talks"]), "a file dated 2300")
        }
    }

    @Test func changedAddedAndRemovedFilesReadAsWithoutACache() throws {
        let setup = try Setup()
        let search = ["search", "--json", "budget", "talks"]
        _ = try setup.run(search)
        let before = try Data(contentsOf: try #require(try setup.caches().first))
        try setup.write(6, word: "budget budget")  // changed (size and time)
        try FileManager.default.removeItem(at: setup.talks.appendingPathComponent(setup.name(11)))
        try "1\n00:00:01,000 --> 00:00:02,000\nnew budget\n\n".write(to: setup.talks.appendingPathComponent("talk11b.srt"), atomically: true, encoding: .utf8)
        let after = try setup.run(search)
        expectSame(after, try setup.uncached(search), "after a change, an addition and a removal")
        #expect(after.stdout.contains("talk11b.srt") && !after.stdout.contains(setup.name(11) + "\""))
        let rewritten = try Data(contentsOf: try #require(try setup.caches().first))
        #expect(rewritten != before, "written again with the files as they are now")
        expectSame(try setup.run(search), try setup.uncached(search), "read back from the rewritten cache")
    }

    @Test(arguments: ["truncated", "garbage", "empty"])
    func aDamagedCacheIsRebuiltNotTrusted(_ damage: String) throws {
        let setup = try Setup()
        let search = ["search", "-c", "budget", "talks"]
        _ = try setup.run(search)
        let file = try #require(try setup.caches().first)
        var bytes = try Data(contentsOf: file)
        switch damage {
        case "truncated": bytes = bytes.prefix(bytes.count - 7)
        case "garbage": bytes.replaceSubrange(bytes.count / 2..<bytes.count / 2 + 16, with: Data(repeating: 0xFF, count: 16))
        default: bytes = Data()
        }
        try bytes.write(to: file)
        expectSame(try setup.run(search), try setup.uncached(search), "a damaged cache")
        let rebuilt = try Data(contentsOf: file)
        #expect(rebuilt.count > 1000 && rebuilt != bytes)
        expectSame(try setup.run(search), try setup.uncached(search), "the rebuilt cache")
    }

    /// Small files beside a big one (which has a row cache of its own), named in any order and one
    /// of them twice: taken back in runs, in input order.
    @Test func smallFilesBesideABigOneAndTwiceNamed() throws {
        let setup = try Setup()
        let big = setup.folder.appendingPathComponent("big.srt")
        let cues = (1...3000).map { "\($0)\n00:00:01,000 --> 00:00:02,000\nthe budget of row \($0)\n" }.joined(separator: "\n")
        try cues.write(to: big, atomically: true, encoding: .utf8)
        let search = ["search", "-c", "budget", "talks/" + setup.name(3), "big.srt", "talks", "talks/" + setup.name(1)]
        let environment = { (minimum: String) in [
            "TSEARCH_STATE": setup.state.path, "TSEARCH_SMALL_FILES_CACHE_MIN_BYTES": minimum, "TSEARCH_ROW_CACHE_MIN_BYTES": "100000",
        ] }
        let uncached = try TSearch.run(search, in: setup.folder, environment: environment("\(Int64.max)"))
        try FileManager.default.removeItem(at: setup.folder.appendingPathComponent("state"))
        let first = try TSearch.run(search, in: setup.folder, environment: environment("1"))
        let second = try TSearch.run(search, in: setup.folder, environment: environment("1"))
        expectSame(first, uncached, "writing")
        expectSame(second, uncached, "reading")
        #expect(try setup.caches().count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.rows.path).filter { $0.hasSuffix(".rows") }.count == 1)
        let next = try TSearch.run(["next"], in: setup.folder, environment: environment("1"))
        #expect(next.status == 0 && next.stdout.contains("hit 2 of"), "\(next.stderr)")
    }

    @Test func smallFilesBelowTheMinimumAreNotKept() throws {
        let setup = try Setup()
        _ = try setup.run(["search", "budget", "talks"], minimum: "1000000")
        #expect(try setup.caches().isEmpty)
    }

    @Test func aFolderKeepsTheCachesUsedMostRecently() throws {
        let setup = try Setup()
        func search(_ number: Int) throws -> (outcome: TSearch.Outcome, caches: Set<URL>) {
            let outcome = try setup.run(["search", "-c", "budget", "talks/" + setup.name(number), "talks/" + setup.name(number + 1)])
            return (outcome, Set(try setup.caches()))
        }
        var written: [URL] = []
        for number in 0..<16 {
            let before = Set(try setup.caches())
            let after = try search(number).caches
            written.append(try #require(after.subtracting(before).first))
        }
        #expect(Set(written).count == 16)
        // The first list is used again, then two new lists push out the two used least recently.
        let again = try search(0)
        #expect(again.outcome.stdout == "talks/talk00.srt:1\ntalks/talk01.vtt:1\n2 total\n", "\(again.outcome.stderr)")
        #expect(again.caches == Set(written), "taken, not written again")
        // Temporary files of killed writers (named as `FileCalls.temporaryFile` names them, empty)
        // go once they are an hour old.
        let stale = setup.rows.appendingPathComponent("0123456789abcdef.files.tmp-99999-a1")
        let recent = setup.rows.appendingPathComponent("456789abcdef0123.files.tmp-99998-b2")
        #expect(try TSearch.shell("touch -d '2 hours ago' '\(stale.path)' && touch '\(recent.path)'").status == 0)
        _ = try search(16)
        let last = try search(17).caches
        #expect(last.count == 16)
        #expect(last.contains(written[0]) && !last.contains(written[1]) && !last.contains(written[2]))
        #expect(!FileManager.default.fileExists(atPath: stale.path) && FileManager.default.fileExists(atPath: recent.path))
    }

    /// A search of a big file, a folder and a small file: the saved search names the row cache and
    /// the small-files cache rather than copying their rows, steps exactly as with no caches at
    /// all, and steps on (searching again) when a cache it names is gone.
    @Test func theSavedSearchNamesTheCachesInsteadOfCopyingTheRows() throws {
        let setup = try Setup()
        let big = setup.folder.appendingPathComponent("big.srt")
        try (1...3000).map { "\($0)\n00:00:01,000 --> 00:00:02,000\nthe budget of row \($0)\n" }.joined(separator: "\n")
            .write(to: big, atomically: true, encoding: .utf8)
        let search = ["search", "budget", "big.srt", "talks", "talks/" + setup.name(4)]
        let steps = [["next"], ["next"], ["prev"], ["goto", "3010"], ["next"], ["goto", "1"], ["prev"]]
        func outcomes(_ environment: [String: String]) throws -> [TSearch.Outcome] {
            try ([search] + steps).map { try TSearch.run($0, in: setup.folder, environment: environment) }
        }
        let uncached = try outcomes([
            "TSEARCH_STATE": setup.folder.appendingPathComponent("uncached/session.json").path,
            "TSEARCH_SMALL_FILES_CACHE_MIN_BYTES": "\(Int64.max)", "TSEARCH_ROW_CACHE_MIN_BYTES": "\(Int64.max)",
        ])
        let environment = [
            "TSEARCH_STATE": setup.state.path, "TSEARCH_SMALL_FILES_CACHE_MIN_BYTES": "1", "TSEARCH_ROW_CACHE_MIN_BYTES": "100000",
        ]
        let cached = try outcomes(environment)
        for (one, other) in zip(cached, uncached) { expectSame(one, other, "\(one.stdout.prefix(40))") }
        #expect(uncached[4].stdout.contains("hit 3010 of"))

        let folder = setup.state.deletingLastPathComponent().path
        let sessionCaches = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".cache-") }
        let sessionCache = try #require(sessionCaches.first)
        let uncachedFolder = setup.folder.appendingPathComponent("uncached").path
        let uncachedCache = try #require(try FileManager.default.contentsOfDirectory(atPath: uncachedFolder).first { $0.contains(".cache-") })
        func size(_ path: String) throws -> Int { try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0 }
        #expect(try size(folder + "/" + sessionCache) * 4 < size(uncachedFolder + "/" + uncachedCache), "no rows written twice")

        // The small-files cache gone: the next step reads the unchanged files again, quietly (their
        // warnings were shown by the search; an error would be shown), and steps on.
        for cache in try setup.caches() { try FileManager.default.removeItem(at: cache) }
        let after = try TSearch.run(["next"], in: setup.folder, environment: environment)
        let expected = try TSearch.run(["next"], in: setup.folder, environment: [
            "TSEARCH_STATE": setup.folder.appendingPathComponent("uncached/session.json").path,
        ])
        #expect(after.stdout == expected.stdout && after.status == expected.status)
        #expect(after.stderr.hasSuffix(expected.stderr) && !after.stderr.contains("warning"), "\(after.stderr)")
        #expect(after.stderr.contains("talk20b.json:1:"), "the broken JSON's error is shown again")
    }

    /// Standard input cannot be read again: a search that read it writes every row with the
    /// session, so stepping never depends on a cache that may be gone.
    @Test func withStandardInputEveryRowIsSavedWithTheSession() throws {
        let setup = try Setup()
        let environment = ["TSEARCH_STATE": setup.state.path, "TSEARCH_SMALL_FILES_CACHE_MIN_BYTES": "1"]
        let stdin = Data("1\n00:00:01,000 --> 00:00:02,000\nthe budget from a pipe\n\n".utf8)
        let search = try TSearch.run(["search", "-c", "budget", "talks", "-"], stdin: stdin, in: setup.folder, environment: environment)
        #expect(search.stdout.contains("<stdin>:1\n"))
        #expect(try setup.caches().count == 1)
        for cache in try setup.caches() { try FileManager.default.removeItem(at: cache) }
        let next = try TSearch.run(["next"], in: setup.folder, environment: environment)
        #expect(next.status == 0 && next.stdout.contains("hit 2 of") && next.stderr.isEmpty, "\(next.stderr)")
    }

    /// A session saved without the newer parts of the files' identity (by an earlier tsearch)
    /// judges them by size and time alone, which a change can hide; once the cache it names has
    /// been written again from the files as they are now, the step sees the change and says so.
    @Test func aCacheWrittenAgainShowsAChangeTheSessionCouldNotSee() throws {
        let setup = try Setup()
        _ = try setup.run(["search", "budget", "talks"])
        var saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: setup.state)) as? [String: Any])
        let sources = try #require(saved["sources"] as? [[String: Any]])
        saved["sources"] = sources.map { $0.filter { !["ctime_ns", "inode", "device", "settled"].contains($0.key) } }
        try JSONSerialization.data(withJSONObject: saved).write(to: setup.state)

        let file = setup.talks.appendingPathComponent(setup.name(6))
        let reference = setup.folder.appendingPathComponent("times")
        #expect(try TSearch.shell("touch -r '\(file.path)' '\(reference.path)'").status == 0)
        try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "budget", with: "gadget")
            .write(to: file, atomically: false, encoding: .utf8)
        #expect(try TSearch.shell("touch -r '\(reference.path)' '\(file.path)'").status == 0)
        _ = try setup.run(["rows", "talks"])  // the same paths: the cache is written again

        let next = try setup.run(["next"])
        #expect(next.stderr.contains("the files changed since the search for \"budget\""), "\(next.stderr)")
        #expect(next.stderr.contains("talks/talk00.srt:6,") && next.stderr.contains("warning: 8 timing lines"), "read again as after any change, with its warnings")
    }
}
