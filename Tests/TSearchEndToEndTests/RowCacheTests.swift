import Foundation
import Testing

/// The row cache: a big file's parsed rows are kept beside the session and used while the
/// file is unchanged; a changed file, or a damaged or foreign cache, is parsed again.
@Suite(.serialized) struct RowCacheTests {
    struct Setup {
        let folder: URL
        var state: URL { folder.appendingPathComponent("state/session.json") }
        var rows: URL { folder.appendingPathComponent("state/rows") }
        var transcript: URL { folder.appendingPathComponent("talk.srt") }

        init() throws {
            folder = try TSearch.temporaryDirectory()
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("state"), withIntermediateDirectories: true)
            try Self.srt(word: "budget").write(to: transcript, atomically: true, encoding: .utf8)
        }

        /// Three cues, one of them broken (a warning at line 10).
        static func srt(word: String) -> String {
            "1\n00:00:01,000 --> 00:00:02,000\nAlice: the \(word) is set\n\n2\n00:00:03,000 --> 00:00:04,000\n"
                + "Bob: which \(word)?\n\n3\n00:00:0x,000 --> 00:00:06,000\nbroken\n\n"
        }

        func run(_ arguments: [String]) throws -> TSearch.Outcome {
            try TSearch.run(arguments, in: folder, environment: [
                "TSEARCH_STATE": state.path, "TSEARCH_ROW_CACHE_MIN_BYTES": "0", "TSEARCH_CACHE_SETTLE_NS": "0",
            ])
        }

