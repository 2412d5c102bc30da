import Testing
@testable import TSearchCLI
@testable import TranscriptStore

/// How a loading's diagnostics are said: a kind given three times or more as one line with a count
/// and examples, notes after the results and only when new, `all` and `none` as they say.
struct DiagnosticLinesTests {
    static func empty(_ name: String) -> LoadDiagnostic {
        LoadDiagnostic(.warning, "\(name): holds no cue, segment or line of text",
                       group: LoadDiagnostic.Group(summary: "{n} files hold no cue, segment or line of text", example: name))
    }

    static func noStream(_ name: String) -> LoadDiagnostic {
        LoadDiagnostic(.note, "\(name): no subtitle stream in this video", subject: "/nowhere/\(name)",
                       group: LoadDiagnostic.Group(summary: "no subtitle stream in {n} videos", example: name))
    }

    @Test func aKindSaidThreeTimesIsOneLineWhereTheFirstStood() {
        let diagnostics = [LoadDiagnostic.error("missing.srt: no such file")] + (1...5).map { Self.empty("e\($0).srt") }
            + [.warning("a.srt:3: expected a timing line")]
        let lines = DiagnosticLines(diagnostics, choice: .new, said: [])
        #expect(lines.before == [
            "missing.srt: no such file",
            "warning: 5 files hold no cue, segment or line of text: e1.srt, e2.srt, e3.srt and 2 more",
            "warning: a.srt:3: expected a timing line",
        ])
        #expect(lines.after.isEmpty && lines.saidKeys.isEmpty)
    }

    @Test func twoOfAKindStayTwoLines() {
        let lines = DiagnosticLines([Self.empty("a.srt"), Self.empty("b.srt")], choice: .new, said: [])
        #expect(lines.before == ["warning: a.srt: holds no cue, segment or line of text", "warning: b.srt: holds no cue, segment or line of text"])
    }

    @Test func notesComeAfterGroupedAndOnlyWhenNew() {
        let notes = ["a.mkv", "b.mkv", "c.mkv", "d.mkv"].map(Self.noStream)
        let first = DiagnosticLines(notes, choice: .new, said: [])
        #expect(first.before.isEmpty)
        #expect(first.after == ["note: no subtitle stream in 4 videos: a.mkv, b.mkv, c.mkv and 1 more"])
        #expect(first.saidKeys.count == 4)
        // Said before: quiet; one new among them: said alone.
        #expect(DiagnosticLines(notes, choice: .new, said: Set(first.saidKeys)).after.isEmpty)
        let one = DiagnosticLines(notes, choice: .new, said: Set(first.saidKeys.dropLast()))
        #expect(one.after == ["note: d.mkv: no subtitle stream in this video"])
    }

    @Test func allSaysEveryOneAndNoneOnlyErrors() {
        let diagnostics = [Self.empty("a.srt"), Self.empty("b.srt"), Self.empty("c.srt"), Self.noStream("v.mkv"), .error("x.srt: unreadable")]
        let all = DiagnosticLines(diagnostics, choice: .all, said: [SaidNotes.key(message: "v.mkv: no subtitle stream in this video", subject: "/nowhere/v.mkv")])
        #expect(all.before == diagnostics.map(\.description))
        #expect(DiagnosticLines(diagnostics, choice: .none, said: []).before == ["x.srt: unreadable"])
    }
}
