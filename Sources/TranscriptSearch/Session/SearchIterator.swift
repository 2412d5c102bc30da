import TranscriptModel

/// One hit as a UI shows it: where it is (row ID, locator), the snippet around it, and its range.
public struct SearchHit: Hashable, Sendable {
    /// 0-based position among all hits, in corpus order.
    public var position: Int
    /// The hit's row (the row it starts in, for a hit across rows): its index in the corpus, the
    /// same number `Hit.row`, `HitIndex` and `Corpus.row(at:)` use (`Corpus.id(ofRow:)` gives its
    /// saved form).
    public var row: Int
    /// Where that row came from in its file.
    public var locator: Locator
    /// When the row starts, for timed formats.
    public var start: Timestamp?
    /// Who speaks in the row, when known.
    public var speaker: String?
    /// The row's section title (a book's chapter), when it has one.
    public var title: String?
    /// UTF-8 byte offsets into the row's text (running on into the following rows for a hit across
    /// rows, as `Hit.utf8Range`).
    public var utf8Range: Range<Int>
    /// The hit with some text on each side, for a one-line preview.
    public var snippet: Snippet
}

/// Pages of hits, as Readium's `SearchIterator`: `next()` returns the next page, or nil when the
/// search is done. A UI may load every page in the background or one per scroll.
///
/// `let iterator = try corpus.search(SearchRequest(parsing: "budget"))`
/// `while let page = try await iterator.next() { show(page) }`
///
/// It searches lazily, only as far as the page needs, and checks for cancellation between rows
/// (a cancelled task's `next()` throws `CancellationError`); across rows, a transcript at a time,
/// with snippets taken from the transcript's joined text (so they run into the next rows).
public actor SearchIterator {
    private let corpus: Corpus
    private let runner: SearchRunner
    private let pageSize: Int
    private let snippetLength: Int
    private var row = 0
    private var position = 0
    private var buffered: [SearchHit] = []
    /// A query of several terms' windows, found on the first page.
    private var windows: HitIndex?
    /// The filter decided for the corpus once (`RowFilter.Predicate`).
    private let passes: @Sendable (Int) -> Bool

    init(corpus: Corpus, runner: SearchRunner, pageSize: Int, snippetLength: Int) {
        self.corpus = corpus
        self.runner = runner
        let predicate = runner.filter.isEmpty ? nil : RowFilter.Predicate(runner.filter, corpus: corpus)
        passes = { row in predicate?.accepts(row: row) ?? true }
        self.pageSize = max(1, pageSize)
        self.snippetLength = snippetLength
    }

    /// The next page of at most `pageSize` hits; nil when there are no more.
    public func next() async throws -> [SearchHit]? {
        if runner.findsWindows { return try windowPage() }
        while buffered.count < pageSize && row < corpus.rowCount {
            try Task.checkCancellation()
            if runner.spanning == .acrossRows, let matcher = runner.matcher {
                let source = corpus.source(ofRow: row)
                buffered += hitsAcrossRows(ofSource: source, matcher: matcher)
                row = corpus.rows(ofSource: source).upperBound
            } else {
                let end = min(corpus.rowCount, row + 512)
                for current in row..<end { buffered += hits(inRow: current) }
                row = end
            }
            await Task.yield()
        }
        guard !buffered.isEmpty else { return nil }
        let page = Array(buffered.prefix(pageSize))
        buffered.removeFirst(page.count)
        return page
    }

    private func hits(inRow row: Int) -> [SearchHit] {
        guard passes(row) else { return [] }
        let value = corpus.row(at: row)
        let ranges = runner.matcher?.ranges(in: value.text) ?? [value.text.startIndex..<value.text.startIndex]
        return ranges.map { range in
            let utf8 = value.text.utf8
            defer { position += 1 }
            return SearchHit(
                position: position, row: row, locator: value.locator, start: value.start, speaker: value.speaker,
                title: value.title,
                utf8Range: utf8.distance(from: utf8.startIndex, to: range.lowerBound)..<utf8.distance(from: utf8.startIndex, to: range.upperBound),
                snippet: Snippet(text: value.text, range: range, length: snippetLength))
        }
    }
}

extension SearchIterator {
    /// A page of a query of several terms (`QuerySyntax.boolean`): its windows are found all at
    /// once (a window may end far from where it starts), then handed out a page at a time, each
    /// snippet around the window's first term.
    private func windowPage() throws -> [SearchHit]? {
        if windows == nil {
            do {
                windows = try runner.search(corpus, until: nil, isCancelled: { Task.isCancelled })
            } catch {
                throw CancellationError()
            }
        }
        guard let windows, position < windows.count else { return nil }
        let page = position..<min(windows.count, position + pageSize)
        position = page.upperBound
        return page.map { position in
            let hit = windows.hit(at: position)
            let value = corpus.row(at: hit.row)
            let first = windows.segments(ofHitAt: position, in: corpus).first { $0.row == hit.row }
            let range = (first.map { $0.range(in: value.text) }) ?? value.text.startIndex..<value.text.startIndex
            return SearchHit(
                position: position, row: hit.row, locator: value.locator, start: value.start, speaker: value.speaker,
                title: value.title, utf8Range: hit.utf8Range, snippet: Snippet(text: value.text, range: range, length: snippetLength))
        }
    }

    private func hitsAcrossRows(ofSource source: Int, matcher: any Matcher) -> [SearchHit] {
        guard runner.searchesAcrossRows(ofSource: source, in: corpus, passes: passes) else { return [] }
        let (joined, hits) = runner.hitsAcrossRows(ofSource: source, in: corpus, matcher: matcher, passes: passes)
        return hits.map { hit in
            let value = corpus.row(at: hit.row)
            defer { position += 1 }
            return SearchHit(
                position: position, row: hit.row, locator: value.locator, start: value.start, speaker: value.speaker,
                title: value.title, utf8Range: hit.utf8Range,
                snippet: Snippet(text: joined.text, range: hit.range, length: snippetLength))
        }
    }
}

extension Corpus {
    /// Pages of hits for `request` (see `SearchIterator`).
    /// - Throws: `QueryError` for an empty request or a bad pattern, before anything is searched.
    public func search(_ request: SearchRequest, pageSize: Int = 50, snippetLength: Int = 40) throws(QueryError) -> SearchIterator {
        SearchIterator(corpus: self, runner: try request.runner(), pageSize: pageSize, snippetLength: snippetLength)
    }
}
