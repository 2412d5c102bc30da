import Foundation
import Testing
import TranscriptModel
@testable import TranscriptSearch

/// Hits across cues (`RowSpanning.acrossRows`, `--across-cues`): each transcript searched as one
/// text with its rows joined by one space, every hit recorded against its first row with its range
/// running on into the following rows. The reference is `RegexMatcher` over each joined text.
struct AcrossRowsTests {
    static let across = SearchOptions(spanning: .acrossRows)

    /// A corpus of one transcript per list of row texts.
    static func corpus(_ sources: [[String]], speakers: [[String?]]? = nil) -> Corpus {
        Corpus(sources.enumerated().map { source, texts in
            Transcript(source: SourceInfo(path: "s\(source).srt", format: "srt", encoding: "UTF-8"), rows: texts.enumerated().map { index, text in
                Row(id: RowID(source: source, index: index), text: text, speaker: speakers?[source][index], locator: Locator(file: "s\(source).srt"))
            })
        })
    }

    static func search(_ corpus: Corpus, _ query: String, _ options: SearchOptions = across, filter: RowFilter = RowFilter()) throws -> HitIndex {
        try SearchRequest(text: query, options: options, filter: filter).runner().search(corpus)
    }

    /// The parts of every hit as (row, utf8 range, first?) triples, for compact expectations.
    static func parts(_ index: HitIndex, _ corpus: Corpus) -> [[String]] {
        (0..<index.count).map { position in
            index.segments(ofHitAt: position, in: corpus).map { segment in
                let text = corpus.text(ofRow: segment.row)
                return "\(segment.row):\(text[segment.range(in: text)])"
            }
        }
    }

    // MARK: Named cases

