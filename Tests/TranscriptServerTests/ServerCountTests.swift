import Testing
import TranscriptModel
import TranscriptSearch
@testable import TranscriptServer

/// Counting on the server (`TranscriptArchive.count`): on rows of printable ASCII the server counts
/// a plain query's hits itself, the other rows holding a needle go to the matcher, and the counts
/// per file are those of the search over the files, for every query the server may count.
@Suite(.enabled(if: ServerFixture.isInstalled, ServerFixture.skipNote))
struct ServerCountTests {
    /// Queries the server counts, with the cases where a byte count could go wrong: overlaps
    /// (`aa` in `aaaa`), mixed case, phrases, letters whose other case is not ASCII (`k` and the
    /// Kelvin sign, `s` and `ſ`, `i` and `İ`), and filters decided here on the server's groups.
    static let countable: [SearchRequest] = [
        SearchRequest(text: "aa"),
        SearchRequest(text: "BuDgEt"),
        SearchRequest(text: "the budget"),
        SearchRequest(text: "budget review"),
        SearchRequest(text: "Budget", options: SearchOptions(caseMatching: .sensitive)),
        SearchRequest(text: "k"),
        SearchRequest(text: "s"),
        SearchRequest(text: "i"),
        SearchRequest(text: "ss"),
        SearchRequest(text: ";"),
        SearchRequest(text: "art's"),
        SearchRequest(text: "\"the\""),
        SearchRequest(text: "'"),
        SearchRequest(text: "e"),
        SearchRequest(text: "x"),
        SearchRequest(text: "it", options: SearchOptions(caseMatching: .sensitive)),
        SearchRequest(text: "cafe", options: SearchOptions(diacritics: .insensitive)),
        SearchRequest(text: "e", options: SearchOptions(diacritics: .insensitive)),
        SearchRequest(text: "the", filter: RowFilter(speakers: ["alice"])),
        SearchRequest(text: "budget", filter: RowFilter(speakers: ["bob"], sections: ["chapter 1"])),
        SearchRequest(text: "a", filter: RowFilter(after: Timestamp(milliseconds: 30_000), files: ["*.vtt"])),
        // Whole words: where a word ends next to digits, `_`, `.`, `:`, `'` and the rest.
        SearchRequest(text: "budget", options: SearchOptions(words: .wholeWords)),
        SearchRequest(text: "Budget", options: SearchOptions(caseMatching: .sensitive, words: .wholeWords)),
        SearchRequest(text: "the", options: SearchOptions(words: .wholeWords)),
        SearchRequest(text: "b", options: SearchOptions(words: .wholeWords)),
        SearchRequest(text: "plan", options: SearchOptions(words: .wholeWords), filter: RowFilter(speakers: ["alice"])),
    ]

    /// A corpus whose rows are mostly printable ASCII and plain letters the server decides rows
    /// with (accented Latin, Greek, Cyrillic, CJK, curly quotes), with a hazard in one row in five:
    /// a combining mark, a joiner, an emoji modifier, a prepended sign, a letter that folds or is
    /// equivalent to ASCII (Kelvin sign, ſ, İ, ı, the Greek question mark), a tab, the curly
    /// quotes and primes a `'` or `"` finds.
    static func mostlyASCII(files: Int, rows: Int) -> Corpus {
        var random = SplitMix(11)
        let words = [
            "budget", "Budget", "BUDGET", "review", "the", "aaaa", "aaa", "kiss", "Kiss", "I", "it", "art's", "3.14", "a_b", "plan.", "(the)",
            "3budget", "budget2", "budget_x", "a.budget", "budget.", "budget's", "x:budget", "1.5budget", "budget,", "b", "b.b", "-budget-",
            "café", "CAFÉ", "Zürich", "straße", "Łukasz", "σοφία", "ΣΟΦΙΑ", "Москва", "会议", "予算", "カフェ", "budget—plan", "ß",
        ]
        let hard = [
            "\u{212A}elvin", "ſs", "İt", "ıt", "a\u{37E}b", "cafe\u{301}", "tab\there", "👍🏽", "budget\u{200D}x", "\u{600}budget",
            "e\u{308}", "❤️", "k\u{FE0F}", "art’s", "‘plan’", "x′s", "“the”",
        ]
        let speakers = ["Alice", "Bob", "Alice Johnson", nil]
        var transcripts: [Transcript] = []
        for file in 0..<files {
            let path = file % 2 == 0 ? "ascii-\(file).srt" : "meeting/ascii-\(file).vtt"
            var list: [Row] = []
            for row in 0..<rows {
                let count = 2 + Int(random.next() % 8)
                var parts = (0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }
                if random.next() % 5 == 0 { parts.append(hard[Int(random.next() % UInt64(hard.count))]) }
                let joiner = random.next() % 7 == 0 ? "" : " "
                list.append(Row(
                    id: RowID(source: 0, index: row), text: parts.joined(separator: joiner),
                    start: row % 9 == 0 ? nil : Timestamp(milliseconds: Int64(row) * 3000), end: nil,
                    speaker: speakers[Int(random.next() % UInt64(speakers.count))],
                    title: row % 3 == 0 ? nil : "Chapter \(row / 40)", locator: Locator(file: path, line: row + 1)))
            }
            transcripts.append(Transcript(source: SourceInfo(path: path, format: "srt", encoding: "utf-8"), rows: list))
        }
        return Corpus(transcripts)
    }

