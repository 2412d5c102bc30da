import Foundation
import Testing
import TranscriptFormats
import TranscriptModel
import TranscriptSearch

/// `--fuzzy` as a user meets it: approximate hits marked with their text and edits in every
/// listing, `--json`'s `edits`, `-c` counting all, `--facets` by edits, `--sort best` listing exact
/// hits first, a note saying how many are approximate, and bad combinations as usage errors.
@Suite(.serialized) struct FuzzyEndToEndTests {
    static let vtt = """
    WEBVTT

    00:00:01.000 --> 00:00:02.000
    <v Alice>Back in York we work late at Gold Peak.

    00:00:03.000 --> 00:00:04.000
    <v Bob>More work on Kubernetes, did you recieve it?

    """

    struct Folder {
        let url: URL
        var state: URL { url.appendingPathComponent("state/session.json") }

        init() throws {
            url = try TSearch.temporaryDirectory()
            try Data(FuzzyEndToEndTests.vtt.utf8).write(to: url.appendingPathComponent("a.vtt"))
        }

        func run(_ arguments: [String]) throws -> TSearch.Outcome {
            try TSearch.run(arguments, in: url, environment: ["TSEARCH_STATE": state.path])
        }
    }

    @Test func approximateHitsAreMarkedCountedAndListedAfterExactOnes() throws {
        let folder = try Folder()
        let plain = try folder.run(["search", "--fuzzy", "work", "a.vtt"])
        #expect(plain.status == 0)
        #expect(plain.stdout.split(separator: "\n") == [
            "a.vtt:00:00:01:Alice: Back in York we work late at Gold Peak.  [≈1 York]",
            "a.vtt:00:00:03:Bob: More work on Kubernetes, did you recieve it?",
        ], "\(plain.stdout)")
        #expect(plain.stderr.contains("1 of these 3 hits is approximate"), "\(plain.stderr)")
        let best = try folder.run(["search", "--fuzzy", "--sort", "best", "--heading", "work", "a.vtt"])
        let lines = best.stdout.split(separator: "\n").map(String.init)
        let exact = try #require(lines.firstIndex { $0.contains("exact: 2 hits") })
        let approximate = try #require(lines.firstIndex { $0.contains("≈1 edit: 1 hit") })
        #expect(exact < approximate && lines[approximate...].contains { $0.contains("[≈1 York]") }, "\(best.stdout)")
        let count = try folder.run(["search", "--fuzzy", "-c", "work", "a.vtt"])
        #expect(count.stdout.contains("a.vtt:3"))
        let facets = try folder.run(["search", "--fuzzy", "--facets", "work", "a.vtt"])
        #expect(facets.stdout.contains("hits by edits: exact 2 · ≈1 1"), "\(facets.stdout)")
        let none = try folder.run(["search", "--edits", "0", "work", "a.vtt"])
        #expect(none.stdout.split(separator: "\n").count == 2 && !none.stdout.contains("[≈"))
    }

    @Test func theJSONCarriesEdits() throws {
        let folder = try Folder()
        let json = try folder.run(["search", "--fuzzy", "--json", "goldpeak", "a.vtt"])
        #expect(json.stdout.contains(#""match":{"start":29,"end":38,"text":"Gold Peak"}"#) && json.stdout.contains(#""edits":1"#), "\(json.stdout)")
        let swap = try folder.run(["search", "--fuzzy", "--json", "receive", "a.vtt"])
        #expect(swap.stdout.contains(#""text":"recieve"}"#) && swap.stdout.contains(#""edits":1"#), "\(swap.stdout)")
    }

    @Test func badInputIsAUsageErrorAndShortWordsAreNoted() throws {
        let folder = try Folder()
        let edits = try folder.run(["search", "--edits", "9", "work", "a.vtt"])
        #expect(edits.status == 2 && edits.stderr.contains("--edits expects 0, 1, 2 or 3"), "\(edits.stderr)")
        let regex = try folder.run(["search", "--fuzzy", "-E", "wor.", "a.vtt"])
        #expect(regex.status == 2 && regex.stderr.contains("-E does not combine"), "\(regex.stderr)")
        let short = try folder.run(["search", "--fuzzy", "cat", "a.vtt"])
        #expect(short.status == 1 && short.stderr.contains("allows no edits"), "\(short.stderr)")
    }

    @Test func soundsLikeFindsANameSpeltAnotherWayMarkedAndBestFirst() throws {
        let folder = try Folder()
        let vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v Alice>Catherine and Kathy met.\n\n00:00:03.000 --> 00:00:04.000\n<v Bob>Katherine agreed.\n"
        try Data(vtt.utf8).write(to: folder.url.appendingPathComponent("names.vtt"))
        let plain = try folder.run(["search", "--sounds-like", "katherine", "names.vtt"])
        #expect(plain.status == 0)
        #expect(plain.stdout.split(separator: "\n") == [
            "names.vtt:00:00:01:Alice: Catherine and Kathy met.  [≈1 Catherine]",
            "names.vtt:00:00:03:Bob: Katherine agreed.",
        ], "\(plain.stdout)")
        let best = try folder.run(["search", "--sounds-like", "--sort", "best", "katherine", "names.vtt"])
        #expect(best.stdout.split(separator: "\n").first?.contains("Bob: Katherine") == true, "\(best.stdout)")
        let json = try folder.run(["search", "--sounds-like", "--json", "katherine", "names.vtt"])
        #expect(json.stdout.contains(#""text":"Catherine"}"#) && json.stdout.contains(#""edits":1"#), "\(json.stdout)")
        let regex = try folder.run(["search", "--sounds-like", "-E", "kath.*", "names.vtt"])
        #expect(regex.status == 2 && regex.stderr.contains("--sounds-like finds words, not patterns: -E does not combine"), "\(regex.stderr)")
    }

    @Test func theSavedSearchKeepsTheEdits() throws {
        let folder = try Folder()
        _ = try folder.run(["search", "--fuzzy", "--sort", "best", "kubernetis", "a.vtt"])
        let shown = try folder.run(["show"])
        #expect(shown.status == 0 && shown.stdout.contains("[≈1 Kubernetes]"), "\(shown.stdout)")
    }

    /// The Samples and the real subtitle files (when fetched): the search equals the reference.
    @Test func realTranscriptsGiveTheReferencesHits() throws {
        let corpus = try TSearch.samplesAndRealSubtitles(extensions: ["vtt", "srt", "json", "txt"])
        #expect(corpus.rowCount > 100)
        for query in ["budget", "budgit", "revew", "the budget", "we need", "hiring plan", "kwarterly", "thebudget", "roadmap review"] {
            for options in [SearchOptions(fuzzy: true), SearchOptions(diacritics: .insensitive, fuzzy: true, fuzzyEdits: 2),
                            SearchOptions(spanning: .acrossRows, fuzzy: true), SearchOptions(fuzzy: true, fuzzyComparison: .sound)] {
                let fast = try SearchRequest(text: query, options: options).runner().search(corpus)
                let reference = try SearchRunner(SearchRequest.referenceMatcher(for: Query(query, options: options)), spanning: options.spanning)
                    .search(corpus)
                #expect(fast == reference, "\(query) \(options): \(fast.count) hits, the reference \(reference.count)")
            }
        }
    }
}

