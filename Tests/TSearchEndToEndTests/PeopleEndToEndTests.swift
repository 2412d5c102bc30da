import Foundation
import Testing

/// People as meeting apps name them: Zoom display names (pronouns, devices, titles) taken as
/// speakers, one person under each tool's spelling counted once, and a people file for the rest.
@Suite(.serialized) struct PeopleEndToEndTests {
    /// A Teams VTT (voices, family name first) and a Zoom VTT (display names before a colon).
    static func meetings() throws -> URL {
        let folder = try TSearch.temporaryDirectory()
        let teams = """
        WEBVTT

        00:00:01.000 --> 00:00:04.000
        <v Chen, Wei>The security review is on Friday.

        00:00:05.000 --> 00:00:08.000
        <v Priya Raman>I will bring the security checklist.

        """
        let zoom = """
        WEBVTT

        1
        00:00:01.000 --> 00:00:04.000
        Priya R (she/her): Security first, then the budget.

        2
        00:00:05.000 --> 00:00:08.000
        Seun's iPhone: Can everyone hear me? Security is my question.

        3
        00:00:09.000 --> 00:00:12.000
        Chen Wei: Security patches are done.

        4
        00:00:13.000 --> 00:00:16.000
        Dr. Ana María López-Ruiz: The security audit starts Monday.

        5
        00:00:17.000 --> 00:00:20.000
        Wei Chen: One more security note.

        """
        try Data(teams.utf8).write(to: folder.appendingPathComponent("teams.vtt"))
        try Data(zoom.utf8).write(to: folder.appendingPathComponent("zoom.vtt"))
        return folder
    }

    @Test func zoomDisplayNamesAreSpeakers() throws {
        let folder = try Self.meetings()
        let rows = try TSearch.run(["rows", "--json", "zoom.vtt"], in: folder)
        let speakers = try jsonRecords(rows.stdout).compactMap { $0["speaker"] as? String }
        #expect(speakers == ["Priya R (she/her)", "Seun's iPhone", "Chen Wei", "Dr. Ana María López-Ruiz", "Wei Chen"])

        let priya = try TSearch.run(["--color", "never", "--speaker", "priya r", "security", "zoom.vtt"], in: folder)
        #expect(priya.stdout == "zoom.vtt:00:00:01:Priya R (she/her): Security first, then the budget.\n", "\(priya.stderr)")
        let seun = try TSearch.run(["--color", "never", "-c", "speaker:seun", "security", "zoom.vtt"], in: folder)
        #expect(seun.stdout.hasSuffix("1 total\n"), "\(seun.stdout)\(seun.stderr)")
    }

    @Test func onePersonUnderSeveralSpellingsIsOnePerson() throws {
        let folder = try Self.meetings()
        let speakers = try TSearch.run(["speakers", "--color", "never", "."], in: folder)
        #expect(speakers.stdout.split(separator: "\n").first == "3  Chen Wei  (also Chen, Wei · Wei Chen)", "\(speakers.stdout)")

        let json = try jsonRecords(try TSearch.run(["speakers", "--json", "."], in: folder).stdout)
        #expect(json.first?["speaker"] as? String == "Chen Wei")
        #expect(json.first?["spellings"] as? [String] == ["Chen Wei", "Chen, Wei", "Wei Chen"])

        // "Who talked most about security": the person, not one of their spellings.
        let facets = try TSearch.run(["--color", "never", "--facets", "security", "."], in: folder)
        #expect(facets.stdout.contains("hits by speaker:\n  Chen Wei 3\n"), "\(facets.stdout)")

        // A meeting's participants name each person once (teams.vtt says "Chen, Wei").
        let meetings = try jsonRecords(try TSearch.run(["meetings", "--json", "teams.vtt", "zoom.vtt"], in: folder).stdout)
        #expect(meetings.map { $0["participants"] as? [String] ?? [] } == [
            ["Chen Wei", "Priya Raman"], ["Chen Wei", "Dr. Ana María López-Ruiz", "Priya R (she/her)", "Seun's iPhone"],
        ])

        // Any spelling picks all of them, a quoted one in any order too.
        for typed in ["\"Wei Chen\"", "Chen, Wei", "wei"] {
            let picked = try TSearch.run(["--color", "never", "-c", "--speaker", typed, "security", "."], in: folder)
            #expect(picked.stdout.hasSuffix("3 total\n"), "\(typed): \(picked.stdout)\(picked.stderr)")
            #expect(picked.stderr.isEmpty, "\(typed): \(picked.stderr)")
        }
    }

    @Test func aPeopleFileMapsTheRestAndSpeakersShowsTheSpellings() throws {
        let folder = try Self.meetings()
        try Data("# who is who\nPriya Raman = Priya R, priya.raman@example.com\nSeun Adeyemi = \"Seun's iPhone\"\n".utf8)
            .write(to: folder.appendingPathComponent("people.txt"))
        let speakers = try TSearch.run(["speakers", "--color", "never", "--people", "people.txt", "."], in: folder)
        #expect(speakers.stdout == """
        3  Chen Wei  (also Chen, Wei · Wei Chen)
        2  Priya Raman  (also Priya R (she/her))
        1  Dr. Ana María López-Ruiz
        1  Seun Adeyemi  (also Seun's iPhone)

        """, "\(speakers.stderr)")
        let priya = try TSearch.run(["--color", "never", "-c", "--people", "people.txt", "--speaker", "\"Priya Raman\"", "security", "."], in: folder)
        #expect(priya.stdout.hasSuffix("2 total\n"), "\(priya.stdout)\(priya.stderr)")

        // The default place: people.txt beside the session file.
        let state = try TSearch.temporaryDirectory()
        try FileManager.default.copyItem(at: folder.appendingPathComponent("people.txt"), to: state.appendingPathComponent("people.txt"))
        let byDefault = try TSearch.run(["speakers", "--color", "never", "teams.vtt", "zoom.vtt"], in: folder,
                                        environment: ["TSEARCH_STATE": state.appendingPathComponent("session.json").path])
        #expect(byDefault.stdout == speakers.stdout, "\(byDefault.stderr)")
    }

    /// The shell completion of `speaker:` offers each person once, by the name `speakers` shows.
    @Test func bashCompletesEachPersonOnce() throws {
        let folder = try Self.meetings()
        let path = TSearch.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let script = """
        source <(tsearch completions bash) || exit 3
        t() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _tsearch; local IFS=/; echo "${COMPREPLY[*]}"; }
        t tsearch speaker : wei
        t tsearch speaker : pri
        """
        let result = try TSearch.shell(script, in: folder, environment: ["PATH": path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"\"Chen\ Wei\""# + "\n" + #"\"Priya\ R\ \(she/her\)\"/\"Priya\ Raman\""# + "\n", "\(result.stdout)")
    }

    @Test func aBadPeopleFileIsAnErrorNamingItsLine() throws {
        let folder = try Self.meetings()
        try Data("Priya Raman = Priya R\nSeun Adeyemi\n".utf8).write(to: folder.appendingPathComponent("people.txt"))
        let bad = try TSearch.run(["--people", "people.txt", "security", "."], in: folder)
        #expect(bad.status == 2)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderr == "tsearch: people.txt:2: expected \"Name = spelling, spelling, …\", found \"Seun Adeyemi\"\n")

        let missing = try TSearch.run(["speakers", "--people", "nobody.txt", "."], in: folder)
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("tsearch: nobody.txt: cannot read the people file"), "\(missing.stderr)")
    }
}
