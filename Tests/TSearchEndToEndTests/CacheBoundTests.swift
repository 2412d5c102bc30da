import Foundation
import Testing

/// The state folder's size bound (`TSEARCH_CACHE_MAX_BYTES`): after every search the caches fit
/// within it, the least recently used going first, and a search whose caches were removed still
/// finds the right hits (it parses its file and keeps it again).
@Suite(.serialized) struct CacheBoundTests {
    struct Setup {
        let folder: URL
        var state: URL { folder.appendingPathComponent("state/session.json") }
        var rows: URL { folder.appendingPathComponent("state/rows") }

        /// Five transcripts, `a.srt` to `e.srt`, each with its own count of "budget".
        init() throws {
            folder = try TSearch.temporaryDirectory()
            for (number, name) in ["a", "b", "c", "d", "e"].enumerated() {
                let cues = (1...300).map { cue in
                    "\(cue)\n00:00:\(String(format: "%02d", cue % 60)),000 --> 00:00:\(String(format: "%02d", cue % 60)),500\n"
                        + "Speaker \(cue % 4): we talked about item \(cue) of meeting \(name) \(cue <= number + 1 ? "and the budget" : "at length")\n"
                }
                try cues.joined(separator: "\n").write(to: folder.appendingPathComponent("\(name).srt"), atomically: true, encoding: .utf8)
            }
        }

        func run(_ arguments: [String], bound: Int?) throws -> TSearch.Outcome {
            var environment = ["TSEARCH_STATE": state.path, "TSEARCH_ROW_CACHE_MIN_BYTES": "0", "TSEARCH_CACHE_SETTLE_NS": "0"]
            if let bound { environment["TSEARCH_CACHE_MAX_BYTES"] = String(bound) }
            return try TSearch.run(arguments, in: folder, environment: environment)
        }

        /// The row caches, by the transcript each keeps (its path is in the cache's key).
        func rowCaches() throws -> [String: URL] {
            var caches: [String: URL] = [:]
            let files = (try? FileManager.default.contentsOfDirectory(at: rows, includingPropertiesForKeys: nil)) ?? []
            for file in files where file.pathExtension == "rows" {
                let bytes = try Data(contentsOf: file)
                for name in ["a", "b", "c", "d", "e"] where bytes.range(of: Data("/\(name).srt".utf8)) != nil { caches[name] = file }
            }
            return caches
        }

