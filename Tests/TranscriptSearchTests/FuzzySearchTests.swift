import Testing
import TranscriptModel
@testable import TranscriptSearch

/// `--fuzzy` searches (`SearchOptions.fuzzy`): what the recognizer misheard is found, marked with
/// its edits, and the fast matcher gives exactly the plain definition's hits (`FuzzyReference`).
struct FuzzySearchTests {
    /// 400 rows of `vocabulary`'s words (1 to `longestRow` of them, seeded), a third of them
    /// misspelled (a letter removed, added or changed, two letters swapped, a split, or upper case)
    /// and a quarter of the rows with two neighbouring words joined, for differential tests.
    static func textsWithMisspellings(of vocabulary: [String], seed: UInt64, longestRow: Int) -> [String] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        func misspelled(_ word: String) -> String {
            var characters = Array(word)
            guard characters.count > 1 else { return word }
            let at = next(characters.count)
            switch next(6) {
            case 0: characters.remove(at: at)
            case 1: characters.insert(Character(UnicodeScalar(UInt8(97 + next(26)))), at: at)
            case 2: characters[at] = Character(UnicodeScalar(UInt8(97 + next(26))))
            case 3 where at + 1 < characters.count: characters.swapAt(at, at + 1)
            case 4: characters.insert(" ", at: at)  // a split
            default: return word.uppercased()
            }
            return String(characters)
        }
        return (0..<400).map { _ in
            var words = (0..<(1 + next(longestRow))).map { _ in
                let word = vocabulary[next(vocabulary.count)]
                return next(3) == 0 ? misspelled(word) : word
            }
            if words.count > 1, next(4) == 0 {  // a join
                let at = next(words.count - 1)
                words[at] += words.remove(at: at + 1)
            }
            return words.joined(separator: [" ", " ", ", ", "  ", "\t", ". "][next(6)])
        }
    }

    static func corpus(_ texts: [String]) -> Corpus {
        Corpus([Transcript(source: SourceInfo(path: "f.srt", format: "srt", encoding: "UTF-8"), rows: texts.enumerated().map { index, text in
            Row(id: RowID(source: 0, index: index), text: text, start: Timestamp(milliseconds: Int64(index) * 1_000), locator: Locator(file: "f.srt"))
        })])
    }

    static func options(edits: Int? = nil, _ change: (inout SearchOptions) -> Void = { _ in }) -> SearchOptions {
        var options = SearchOptions(fuzzy: true, fuzzyEdits: edits)
        change(&options)
        return options
    }

    /// The texts of `query`'s hits, each with `≈N` when approximate, after checking the search
    /// (hits and edits) equals the reference's.
    static func found(_ query: String, in texts: [String], options: SearchOptions = options()) throws -> [String] {
        let corpus = corpus(texts)
        let index = try SearchRequest(text: query, options: options).runner().search(corpus)
        let reference = try SearchRunner(FuzzyReference(Query(query, options: options)), spanning: options.spanning).search(corpus)
        #expect(index == reference, "\(query): \(index.count) hits, the reference \(reference.count)")
        let found = (0..<index.count).map { position in
            let text = index.matchedText(ofHitAt: position, in: corpus)
            let edits = index.edits(ofHitAt: position)
            return edits == 0 ? text : "\(text)≈\(edits)"
        }
        return found
    }

    @Test func aMisheardLetterIsFound() throws {
        #expect(try Self.found("kubernetis", in: ["We moved to Kubernetes last year."]) == ["Kubernetes≈1"])
    }

    @Test func aSwapIsOneEdit() throws {
        #expect(try Self.found("recieve", in: ["Did you receive it?"]) == ["receive≈1"])
        #expect(try Self.found("recieve", in: ["Did you receive it?"], options: Self.options(edits: 0)) == [])
    }

    @Test func wordsOfThreeLettersAreExactOnly() throws {
        #expect(try Self.found("cat", in: ["The car and the cart, the CAT."]) == ["CAT"])
    }

    @Test func anApproximateHitIsMarkedAndGoesAfterEveryExactOne() throws {
        let texts = ["Back in York we work late.", "More work."]
        #expect(try Self.found("work", in: texts) == ["York≈1", "work", "work"])
        let index = try SearchRequest(text: "work", options: Self.options()).runner().search(Self.corpus(texts))
        #expect(index.positionsBestFirst == [1, 2, 0])
        #expect(index.approximateCount == 1)
        #expect(try Self.found("work", in: texts, options: Self.options(edits: 0)) == ["work", "work"])
    }

    @Test func splitAndJoinedWords() throws {
        #expect(try Self.found("goldpeak", in: ["We met at Gold Peak today."]) == ["Gold Peak≈1"])
        #expect(try Self.found("gold peak", in: ["We met at Goldpeak today."]) == ["Goldpeak≈1"])
        #expect(try Self.found("gold peak", in: ["We met at Gold Peak today."]) == ["Gold Peak"])
        // Only whitespace between the words of a hit.
        #expect(try Self.found("goldpeak", in: ["Gold, Peak."]) == [])
        #expect(try Self.found("budget review", in: ["The budgett reviw is done."]) == ["budgett reviw≈2"])
    }

    @Test func accentsAndTurkishIFollowTheOptions() throws {
        let texts = ["Zürich and Zurich, İstanbul, ISTANBUL"]
        #expect(try Self.found("zurich", in: texts) == ["Zürich≈1", "Zurich"])
        #expect(try Self.found("zurich", in: texts, options: Self.options { $0.diacritics = .insensitive }) == ["Zürich", "Zurich"])
        #expect(try Self.found("istanbul", in: texts, options: Self.options { $0.language = "tr" }) == ["İstanbul", "ISTANBUL≈1"])
        #expect(try Self.found("Zurich", in: texts, options: Self.options { $0.caseMatching = .sensitive }) == ["Zürich≈1", "Zurich"])
        // Decomposed accents are one character.
        #expect(try Self.found("cafe", in: ["cafe\u{301} caf"], options: Self.options { $0.diacritics = .insensitive }) == ["cafe\u{301}", "caf≈1"])
    }

    @Test func wordsAtTheStartAndTheEndOfARow() throws {
        #expect(try Self.found("budgit", in: ["Budget", "budget", "the budget", "budget."]) == ["Budget≈1", "budget≈1", "budget≈1", "budget≈1"])
    }

    @Test func aQueryLongerThanAnyRow() throws {
        #expect(try Self.found("the quarterly budget review meeting with everyone", in: ["the budget", "review", ""]) == [])
    }

    @Test func badFuzzyOptionsAreQueryErrors() throws {
        #expect(throws: QueryError.self) { try SearchRequest(text: "budget", options: SearchOptions(syntax: .regularExpression, fuzzy: true)).validate() }
        #expect(throws: QueryError.self) { try SearchRequest(text: "budget", options: SearchOptions(fuzzy: true, fuzzyEdits: 9)).validate() }
        #expect(throws: QueryError.self) { try SearchRequest(text: "...", options: SearchOptions(fuzzy: true)).validate() }
        #expect(try FuzzyQuery(Query("cat dog", options: SearchOptions(fuzzy: true))).allowsNoEdits == false)  // catdog: 6 letters
        #expect(try FuzzyQuery(Query("cat", options: SearchOptions(fuzzy: true))).allowsNoEdits)
    }

    @Test func acrossCuesAPhraseSpansRowsWithItsEdits() throws {
        let options = Self.options { $0.spanning = .acrossRows }
        #expect(try Self.found("budget review", in: ["we did the budgit", "reviw today"], options: options) == ["budgit reviw≈2"])
    }

    @Test func boolQueriesTakeEachWordFuzzily() throws {
        let corpus = Self.corpus(["The budgit grew.", "Hiring froze.", "We budgeted for hirng."])
        let options = SearchOptions(syntax: .boolean, within: .row, fuzzy: true)
        let index = try SearchRequest(text: "budget hiring", options: options).runner().search(corpus)
        let reference = try WindowReference(BooleanQuery(parsing: "budget hiring"), options: options).search(corpus)
        #expect(index == reference)
        #expect(index.count == 0)
        let found = try SearchRequest(text: "budgeted hiring", options: options).runner().search(corpus)
        #expect((0..<found.count).map { found.matchedText(ofHitAt: $0, in: corpus) } == ["budgeted … hirng"])
        #expect(found.edits(ofHitAt: 0) == 1)
    }

    @Test func editsAreKeptInTheCacheAndOlderCachesReadAsExact() throws {
        let index = try SearchRequest(text: "work", options: Self.options()).runner().search(Self.corpus(["York work"]))
        let bytes = index.serialized()
        #expect(try HitIndex(serialized: bytes) == index)
        #expect(try HitIndex(serialized: bytes).edits(ofHitAt: 0) == 1)
    }

    /// Generated text with misspellings, splits and joins injected; every query's search equals
    /// the reference under every option grid.
    @Test func theSearchEqualsTheReferenceOnGeneratedText() throws {
        let vocabulary = ["budget", "review", "kubernetes", "receive", "work", "york", "gold", "peak", "goldpeak", "milestone",
                          "the", "we", "a", "postmortem", "zürich", "café", "İstanbul", "naïve", "Straße", "ΣΟΦΙΑ", "会议", "👍🏽",
                          "customer", "interview", "roadmap", "onboarding", "it's", "e.g.", "x", "👩🏽‍💻", "❤️", "🇯🇵", "🎉",
                          "reve\u{301}w", "bu\u{308}dget", "x\u{200D}y", "a\u{1F3FD}", "\u{1}\u{301}budget", "\u{AD}\u{301}", "🎉\u{200D}budget",
                          "❶", "🎉\u{200D}❶", "\u{301}x", " \u{FE0F}"]
        let texts = Self.textsWithMisspellings(of: vocabulary, seed: 7, longestRow: 12)
        let corpus = Self.corpus(texts)
        let queries = ["budget", "kubernetis", "recieve", "work", "gold peak", "goldpeak", "budget review", "zurich", "cafe",
                       "istanbul", "milestone postmortem review", "the budget", "we work", "a", "strasse", "sofia", "naive", "customer interview",
                       "review", "budget x", "ay", "x y"]
        let grids: [SearchOptions] = [
            Self.options(), Self.options(edits: 0), Self.options(edits: 3), Self.options { $0.caseMatching = .sensitive },
            Self.options { $0.diacritics = .insensitive }, Self.options { $0.language = "tr" },
        ]
        for query in queries {
            for options in grids {
                let fast = try SearchRequest(text: query, options: options).runner().search(corpus)
                let reference = try SearchRunner(FuzzyReference(Query(query, options: options))).search(corpus)
                #expect(fast == reference, "\(query) \(options): \(fast.count) hits, the reference \(reference.count)")
            }
        }
    }
}

extension FuzzySearchTests {
    /// A longer fuzzy query can find rows a shorter one did not (`wor` is exact only, `work` finds
    /// York): typing never searches only the rows of the query before.
    @Test func aLongerFuzzyQueryNeverRefinesTheShorter() throws {
        let options = Self.options()
        #expect(!SearchRequest(text: "work", options: options).refines(SearchRequest(text: "wor", options: options)))
        #expect(RowPrefilter(SearchRequest(text: "work", options: options)) == nil)
    }

    @Test func aVersion3CacheReadsAsExact() throws {
        let index = try SearchRequest(text: "work").runner().search(Self.corpus(["work and work"]))
        var bytes = index.serialized()
        // Version 3: the same layout without the edits column (an empty array: its count, 8 bytes).
        let versionAt = HitIndex.magic.count + 8
        bytes.replaceSubrange(versionAt..<versionAt + 8, with: [3, 0, 0, 0, 0, 0, 0, 0])
        bytes.removeLast(8)
        let read = try HitIndex(serialized: bytes)
        #expect(read == index && !read.hasApproximateHits && read.edits(ofHitAt: 1) == 0)
    }
}
