import Testing
import TranscriptModel
@testable import TranscriptSearch

/// `since:`/`until:`/`meeting:`/`with:` (and their flags) pick the meetings a listing filtered by
/// hand picks, on a generated archive of a few hundred dated meetings; `--sort relevance` ranks by
/// BM25 where the answer is known.
struct MeetingFiltersTests {
    static let titles = ["Weekly sync", "Design review", "Budget réview", "Retro", "1:1 José"]
    static let names = ["Alice Johnson", "Bob", "Chen Wei", "Dana", "José García"]

    /// Meeting `i`: every third day from 2025-11-01, a title and two or three speakers in turn,
    /// one in seven without a date.
    static let archive: Corpus = {
        var transcripts: [Transcript] = []
        let first = MeetingDate(year: 2025, month: 11, day: 1)?.dayNumber ?? 0
        for i in 0..<300 {
            let date = i % 7 == 6 ? nil : MeetingDate(dayNumber: first + 3 * i)
            let title = titles[i % titles.count]
            let speakers = [names[i % 5], names[(i + 2) % 5]] + (i % 3 == 0 ? [names[(i + 4) % 5]] : [])
            let facts = MeetingFacts(date: date, dateOrigin: .path, title: title)
            let rows = (0..<(3 + i % 4)).map { index in
                Row(id: RowID(source: 0, index: index), text: index == 1 ? "the budget" : "row \(index)",
                    start: Timestamp(milliseconds: Int64(index) * 1_000), speaker: speakers[index % speakers.count], locator: Locator(file: "m\(i).srt"))
            }
            transcripts.append(Transcript(source: SourceInfo(path: "m\(i).srt", format: "srt", encoding: "UTF-8", facts: facts), rows: rows))
        }
        return Corpus(transcripts)
    }()

    static let today = MeetingDate(year: 2026, month: 3, day: 31)

    static let queries = [
        "since:2026-03", "until:2026-01-15", "since:2026-02 until:2026-02", "since:2026", "until:2025", "since:14d", "since:4w until:1w",
        "meeting:review", "meeting:REVIEW meeting:retro", "meeting:jose", "with:alice", "with:\"Chen Wei\"", "with:jo",
        "since:2026-01 meeting:sync with:chen", "with:bob with:chen since:2025-12-01 until:2025-12-31", "since:2026-03 speaker:Alice",
    ]

    /// The sources of `corpus` the listing keeps when filtered by hand: date, title, participants.
    static func byHand(_ filter: RowFilter) -> [Int] {
        MeetingList.summaries(of: archive, order: .path).filter { meeting in
            let day = meeting.facts.date?.dayNumber
            if let since = filter.since, (day ?? .min) < since { return false }
            if let until = filter.until, (day ?? .max) > until { return false }
            if (filter.since != nil || filter.until != nil) && day == nil { return false }
            let title = NamePattern.fold(meeting.facts.title)
            if !filter.meetings.isEmpty, !filter.meetings.contains(where: { title.contains(NamePattern.fold($0)) }) { return false }
            if !filter.participants.isEmpty,
               !meeting.participants.contains(where: { name in filter.participants.contains { NamePattern($0).matches(name) } }) { return false }
            if !filter.speakers.isEmpty,
               !meeting.participants.contains(where: { name in filter.speakers.contains { NamePattern($0).matches(name) } }) { return false }
            return true
        }.map(\.source)
    }

    @Test(arguments: queries) func tokensPickTheMeetingsAListingFilteredByHandPicks(_ query: String) throws {
        let (text, filter) = try QueryTokens.parse(query, today: Self.today)
        #expect(text.isEmpty)
        let expected = Self.byHand(filter)
        #expect(!expected.isEmpty)
        // The rows a search of the tokens lists, and the meetings the listing keeps.
        let index = try SearchRequest(text: "", filter: filter).runner().search(Self.archive)
        let searched = Set(index.rowsWithHits.map { Self.archive.source(ofRow: $0) })
        #expect(searched.sorted() == expected)
        #expect(MeetingList.summaries(of: Self.archive, filter: filter, order: .path).map(\.source) == expected)
    }

    @Test func datesNameADayAMonthAYearOrDaysBack() throws {
        let march = try #require(MeetingDate(year: 2026, month: 3, day: 1))
        #expect(DateBound.since("2026-03", today: Self.today) == march.dayNumber)
        #expect(DateBound.until("2026-02", today: Self.today) == march.dayNumber - 1)
        #expect(DateBound.until("2026", today: Self.today) == MeetingDate(year: 2026, month: 12, day: 31)?.dayNumber)
        #expect(DateBound.since("7d", today: Self.today) == (Self.today?.dayNumber ?? 0) - 7)
        #expect(DateBound.since("4w", today: Self.today) == (Self.today?.dayNumber ?? 0) - 28)
        #expect(DateBound.since("last week", today: Self.today) == nil)
        #expect(throws: QueryError.self) { try QueryTokens.parse("since:soon budget") }
    }