    /// Hits per file of `request` over `corpus`, as the search over the files counts them.
    static func localCounts(_ request: SearchRequest, in corpus: Corpus) throws -> [String: Int] {
        try ServerFixture.localHits(request, in: corpus).reduce(into: [:]) { $0[$1.file, default: 0] += 1 }
    }

    @Test(arguments: [LocalClickHouse.Layout.singleNode, .twoShards])
    func theServersCountsAreTheCountsOverTheFiles(layout: LocalClickHouse.Layout) throws {
        var transcripts: [Transcript] = []
        for corpus in [Self.mostlyASCII(files: 4, rows: 800), ServerFixture.generated(files: 2, rows: 600), try ServerFixture.samples()] {
            for source in corpus.sources.indices {
                transcripts.append(Transcript(source: corpus.sources[source], rows: corpus.rows(ofSource: source).map { corpus.row(at: $0) }))
            }
        }
        let corpus = Corpus(transcripts)
        let archive = try ServerFixture.archive(on: layout, prefix: "count")
        _ = try archive.index(ServerFixture.files(of: corpus), of: corpus, batchBytes: 256 << 10)
        var countedOnServer = 0, compared = 0
        for request in Self.countable + ServerFixture.requests {
            let local = try Self.localCounts(request, in: corpus)
            guard let prefilter = RowPrefilter(request), let count = try archive.count(request, prefilter: prefilter) else {
                #expect(TranscriptArchive.countableLiteral(of: request) == nil || RowPrefilter(request) == nil, "\(request.description) \(request.options)")
                continue
            }
            var served = count.counted
            let index = try request.runner().search(count.undecided.corpus)
            for source in count.undecided.corpus.sources.indices {
                let hits = index.count(inRows: count.undecided.corpus.rows(ofSource: source))
                if hits > 0 { served[count.undecided.corpus.sources[source].path, default: 0] += hits }
            }
            #expect(served == local, "\(request.description) \(request.options) \(request.filter)")
            // Only rows the server cannot decide travel: each holds a scalar it does not decide rows
            // with (for whole words, also an ASCII row where a word may join its neighbour).
            let plain = request.options.diacritics == .insensitive ? [0x20...0x7E] : TranscriptArchive.plainScalars
            let sent = count.undecided.corpus
            #expect(request.options.words == .wholeWords || (0..<sent.rowCount).allSatisfy { row in
                sent.text(ofRow: row).unicodeScalars.contains { scalar in !plain.contains { $0.contains(scalar.value) } }
            }, "\(request.description)")
            countedOnServer += count.counted.values.reduce(0, +)
            compared += local.values.reduce(0, +)
        }
        #expect(compared > 5000 && countedOnServer > compared / 2, "the server counted \(countedOnServer) of \(compared) hits")
    }

    /// What the server does not count: hits SQL cannot decide exactly go the way of the candidates.
    @Test(arguments: [
        SearchRequest(text: "the budget", options: SearchOptions(words: .wholeWords)),
        SearchRequest(text: "budget2", options: SearchOptions(words: .wholeWords)),
        SearchRequest(text: "budget", options: SearchOptions(syntax: .regularExpression)),
        SearchRequest(text: "istanbul", options: SearchOptions(language: "tr")),
        SearchRequest(text: "budget", options: SearchOptions(fuzzy: true)),
        SearchRequest(text: "budget", options: SearchOptions(forms: true)),
        SearchRequest(text: "café"),
        SearchRequest(text: "tab\there€"),
        SearchRequest(text: "budget", options: SearchOptions(spanning: .acrossRows)),
    ])
    func aQueryTheServerCannotDecideIsNotCounted(request: SearchRequest) {
        #expect(TranscriptArchive.countableLiteral(of: request) == nil)
    }

    @Test func aParticipantFilterIsNotCounted() {
        var filter = RowFilter()
        filter.participants = ["alice"]
        #expect(TranscriptArchive.countableLiteral(of: SearchRequest(text: "budget", filter: filter)) == nil)
        #expect(TranscriptArchive.countableLiteral(of: SearchRequest(text: "the budget", filter: RowFilter(speakers: ["alice"]))) == "the budget")
        // Whitespace runs count as one space, as the matcher reads the query.
        #expect(TranscriptArchive.countableLiteral(of: SearchRequest(text: "the \t budget")) == "the budget")
    }
}