        func cacheFiles() throws -> [URL] {
            try FileManager.default.contentsOfDirectory(at: rows, includingPropertiesForKeys: nil).filter { $0.pathExtension == "rows" }
        }
    }

    @Test func anUnchangedFileIsReadFromTheCacheWithItsWarnings() throws {
        let setup = try Setup()
        let first = try setup.run(["search", "-c", "budget", "talk.srt"])
        #expect(first.stdout == "talk.srt:2\n2 total\n")
        #expect(first.stderr.contains("talk.srt:10:"))
        #expect(try setup.cacheFiles().count == 1)

        // Rows that say another word in the cache: they are used, so the new word is found.
        try TSearch.rewriteRows(in: try #require(try setup.cacheFiles().first), "budget", with: "gadget")
        let second = try setup.run(["search", "-c", "gadget", "talk.srt"])
        #expect(second.stdout == "talk.srt:2\n2 total\n", "rows came from the cache, not the file")
        #expect(second.stderr.contains("warning: talk.srt:10:"), "the warning is shown again")
        // `next` reads the rows from the row cache through the session.
        let next = try setup.run(["next"])
        #expect(next.status == 0)
        #expect(next.stdout.contains("hit 2 of 2"))
    }

    @Test func aChangedFileIsParsedAgain() throws {
        let setup = try Setup()
        _ = try setup.run(["search", "budget", "talk.srt"])
        try Setup.srt(word: "gadgets").write(to: setup.transcript, atomically: true, encoding: .utf8)
        let again = try setup.run(["search", "-c", "gadgets", "talk.srt"])
        #expect(again.stdout.hasPrefix("talk.srt:2\n"))
        let old = try setup.run(["search", "-c", "budget", "talk.srt"])
        #expect(old.status == 1)
    }

    @Test(arguments: ["truncated", "garbage", "empty", "other version"])
    func aDamagedCacheIsRebuiltNotTrusted(_ damage: String) throws {
        let setup = try Setup()
        _ = try setup.run(["search", "budget", "talk.srt"])
        let file = try #require(try setup.cacheFiles().first)
        var bytes = try Data(contentsOf: file)
        switch damage {
        case "truncated": bytes = bytes.prefix(bytes.count - 7)
        case "garbage": bytes.replaceSubrange(bytes.count / 2..<bytes.count / 2 + 16, with: Data(repeating: 0xFF, count: 16))
        case "empty": bytes = Data()
        default: bytes[14] = 99  // the version, after the magic's 8-byte length and its 6 bytes
        }
        try bytes.write(to: file)
        let search = try setup.run(["search", "-c", "budget", "talk.srt"])
        #expect(search.status == 0)
        #expect(search.stdout.hasPrefix("talk.srt:2\n"))
        #expect(!search.stderr.contains("rror"), "\(search.stderr)")
        // Rebuilt: the cache reads back whole again.
        let rebuilt = try Data(contentsOf: file)
        #expect(rebuilt.count > 100 && rebuilt != bytes)
    }

    /// A cache checked whole once is trusted afterwards by its identity (recorded beside the
    /// session); bytes changed in it later change its identity, so it is checked whole again,
    /// refused, and the file parsed again.
    @Test func aCacheDamagedAfterItWasCheckedOnceIsCaughtWhenItsIdentityChanges() throws {
        let setup = try Setup()
        _ = try setup.run(["search", "budget", "talk.srt"])
        let checked = try setup.run(["search", "-c", "budget", "talk.srt"])
        #expect(checked.stdout == "talk.srt:2\n2 total\n")
        let file = try #require(try setup.cacheFiles().first)
        let record = try String(contentsOfFile: setup.state.path + ".verified", encoding: .utf8)
        #expect(record.contains(file.lastPathComponent), "checked whole and recorded: \(record)")
        // The same size, one word of a row changed, the checksum as it was.
        var bytes = try Data(contentsOf: file)
        let range = try #require(bytes.range(of: Data("which budget".utf8)))
        bytes.replaceSubrange(range, with: Data("which gadget".utf8))
        try bytes.write(to: file)
        // Another modification time too, so that the identity differs even within one tick of
        // the file system's clock.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: file.path)
        let damaged = try setup.run(["search", "-c", "gadget", "talk.srt"])
        #expect(damaged.status == 1, "the changed rows were refused: \(damaged.stdout)")
        #expect(try setup.run(["search", "-c", "budget", "talk.srt"]).stdout == "talk.srt:2\n2 total\n")
    }


    /// second is read; the last one's while the search runs), and the saved search names both.
    @Test func severalFilesAreEachCachedAndTheSavedSearchNamesThem() throws {
        let setup = try Setup()
        try Setup.srt(word: "budget").write(to: setup.folder.appendingPathComponent("other.srt"), atomically: true, encoding: .utf8)
        let first = try setup.run(["search", "-c", "budget", "talk.srt", "other.srt"])
        #expect(first.stdout == "talk.srt:2\nother.srt:2\n4 total\n")
        #expect(try setup.cacheFiles().count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: setup.rows.path).allSatisfy { !$0.contains(".tmp-") })
        let next = try setup.run(["next"])
        #expect(next.status == 0 && next.stdout.contains("hit 2 of 4"), "\(next.stderr)")
        let again = try setup.run(["search", "-c", "budget", "talk.srt", "other.srt"])
        #expect(again.stdout == first.stdout && again.stderr == first.stderr)
    }
}

/// The table of Unicode equivalents a non-ASCII query needs is kept beside the session
/// (`unicode/`) and read by the next search; a damaged one is built again and replaced.
@Suite(.serialized) struct ScalarClassesStoreTests {
    @Test func aNonASCIIQueryKeepsItsTableAndTheNextSearchReadsIt() throws {
        let folder = try TSearch.temporaryDirectory()
        let state = folder.appendingPathComponent("state/session.json")
        try "1\n00:00:01,000 --> 00:00:02,000\nun café crème\n\n2\n00:00:03,000 --> 00:00:04,000\nCAFE\u{301} noir\n\n"
            .write(to: folder.appendingPathComponent("talk.srt"), atomically: true, encoding: .utf8)
        func search() throws -> TSearch.Outcome {
            try TSearch.run(["search", "café", "talk.srt"], in: folder, environment: ["TSEARCH_STATE": state.path])
        }
        let unicode = folder.appendingPathComponent("state/unicode")
        func tables() throws -> [URL] {
            try FileManager.default.contentsOfDirectory(at: unicode, includingPropertiesForKeys: nil).filter { $0.pathExtension == "classes" }
        }
        let first = try search()
        #expect(first.status == 0 && first.stdout.contains("un café crème") && first.stdout.contains("noir"))
        let written = try tables()
        #expect(written.count == 1, "one table, for case ignored")
        let table = try #require(written.first)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: table.path)[.size] as? Int)
        let inode = try #require(try FileManager.default.attributesOfItem(atPath: table.path)[.systemFileNumber] as? Int)

        // Read, not written again: a table written again is a new file renamed over it (another
        // inode), whatever the clock's resolution.
        let second = try search()
        #expect(second.stdout == first.stdout && second.status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: table.path)[.systemFileNumber] as? Int == inode)

        // Cut short: the same hits, and the table is whole again.
        let handle = try FileHandle(forWritingTo: table)
        try handle.truncate(atOffset: UInt64(size / 2))
        try handle.close()
        let third = try search()
        #expect(third.stdout == first.stdout && third.status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: table.path)[.size] as? Int == size)
        #expect(try tables().count == 1, "no temporary file is left")
    }
}