    @Test func theListingIsByDateWithUndatedMeetingsLast() {
        let listed = MeetingList.summaries(of: Self.archive)
        let dates = listed.compactMap(\.facts.date)
        #expect(dates == dates.sorted())
        #expect(listed.suffix(300 - dates.count).allSatisfy { $0.facts.date == nil })
        #expect(listed.first?.participants.count ?? 0 >= 2)
    }

    /// In the generated archive of 300 meetings, three more whose answer is known: one about
    /// "espresso" ranks first for it; a long one that mentions it once ranks below a short one
    /// that does; a meeting of the archive's own words never ranks above any of them.
    @Test func relevanceOnAGeneratedArchiveRanksTheMeetingAboutTheQueryFirst() throws {
        func meeting(_ name: String, _ texts: [String]) -> Corpus {
            let rows = texts.enumerated().map { Row(id: RowID(source: 0, index: $0), text: $1, speaker: "Dana", locator: Locator(file: name)) }
            let facts = MeetingFacts(date: MeetingDate(year: 2026, month: 2, day: 1), dateOrigin: .path, title: name)
            return Corpus([Transcript(source: SourceInfo(path: name, format: "txt", encoding: "UTF-8", facts: facts), rows: rows)])
        }
        var corpus = Self.archive.sources(0..<100)
        corpus.append(contentsOf: meeting("long-once", ["the espresso machine broke"] + (0..<300).map { "row \($0) of the long meeting" }))
        corpus.append(contentsOf: Self.archive.sources(100..<200))
        corpus.append(contentsOf: meeting("about-espresso", ["espresso first", "espresso beans", "an espresso each", "row 3", "espresso again"]))
        corpus.append(contentsOf: meeting("short-once", ["one espresso", "row 1", "row 2", "row 3"]))
        corpus.append(contentsOf: Self.archive.sources(200..<300))
        let index = try SearchRequest(text: "espresso").runner().search(corpus)
        let ranked = MeetingList.summaries(of: corpus, hits: index, order: .relevance).map(\.path)
        #expect(ranked == ["about-espresso", "short-once", "long-once"])
        // With every meeting searched for a word they all hold, the known ones still order so.
        let rows = try SearchRequest(text: "row").runner().search(corpus)
        let order = MeetingList.summaries(of: corpus, hits: rows, order: .relevance).map(\.path)
        let long = try #require(order.firstIndex(of: "long-once"))
        let short = try #require(order.firstIndex(of: "short-once"))
        #expect(short < long)
    }

    /// A meeting about X (short, X in most rows) ranks first for X; a long meeting that mentions X
    /// once ranks below a short one that mentions it once; ties go to the newer meeting.
    @Test func relevanceRanksAMeetingAboutTheQueryFirst() throws {
        func meeting(_ name: String, day: Int, _ texts: [String]) -> Transcript {
            let rows = texts.enumerated().map { Row(id: RowID(source: 0, index: $0), text: $1, locator: Locator(file: name)) }
            let facts = MeetingFacts(date: MeetingDate(year: 2026, month: 3, day: day), dateOrigin: .path, title: name)
            return Transcript(source: SourceInfo(path: name, format: "txt", encoding: "UTF-8", facts: facts), rows: rows)
        }
        let filler = (0..<200).map { "we talked about the roadmap and hiring plans, item \($0)" }
        let corpus = Corpus([
            meeting("long-once", day: 20, ["the budget came up once"] + filler),
            meeting("short-once", day: 1, ["the budget came up once", "then lunch", "then hiring"]),
            meeting("about-budget", day: 2, ["budget first", "the budget again", "budget lines", "budget totals", "hiring"]),
            meeting("unrelated", day: 3, ["lunch", "hiring"]),
            meeting("short-once-newer", day: 5, ["the budget came up once", "then lunch", "then hiring"]),
        ])
        let index = try SearchRequest(text: "budget").runner().search(corpus)
        let ranked = MeetingList.summaries(of: corpus, hits: index, order: .relevance).map(\.path)
        #expect(ranked == ["about-budget", "short-once-newer", "short-once", "long-once"])
        #expect(MeetingList.sourceOrder(of: corpus, hits: index, order: .relevance).prefix(4) == [2, 4, 1, 0])
        #expect(MeetingList.sourceOrder(of: corpus, hits: index, order: .path) == [0, 1, 2, 3, 4])
    }
}
