import Foundation
import Testing
import TranscriptFormats
import TranscriptModel
import TranscriptSearch

/// `--bool` as a user meets it: a window of terms is one hit in every command — the listing, `-c`,
/// `--json` (its spans), the saved search's `next`/`goto`, every export — and the pager's `o`
/// toggle searches as one types.
@Suite(.serialized) struct BooleanQueryEndToEndTests {
    static let vtt = """
    WEBVTT

    00:00:01.000 --> 00:00:03.000
    <v Alice>We need to talk about the budget for next year.

    00:00:03.500 --> 00:00:05.000
    <v Alice>Hiring is the biggest line in it.

    00:00:06.000 --> 00:00:08.000
    <v Bob>Travel costs went up, and the budget for travel too.

    00:00:40.000 --> 00:00:42.000
    <v Bob>Hiring freeze starts in May.

    00:00:43.000 --> 00:00:45.000
    <v Alice>The pricing for the EU is settled, no travel needed.

    00:00:46.000 --> 00:00:48.000
    <v Alice>Pricing in the US next week.

    """

    struct Folder {
        let url: URL
        var state: URL { url.appendingPathComponent("state/session.json") }

        init() throws {
            url = try TSearch.temporaryDirectory()
            try Data(BooleanQueryEndToEndTests.vtt.utf8).write(to: url.appendingPathComponent("budget.vtt"))
        }

        func run(_ arguments: [String]) throws -> TSearch.Outcome {
            try TSearch.run(arguments, in: url, environment: ["TSEARCH_STATE": state.path])
        }
    }

    @Test func aWindowIsOneHitInTheListingTheCountAndTheJSON() throws {
        let folder = try Folder()
        let listing = try folder.run(["search", "--heading", "-C", "0", "--bool", "budget hiring", "budget.vtt"])
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(listing.stdout == """
        budget.vtt
            1/2  00:00:01  Alice: We need to talk about the budget for next year.
                 00:00:03  Alice: Hiring is the biggest line in it.
            2/2  00:00:06  Bob: Travel costs went up, and the budget for travel too.
                 00:00:40  Bob: Hiring freeze starts in May.

        """)
        #expect(try folder.run(["search", "-c", "--bool", "budget hiring", "--within", "30s", "budget.vtt"]).stdout == "budget.vtt:1\n1 total\n")
        #expect(try folder.run(["search", "-c", "--bool", "pricing -travel", "budget.vtt"]).status == 1, "Alice's turn says travel")
        #expect(try folder.run(["search", "-c", "--bool", "pricing -travel", "--within", "row", "budget.vtt"]).stdout == "budget.vtt:1\n1 total\n")

        let json = try folder.run(["search", "--json", "--bool", "budget hiring", "--within", "30s", "budget.vtt"])
        let hit = try #require(json.stdout.split(separator: "\n").first { $0.contains("\"type\":\"hit\"") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(hit.utf8)) as? [String: Any])
        let spans = try #require(object["spans"] as? [[String: Any]])
        #expect(spans.map { $0["text"] as? String } == ["budget", "Hiring"])
        #expect(spans.map { $0["row"] as? String } == ["0:0", "0:1"])
        #expect(object["start_ms"] as? Int == 1_000, "the first term's time")
    }

    @Test func theSavedSearchStepsWindowsAndEveryExportHighlightsTheTerms() throws {
        let folder = try Folder()
        #expect(try folder.run(["search", "--bool", "budget hiring", "budget.vtt"]).status == 0)
        let next = try folder.run(["next", "-C", "0"])
        #expect(next.stdout.contains("hit 2 of 2") && next.stdout.contains("Hiring freeze"), "\(next.stdout)")
        let goto = try folder.run(["goto", "1", "-C", "0"])
        #expect(goto.stdout.contains("hit 1 of 2") && goto.stdout.contains("Hiring is the biggest"), "\(goto.stdout)")

        let markup = try folder.run(["export", "--format", "markup"])
        #expect(markup.stdout.contains("the <em>budget</em> for next year") && markup.stdout.contains("<em>Hiring</em> is the biggest"))
        #expect(!markup.stdout.contains("<em>budget for next year"), "only the terms, not what lies between them")
        let html = try folder.run(["export", "--format", "html"])
        #expect(html.stdout.contains(#"<mark id="hit-1""#) && html.stdout.contains(##"<a href="#hit-1">Hiring</a>"##))
        // Searching again after the session's cache is gone gives the same windows.
        for file in try FileManager.default.contentsOfDirectory(at: folder.state.deletingLastPathComponent(), includingPropertiesForKeys: nil)
        where file.lastPathComponent.contains(".cache-") {
            try FileManager.default.removeItem(at: file)
        }
        let again = try folder.run(["next", "-C", "0"])
        #expect(again.stdout.contains("hit 2 of 2"), "\(again.stdout) \(again.stderr)")
    }

