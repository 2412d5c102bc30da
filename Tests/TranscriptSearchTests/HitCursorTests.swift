import Testing
import TranscriptModel
@testable import TranscriptSearch

struct HitCursorTests {
    struct Step: Sendable, CustomTestStringConvertible {
        let start: Int?
        let count: Int
        let wrapping: HitCursor.Wrapping
        let steps: Int
        let expected: Int?
        let outcome: HitCursor.Outcome
        var testDescription: String { "\(start as Any) + \(steps) of \(count) \(wrapping)" }
    }

    @Test(arguments: [
        Step(start: 0, count: 5, wrapping: .wraps, steps: 1, expected: 1, outcome: .moved),
        Step(start: 3, count: 5, wrapping: .wraps, steps: 1, expected: 4, outcome: .moved),
        Step(start: 4, count: 5, wrapping: .wraps, steps: 1, expected: 0, outcome: .wrapped),
        Step(start: 0, count: 5, wrapping: .wraps, steps: -1, expected: 4, outcome: .wrapped),
        Step(start: 2, count: 5, wrapping: .wraps, steps: 12, expected: 4, outcome: .wrapped),
        Step(start: 2, count: 5, wrapping: .wraps, steps: -13, expected: 4, outcome: .wrapped),
        Step(start: 4, count: 5, wrapping: .stops, steps: 1, expected: 4, outcome: .stoppedAtEnd),
        Step(start: 0, count: 5, wrapping: .stops, steps: -1, expected: 0, outcome: .stoppedAtEnd),
        Step(start: 2, count: 5, wrapping: .stops, steps: 5, expected: 4, outcome: .stoppedAtEnd),
        Step(start: 0, count: 1, wrapping: .wraps, steps: 1, expected: 0, outcome: .wrapped),
        Step(start: nil, count: 0, wrapping: .wraps, steps: 1, expected: nil, outcome: .noHits),
    ])
    func moves(_ step: Step) {
        var cursor = HitCursor(count: step.count, current: step.start, wrapping: step.wrapping)
        let outcome = cursor.move(by: step.steps)
        #expect(outcome == step.outcome)
        #expect(cursor.current == step.expected)
    }

    @Test func firstHitIsCurrentAfterASearchAndEndsAreKnown() {
        var cursor = HitCursor(count: 3)
        #expect(cursor.current == 0)
        #expect(cursor.isAtFirstHit)
        #expect(!cursor.isAtLastHit)
        cursor.last()
        #expect(cursor.isAtLastHit)
        cursor.first()
        #expect(cursor.current == 0)
        #expect(HitCursor(count: 0).current == nil)
    }

    @Test func everyPositionIsSelectableAndNoOtherIs() {
        var cursor = HitCursor(count: 4)
        for position in 0..<4 {
            let selected = cursor.select(position)
            #expect(selected)
            #expect(cursor.current == position)
        }
        let beyond = cursor.select(4), before = cursor.select(-1)
        #expect(!beyond && !before)
        #expect(cursor.current == 3)
    }
}

struct ReanchoringTests {
    /// Rows of a small meeting; the tests search it with different queries.
    static let corpus: Corpus = {
        let texts = [
            "Welcome, everyone.",                          // 0
            "The budget for Q3 is tight.",                 // 1
            "Bob: buy less, budget more.",                 // 2
            "Nothing here.",                               // 3
            "Nothing here either.",                        // 4
            "A bus and a budget.",                         // 5
            "Budget again, and the budget review.",        // 6
        ]
        return Corpus([Transcript(
            source: SourceInfo(path: "m.txt", format: "txt", encoding: "UTF-8"),
            rows: texts.enumerated().map { Row(id: RowID(source: 0, index: $0), text: $1, locator: Locator(file: "m.txt")) }
        )])
    }()

    static func search(_ query: String) -> HitIndex {
        SearchRunner(try! RegexMatcher(try! Query(query))).search(corpus)
    }

    static func anchor(_ index: HitIndex, _ position: Int) -> HitCursor.Anchor {
        let hit = index.hit(at: position)
        return HitCursor.Anchor(row: hit.row, utf8Range: hit.utf8Range)
    }

    /// A query growing letter by letter keeps the same word current.
    @Test(arguments: 0..<5)
    func growingQueryStaysOnTheSameWord(_ startAt: Int) {
        // Start on the `startAt`-th "budget" word and type b, bu, bud, budg, budget.
        let full = Self.search("budget")
        let target = full.hit(at: startAt)
        var index = Self.search("b")
        var cursor = HitCursor.reanchored(
            in: index, from: HitCursor.Anchor(row: target.row, utf8Range: target.utf8Range.lowerBound..<target.utf8Range.lowerBound + 1))
        for query in ["bu", "bud", "budg", "budget"] {
            let anchor = Self.anchor(index, cursor.current!)
            index = Self.search(query)
            cursor = HitCursor.reanchored(in: index, from: anchor)
            let hit = index.hit(at: cursor.current!)
            #expect(hit.row == target.row, "\(query)")
            #expect(hit.utf8Range.lowerBound == target.utf8Range.lowerBound, "\(query)")
        }
    }

    @Test func rule1OverlapInTheSameRow() {
        let old = Self.search("budget more")
        let new = Self.search("more")
        let cursor = HitCursor.reanchored(in: new, from: Self.anchor(old, 0))
        #expect(new.hit(at: cursor.current!).row == 2)
    }

    @Test func rule2NearestTheCentreOfTheScreen() {
        // Old hit "Welcome" (row 0) has no overlap with "budget" hits; the screen shows rows 2...6
        // (centre row 4): rows 3 and 5 are equally near; below wins, and a row below gives its first hit.
        let old = Self.search("welcome")
        let new = Self.search("budget")
        let cursor = HitCursor.reanchored(in: new, from: Self.anchor(old, 0), rowsOnScreen: 2..<7)
        let hit = new.hit(at: cursor.current!)
        #expect(hit.row == 5)
        // A screen whose nearest hit row is above the centre gives that row's last hit.
        let above = HitCursor.reanchored(in: new, from: Self.anchor(old, 0), rowsOnScreen: 2..<5)
        #expect(above.current == new.positions(inRow: 2).upperBound - 1)
        // The centre row itself counts as below: its first hit.
        let onCentre = HitCursor.reanchored(in: new, from: Self.anchor(old, 0), rowsOnScreen: 5..<8)
        #expect(onCentre.current == new.positions(inRow: 6).lowerBound)
    }

    @Test func rule3FirstHitAtOrAfterTheOldRowThenFirstHit() {
        let old = Self.search("nothing here either")
        let new = Self.search("budget")
        let cursor = HitCursor.reanchored(in: new, from: Self.anchor(old, 0))  // no screen
        #expect(new.hit(at: cursor.current!).row == 5)
        let late = Self.search("review")
        let wrapped = HitCursor.reanchored(in: Self.search("welcome"), from: Self.anchor(late, 0))
        #expect(wrapped.current == 0)
        #expect(HitCursor.reanchored(in: new, from: nil).current == 0)
        #expect(HitCursor.reanchored(in: Self.search("zzz"), from: Self.anchor(old, 0)).current == nil)
    }

    @Test func rule2IsSkippedWhenTheScreenHasNoHits() {
        let old = Self.search("welcome")
        let new = Self.search("review")
        let cursor = HitCursor.reanchored(in: new, from: Self.anchor(old, 0), rowsOnScreen: 3..<5)
        #expect(new.hit(at: cursor.current!).row == 6)  // rule 3
    }
}
