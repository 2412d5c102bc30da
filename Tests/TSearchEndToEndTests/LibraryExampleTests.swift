import Foundation
import Testing

/// The library example in Samples/ runs as an app would (`swift run tsearch-example`): load,
/// suggested tokens, search as the user types through `Searcher`, the rows on screen as
/// `AttributedString` runs, step the current hit to the row to scroll to, a page of snippets,
/// disjunctive facets. Its whole output is the specification.
struct LibraryExampleTests {
    @Test func theExampleFollowsAnAppFromLoadingToFacets() throws {
        let result = try TSearch.run([], executable: TSearch.example)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
        loaded 27 rows of Samples/standup.vtt
        suggestions for "speaker:a": speaker:"Alice" (10 rows)
        typed "budget": 8 hits in 8 rows
        on screen:
          <1/8> (00:00:01) «Alice: »Morning, everyone. Quick standup, then the Q3 {budget} check-in.
          (00:00:05) «Bob: »Morning! I merged the search index patch & all tests pass.
        next: hit 2 of 8, scroll to row 0:2
          <2/8> (00:00:08) «Chen Wei: »Frontend is on track. The {budget} dashboard is half done.
        next: hit 3 of 8, scroll to row 0:6
          <3/8> (00:00:26) «Alice: »{BUDGET} first: finance wants the Q3 numbers by the 15th.
        first page:
          #1 00:01 Alice: …standup, then the Q3 [budget] check-in.
          #2 00:08 Chen Wei: Frontend is on track. The [budget] dashboard is half done.
          #3 00:26 Alice: {BUDGET} first: finance wants…
        with speaker:alice, hits by speaker: Alice 4 · Chen Wei 3 · Bob 1

        """)
    }

    @Test func tokensTypedIntoTheSearchFieldFilterTheRows() throws {
        let result = try TSearch.run(["Samples/standup.vtt", "speaker:ch budget"], executable: TSearch.example)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.contains("typed \"speaker:ch budget\": 3 hits in 3 rows"))
        #expect(lines.filter { $0.hasPrefix("  #") }.allSatisfy { $0.contains(" Chen Wei: ") })
        #expect(lines.filter { $0.hasPrefix("next: ") } == ["next: hit 2 of 3, scroll to row 0:7", "next: hit 3 of 3, scroll to row 0:24"])
    }
}