    @Test func badQueriesAreUsageErrorsNamingTheCharacter() throws {
        let folder = try Folder()
        let unclosed = try folder.run(["search", "--bool", "budget (hiring", "budget.vtt"])
        #expect(unclosed.status == 2 && unclosed.stderr.contains("at character 8") && unclosed.stderr.contains("never closed"), "\(unclosed.stderr)")
        let notOnly = try folder.run(["search", "--bool", "--", "-travel", "budget.vtt"])
        #expect(notOnly.status == 2 && notOnly.stderr.contains("only NOT"), "\(notOnly.stderr)")
        let scope = try folder.run(["search", "--bool", "--within", "5m", "budget", "budget.vtt"])
        #expect(scope.status == 2 && scope.stderr.contains("--within expects"), "\(scope.stderr)")
    }

    /// The Samples and the real subtitle files (when fetched): the search equals the reference.
    @Test func realTranscriptsGiveTheReferencesWindows() throws {
        let corpus = try TSearch.samplesAndRealSubtitles(extensions: ["vtt", "srt", "json"])
        #expect(corpus.rowCount > 100)
        for query in ["budget the", "the -budget", "\"the budget\" (review|plan)", "you|we are", "a*  the", "and -the"] {
            for scope in [WindowScope.row, .turn, .seconds(10), .words(8), .file] {
                let options = SearchOptions(syntax: .boolean, within: scope)
                let fast = try SearchRequest(text: query, options: options).runner().search(corpus)
                let reference = try WindowReference(BooleanQuery(parsing: query), options: options).search(corpus)
                #expect(fast == reference, "\(query) within \(scope): \(fast.count) hits, the reference \(reference.count)")
            }
        }
    }
}

extension PagerEndToEndTests {
    /// `o` turns the query into words and operators; typing one shows its windows as it goes.
    @Test func theBoolToggleSearchesWordsAndOperatorsAsOneTypes() throws {
        let folder = try BooleanQueryEndToEndTests.Folder()
        let script = "TSEARCH_STATE='\(folder.state.path)' '\(TSearch.binary.path)' pager budget budget.vtt\nsleep 30\n"
        try script.write(to: folder.url.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        defer { _ = try? Self.tmux(["kill-server"]) }
        _ = try Self.tmux(["new-session", "-d", "-s", "pager", "-x", "100", "-y", "20", "-c", folder.url.path, "sh '\(folder.url.path)/run.sh'"])
        try Self.waitFor("hit 1/2")
        _ = try Self.tmux(["send-keys", "-t", "pager", "o"])
        let toggled = try Self.waitFor("[bool turn]")
        #expect(toggled.contains { $0.contains("hit 1/2") }, "\(toggled)")
        _ = try Self.tmux(["send-keys", "-t", "pager", "-l", "/ hiring -travel"])
        _ = try Self.waitFor("1 hit")
        _ = try Self.tmux(["send-keys", "-t", "pager", "Enter"])
        let typed = try Self.waitFor("hit 1/1")
        #expect(typed.contains { $0.contains("[bool turn]") }, "\(typed)")
        _ = try Self.tmux(["send-keys", "-t", "pager", "?"])
        let help = try Self.waitFor("words and operators")
        #expect(help.contains { $0.contains("o  F") }, "\(help)")
        _ = try Self.tmux(["send-keys", "-t", "pager", "q"])
        _ = try Self.tmux(["send-keys", "-t", "pager", "q"])
    }
}
