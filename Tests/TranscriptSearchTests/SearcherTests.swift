import Dispatch
import Testing
import TranscriptModel
@testable import TranscriptSearch

/// What a UI saw: the requests whose results were delivered, in order.
actor Screen {
    private(set) var shown: [String] = []
    private(set) var searched: [String] = []
    private(set) var cancelled: [String] = []
    func show(_ result: SearchResult) { shown.append(result.request.text) }
    func didSearch(_ text: String) { searched.append(text) }
    func didCancel(_ text: String) { cancelled.append(text) }
}

/// Waits `milliseconds` in a way no cancellation can cut short (an engine that ignores it).
func uncancellableSleep(_ milliseconds: Int) async {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { continuation.resume() }
    }
}

func waitUntil(_ condition: @Sendable () async -> Bool) async {
    for _ in 0..<400 where !(await condition()) { try? await Task.sleep(for: .milliseconds(10)) }
}

struct SearcherTests {
    @Test func theSequencerDropsResultsOlderThanOneShown() {
        var sequencer = ResultSequencer()
        let results = [0, 2, 1, 3, 3, 5, 4].map { SearchResult(sequence: $0, request: SearchRequest(text: "q\($0)"), index: HitIndex(rowCount: 0)) }
        let accepted = results.filter { sequencer.accept($0) }.map(\.sequence)
        #expect(accepted == [0, 2, 3, 5])
    }

    /// Results come back out of order (the older search is slow and ignores cancellation);
    /// the UI sees only the newest. No waiting to prove it: the newer search launches only once
    /// the older one has finished (one search in flight), so when "fast" is shown, "slow" has
    /// already been finished and dropped.
    @Test func aSlowOlderSearchNeverReplacesANewerOne() async {
        let screen = Screen()
        let searcher = Searcher(debounce: .milliseconds(5), engine: { request in
            await screen.didSearch(request.text)
            await uncancellableSleep(request.text == "slow" ? 300 : 10)
            return HitIndex(rowCount: 0)
        }, deliver: { await screen.show($0) })
        await searcher.submit(SearchRequest(text: "slow"))
        await waitUntil { await screen.searched == ["slow"] }
        await searcher.submit(SearchRequest(text: "fast"))
        await waitUntil { await screen.shown.count == 1 }
        #expect(await screen.shown == ["fast"])
        #expect(await screen.searched == ["slow", "fast"])
    }

    /// A newer request cancels the search in flight; a cooperative engine stops.
    @Test func submittingCancelsTheSearchInFlight() async {
        let screen = Screen()
        let searcher = Searcher(debounce: .milliseconds(5), engine: { request in
            await screen.didSearch(request.text)
            for _ in 0..<500 {
                if Task.isCancelled {
                    await screen.didCancel(request.text)
                    throw CancellationError()
                }
                await uncancellableSleep(2)
                if request.text == "second" { break }
            }
            return HitIndex(rowCount: 0)
        }, deliver: { await screen.show($0) })
        await searcher.submit(SearchRequest(text: "first"))
        await waitUntil { await screen.searched == ["first"] }
        await searcher.submit(SearchRequest(text: "second"))
        await waitUntil { await screen.shown.count == 1 }
        #expect(await screen.cancelled == ["first"])
        #expect(await screen.shown == ["second"])
    }

    /// Requests are searched in the order they came, and a pending one is replaced by a newer: once
    /// the last is shown, no earlier one can still be searched (no waiting needed to prove it).
    @Test func typingFasterThanTheDebounceSearchesOnlyTheLastQuery() async {
        let screen = Screen()
        let searcher = Searcher(debounce: .milliseconds(80), engine: { request in
            await screen.didSearch(request.text)
            return HitIndex(rowCount: 0)
        }, deliver: { await screen.show($0) })
        for text in ["b", "bu", "bud", "budg", "budget"] { await searcher.submit(SearchRequest(text: text)) }
        await waitUntil { await screen.shown.count == 1 }
        #expect(await screen.searched == ["budget"])
        #expect(await screen.shown == ["budget"])
    }

