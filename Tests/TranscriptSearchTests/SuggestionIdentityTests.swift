import Testing
import TranscriptModel
import TranscriptSearch

/// A suggestion is `Identifiable` by its token, as SwiftUI's `searchable(text:tokens:)` needs:
/// every suggestion of a catalog has its own id, and a speaker, section and file of one name differ.
struct SuggestionIdentityTests {
    @Test func everySuggestionOfAnArchiveHasItsOwnIdItsToken() {
        let corpus = SpeakersAndSuggestionsTests.archive(meetings: 20, rowsEach: 30)
        let all = SuggestionCatalog(corpus: corpus).suggestions(for: "")
        #expect(all.count > 20)
        #expect(Set(all.map(\.id)).count == all.count)
        #expect(all.allSatisfy { $0.id == $0.token })
        let speaker = Suggestion(kind: .speaker, value: "Budget", rows: 1), section = Suggestion(kind: .section, value: "Budget", rows: 1)
        #expect(speaker.id != section.id)
    }
}
