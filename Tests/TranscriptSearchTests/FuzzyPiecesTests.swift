import Testing
import TranscriptModel
@testable import TranscriptSearch

/// `FuzzyPieces`: every text within a query unit's budget holds one of its pieces as it is, so the
/// rows the fast matcher skips unread have no hit the reference would find.
struct FuzzyPiecesTests {
    /// Random words and random edits on them (swaps at the cuts most of all): the text always holds
    /// a piece whenever its distance is within the budget.
    @Test func everyTextWithinTheBudgetHoldsAPiece() {
        var state: UInt64 = 11
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        var checked = 0
        for _ in 0..<20_000 {
            let length = 2 + next(12), budget = next(4)
            // A small alphabet: pieces recur, edits make other pieces by chance.
            let word = (0..<length).map { _ in UInt32(97 + next(3)) }
            let pieces = FuzzyPieces.pieces(of: word, budget: budget)
            let cuts = (0...budget + 1).map { $0 * length / (budget + 1) }
            var text = word
            for _ in 0..<(budget + next(2)) {
                guard !text.isEmpty else { break }
                switch next(5) {
                case 0: text.remove(at: next(text.count))
                case 1: text.insert(UInt32(97 + next(4)), at: next(text.count + 1))
                case 2: text[next(text.count)] = UInt32(97 + next(4))
                case 3:
                    // A swap across a cut.
                    let at = cuts[next(cuts.count)] - 1
                    if at >= 0, at + 1 < text.count { text.swapAt(at, at + 1) }
                default:
                    let at = next(text.count)
                    if at + 1 < text.count { text.swapAt(at, at + 1) }
                }
            }
            guard FuzzyReference.distance(word.map { String($0) }, text.map { String($0) }) <= budget else { continue }
            checked += 1
            let held = pieces.contains { piece in
                piece.isEmpty || (0...max(0, text.count - piece.count)).contains { text.count >= piece.count && Array(text[$0..<$0 + piece.count]) == piece }
            }
            #expect(held, "\(word) within \(budget) of \(text): no piece of \(pieces)")
        }
        #expect(checked > 5_000)
    }

    @Test func aWordIsCutIntoOneMorePieceThanItsEditsAndOneAcrossEachCut() {
        let units = Array("milestone".unicodeScalars.map(\.value))
        let pieces = FuzzyPieces.pieces(of: units, budget: 2).map { String(String.UnicodeScalarView($0.compactMap(Unicode.Scalar.init))) }
        #expect(pieces == ["mil", "est", "one", "mie", "eso"])
    }

    /// Rows made to slip past a careless filter: swaps at the cuts, words split and joined across
    /// the pieces, short words, other scripts and folded letters; the fast matcher's hits equal the
    /// reference's under each option.
    @Test func adversarialRowsGiveTheReferenceHits() throws {
        let texts = [
            "bugdit", "budgti", "ubdgit", "bu dgit", "budg it", "bud git", "b udgit", "BUGDIT report",
            "mielstone", "milsetone", "milestoen", "mil es tone", "mi lestone", "milest one", "imlestone", "misletone",
            "gold peak", "gol dpeak", "goldpaek", "Gold-Peak", "gold, peak", "goldpeak", "glodpeak",
            "the budgit review", "thebudgit review", "the budgitreview", "teh budgit reveiw", "the bugdit rveiew",
            "work", "York", "wrok", "owrk", "w ork", "cat car", "ca t",
            "Kubernetis", "kuberentes", "kubernetes", "KUBERNETES", "kub ernetes",
            "zürich", "Zurich", "ZÜRICH zuerich", "İstanbul", "ISTANBUL", "istanbul", "café", "cafe", "Kelvin \u{212A}ubernetes",
            "naïve", "naive", "👍🏽 budget", "会议 budget", "budget\u{0301}", "budgi\u{0301}t", "Zoë’s budgit — review",
            "büdgit", "bÜdgit", "ZÜRİCH", "zu\u{0308}rich", "Ønboarding mïlestone", "milestøne", "ΣΟΦΙΑ sofia", "mi\u{200D}lestone",
        ]
        let queries = ["budgit", "milestone", "gold peak", "goldpeak", "the budgit review", "work", "cat", "kubernetis", "zurich",
                       "istanbul", "cafe", "naive", "budget", "a b", "customer interview feedback"]
        let grids: [SearchOptions] = [
            FuzzySearchTests.options(), FuzzySearchTests.options(edits: 0), FuzzySearchTests.options(edits: 1),
            FuzzySearchTests.options(edits: 3), FuzzySearchTests.options { $0.caseMatching = .sensitive },
            FuzzySearchTests.options { $0.diacritics = .insensitive }, FuzzySearchTests.options { $0.language = "tr" },
        ]
        let corpus = FuzzySearchTests.corpus(texts)
        var found = 0
        for query in queries {
            for options in grids {
                let fast = try SearchRequest(text: query, options: options).runner().search(corpus)
                let reference = try SearchRunner(FuzzyReference(Query(query, options: options))).search(corpus)
                #expect(fast == reference, "\(query) \(options): \(fast.count) hits, the reference \(reference.count)")
                found += reference.count
            }
        }
        #expect(found > 200)
    }

    @Test func aWordWithPiecesOfOneUnitReadsEveryRow() {
        // work with 3 edits: four pieces of one letter, too short to skip anything.
        #expect(FuzzyPieces(words: [Array("work".unicodeScalars.map(\.value))], budgets: [3], joinedBudgets: []) == nil)
        #expect(FuzzyPieces(words: [Array("work".unicodeScalars.map(\.value))], budgets: [1], joinedBudgets: [])?.length == 2)
    }
}
