import Foundation
import Testing
import TranscriptModel
import TranscriptSearch
import TranscriptRendering

/// `AttributedTranscript`: rows, snippets and a hit's context as `AttributedString`s. Expected
/// strings mark what the attributes say: `[…]` a hit, `{…}` the current hit, `<3/17 >` a hit-number
/// label, `(00:00:02 )` a time label, `«Alice: »` a speaker label.
struct AttributedTranscriptTests {
    /// One transcript of `texts`, row k starting at 2k seconds, speakers as given.
    static func corpus(_ texts: [String], speakers: [String?]? = nil) -> Corpus {
        Corpus([Transcript(source: SourceInfo(path: "t.vtt", format: "vtt", encoding: "UTF-8"), rows: texts.enumerated().map { index, text in
            Row(id: RowID(source: 0, index: index), text: text, start: Timestamp(seconds: Double(index * 2)),
                speaker: speakers?[index], locator: Locator(file: "t.vtt"))
        })])
    }

    static func view(_ texts: [String], _ query: String, options: SearchOptions = SearchOptions(), current: Int? = nil,
                     speakers: [String?]? = nil) throws -> AttributedTranscript {
        let corpus = corpus(texts, speakers: speakers)
        return AttributedTranscript(corpus: corpus, index: try SearchRequest(text: query, options: options).runner().search(corpus), current: current)
    }

    /// The string with its attributes written as brackets (see the type's comment).
    static func marked(_ string: AttributedString) -> String {
        var out = ""
        for run in string.runs {
            let text = String(string[run.range].characters)
            if run.transcript.currentHit == true, run.transcript.hit != nil {
                out += "{\(text)}"
            } else if run.transcript.hit != nil {
                out += "[\(text)]"
            } else if run.transcript.hitNumber != nil {
                out += "<\(text)>"
            } else if run.transcript.timestamp != nil {
                out += "(\(text))"
            } else if run.transcript.speakerLabel != nil {
                out += "«\(text)»"
            } else {
                out += text
            }
        }
        return out
    }

    @Test func everyHitIsMarkedAndTheCurrentOneApart() throws {
        let view = try Self.view(["the budget and the Budget"], "budget", current: 1)
        #expect(Self.marked(view.text(ofRow: 0)) == "the [budget] and the {Budget}")
    }

    @Test func adjacentHitsStaySeparateRuns() throws {
        let view = try Self.view(["aaaa"], "aa")
        #expect(Self.marked(view.text(ofRow: 0)) == "[aa][aa]")
        #expect(view.text(ofRow: 0).runs.map(\.transcript.hit) == [0, 1])
    }

    @Test func decomposedTextKeepsItsScalarsAndWholeCharacters() throws {
        let text = "un cafe\u{301} noir, un cafe"
        let view = try Self.view([text], "café")
        let row = view.text(ofRow: 0)
        #expect(Self.marked(row) == "un [cafe\u{301}] noir, un cafe")
        // Scalar for scalar, not merely equal as characters.
        #expect(Array(String(row.characters).unicodeScalars) == Array(text.unicodeScalars))
    }

    @Test func emojiSequencesAndCJKAreMarkedWhole() throws {
        let view = try Self.view(["good 👍🏽 job 👩🏽‍💻 预算会议 budget"], "👩🏽‍💻 预算")
        #expect(Self.marked(view.text(ofRow: 0)) == "good 👍🏽 job [👩🏽‍💻 预算]会议 budget")
        let thumbs = try Self.view(["👍🏽 and 👍"], "👍")
        #expect(Self.marked(thumbs.text(ofRow: 0)) == "👍🏽 and [👍]")
    }