/// A folder of many small files is read on every core, a batch at a time (`SmallFile`), and must
/// read exactly as its files do one by one: the same hits in the same order, each warning and
/// error in file order, the same exit status.
@Suite(.serialized) struct ManySmallFilesTests {
    @Test func aFolderReadsAsItsFilesOneByOne() throws {
        let folder = try TSearch.temporaryDirectory()
        let talks = folder.appendingPathComponent("talks")
        try FileManager.default.createDirectory(at: talks, withIntermediateDirectories: true)
        var names: [String] = []
        for number in 0..<150 {
            let name = String(format: "talk%03d", number)
            let text: String
            let ext: String
            switch number % 10 {
            case 3:  // a cue with a broken timing: a warning naming its line
                ext = "srt"
                text = "1\n00:00:01,000 --> 00:00:02,000\nAlice: budget \(number)\n\n2\n00:00:0x,000 --> 00:00:04,000\nbroken\n\n"
            case 5:  // a JSON transcript
                ext = "json"
                text = #"[{"start": 1, "end": 2, "speaker": "Bob", "text": " the budget \#(number)"}]"#
            case 7:  // empty: a warning
                ext = "vtt"
                text = ""
            default:
                ext = number % 2 == 0 ? "srt" : "vtt"
                let header = ext == "vtt" ? "WEBVTT\n\n" : "1\n"
                text = header + "00:00:0\(number % 9),000 --> 00:00:09,000\nDana: budget and café \(number)\n\n"
            }
            names.append("\(name).\(ext)")
            try text.write(to: talks.appendingPathComponent("\(name).\(ext)"), atomically: true, encoding: .utf8)
        }
        // Broken JSON in the middle: an error (exit 2) that stops nothing else.
        try #"[{"start": 1, "text": "x"},]"#.write(to: talks.appendingPathComponent("talk075b.json"), atomically: true, encoding: .utf8)
        names.insert("talk075b.json", at: 76)
        let state = folder.appendingPathComponent("state/session.json").path

        // Every warning and note on its own line (a folder otherwise says one kind as one line).
        let whole = try TSearch.run(["search", "--warnings", "all", "budget", "talks"], in: folder, environment: ["TSEARCH_STATE": state])
        var stdout: [String] = []
        var stderr = ""
        var worst: Int32 = 1
        for name in names.sorted() {
            let one = try TSearch.run(["search", "--warnings", "all", "budget", "talks/" + name], in: folder, environment: ["TSEARCH_STATE": state])
            if !one.stdout.isEmpty { stdout.append(one.stdout) }
            stderr += one.stderr
            worst = one.status == 2 || worst == 2 ? 2 : min(worst, one.status)
        }
        #expect(whole.status == 2 && worst == 2)
        #expect(whole.stderr == stderr, "warnings and errors in file order")
        #expect(whole.stderr.contains("talk075b.json:1:") && whole.stderr.contains("talk003.srt:6:"))
        // The listing numbers hits across the folder; compare the rows, file by file, in order.
        func rows(_ listing: String) -> [String] {
            listing.split(separator: "\n").map { line in
                line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().joined(separator: " ")
            }
        }
        #expect(rows(whole.stdout) == rows(stdout.joined(separator: "\n")))
        #expect(whole.stdout.components(separatedBy: "budget").count > 130)
    }
}