    @Test func aSentenceSplitOverTwoCuesIsOneHitRecordedAgainstItsFirstRow() throws {
        let corpus = Self.corpus([["we need to cut the", "budget by ten percent"]])
        let index = try Self.search(corpus, "cut the budget")
        #expect(index.count == 1)
        // "we need to cut the" is 18 bytes; the space is byte 18; "budget" ends at 19 + 6.
        #expect(index.hit(at: 0) == Hit(position: 0, row: 0, utf8Range: 11..<25))
        #expect(index.positions(inRow: 0) == 0..<1)
        #expect(index.positions(inRow: 1).isEmpty)
        #expect(index.segments(ofHitAt: 0, in: corpus) == [
            HitSegment(position: 0, row: 0, utf8Range: 11..<18, isFirst: true),
            HitSegment(position: 0, row: 1, utf8Range: 0..<6, isFirst: false),
        ])
        #expect(index.segments(inRow: 1, in: corpus) == [HitSegment(position: 0, row: 1, utf8Range: 0..<6, isFirst: false)])
        #expect(index.lastRow(ofHitAt: 0, in: corpus) == 1)
        #expect(index.matchedText(ofHitAt: 0, in: corpus) == "cut the budget")
        // The part in the first row, for code that only knows that row's text.
        let text = corpus.text(ofRow: 0)
        #expect(text[index.hit(at: 0).range(in: text)] == "cut the")
        // The same query without --across-cues finds nothing.
        #expect(try Self.search(corpus, "cut the budget", SearchOptions()).count == 0)
    }

    @Test func hitsEndingAtACueBoundaryBeginningAtARowStartAndAcrossThreeCues() throws {
        let corpus = Self.corpus([["so the", "quarterly", "budget review", "is due"]])
        // Ends exactly where a cue ends: it does not reach the next row.
        #expect(Self.parts(try Self.search(corpus, "the quarterly"), corpus) == [["0:the", "1:quarterly"]])
        #expect(try Self.search(corpus, "the quarterly").lastRow(ofHitAt: 0, in: corpus) == 1)
        // Begins at a row start: recorded in that row from offset 0.
        let atStart = try Self.search(corpus, "budget review is")
        #expect(atStart.hit(at: 0) == Hit(position: 0, row: 2, utf8Range: 0..<16))
        #expect(Self.parts(atStart, corpus) == [["2:budget review", "3:is"]])
        // Across three cues.
        let three = try Self.search(corpus, "THE QUARTERLY BUDGET")
        #expect(three.hit(at: 0) == Hit(position: 0, row: 0, utf8Range: 3..<23))
        #expect(Self.parts(three, corpus) == [["0:the", "1:quarterly", "2:budget"]])
        #expect(three.matchedText(ofHitAt: 0, in: corpus) == "the quarterly budget")
        // A whole row, beginning and ending at its edges, is the same hit as without the option.
        #expect(try Self.search(corpus, "quarterly") == (try Self.search(corpus, "quarterly", SearchOptions())))
    }

    @Test func neverAcrossTwoFiles() throws {
        let corpus = Self.corpus([["we need to cut the"], ["budget by ten percent"]])
        #expect(try Self.search(corpus, "the budget").count == 0)
        #expect(try Self.search(corpus, "budget").count == 1)
    }

    @Test func regularExpressionsSeeTheJoiningSpace() throws {
        let corpus = Self.corpus([["cut the", "", "budget now"]])
        let regex = SearchOptions(syntax: .regularExpression, spanning: .acrossRows)
        // Ends on the space after row 0: it does not reach row 1.
        let endsOnSpace = try Self.search(corpus, "the\\s", regex)
        #expect(endsOnSpace.hit(at: 0) == Hit(position: 0, row: 0, utf8Range: 4..<8))
        #expect(Self.parts(endsOnSpace, corpus) == [["0:the"]])
        #expect(endsOnSpace.matchedText(ofHitAt: 0, in: corpus) == "the ")
        // Starts on the space after row 0: recorded in row 0 with an empty first part.
        let startsOnSpace = try Self.search(corpus, "\\s\\sbudget", regex)
        #expect(startsOnSpace.hit(at: 0) == Hit(position: 0, row: 0, utf8Range: 7..<15))
        #expect(Self.parts(startsOnSpace, corpus) == [["0:", "1:", "2:budget"]])
        #expect(startsOnSpace.matchedText(ofHitAt: 0, in: corpus) == "  budget")
        // Through an empty row; anchors apply to the whole transcript.
        #expect(Self.parts(try Self.search(corpus, "e\\s+b", regex), corpus) == [["0:e", "1:", "2:b"]])
        #expect(try Self.search(corpus, "^budget", regex).count == 0)
        #expect(try Self.search(corpus, "^budget", SearchOptions(syntax: .regularExpression)).count == 1)
    }

    @Test func aFilterAppliesToTheRowAHitStartsIn() throws {
        // As SubRip writes it: a speaker's name on the cue where they start, none on the next.
        let corpus = Self.corpus([["we need to cut the", "budget by ten", "percent", "Bob here"], ["the budget"]],
                                 speakers: [["Alice", nil, "Bob", "Bob"], ["Alice"]])
        let alice = RowFilter(speakers: ["Alice"])
        let index = try Self.search(corpus, "the budget", filter: alice)
        #expect(index.count == 2 && index.isComplete)
        #expect(Self.parts(index, corpus) == [["0:the", "1:budget"], ["4:the budget"]])
        #expect(try Self.search(corpus, "ten percent", filter: alice).count == 0)   // starts in a row without Alice
        #expect(try Self.search(corpus, "ten percent").count == 1)
        #expect(Self.parts(try Self.search(corpus, "percent bob", filter: RowFilter(speakers: ["Bob"])), corpus) == [["2:percent", "3:Bob"]])
        // A file filter rules out whole files.
        #expect(try Self.search(corpus, "the budget", filter: RowFilter(files: ["s1.srt"])).rowsWithHits == [4])
    }

    @Test func aRequestAcrossRowsNeverRefinesAnother() throws {
        let shorter = SearchRequest(text: "a a", options: Self.across)
        let longer = SearchRequest(text: "a ab", options: Self.across)
        #expect(!longer.refines(shorter))
        // Why: the longer query's hit starts in a row where the shorter one had none.
        let corpus = Self.corpus([["xa", "a ab"]])
        #expect(try Self.search(corpus, "a a").rowsWithHits == [0])
        #expect(try Self.search(corpus, "a ab").rowsWithHits == [1])
    }

    @Test func optionsSavedBeforeSpanningExistedReadAsWithinRows() throws {
        let old = #"{"caseMatching":"sensitive","diacritics":"sensitive","words":"anywhere","syntax":"verbatim"}"#
        let decoded = try JSONDecoder().decode(SearchOptions.self, from: Data(old.utf8))
        #expect(decoded == SearchOptions(caseMatching: .sensitive))
        let saved = try JSONEncoder().encode(Self.across)
        #expect(try JSONDecoder().decode(SearchOptions.self, from: saved).spanning == .acrossRows)
    }

    @Test func pagesOfHitsAcrossRows() async throws {
        let corpus = Self.corpus([["we need to cut the", "budget by ten percent", "the budget"], ["cut the", "budget"]])
        let index = try Self.search(corpus, "the budget")
        let iterator = try corpus.search(SearchRequest(text: "the budget", options: Self.across), pageSize: 2, snippetLength: 8)
        var hits: [SearchHit] = []
        while let page = try await iterator.next() { hits += page }
        #expect(hits.map(\.position) == Array(0..<index.count))
        #expect(hits.map(\.utf8Range) == (0..<index.count).map { index.hit(at: $0).utf8Range })
        #expect(hits.map(\.row) == (0..<index.count).map { index.hit(at: $0).row })
        #expect(hits.map(\.snippet.highlight) == (0..<index.count).map { index.matchedText(ofHitAt: $0, in: corpus) })
        // Snippets come from the transcript's joined text: they run across rows.
        #expect(hits[0].snippet.before == "need to cut ")
        #expect(hits[1].snippet.before == "percent ")  // the end of the row before
    }

    // MARK: The cache's check

    @Test func theCacheCheckAcceptsHitsAcrossRowsAndRefusesDamagedOnes() throws {
        let corpus = Self.corpus([["we need to cut the", "budget by ten", "percent é"], ["x"]])
        let index = try Self.search(corpus, "the budget by ten percent")
        #expect(index.count == 1 && index.isConsistent(with: corpus))
        #expect(try HitIndex(serialized: index.serialized()) == index)
        func damaged(_ hits: [(row: Int32, start: Int32, end: Int32)]) -> HitIndex {
            HitIndex(rowCount: corpus.rowCount, hitRows: hits.map(\.row), hitStarts: hits.map(\.start), hitEnds: hits.map(\.end))
        }
        // Whole: row 0 from 15 to the end of "percent" in row 2 (18 + 1 + 13 + 1 + 7).
        #expect(index.hit(at: 0) == Hit(position: 0, row: 0, utf8Range: 15..<40))
        #expect(damaged([(0, 15, 43)]).isConsistent(with: corpus))    // up to the end of "é"
        #expect(!damaged([(0, 15, 42)]).isConsistent(with: corpus))   // inside "é"
        #expect(!damaged([(0, 15, 44)]).isConsistent(with: corpus))   // past the transcript's end
        #expect(!damaged([(0, 19, 20)]).isConsistent(with: corpus))   // starts past its row and its space
        #expect(!damaged([(0, 15, 25), (1, 2, 4)]).isConsistent(with: corpus))  // overlaps the next row's hit
        #expect(damaged([(0, 15, 25), (1, 6, 8)]).isConsistent(with: corpus))
        #expect(!damaged([(0, 5, 9), (0, 7, 8)]).isConsistent(with: corpus))    // overlapping in one row
        #expect(!damaged([(2, 0, 12)]).isConsistent(with: corpus))   // would run into the next file
    }

    // MARK: Differential, on generated transcripts

    /// Words of meeting talk with accents (NFC and NFD), case pairs, CJK and emoji.
    static let words = [
        "we", "need", "to", "cut", "the", "budget", "by", "ten", "percent", "The", "BUDGET", "Budget", "café",
        "cafe\u{301}", "CAFÉ", "Straße", "STRASSE", "ẞ", "预算", "会议", "👍🏽", "👍", "naïve", "Zürich", "σοφία",
        "ΣΟΦΊΑ", "İstanbul", "ırmak", "Irmak", "ǅ", "review", "q3", "Q4", "-", "x",
    ]

    struct Generator {
        var state: UInt64
        /// Whether phrases get their case changed now and then (not for case-sensitive searches).
        var recases = true
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }

        /// `count` words cut into cues of 1 to 6 words, now and then an empty cue, and (when
        /// `oddStarts`) now and then a cue that starts with a combining mark, which joins the space
        /// before it into one character.
        mutating func transcript(words count: Int, oddStarts: Bool) -> (rows: [String], words: [String]) {
            let stream = (0..<count).map { _ in AcrossRowsTests.words[next(AcrossRowsTests.words.count)] }
            var rows: [String] = []
            var index = 0
            while index < stream.count {
                if next(40) == 0 { rows.append("") }
                let take = min(stream.count - index, 1 + next(6))
                var text = stream[index..<index + take].joined(separator: " ")
                if oddStarts && next(60) == 0 { text = "\u{301}" + text }
                rows.append(text)
                index += take
            }
            return (rows, stream)
        }

        /// A run of 1 to 5 consecutive words of the stream (sometimes across cues), its case changed now and then.
        mutating func phrase(from stream: [String]) -> String {
            let start = next(stream.count)
            return recased(stream[start..<min(stream.count, start + 1 + next(5))].joined(separator: " "))
        }

        /// Words on both sides of a cue boundary: the end of one cue (sometimes all of it, so the
        /// hit begins at a row start), then the start of the next (sometimes all of it, so the hit
        /// ends where that cue ends) or, `throughThree`, all of the next and the start of a third.
        mutating func phrase(across rows: [String], throughThree: Bool) -> String {
            let boundaries = rows.indices.dropLast(2).filter { !rows[$0].isEmpty && !rows[$0 + 1].isEmpty && !rows[$0 + 2].isEmpty }
            let row = boundaries[next(boundaries.count)]
            let before = rows[row].split(separator: " "), after = rows[row + 1].split(separator: " ")
            var words = Array(before.suffix(1 + next(before.count)))
            if throughThree {
                words += after + [rows[row + 2].split(separator: " ")[0]]
            } else {
                words += after.prefix(1 + next(after.count))
            }
            return recased(words.joined(separator: " "))
        }

        mutating func recased(_ text: String) -> String {
            guard recases else { return text }
            switch next(4) {
            case 0: return text.uppercased()
            case 1: return text.lowercased()
            default: return text
            }
        }
    }

    /// Each source's rows joined by one space, and where each row starts in it.
    static func joined(_ corpus: Corpus, source: Int) -> (text: String, rowStarts: [Int]) {
        var text = ""
        var starts: [Int] = []
        for row in corpus.rows(ofSource: source) {
            if !starts.isEmpty { text += " " }
            starts.append(text.utf8.count)
            text += corpus.text(ofRow: row)
        }
        return (text, starts)
    }

    /// How many hits of each hard kind a comparison met.
    struct Kinds {
        var endingAtACueEnd = 0, beginningAtARowStart = 0, acrossTwo = 0, acrossThreeOrMore = 0
        static func + (a: Kinds, b: Kinds) -> Kinds {
            Kinds(endingAtACueEnd: a.endingAtACueEnd + b.endingAtACueEnd, beginningAtARowStart: a.beginningAtARowStart + b.beginningAtARowStart,
                  acrossTwo: a.acrossTwo + b.acrossTwo, acrossThreeOrMore: a.acrossThreeOrMore + b.acrossThreeOrMore)
        }
    }

    /// Compares the search across rows with `RegexMatcher` over each joined text, hit by hit, and
    /// checks that every hit's parts put together are the reference's text.
    @discardableResult
    static func expectAgreesWithReference(_ corpus: Corpus, query: String, options: SearchOptions) throws -> Kinds {
        var kinds = Kinds()
        var options = options
        options.spanning = .acrossRows
        let index = try search(corpus, query, options)
        let reference = try RegexMatcher(try Query(query, options: options))
        var position = 0
        for source in corpus.sources.indices {
            let (text, starts) = joined(corpus, source: source)
            let utf8 = text.utf8
            for range in reference.ranges(in: text) {
                let expected = utf8.distance(from: utf8.startIndex, to: range.lowerBound)..<utf8.distance(from: utf8.startIndex, to: range.upperBound)
                guard position < index.count else {
                    Issue.record("missing hit \(position) of \(query) (\(options)): \(text[range])")
                    return kinds
                }
                let hit = index.hit(at: position)
                let first = corpus.rows(ofSource: source).lowerBound
                let found = (starts[hit.row - first] + hit.utf8Range.lowerBound)..<(starts[hit.row - first] + hit.utf8Range.upperBound)
                #expect(corpus.source(ofRow: hit.row) == source)
                #expect(found == expected, "hit \(position) of \(query) (\(options))")
                #expect(index.matchedText(ofHitAt: position, in: corpus) == String(text[range]))
                // The parts are the hit's text in each row, in row order, with the joining spaces between.
                let segments = index.segments(ofHitAt: position, in: corpus)
                #expect(segments.map(\.row) == Array(hit.row...(hit.row + segments.count - 1)))
                #expect(segments.enumerated().allSatisfy { $0.element.isFirst == ($0.offset == 0) })
                if let last = segments.last, segments.count > 1, last.utf8Range.upperBound == length(corpus, last.row) { kinds.endingAtACueEnd += 1 }
                if hit.utf8Range.lowerBound == 0 { kinds.beginningAtARowStart += 1 }
                if segments.count == 2 { kinds.acrossTwo += 1 }
                if segments.count >= 3 { kinds.acrossThreeOrMore += 1 }
                position += 1
            }
        }
        #expect(position == index.count, "\(index.count - position) extra hits of \(query)")
        #expect(index.isConsistent(with: corpus))
        #expect(try HitIndex(serialized: index.serialized()) == index)
        return kinds
    }

    static let optionGrid: [SearchOptions] = [
        SearchOptions(), SearchOptions(caseMatching: .sensitive), SearchOptions(diacritics: .insensitive),
        SearchOptions(words: .wholeWords), SearchOptions(language: "tr"),
        SearchOptions(caseMatching: .sensitive, diacritics: .insensitive, words: .wholeWords),
    ]

    @Test(arguments: Array(optionGrid.indices))
    func generatedTranscriptsAgreeWithTheReference(_ option: Int) throws {
        var generator = Generator(state: UInt64(7 + option), recases: Self.optionGrid[option].caseMatching == .insensitive)
        let transcripts = (0..<3).map { _ in generator.transcript(words: 2_400, oddStarts: true) }
        let corpus = Self.corpus(transcripts.map(\.rows))
        #expect(corpus.rowCount > 2_000)
        var kinds = Kinds()
        for round in 0..<11 {
            let transcript = transcripts[generator.next(transcripts.count)]
            let query = switch round {
            case 0..<2: generator.phrase(from: transcript.words)
            // Two common words: a few dozen hits, some of them across cues.
            case 2..<5: generator.recased(Self.words[generator.next(13)] + " " + Self.words[generator.next(13)])
            default: generator.phrase(across: transcript.rows, throughThree: round % 3 == 0)
            }
            kinds = kinds + (try Self.expectAgreesWithReference(corpus, query: query, options: Self.optionGrid[option]))
        }
        // The hard kinds all came up: a hit across cues ending where a cue ends, one beginning
        // where a row begins, across two and across three cues.
        #expect(kinds.endingAtACueEnd > 0 && kinds.beginningAtARowStart > 0 && kinds.acrossTwo > 0 && kinds.acrossThreeOrMore > 0, "\(kinds)")
    }

    @Test func generatedTranscriptsAgreeWithTheReferenceForRegularExpressions() throws {
        var generator = Generator(state: 42)
        let corpus = Self.corpus((0..<2).map { _ in generator.transcript(words: 1_500, oddStarts: true).rows })
        let regex = SearchOptions(syntax: .regularExpression)
        for pattern in ["the\\s+budget", "\\w+ \\w+", "cut.{1,14}by", "percent\\s", "\\s(?:budget|café)", "\\d", "x\\s*x\\s*x"] {
            try Self.expectAgreesWithReference(corpus, query: pattern, options: regex)
            try Self.expectAgreesWithReference(corpus, query: pattern, options: SearchOptions(words: .wholeWords, syntax: .regularExpression))
        }
    }

    /// Hits that lie within one row are the normal search's hits: a query without a space finds
    /// exactly what it finds without the option, and with phrases every row that no hit across
    /// rows touches has the same hits as without the option. (The normal search here is the
    /// reference per row: the engine's literal matcher misses some hits in decomposed text, see
    /// `LiteralMatcherKnownIssueTests`.)
    @Test(arguments: Array(optionGrid.indices))
    func hitsWithinOneRowAreTheNormalSearchsHits(_ option: Int) throws {
        var generator = Generator(state: UInt64(100 + option))
        let transcripts = (0..<2).map { _ in generator.transcript(words: 1_600, oddStarts: false) }
        let corpus = Self.corpus(transcripts.map(\.rows))
        let options = Self.optionGrid[option]
        var acrossOptions = options
        acrossOptions.spanning = .acrossRows
        var spanningSeen = 0
        for round in 0..<10 {
            let stream = transcripts[round % 2].words
            let query = round < 4 ? stream[generator.next(stream.count)] : generator.phrase(from: stream)
            let normal = SearchRunner(try RegexMatcher(try Query(query, options: options))).search(corpus)
            let across = try Self.search(corpus, query, acrossOptions)
            if !query.contains(" ") {
                #expect(across == normal, "\(query)")
                continue
            }
            var touched = Set<Int>()
            for position in 0..<across.count {
                let segments = across.segments(ofHitAt: position, in: corpus)
                if segments.count > 1 || across.hit(at: position).utf8Range.upperBound > Self.length(corpus, segments[0].row) {
                    touched.formUnion(segments.map(\.row))
                    spanningSeen += 1
                }
            }
            for row in 0..<corpus.rowCount where !touched.contains(row) {
                #expect(across.hits(inRow: row).map(\.utf8Range) == normal.hits(inRow: row).map(\.utf8Range), "\(query) in row \(row)")
            }
        }
        #expect(spanningSeen > 0, "the generated phrases cross cues")
    }

    static func length(_ corpus: Corpus, _ row: Int) -> Int { corpus.text(ofRow: row).utf8.count }
}