    @Test func aHitAcrossRowsIsMarkedInEachRowWithOnePosition() throws {
        let view = try Self.view(["we need to cut the", "budget by ten", "percent"], "the budget by", options: SearchOptions(spanning: .acrossRows), current: 0)
        #expect(Self.marked(view.text(ofRow: 0)) == "we need to cut {the}")
        #expect(Self.marked(view.text(ofRow: 1)) == "{budget by} ten")
        #expect(view.text(ofRow: 1).runs.first?.transcript.hit == 0)
        #expect(Self.marked(view.context(ofHitAt: 0, rows: 0))
            == "<1/1> (00:00:00) we need to cut {the}\n(00:00:02) {budget by} ten")
    }

    @Test func aRowCarriesItsLabelsWithTheirValues() throws {
        let view = try Self.view(["hello", "the budget, the budget"], "budget", speakers: [nil, "Alice"])
        let row = view.row(1)
        #expect(Self.marked(row) == "<1-2/2> (00:00:02) «Alice: »the [budget], the [budget]")
        #expect(row.runs.compactMap(\.transcript.timestamp) == [2.0])
        #expect(row.runs.compactMap(\.transcript.speakerLabel) == ["Alice"])
        #expect(row.runs.compactMap(\.transcript.hitNumber) == [0])
        #expect(Self.marked(view.row(0)) == "(00:00:00) hello")
    }

    @Test func aSnippetCutsWhereSnippetDoesAndMarksEveryHitInIt() throws {
        let text = "before we go on, the budget review and the budget plan are due on Friday next week"
        let view = try Self.view([text], "budget", current: 1)
        let snippet = view.snippet(ofHitAt: 1, length: 10)
        #expect(Self.marked(snippet) == "…review and the {budget} plan are due…")
        let plain = Snippet(text: text, range: view.index.hit(at: 1).range(in: text), length: 10)
        #expect(String(snippet.characters) == "…" + plain.before + plain.highlight + plain.after + "…")
        #expect(Self.marked(view.snippet(ofHitAt: 0, length: 40)).hasPrefix("before we go on, the [budget]"))
    }

    @Test func theContextHoldsTheRowsAroundTheHitWithinItsFile() throws {
        let view = try Self.view(["one", "two budget", "three", "four"], "budget")
        #expect(Self.marked(view.context(ofHitAt: 0, rows: 1)) == "(00:00:00) one\n<1/1> (00:00:02) two [budget]\n(00:00:04) three")
        #expect(String(view.context(ofHitAt: 0, rows: 9).characters).split(separator: "\n").count == 4)
    }

    /// A window of several terms (`--bool`): every term of the current hit is marked current, and
    /// nothing between the terms is marked.
    @Test func aWindowMarksEachOfItsTermsAsTheCurrentHit() throws {
        let view = try Self.view(
            ["the budget for next year", "hiring is the line", "no budget here"], "budget hiring",
            options: SearchOptions(syntax: .boolean, within: .file), current: 0)
        #expect(Self.marked(view.text(ofRow: 0)) == "the {budget} for next year")
        #expect(Self.marked(view.text(ofRow: 1)) == "{hiring} is the line")
        #expect(Self.marked(view.text(ofRow: 2)) == "no budget here")
    }
}

extension AttributedTranscriptTests {
    @Test func approximateHitsCarryTheirEdits() throws {
        let view = try Self.view(["York and work"], "work", options: SearchOptions(fuzzy: true))
        #expect(Self.marked(view.text(ofRow: 0)) == "[York] and [work]")
        #expect(view.text(ofRow: 0).runs.compactMap(\.transcript.approximate) == [1])
    }
}

/// `TranscriptStyle`: an app's own attributes merged over each kind of run, the transcript's kept.
struct TranscriptStyleTests {
    /// The runs' marker (`languageIdentifier`, an attribute Foundation has on every platform).
    static func markers(_ string: AttributedString) -> [String] {
        string.runs.compactMap { run in run.languageIdentifier.map { "\(String(string[run.range].characters))=\($0)" } }
    }

    @Test func eachKindOfRunGetsItsContainerAndTheCurrentHitBoth() throws {
        var style = TranscriptStyle()
        style.hit.languageIdentifier = "hit"
        style.currentHit.languageIdentifier = "current"
        style.speakerLabel.languageIdentifier = "speaker"
        style.hitNumber.languageIdentifier = "number"
        let view = try AttributedTranscriptTests.view(["the budget and the Budget"], "budget", current: 1, speakers: ["Alice"])
        let styled = style.applied(to: view.row(0))
        #expect(Self.markers(styled) == ["1-2/2=number", "Alice: =speaker", "budget=hit", "Budget=current"])
        // The transcript's attributes stay: a tap still finds the hit's position.
        #expect(AttributedTranscriptTests.marked(styled) == AttributedTranscriptTests.marked(view.row(0)))
    }

    @Test func anApproximateHitGetsItsOwnContainer() throws {
        var style = TranscriptStyle()
        style.hit.languageIdentifier = "hit"
        style.approximateHit.languageIdentifier = "approximate"
        let view = try AttributedTranscriptTests.view(["the budgte and the budget"], "budget", options: SearchOptions(fuzzy: true))
        #expect(Self.markers(style.applied(to: view.text(ofRow: 0))) == ["budgte=approximate", "budget=hit"])
    }

    @Test func timestampsLinkIntoTheMediaAtTheirTime() throws {
        let style = TranscriptStyle.linkingTimestamps(to: try #require(URL(string: "https://example.com/talk.mp4")))
        let view = try AttributedTranscriptTests.view(["hello", "the budget"], "budget")
        let styled = style.applied(to: view.row(1))
        let links = styled.runs.compactMap(\.link)
        #expect(links == [try #require(URL(string: "https://example.com/talk.mp4#t=2.0"))])
    }
}
