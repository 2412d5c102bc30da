import Foundation
import Testing
import TranscriptFormats
import TranscriptModel
import TranscriptSearch
@testable import TranscriptStore

/// The one search flow: load, run within the budget, save; a saved search brought back and stepped.
struct SearchFlowTests {
    /// Rows held in memory: a source that is not files at all.
    struct RowsInMemory: CorpusSource {
        var texts: [String]
        func load(_ paths: [String], options: LoadOptions, baseDirectory: String?) -> LoadedCorpus {
            let rows = texts.enumerated().map { index, text in
                Row(id: RowID(source: 0, index: index), text: text, locator: Locator(file: "memory"))
            }
            var corpus = Corpus()
            corpus.append(Transcript(source: SourceInfo(path: "memory", format: "memory", encoding: "utf-8"), rows: rows))
            return LoadedCorpus(corpus: corpus, diagnostics: [.warning("memory: held in memory")])
        }
    }

    @Test func theRowsComeFromTheFlowsSource() throws {
        let folder = try Folder()
        let location = StoreLocation(variables: folder.variables)
        let flow = SearchFlow(
            source: RowsInMemory(texts: ["the budget", "no match", "Budget again"]), session: SessionStore(location: location),
            budget: SearchBudget())

        let outcome = flow.search(SearchRequest(text: "budget"), in: ["anything"], options: LoadOptions(), directory: folder.path)

        #expect(outcome.diagnostics == [.warning("memory: held in memory")])
        let search = try outcome.search.get()
        #expect(search.index.count == 2)
        #expect(search.index.rowsWithHits == [0, 2])
    }

    /// Regression: a pattern that does not compile gave zero hits to an app (`try?` on the way).
    /// Now the outcome says why, for ASCII and non-ASCII queries (the latter made on another thread).
    @Test(arguments: ["(unclosed", "(café"])
    func aQueryThatCannotRunIsAFailureNotZeroHits(_ pattern: String) throws {
        let folder = try Folder()
        let flow = SearchFlow(
            source: RowsInMemory(texts: ["the budget"]), session: SessionStore(location: StoreLocation(variables: folder.variables)),
            budget: SearchBudget())
        let outcome = flow.search(
            SearchRequest(text: pattern, options: SearchOptions(syntax: .regularExpression)), in: ["x"], options: LoadOptions(), directory: folder.path)
        guard case .failure(let abandoned) = outcome.search else {
            Issue.record("a search ran for a pattern that does not compile")
            return
        }
        guard case .query(let error) = abandoned.reason else {
            Issue.record("not a query error: \(abandoned)")
            return
        }
        #expect(!abandoned.isTimeLimit && abandoned.description == error.description && !abandoned.description.contains("--"))
        // Browsing (no text, no filter) still has nothing to run and no hits, without a failure.
        #expect(try flow.search(SearchRequest(text: ""), in: ["x"], options: LoadOptions(), directory: folder.path).search.get().index.count == 0)
    }

    @Test func aSavedSearchComesBackFromItsCacheAndAStepMovesItsCurrentHit() throws {
        let folder = try Folder()
        try folder.write("review.srt", LoadedCorpusTests.meeting + "\n3\n00:00:08,000 --> 00:00:09,000\nThe budget is approved.\n")
        let location = StoreLocation(variables: folder.variables)
        let flow = SearchFlow(
            source: CorpusLoader(location: location), session: SessionStore(location: location), budget: SearchBudget())
        let search = try flow.search(SearchRequest(text: "budget"), in: ["review.srt"], options: LoadOptions(), directory: folder.path)
            .search.get()
        try flow.save(search, current: 0)

        let restored = try flow.restoreForReading()
        #expect(!restored.searchedAgain && restored.current == 0 && restored.diagnostics.isEmpty)
        #expect(restored.search.index.count == 2)

        let moved = try flow.step(.saving, prepared: flow.prepare()) { restored throws(SessionError) in
            (current: (restored.current ?? 0) + 1, result: restored.search.index.count)
        }
        #expect(moved == 2)
        #expect(try flow.restoreForReading().current == 1)
    }

    @Test func aChangedFileIsSearchedAgainWithANotice() throws {
        let folder = try Folder()
        try folder.write("review.srt", LoadedCorpusTests.meeting)
        let location = StoreLocation(variables: folder.variables)
        let flow = SearchFlow(
            source: CorpusLoader(location: location), session: SessionStore(location: location), budget: SearchBudget())
        let search = try flow.search(SearchRequest(text: "figures"), in: ["review.srt"], options: LoadOptions(), directory: folder.path)
            .search.get()
        try flow.save(search, current: 0)

        try folder.write("review.srt", LoadedCorpusTests.meeting.replacingOccurrences(of: "figures", with: "numbers"))
        let restored = try flow.restoreForReading()

        #expect(restored.searchedAgain && restored.search.index.count == 0 && restored.current == nil)
        #expect(restored.diagnostics.map(\.severity) == [.notice])
        #expect(restored.diagnostics.first?.message.contains("the files changed") == true)
    }
}
