import Foundation
import Testing
@testable import TranscriptSearch

/// Found while testing hits across cues (issue 10), left for the literal matcher's owner: with an
/// accented query character followed later by the anchor run, decomposed text (`e` + U+0301, as
/// macOS writes it) loses hits the reference finds. Recorded as a known issue so it shows in every
/// run and this test fails (asking to drop `withKnownIssue`) once it is fixed.
struct LiteralMatcherKnownIssueTests {
    @Test(arguments: ["afé ca", "café caf", "café café"])
    func decomposedTextBeforeTheAnchorLosesHits(_ query: String) throws {
        let text = query.decomposedStringWithCanonicalMapping
        let parsed = try Query(query)
        let reference = try RegexMatcher(parsed).ranges(in: text)
        #expect(reference.count == 1)
        let literal = try #require(LiteralMatcher(parsed))
        withKnownIssue("LiteralMatcher misses a hit in decomposed text that the reference finds") {
            #expect(literal.ranges(in: text) == reference)
        }
    }
}