        /// Bytes the bound counts: every file of the state folder but the session, its lock and its
        /// record of checked caches (a line per cache).
        func countedBytes() throws -> Int {
            let root = folder.appendingPathComponent("state")
            guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey]) else { return 0 }
            var total = 0
            for case let file as URL in walk where !["session.json", "session.json.lock", "session.json.verified"].contains(file.lastPathComponent) {
                let values = try file.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
                if values.isRegularFile == true { total += values.fileSize ?? 0 }
            }
            return total
        }

        /// Moves every cache's modification time `seconds` into the past: time passing between searches.
        func age(by seconds: TimeInterval) throws {
            let files = (try? FileManager.default.contentsOfDirectory(at: rows, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
            for file in files {
                let modified = try file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate ?? Date()
                try FileManager.default.setAttributes([.modificationDate: modified.addingTimeInterval(-seconds)], ofItemAtPath: file.path)
            }
        }
    }

    @Test func theCachesNeverExceedTheBoundAndTheLeastRecentlyUsedGoFirst() throws {
        let setup = try Setup()
        // One search with no bound to learn what a row cache of these files weighs.
        #expect(try setup.run(["search", "-c", "budget", "a.srt"], bound: nil).stdout == "a.srt:1\n1 total\n")
        let one = try setup.countedBytes()
        #expect(one > 20_000, "a row cache and the session's cache")
        // Room for three searches' caches, not four.
        let bound = one * 3 + one / 2

        try setup.age(by: 600)
        for (name, count) in [("b", 2), ("c", 3)] {
            let found = try setup.run(["search", "-c", "budget", "\(name).srt"], bound: bound)
            #expect(found.stdout == "\(name).srt:\(count)\n\(count) total\n")
            #expect(try setup.countedBytes() <= bound)
            try setup.age(by: 600)
        }
        #expect(Set(try setup.rowCaches().keys) == ["a", "b", "c"], "three fit")
        // `a` used again: now the most recently used; `b` is the oldest.
        #expect(try setup.run(["search", "-c", "budget", "a.srt"], bound: bound).stdout == "a.srt:1\n1 total\n")
        try setup.age(by: 600)
        let d = try setup.run(["search", "-c", "budget", "d.srt"], bound: bound)
        #expect(d.stdout == "d.srt:4\n4 total\n")
        #expect(try setup.countedBytes() <= bound)
        #expect(Set(try setup.rowCaches().keys) == ["a", "c", "d"], "the least recently used (b) went first")
        try setup.age(by: 600)
        let e = try setup.run(["search", "-c", "budget", "e.srt"], bound: bound)
        #expect(e.stdout == "e.srt:5\n5 total\n")
        #expect(try setup.countedBytes() <= bound)
        #expect(Set(try setup.rowCaches().keys) == ["a", "d", "e"], "then c")

        // A search of a file whose cache was removed: the right hits, its cache made again, and
        // stepping through them works.
        let b = try setup.run(["search", "-c", "budget", "b.srt"], bound: bound)
        #expect(b.stdout == "b.srt:2\n2 total\n")
        #expect(b.stderr.isEmpty, "\(b.stderr)")
        #expect(try setup.rowCaches()["b"] != nil)
        #expect(try setup.countedBytes() <= bound)
        let next = try setup.run(["next"], bound: bound)
        #expect(next.stdout.contains("hit 2 of 2"), "\(next.stdout)")
    }

    @Test func aBoundOfZeroKeepsNoCacheAndSearchesStillWork() throws {
        let setup = try Setup()
        for _ in 0..<2 {
            let found = try setup.run(["search", "-c", "budget", "c.srt", "d.srt"], bound: 0)
            #expect(found.stdout == "c.srt:3\nd.srt:4\n7 total\n")
        }
        #expect(try setup.rowCaches().isEmpty)
        #expect(try setup.countedBytes() == 0, "not even the session's cache of rows")
        let next = try setup.run(["next"], bound: 0)
        #expect(next.stdout.contains("hit 2 of 7"), "it searches again: \(next.stdout)")
        #expect(try setup.countedBytes() == 0)
    }

    @Test func rowsReadFromStandardInputAreKeptWithTheSessionWhateverTheBound() throws {
        let setup = try Setup()
        let piped = try TSearch.run(
            ["search", "-c", "budget", "-"], stdin: try Data(contentsOf: setup.folder.appendingPathComponent("e.srt")), in: setup.folder,
            environment: ["TSEARCH_STATE": setup.state.path, "TSEARCH_CACHE_MAX_BYTES": "0"])
        #expect(piped.stdout == "<stdin>:5\n5 total\n")
        #expect(try setup.countedBytes() > 0, "they cannot be read again")
        let next = try setup.run(["next"], bound: 0)
        #expect(next.stdout.contains("hit 2 of 5"), "\(next.stdout) \(next.stderr)")
    }

    @Test func aFolderAlreadyOverTheBoundIsPrunedByTheNextSearchThatWrites() throws {
        let setup = try Setup()
        for name in ["a", "b", "c", "d"] {
            _ = try setup.run(["search", "budget", "\(name).srt"], bound: nil)
            try setup.age(by: 600)
        }
        let before = try setup.countedBytes()
        let bound = before / 2
        let e = try setup.run(["search", "-c", "budget", "e.srt"], bound: bound)
        #expect(e.stdout == "e.srt:5\n5 total\n")
        #expect(try setup.countedBytes() <= bound)
        #expect(try setup.rowCaches()["e"] != nil, "the cache this search wrote stays")
        #expect(try setup.rowCaches()["a"] == nil, "the oldest went")
    }

    @Test func aCacheInUseThatAloneIsOverANewSmallerBoundIsRemoved() throws {
        let setup = try Setup()
        // Kept under no bound, then searched again under one smaller than its cache: a search
        // that writes nothing still leaves the folder within the bound.
        #expect(try setup.run(["search", "-c", "budget", "c.srt", "d.srt"], bound: nil).stdout == "c.srt:3\nd.srt:4\n7 total\n")
        let kept = try setup.countedBytes()
        let caches = try setup.rowCaches()
        #expect(kept > 20_000 && !caches.isEmpty)
        let bound = 1_000
        let again = try setup.run(["search", "-c", "budget", "c.srt", "d.srt"], bound: bound)
        #expect(again.stdout == "c.srt:3\nd.srt:4\n7 total\n")
        let left = try setup.countedBytes()
        #expect(left <= bound, "\(left) bytes kept")
        #expect(try setup.rowCaches().isEmpty)
        let next = try setup.run(["next"], bound: bound)
        #expect(next.stdout.contains("hit 2 of 7"), "it searches again: \(next.stdout) \(next.stderr)")
    }

    @Test func aBoundThatIsNotASizeIsSaidAndTheDefaultUsed() throws {
        let setup = try Setup()
        let outcome = try TSearch.run(
            ["search", "-c", "budget", "e.srt"], in: setup.folder,
            environment: ["TSEARCH_STATE": setup.state.path, "TSEARCH_ROW_CACHE_MIN_BYTES": "0", "TSEARCH_CACHE_MAX_BYTES": "lots"])
        #expect(outcome.stdout == "e.srt:5\n5 total\n")
        #expect(outcome.stderr.contains("TSEARCH_CACHE_MAX_BYTES=lots is not a size"), "\(outcome.stderr)")
        #expect(try setup.rowCaches()["e"] != nil, "the default bound keeps a small cache")
        let sized = try setup.run(["search", "-c", "budget", "e.srt"], bound: 1 << 20)
        #expect(!sized.stderr.contains("TSEARCH_CACHE_MAX_BYTES"), "\(sized.stderr)")
    }

    /// A state folder shared with the user's own files (`TSEARCH_STATE=tsearch.json` in a project
    /// that has `rows/` of its own): the bound counts and removes only what tsearch wrote, told by
    /// name and header, never a file of theirs, even one named like a cache or a temporary file.
    @Test func theBoundNeverRemovesAFileTsearchDidNotWrite() throws {
        let setup = try Setup()
        let theirs: [String: String] = [
            "rows/experiment-001.csv": "run,score\n1,0.5\n",
            "rows/0123456789abcdef.rows": "named like a row cache, not one",
            "rows/0123456789abcdef.files": "named like a small-files cache",
            "rows/notes.files": "notes",
            "rows/results.tmp-1-a": "an old temporary file of the user's",
            "rows/0123456789abcdef.rows.tmp-1-a": "named like our temporary file, not ours",
            "unicode/table.txt": "a table",
            "tsearch.json.cache-notes": "the user's notes",
            "tsearch.json.cache-0a1b": "named like a session cache",
            "tsearch.json.subtitles/stat-0123456789abcdef": "named like a video's hash",
        ]
        for (path, text) in theirs {
            let file = setup.folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: file.path)
        }
        let environment = ["TSEARCH_STATE": "tsearch.json", "TSEARCH_ROW_CACHE_MIN_BYTES": "0", "TSEARCH_CACHE_SETTLE_NS": "0"]
        for (bound, name, count) in [(nil, "a", 1), ("1000", "b", 2), ("0", "c", 3), ("1000", "d", 4)] as [(String?, String, Int)] {
            var variables = environment
            variables["TSEARCH_CACHE_MAX_BYTES"] = bound
            let found = try TSearch.run(["search", "-c", "budget", "\(name).srt"], in: setup.folder, environment: variables)
            #expect(found.stdout == "\(name).srt:\(count)\n\(count) total\n", "\(found.stderr)")
        }
        for (path, text) in theirs {
            let kept = try? String(contentsOf: setup.folder.appendingPathComponent(path), encoding: .utf8)
            #expect(kept == text, "\(path) is the user's")
        }
        let caches = try FileManager.default.contentsOfDirectory(atPath: setup.folder.appendingPathComponent("rows").path)
            .filter { $0.hasSuffix(".rows") && !theirs.keys.contains("rows/" + $0) }
        #expect(caches.count <= 1, "tsearch's own row caches are still pruned: \(caches)")
    }
}
