import Foundation
import Testing

/// Names and words as people write them: `--speaker lukasz` finds Łukasz, `yilmaz` finds Yılmaz,
/// `--ignore-accents lukasz` finds Łukasz in the text, `speaker:lu` lists Łukasz, and a straight
/// apostrophe finds the typographic one Otter writes (`we'll` finds `we’ll`), but not with `-s`.
@Suite(.serialized) struct FoldingAndQuotesEndToEndTests {
    static let vtt = """
    WEBVTT

    00:00:01.000 --> 00:00:02.000
    <v Łukasz Nowak>The budget is final, we’ll revisit in Q3.

    00:00:03.000 --> 00:00:04.000
    <v Ayşe Yılmaz>Ask Łukasz about the budget; we'll revisit in Q3.

    00:00:05.000 --> 00:00:06.000
    <v Lucy Park>No budget from me, and we‘ll see “the plan”.

    """

    struct Folder {
        let url: URL

        init() throws {
            url = try TSearch.temporaryDirectory()
            try Data(FoldingAndQuotesEndToEndTests.vtt.utf8).write(to: url.appendingPathComponent("a.vtt"))
        }

        func run(_ arguments: [String]) throws -> TSearch.Outcome {
            try TSearch.run(arguments, in: url, environment: ["TSEARCH_STATE": url.appendingPathComponent("state/session.json").path])
        }
    }

    @Test func speakerFiltersFoldLettersThatDoNotDecompose() throws {
        let folder = try Folder()
        let lukasz = try folder.run(["search", "--speaker", "lukasz", "budget", "a.vtt"])
        #expect(lukasz.status == 0 && lukasz.stdout.contains("Łukasz Nowak") && !lukasz.stdout.contains("Yılmaz"), "\(lukasz.stdout)\(lukasz.stderr)")
        let yilmaz = try folder.run(["search", "speaker:yilmaz budget", "a.vtt"])
        #expect(yilmaz.status == 0 && yilmaz.stdout.contains("Ayşe Yılmaz") && !yilmaz.stdout.contains("Nowak"), "\(yilmaz.stdout)\(yilmaz.stderr)")
    }

    @Test func speakerSuggestionsIncludeTheNameWithAStroke() throws {
        let listed = try Folder().run(["speakers", "speaker:lu", "a.vtt"])
        #expect(listed.status == 0 && listed.stdout.contains("Łukasz Nowak") && listed.stdout.contains("Lucy Park"), "\(listed.stdout)\(listed.stderr)")
    }

    @Test func accentsOffFindsALetterWithAStrokeInTheText() throws {
        let folder = try Folder()
        let found = try folder.run(["search", "-c", "--ignore-accents", "lukasz", "a.vtt"])
        #expect(found.stdout.contains("a.vtt:1"), "\(found.stdout)\(found.stderr)")
        let plain = try folder.run(["search", "-c", "lukasz", "a.vtt"])
        #expect(!plain.stdout.contains("a.vtt:1"), "\(plain.stdout)")
    }

    @Test func aStraightApostropheFindsTypographicOnesUnlessCaseCounts() throws {
        let folder = try Folder()
        let found = try folder.run(["search", "-c", "we'll revisit in Q3", "a.vtt"])
        #expect(found.stdout.contains("a.vtt:2"), "\(found.stdout)\(found.stderr)")
        let all = try folder.run(["search", "-c", "we'll", "a.vtt"])
        #expect(all.stdout.contains("a.vtt:3"), "\(all.stdout)")
        let exact = try folder.run(["search", "-c", "-s", "we'll", "a.vtt"])
        #expect(exact.stdout.contains("a.vtt:1"), "\(exact.stdout)")
        let quoted = try folder.run(["search", "-c", "\"the plan\"", "a.vtt"])
        #expect(quoted.stdout.contains("a.vtt:1"), "\(quoted.stdout)")
    }
}