    @Test func theRealEngineFindsHits() async throws {
        let screen = Screen()
        let results = ResultsBox()
        let corpus = Corpus([Transcript(source: SourceInfo(path: "m.txt", format: "txt", encoding: "UTF-8"), rows: [
            Row(id: RowID(source: 0, index: 0), text: "the budget and the BUDGET", locator: Locator(file: "m.txt")),
        ])])
        let searcher = Searcher(corpus: corpus, debounce: .milliseconds(5)) { result in
            await screen.show(result)
            await results.set(result.index.count)
        }
        await searcher.submit(try SearchRequest(parsing: "budget"))
        await waitUntil { await screen.shown.count == 1 }
        #expect(await results.count == 2)
    }
}

/// A search that fails is said, never awaited forever: a bad pattern's error and a time limit reach
/// `fail`; a cancelled search reaches neither `deliver` nor `fail`.
struct SearcherFailureTests {
    actor Failures {
        private(set) var messages: [String] = []
        func add(_ error: any Error) { messages.append(String(describing: error)) }
    }

    static let corpus = Corpus([Transcript(source: SourceInfo(path: "m.txt", format: "txt", encoding: "UTF-8"), rows: (0..<20_000).map {
        Row(id: RowID(source: 0, index: $0), text: "row \($0) of the quarterly budget review", locator: Locator(file: "m.txt"))
    })])

    @Test func aBadPatternIsAFailureNotAWaitForever() async throws {
        let failures = Failures()
        let searcher = Searcher(debounce: .milliseconds(5), engine: Searcher.refiningEngine(over: Self.corpus), deliver: { _ in }) { _, _, error in
            await failures.add(error)
        }
        await searcher.submit(SearchRequest(text: "budget(", options: SearchOptions(syntax: .regularExpression)))
        await waitUntil { await !failures.messages.isEmpty }
        #expect(await failures.messages.first?.hasPrefix("bad query") == true)
    }

    @Test func aSearchPastItsTimeLimitIsAFailureNamingTheLimit() async throws {
        let failures = Failures()
        let engine = Searcher.refiningEngine(over: Self.corpus, timeout: .milliseconds(1))
        let searcher = Searcher(debounce: .milliseconds(5), engine: engine, deliver: { _ in }) { _, _, error in await failures.add(error) }
        await searcher.submit(SearchRequest(text: "\\d+ of", options: SearchOptions(syntax: .regularExpression)))
        await waitUntil { await !failures.messages.isEmpty }
        #expect(await failures.messages == ["the search ran out of its time limit (0.001 s) and was abandoned"])
    }

    /// The cancelled search ends after the cancel (its engine ignores cancellation); a probe
    /// submitted then launches only once that search has finished (one in flight), so when the
    /// probe is shown, the cancelled search has been dropped: no waiting to prove it.
    @Test func aCancelledSearchDeliversNothing() async throws {
        let screen = Screen()
        let failures = Failures()
        let searcher = Searcher(debounce: .milliseconds(5), engine: { request in
            await screen.didSearch(request.text)
            if request.text == "budget" { await uncancellableSleep(100) }
            return HitIndex(rowCount: 0)
        }, deliver: { await screen.show($0) }) { _, _, error in await failures.add(error) }
        await searcher.submit(SearchRequest(text: "budget"))
        await waitUntil { await screen.searched == ["budget"] }
        await searcher.cancel()
        await searcher.submit(SearchRequest(text: "probe"))
        await waitUntil { await screen.shown.count == 1 }
        #expect(await screen.shown == ["probe"])
        #expect(await screen.searched == ["budget", "probe"])
        #expect(await failures.messages.isEmpty)
    }
}

actor ResultsBox {
    var count = 0
    func set(_ value: Int) { count = value }
}