extension PagerEndToEndTests {
    /// `z` turns on approximate words; typing a misheard word shows its hits as it goes.
    @Test func theFuzzyToggleSearchesApproximateWordsAsOneTypes() throws {
        let folder = try FuzzyEndToEndTests.Folder()
        let script = "TSEARCH_STATE='\(folder.state.path)' '\(TSearch.binary.path)' pager work a.vtt\nsleep 30\n"
        try script.write(to: folder.url.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        defer { _ = try? Self.tmux(["kill-server"]) }
        _ = try Self.tmux(["new-session", "-d", "-s", "pager", "-x", "100", "-y", "20", "-c", folder.url.path, "sh '\(folder.url.path)/run.sh'"])
        try Self.waitFor("hit 1/2")
        _ = try Self.tmux(["send-keys", "-t", "pager", "z"])
        let toggled = try Self.waitFor("[fuzzy]")
        #expect(toggled.contains { $0.contains("/3") }, "\(toggled)")
        _ = try Self.tmux(["send-keys", "-t", "pager", "/", "C-u"])
        _ = try Self.tmux(["send-keys", "-t", "pager", "-l", "kubernetis"])
        _ = try Self.waitFor("1 hit")
        _ = try Self.tmux(["send-keys", "-t", "pager", "Enter"])
        let typed = try Self.waitFor("hit 1/1")
        #expect(typed.contains { $0.contains("[fuzzy]") }, "\(typed)")
        _ = try Self.tmux(["send-keys", "-t", "pager", "?"])
        let help = try Self.waitFor("approximate words")
        #expect(help.contains { $0.contains("z  s") }, "\(help)")
        _ = try Self.tmux(["send-keys", "-t", "pager", "q"])
        _ = try Self.tmux(["send-keys", "-t", "pager", "q"])
    }
}
