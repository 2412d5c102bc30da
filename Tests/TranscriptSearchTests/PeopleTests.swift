import Foundation
import Testing
import TranscriptModel
@testable import TranscriptSearch

/// One person under several spellings is one person: name keys, the people file, and the grouping
/// as facets, suggestions and the speaker filter see it.
struct PeopleTests {
    @Test(arguments: [
        ("Chen, Wei", "Wei Chen", true),
        ("Chen Wei", "WEI CHEN", true),
        ("Priya R (she/her)", "Priya R", true),
        ("Priya R.", "priya r", true),
        ("José García [Guest]", "Jose\u{301} Garcia", true),
        ("Wei Chen", "Wei Chan", false),
        ("Priya R", "Priya Raman", false),
        ("Seun's iPhone", "Seun", false),
    ])
    func namesWithTheSamePartsAreOnePerson(_ one: String, _ other: String, _ same: Bool) {
        #expect((People.nameKey(of: one) == People.nameKey(of: other)) == same, "\(one) · \(other)")
        #expect((People().identity(of: one) == People().identity(of: other)) == same)
    }

    @Test func aPeopleFileDeclaresWhatTheKeyCannotSee() throws {
        let people = try People(parsing: """
        # who is who
        Priya Raman = Priya R, priya.raman@example.com

        Seun Adeyemi = "Seun's iPhone", "Adeyemi, S."
        """, file: "people.txt")
        #expect(people.persons == [
            People.Person(name: "Priya Raman", spellings: ["Priya R", "priya.raman@example.com"]),
            People.Person(name: "Seun Adeyemi", spellings: ["Seun's iPhone", "Adeyemi, S."]),
        ])
        #expect(people.identity(of: "Priya R (she/her)") == people.identity(of: "Priya Raman"))
        #expect(people.identity(of: "PRIYA.RAMAN@example.com") == people.identity(of: "Raman, Priya"))
        #expect(people.identity(of: "S. Adeyemi") == people.identity(of: "Seun's iPhone"))
        #expect(people.identity(of: "Priya Raman") != people.identity(of: "Seun Adeyemi"))
    }

    @Test(arguments: [
        ("Priya Raman\n", #"people.txt:1: expected "Name = spelling, spelling, …", found "Priya Raman""#),
        ("# ok\n = Priya R\n", #"people.txt:2: expected "Name = spelling, spelling, …": no name before "=""#),
        ("Priya Raman =  \n", #"people.txt:1: expected "Name = spelling, spelling, …": no spelling after "Priya Raman =""#),
        ("Priya Raman = Priya R,, P. Raman\n", #"people.txt:1: expected "Name = spelling, spelling, …": spelling 2 is empty"#),
        ("Priya Raman = Priya R\nPriya Rao = priya r.\n", #"people.txt:2: "priya r." is already Priya Raman's (line 1); a spelling belongs to one person"#),
    ])
    func aBadLineIsAnErrorNamingFileAndLine(_ text: String, _ message: String) {
        #expect(throws: PeopleFileError.self) { try People(parsing: text, file: "people.txt") }
        do {
            _ = try People(parsing: text, file: "people.txt")
        } catch {
            #expect(error.description == message)
        }
    }

    /// Rows under three spellings of one person and two of another (a people file joins the
    /// second pair).
    static func corpus() -> Corpus {
        let rows: [(String, String)] = [
            ("Chen Wei", "security first"), ("Chen Wei", "the security audit"), ("Chen, Wei", "security is done"),
            ("Wei Chen", "no news"), ("Priya R (she/her)", "security checklist"), ("Priya Raman", "budget"),
            ("Priya Raman", "security budget"), ("Ana", "hello"),
        ]
        let transcript = Transcript(
            source: SourceInfo(path: "m.vtt", format: "vtt", encoding: "UTF-8"),
            rows: rows.enumerated().map { index, row in
                Row(id: RowID(source: 0, index: index), text: row.1, speaker: row.0, locator: Locator(file: "m.vtt"))
            })
        return Corpus([transcript])
    }

    @Test func groupsAreShownUnderTheirMostFrequentSpellingOrTheDeclaredName() throws {
        let corpus = Self.corpus()
        let byKey = SpeakerGroups(corpus: corpus)
        #expect(byKey.groups.map(\.name) == ["Chen Wei", "Priya Raman", "Ana", "Priya R (she/her)"])
        #expect(byKey.groups[0].spellings == ["Chen Wei", "Chen, Wei", "Wei Chen"])
        #expect(byKey.groups[0].rows == 4)

        let declared = SpeakerGroups(corpus: corpus, people: People([.init(name: "Priya Raman", spellings: ["Priya R"])]))
        #expect(declared.groups.map(\.name) == ["Chen Wei", "Priya Raman", "Ana"])
        #expect(declared.groups[1].spellings == ["Priya Raman", "Priya R (she/her)"])
        #expect(declared.groups[1].rows == 3)
    }

    @Test func facetsSuggestionsAndTheSpeakerFilterSeeOnePerson() throws {
        let corpus = Self.corpus()
        let people = People([.init(name: "Priya Raman", spellings: ["Priya R"])])
        var request = try SearchRequest(parsing: "security")
        request.filter.people = people
        let index = try request.runner().search(corpus)
        let facets = try Facets(request: request, index: index, corpus: corpus)
        #expect(facets.speakers == [.init(value: "Chen Wei", hits: 3), .init(value: "Priya Raman", hits: 2)])

        let catalog = SuggestionCatalog(corpus: corpus, people: people)
        let wei = catalog.suggestions(for: "speaker:wei c", hits: index)
        #expect(wei.map(\.value) == ["Chen Wei"])
        #expect(wei.first?.hits == 3)
        #expect(wei.first?.spellings == ["Chen Wei", "Chen, Wei", "Wei Chen"])
        #expect(catalog.suggestions(for: "speaker:raman").map(\.value) == ["Priya Raman"])
        #expect(catalog.all(.speaker).map(\.rows) == [4, 3, 1])

        // Each value picks every spelling of whom it picks: a quoted name in another order too.
        for typed in ["\"Wei Chen\"", "\"Chen, Wei\"", "wei", "chen w"] {
            var picked = try SearchRequest(parsing: "security")
            picked.filter.speakers = [typed]
            picked.filter.people = people
            let found = try picked.runner().search(corpus)
            #expect(found.count == 3, "\(typed)")
            for row in 0..<corpus.rowCount {
                #expect(RowFilter.Predicate(picked.filter, corpus: corpus).accepts(row: row) == picked.filter.accepts(row: row, in: corpus))
            }
        }
        var priya = try SearchRequest(parsing: "security")
        priya.filter.speakers = ["\"Priya Raman\""]
        #expect(try priya.runner().search(corpus).count == 1, "without the file: Priya R is someone else")
        priya.filter.people = people
        #expect(try priya.runner().search(corpus).count == 2)
    }

    @Test func meetingsListEachPersonOnceAndWithPicksEverySpelling() throws {
        let corpus = Self.corpus()
        #expect(MeetingList.summaries(of: corpus).first?.participants == ["Chen Wei", "Priya Raman", "Ana", "Priya R (she/her)"])
        var filter = RowFilter()
        filter.participants = ["sousa"]
        #expect(MeetingList.summaries(of: corpus, filter: filter).isEmpty)
        filter.people = People([.init(name: "Ana Sousa", spellings: ["Ana"])])
        #expect(MeetingList.summaries(of: corpus, filter: filter).count == 1)
        #expect(MeetingList.summaries(of: corpus, filter: filter).first?.participants.contains("Ana Sousa") == true)
    }

    @Test func aSavedFilterKeepsItsPeople() throws {
        var filter = RowFilter(speakers: ["wei"])
        filter.people = People([.init(name: "Priya Raman", spellings: ["Priya R", "Raman, P."])])
        let data = try JSONEncoder().encode(filter)
        #expect(try JSONDecoder().decode(RowFilter.self, from: data) == filter)
        let older = #"{"speakers":[],"files":[],"sections":[]}"#
        #expect(try JSONDecoder().decode(RowFilter.self, from: Data(older.utf8)).people == People())
    }
}