struct SearchIteratorTests {
    @Test func pagesTogetherAreTheWholeSearch() async throws {
        var rows: [Row] = []
        for index in 0..<2_000 {
            let text = index % 3 == 0 ? "budget \(index) and budget" : "nothing \(index)"
            rows.append(Row(id: RowID(source: 0, index: index), text: text, start: Timestamp(milliseconds: Int64(index * 1000)),
                            speaker: index % 2 == 0 ? "Alice" : "Bob", locator: Locator(file: "m.srt", line: index)))
        }
        let corpus = Corpus([Transcript(source: SourceInfo(path: "m.srt", format: "srt", encoding: "UTF-8"), rows: rows)])
        let request = try SearchRequest(parsing: "speaker:Alice budget")
        let full = try request.runner().search(corpus)
        let iterator = try corpus.search(request, pageSize: 37)
        var seen: [SearchHit] = []
        var pages = 0
        while let page = try await iterator.next() {
            #expect(page.count <= 37)
            seen += page
            pages += 1
        }
        #expect(seen.map(\.position) == Array(0..<full.count))
        #expect(seen.map(\.utf8Range) == (0..<full.count).map { full.hit(at: $0).utf8Range })
        // One row identity: a page's hit names its row as the hit list and the corpus do.
        #expect(seen.map(\.row) == (0..<full.count).map { full.hit(at: $0).row })
        #expect(seen.allSatisfy { corpus.row(at: $0.row).speaker == "Alice" })
        #expect(seen.allSatisfy { $0.speaker == "Alice" && $0.snippet.highlight == "budget" })
        #expect(pages == (full.count + 36) / 37)
        #expect(try await iterator.next() == nil)
    }

    @Test func pagesOfWindowsAreTheWholeSearch() async throws {
        let rows = (0..<300).map { index in
            Row(id: RowID(source: 0, index: index), text: index % 4 == 0 ? "the budget" : index % 4 == 1 ? "hiring now" : "other",
                start: Timestamp(milliseconds: Int64(index) * 1_000), locator: Locator(file: "m.srt"))
        }
        let corpus = Corpus([Transcript(source: SourceInfo(path: "m.srt", format: "srt", encoding: "UTF-8"), rows: rows)])
        let request = SearchRequest(text: "budget hiring", options: SearchOptions(syntax: .boolean, within: .seconds(1)))
        let full = try request.runner().search(corpus)
        #expect(full.count == 75)
        let iterator = try corpus.search(request, pageSize: 10)
        var seen: [SearchHit] = []
        while let page = try await iterator.next() { seen += page }
        #expect(seen.map(\.position) == Array(0..<full.count))
        #expect(seen.map(\.utf8Range) == (0..<full.count).map { full.hit(at: $0).utf8Range })
        #expect(seen.allSatisfy { $0.snippet.highlight == "budget" }, "the snippet is the first term's")
    }

    @Test func aCancelledTaskStopsPaging() async throws {
        let rows = (0..<50_000).map { Row(id: RowID(source: 0, index: $0), text: "row \($0)", locator: Locator(file: "x")) }
        let corpus = Corpus([Transcript(source: SourceInfo(path: "x", format: "txt", encoding: "UTF-8"), rows: rows)])
        let iterator = try corpus.search(SearchRequest(text: "zzz"))
        let task = Task { try await iterator.next() }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

/// `Searcher.events(over:)`: results and failures as an `AsyncStream`, through the refining engine.
struct SearcherEventsTests {
    static let corpus = Corpus([Transcript(source: SourceInfo(path: "t.vtt", format: "vtt", encoding: "UTF-8"), rows: (0..<200).map { index in
        Row(id: RowID(source: 0, index: index), text: index % 3 == 0 ? "the budget \(index)" : "a bud \(index)", start: nil, speaker: nil, locator: Locator(file: "t.vtt"))
    })])

    @Test func theNewestRequestsHitsArriveAsAnEventEqualToTheReference() async throws {
        let (searcher, events) = Searcher.events(over: Self.corpus, debounce: .milliseconds(5))
        await searcher.submit(SearchRequest(text: "bud"))
        await searcher.submit(SearchRequest(text: "budget"))
        var iterator = events.makeAsyncIterator()
        guard case .found(let result) = try #require(await iterator.next()) else { Issue.record("a failure came first"); return }
        #expect(result.sequence == 1 && result.request.text == "budget")
        #expect(result.index == (try SearchRequest(text: "budget").runner().search(Self.corpus)))
        #expect(result.index.count == 67)
    }

    @Test func aQueryThatCannotRunArrivesAsAFailure() async throws {
        let (searcher, events) = Searcher.events(over: Self.corpus, debounce: .milliseconds(5))
        await searcher.submit(SearchRequest(text: "(unclosed", options: SearchOptions(syntax: .regularExpression)))
        var iterator = events.makeAsyncIterator()
        guard case .failed(let sequence, let request, let error) = try #require(await iterator.next()) else {
            Issue.record("a result came for a pattern that cannot compile")
            return
        }
        #expect(sequence == 0 && request.text == "(unclosed")
        #expect(error is QueryError)
    }
}
