import Foundation
import Testing
import TestSupport
import TranscriptModel
import TranscriptRendering
import TranscriptSearch
@testable import TSearchCLI

/// Golden frames: `Golden/NAME` holds the expected screen (see `assertGolden`).
func assertFrame(_ lines: [String], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/" + name)
    try assertGolden(lines.joined(separator: "\n") + "\n", at: url, sourceLocation: sourceLocation)
}

struct PagerStateTests {
    static let corpus: Corpus = {
        let texts: [(String?, String)] = [
            ("Alice", "Morning, everyone. Quick standup, then the Q3 budget check-in."),
            ("Bob", "Frontend is on track. The budget dashboard is half done."),
            ("Chen Wei", "上海团队把它叫做预算，所以图表标题会写 预算 / Budget。"),
            ("Dana", "Design review for the résumé upload page is Thursday 👍🏽."),
            ("Alice", "BUDGET first: finance wants the Q3 numbers by the 15th."),
            ("José", "Nothing about money here."),
            (nil, "[laughter]"),
            ("Bob", "Can we keep some budget for the load-testing cluster? It's a budget line."),
        ]
        let rows = texts.enumerated().map { index, row in
            Row(id: RowID(source: 0, index: index), text: row.1, start: Timestamp(milliseconds: Int64(index) * 5_000),
                speaker: row.0, locator: Locator(file: "Samples/standup.vtt"))
        }
        return Corpus([Transcript(source: SourceInfo(path: "Samples/standup.vtt", format: "vtt", encoding: "UTF-8"), rows: rows)])
    }()

    static func state(_ query: String = "budget", rows: Int = 24, columns: Int = 80) throws -> PagerState {
        let request = try SearchRequest(parsing: query)
        let index = try request.runner().search(corpus)
        return PagerState(corpus: corpus, index: index, request: request, current: 0, rows: rows, columns: columns)
    }

    @Test func stepsWrapAndSaySo() throws {
        var state = try Self.state()
        #expect(state.index.count == 6)
        _ = state.reduce(.key(.character("n")))
        #expect(state.cursor.current == 1)
        _ = state.reduce(.key(.control("p")))
        _ = state.reduce(.key(.character("N")))
        #expect(state.cursor.current == 5)
        #expect(PagerView.render(state, colour: false).last?.contains("went past the first hit and wrapped round") == true)
        _ = state.reduce(.key(.right))
        #expect(state.cursor.current == 0)
        #expect(state.reduce(.key(.character("q"))) == [.quit])
    }

    @Test func typingSearchesAsYouTypeAndEscapeGoesBack() throws {
        var state = try Self.state()
        #expect(state.reduce(.key(.character("/"))).isEmpty)
        #expect(state.reduce(.key(.control("u"))) == [.search(SearchRequest(text: ""))])
        var effects: [PagerEffect] = []
        for character in "quick" { effects = state.reduce(.key(.character(character))) }
        #expect(effects == [.search(SearchRequest(text: "quick"))])
        // A stale result (for "qui") is ignored; the awaited one is applied and re-anchored.
        let stale = try SearchRequest(parsing: "qui")
        _ = state.reduce(.results(stale, try stale.runner().search(Self.corpus)))
        #expect(state.request.text == "budget")
        let quick = SearchRequest(text: "quick")
        _ = state.reduce(.results(quick, try quick.runner().search(Self.corpus)))
        #expect(state.request.text == "quick")
        #expect(state.index.count == 1)
        #expect(state.reduce(.key(.escape)) == [.search(try SearchRequest(parsing: "budget"))])
        #expect(state.mode == .navigating)
    }

    /// A failed search (a bad pattern, the time limit) is said in the status line instead of
    /// "searching…" forever; Escape while searching gives the search up and keeps the hits shown.
    @Test func aFailedSearchIsSaidAndEscapeCancelsOne() throws {
        var state = try Self.state()
        _ = state.reduce(.key(.character("r")))
        let awaited = try #require(state.awaiting)
        #expect(PagerView.render(state, colour: false).last?.contains("searching…") == true)
        _ = state.reduce(.searchFailed(SearchRequest(text: "other"), "stale"))  // not the awaited one
        #expect(state.awaiting == awaited)
        _ = state.reduce(.searchFailed(awaited, "bad query at character 7: expected ')'"))
        #expect(state.awaiting == nil)
        let status = try #require(PagerView.render(state, colour: false).last)
        #expect(status.contains("bad query at character 7") && !status.contains("searching…"))
        _ = state.reduce(.key(.character("w")))
        #expect(state.awaiting != nil)
        #expect(state.reduce(.key(.escape)) == [.cancelSearch])
        #expect(state.awaiting == nil)
        #expect(state.index.count == 6)  // the hits shown stay
        #expect(state.reduce(.key(.escape)).isEmpty)  // nothing to cancel now
    }

    @Test func editingKeys() throws {
        var state = try Self.state()
        _ = state.reduce(.key(.character("/")))
        for key: PagerKey in [.control("w"), .character("a"), .character("b"), .left, .backspace, .character("x"), .end] {
            _ = state.reduce(.key(key))
        }
        guard case .editing(_, let text, let caret, _) = state.mode else {
            Issue.record("not editing")
            return
        }
        #expect(String(text) == "xb")
        #expect(caret == 2)
        _ = state.reduce(.key(.enter))
        #expect(state.mode == .navigating)
    }

    @Test func togglesAskForANewSearch() throws {
        var state = try Self.state()
        #expect(state.reduce(.key(.character("i"))) == [.search(SearchRequest(text: "budget", options: SearchOptions(caseMatching: .sensitive)))])
        var state2 = try Self.state()
        let effects = state2.reduce(.key(.character("w")))
        #expect(effects == [.search(SearchRequest(text: "budget", options: SearchOptions(words: .wholeWords)))])
    }

    @Test func clickOnAHitMakesItCurrent() throws {
        var state = try Self.state()
        let layout = state.layout
        let line = try #require(layout.lines.firstIndex { $0.cells.contains { $0.hit == 4 } })
        var column = 0
        for cell in layout.lines[line].cells {
            if cell.hit == 4 { break }
            column += TerminalWidth.of(cell.character)
        }
        _ = state.reduce(.key(.click(line: line, column: column)))
        #expect(state.cursor.current == 4)
    }

    /// Golden frames, several sizes, CJK and emoji.
    @Test func framesAsRecorded() throws {
        var state = try Self.state()
        try assertFrame(PagerView.render(state, colour: false), "budget-80x24.txt")
        _ = state.reduce(.key(.character("n")))
        _ = state.reduce(.key(.character("n")))
        _ = state.reduce(.resize(rows: 10, columns: 40))
        try assertFrame(PagerView.render(state, colour: false), "budget-hit3-40x10.txt")
        _ = state.reduce(.key(.character("/")))
        _ = state.reduce(.key(.character("!")))
        try assertFrame(PagerView.render(state, colour: false), "editing-40x10.txt")
        var help = try Self.state(rows: 14, columns: 60)
        _ = help.reduce(.key(.character("?")))
        try assertFrame(PagerView.render(help, colour: false), "help-60x14.txt")
    }

    @Test func helpAndFacetsScrollAndQClosesThemNotThePager() throws {
        var state = try Self.state(rows: 8, columns: 60)
        #expect(state.reduce(.key(.character("?"))).isEmpty)
        let footer = "j k Space b: scroll · q or any other key: close"
        #expect(!PagerView.render(state, colour: false).contains(footer), "a longer list than the screen")
        _ = state.reduce(.key(.character("G")))
        #expect(PagerView.render(state, colour: false).dropLast().last == footer, "G reads it to its end")
        _ = state.reduce(.key(.character("k")))
        #expect(!PagerView.render(state, colour: false).contains(footer))
        _ = state.reduce(.key(.character(" ")))
        #expect(PagerView.render(state, colour: false).dropLast().last == footer, "never past its end")
        #expect(state.reduce(.key(.character("q"))).isEmpty, "q closes it, not the pager")
        #expect(state.overlay == nil)
        #expect(state.reduce(.key(.character("f"))).isEmpty)
        #expect(PagerView.render(state, colour: false).first?.hasPrefix("where the hits are") == true)
        #expect(state.reduce(.key(.escape)).isEmpty && state.overlay == nil)
        #expect(state.reduce(.key(.character("q"))) == [.quit])
    }

    @Test func wideCharactersNeverSplitAndLinesFit() throws {
        for columns in [10, 11, 17, 40] {
            let state = try Self.state(rows: 30, columns: columns)
            for line in state.layout.lines {
                let width = line.cells.reduce(0) { $0 + TerminalWidth.of($1.character) }
                #expect(width <= columns)
            }
        }
        #expect(TerminalWidth.of("预算") == 4)
        #expect(TerminalWidth.of("👍🏽") == 2)
        #expect(TerminalWidth.of("e\u{301}") == 1)
    }

    /// A cue of 10,000 zero-width characters took about 110 blank lines (each counted a column);
    /// they take none, and the words around them stay on one line.
    @Test func zeroWidthCharactersTakeNoLines() throws {
        let invisible = String(repeating: "\u{200B}", count: 4_000) + String(repeating: "\u{2060}\u{FEFF}\u{200D}", count: 2_000)
        let corpus = Corpus([Transcript(source: SourceInfo(path: "z.srt", format: "srt", encoding: "UTF-8"), rows: [
            Row(id: RowID(source: 0, index: 0), text: "budget " + invisible + " review", locator: Locator(file: "z.srt")),
        ])])
        let request = try SearchRequest(parsing: "budget")
        let state = PagerState(corpus: corpus, index: try request.runner().search(corpus), request: request, current: 0, rows: 10, columns: 80)
        #expect(PagerLayout.textLines(ofRow: 0, in: state).count == 1)
        #expect(TerminalWidth.of("\u{200B}") == 0 && TerminalWidth.of("\u{301}") == 0 && TerminalWidth.of("\u{AD}") == 1)
        #expect(TerminalWidth.of("e") == 1 && TerminalWidth.of("é") == 1)
    }

    /// Two file names that differ only inside an escape sequence are shown apart: the sequence is
    /// escaped, not stripped with its payload (`x.srt` and `x<ESC>[31m.srt` both read `x.srt` before).
    @Test func fileNamesWithEscapeSequencesAreShownEscaped() throws {
        let corpus = Corpus(["x.srt", "x\u{1B}[31m.srt", "a\\x1B[31m.srt"].enumerated().map { source, path in
            Transcript(source: SourceInfo(path: path, format: "srt", encoding: "UTF-8"), rows: [
                Row(id: RowID(source: source, index: 0), text: "budget", locator: Locator(file: path)),
            ])
        })
        let request = try SearchRequest(parsing: "budget")
        let state = PagerState(corpus: corpus, index: try request.runner().search(corpus), request: request, current: 0, rows: 10, columns: 80)
        let screen = PagerView.render(state, colour: false).joined(separator: "\n")
        #expect(!screen.contains("\u{1B}[31m"))
        #expect(screen.contains("── x.srt") && screen.contains(#"── x\x1B[31m.srt"#) && screen.contains(#"── a\\x1B[31m.srt"#), "\(screen)")
    }

    /// A row holding escape sequences cannot drive the terminal from the pager.
    @Test func escapeSequencesInRowsNeverReachTheScreen() throws {
        let hostile = Corpus([Transcript(source: SourceInfo(path: "x.srt", format: "srt", encoding: "UTF-8"), rows: [
            Row(id: RowID(source: 0, index: 0), text: "budget \u{1B}]0;pwned\u{07} \u{1B}[2J \u{1B}]52;c;ZXZpbA==\u{07} \u{1B}[10;10H moved",
                speaker: "Eve\u{1B}[31m", locator: Locator(file: "x\u{1B}]0;t\u{07}.srt")),
        ])])
        let request = try SearchRequest(parsing: "budget")
        let state = PagerState(corpus: hostile, index: try request.runner().search(hostile), request: request, current: 0, rows: 5, columns: 80)
        let plain = PagerView.render(state, colour: false).joined()
        #expect(!plain.contains("\u{1B}") && !plain.contains("\u{07}"))
        let coloured = PagerView.render(state, colour: true).joined()
        #expect(!coloured.contains("]52;") && !coloured.contains("[2J") && !coloured.contains("[10;10H") && !coloured.contains("pwned"))
    }

    @Test func growingQueriesSearchOnlyThePreviousRowsAndGetTheSameHits() throws {
        var previous = try SearchRequest(parsing: "b")
        var index = try previous.runner().search(Self.corpus)
        for text in ["bu", "bud", "budg", "budge", "budget", "budget "] {
            let request = try SearchRequest(parsing: text)
            #expect(request.refines(previous))
            let refined = try request.runner().search(Self.corpus, until: nil, candidates: index.rowsWithHits, isCancelled: { false })
            #expect(try refined == request.runner().search(Self.corpus), "\(text)")
            previous = request
            index = refined
        }
        #expect(!(try SearchRequest(parsing: "budget", options: SearchOptions(words: .wholeWords))).refines(try SearchRequest(parsing: "bud", options: SearchOptions(words: .wholeWords))))
        #expect(!(try SearchRequest(parsing: "cat")).refines(try SearchRequest(parsing: "budget")))
    }
}

struct KeyDecoderTests {
    @Test func keysFromBytes() {
        var decoder = KeyDecoder()
        let bytes: [UInt8] = Array("n/é".utf8) + [0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x36, 0x7E, 0x0D, 0x7F, 0x0E, 0x1B]
        #expect(decoder.keys(from: bytes) == [.character("n"), .character("/"), .character("é"), .up, .pageDown, .enter, .backspace, .control("n"), .escape])
        // A sequence split across reads, and a mouse click (SGR: button 0 at column 5, row 3).
        #expect(decoder.keys(from: [0x1B, 0x5B]) == [])
        #expect(decoder.keys(from: [0x42]) == [.down])
        #expect(decoder.keys(from: Array("\u{1B}[<0;5;3M\u{1B}[<0;5;3m\u{1B}[<65;1;1M".utf8)) == [.click(line: 2, column: 4), .wheelDown])
        // A UTF-8 character split across reads.
        let e = Array("预".utf8)
        #expect(decoder.keys(from: Array(e[0..<2])) == [])
        #expect(decoder.keys(from: Array(e[2...])) == [.character("预")])
    }
}

/// The `/` line shows the active filters as tokens, counts the hits while typing and says what is
/// wrong with a pattern in place; n and N step from the screen after scrolling, as in less.
struct PagerQueryLineTests {
    static func state(_ query: String, rows: Int = 24, columns: Int = 100) throws -> PagerState {
        try PagerStateTests.state(query, rows: rows, columns: columns)
    }

    static func type(_ text: String, into state: inout PagerState) -> [PagerEffect] {
        var effects: [PagerEffect] = []
        for character in text { effects = state.reduce(.key(.character(character))) }
        return effects
    }

    @Test func filtersAreTokensAndANewSpeakerReplacesTheOld() throws {
        var state = try Self.state("speaker:Dana budget")
        _ = state.reduce(.key(.character("/")))
        #expect(PagerView.render(state, colour: false).last?.hasPrefix("/[speaker:Dana] budget▏") == true)
        // Typing a speaker into the text already searches with it in place of Dana's.
        let typing = Self.type(" speaker:Bob", into: &state)
        #expect(typing == [.search(try SearchRequest(parsing: "speaker:Bob budget"))])
        // Finished with a space, it becomes the token; Dana's is gone, not hidden.
        #expect(Self.type(" ", into: &state).isEmpty)  // the request awaited already
        guard case .editing(let tokens, let text, let caret, _) = state.mode else {
            Issue.record("not editing")
            return
        }
        #expect(tokens == ["speaker:Bob"])
        #expect(String(text) == "budget " && caret == 7)
        _ = state.reduce(.key(.home))
        // Backspace at the start takes the last token off.
        #expect(state.reduce(.key(.backspace)) == [.search(SearchRequest(text: "budget"))])
        #expect(PagerView.render(state, colour: false).last?.hasPrefix("/▏budget") == true)
        // A quoted name with a space is one token.
        _ = Self.type("speaker:\"Chen Wei\" ", into: &state)
        guard case .editing(let quoted, _, _, _) = state.mode else {
            Issue.record("not editing after typing a token: \(state.mode)")
            return
        }
        #expect(quoted == ["speaker:\"Chen Wei\""])
    }

    /// Tab completes the word before the caret from the library's suggestions: a key, a speaker's
    /// whole name (then a filter token), and with several, their common start and then each in turn.
    @Test func tabCompletesKeysAndSpeakerNames() throws {
        var state = try Self.state("budget")
        _ = state.reduce(.key(.character("/")))
        _ = state.reduce(.key(.control("u")))
        _ = Self.type("spe", into: &state)
        _ = state.reduce(.key(.tab))
        #expect(PagerView.render(state, colour: false).last?.hasPrefix("/speaker:▏") == true)
        _ = Self.type("jo", into: &state)
        let effects = state.reduce(.key(.tab))
        #expect(effects == [.search(try SearchRequest(parsing: "speaker:\"José\""))])
        guard case .editing(let tokens, let text, _, _) = state.mode else { Issue.record("not editing"); return }
        #expect(tokens == ["speaker:\"José\""] && text.isEmpty)

        // Several: their common start, listed; Tab again puts each in place, most rows first.
        _ = Self.type("speaker:", into: &state)
        _ = state.reduce(.key(.tab))
        let listed = PagerView.render(state, colour: false).last ?? ""
        #expect(listed.hasPrefix("/[speaker:\"José\"] speaker:\"▏   · 5 completions: Alice · Bob · Chen Wei · Dana · José"), "\(listed)")
        _ = state.reduce(.key(.tab))
        #expect(PagerView.render(state, colour: false).last?.hasPrefix("/[speaker:\"José\"] speaker:\"Alice\"▏") == true)
        _ = state.reduce(.key(.tab))
        #expect(PagerView.render(state, colour: false).last?.hasPrefix("/[speaker:\"José\"] speaker:\"Bob\"▏   · completion 2 of 5") == true)
        _ = state.reduce(.key(.enter))
        #expect(state.awaiting?.filter.speakers == ["\"Bob\""])

        // A section and a bare word; nothing to complete is said.
        _ = state.reduce(.key(.character("/")))
        _ = state.reduce(.key(.control("u")))
        _ = Self.type("zzz", into: &state)
        _ = state.reduce(.key(.tab))
        #expect(PagerView.render(state, colour: false).last?.contains("nothing to complete zzz with") == true)
    }

    @Test func theHitCountShowsWhileTyping() throws {
        var state = try Self.state("budget")
        _ = state.reduce(.key(.character("/")))
        #expect(PagerView.render(state, colour: false).last?.contains("· 6 hits") == true)
        _ = Self.type(" line", into: &state)
        #expect(PagerView.render(state, colour: false).last?.contains("· searching…") == true)
        let request = SearchRequest(text: "budget line")
        _ = state.reduce(.results(request, try request.runner().search(PagerStateTests.corpus)))
        #expect(PagerView.render(state, colour: false).last?.contains("/budget line▏   · 1 hit") == true)
    }

    @Test func aBadPatternIsSaidInPlaceWithoutASearch() throws {
        var state = try Self.state("budget")
        _ = state.reduce(.key(.character("r")))
        let regex = try #require(state.awaiting)
        _ = state.reduce(.results(regex, try regex.runner().search(PagerStateTests.corpus)))
        _ = state.reduce(.key(.character("/")))
        #expect(Self.type("(", into: &state).isEmpty)
        #expect(state.awaiting == nil)
        let status = try #require(PagerView.render(state, colour: false).last)
        #expect(status.contains("/budget(▏") && status.contains("bad query") && !status.contains("searching…"))
        // Enter does not take it: the line stays, saying why and how to go back.
        #expect(state.reduce(.key(.enter)).isEmpty)
        guard case .editing = state.mode else {
            Issue.record("Enter left the line with a bad pattern")
            return
        }
        let kept = try #require(PagerView.render(state, colour: false).last)
        #expect(kept.contains("/budget(▏") && kept.contains("bad query") && kept.contains("Esc goes back"), "\(kept)")
        // Mended, it searches again, and Enter keeps it.
        #expect(!Self.type(")", into: &state).isEmpty)
        _ = state.reduce(.key(.enter))
        guard case .navigating = state.mode else {
            Issue.record("Enter did not keep a good pattern")
            return
        }
    }

    @Test func aToggleOnItsWayIsNotLostToABadPatternTypedMeanwhile() throws {
        var state = try Self.state("budget")
        _ = state.reduce(.key(.character("r")))
        let regex = try #require(state.awaiting)
        // Typed before the toggle's search came back: a bad pattern for a regular expression.
        _ = state.reduce(.key(.character("/")))
        #expect(Self.type("(", into: &state).isEmpty)
        #expect(state.awaiting == regex, "the toggle's search is still awaited")
        _ = state.reduce(.results(regex, try regex.runner().search(PagerStateTests.corpus)))
        #expect(state.request.options.syntax == .regularExpression)
        let status = try #require(PagerView.render(state, colour: false).last)
        #expect(status.contains("/budget(▏") && status.contains("bad query"), "still said when the toggle's hits come: \(status)")
        // Enter does not take `budget(` as verbatim text: the pattern is still a bad one.
        _ = state.reduce(.key(.enter))
        guard case .editing = state.mode else {
            Issue.record("the toggle was lost: Enter took the pattern as verbatim text")
            return
        }
    }

    @Test func nAndShiftNStepFromTheScreenAfterScrolling() throws {
        // Six rows on screen at most: scrolling past the current hit leaves it behind.
        var state = try Self.state("budget", rows: 4, columns: 200)
        #expect(state.cursor.current == 0)
        _ = state.reduce(.key(.character("G")))  // the last rows: Alice's BUDGET row is above the screen
        _ = state.reduce(.key(.character("N")))
        // The last hit on screen or before it, not hit 0's predecessor (which would wrap).
        #expect(state.cursor.current == 5)
        _ = state.reduce(.key(.character("g")))
        _ = state.reduce(.key(.character("j")))
        _ = state.reduce(.key(.character("j")))  // rows 2… on screen; the current hit (row 7) is below
        _ = state.reduce(.key(.character("n")))
        #expect(state.cursor.current == 2)  // Chen Wei's row, the first on screen with a hit
    }
}

/// Where am I: long rows wrap at word boundaries under the text column, and the status line names
/// the file by its path and shortens gracefully on a narrow screen.
struct PagerWhereTests {
    static let corpus: Corpus = {
        let text = "We need to settle the marketing budget before the offsite, otherwise the travel numbers slip again"
        let rows = [Row(id: RowID(source: 0, index: 0), text: text, start: Timestamp(milliseconds: 62_000),
                        speaker: "Alice Johnson", locator: Locator(file: "team-04/meeting-038-planning.vtt"))]
        return Corpus([Transcript(source: SourceInfo(path: "team-04/meeting-038-planning.vtt", format: "vtt", encoding: "UTF-8"), rows: rows)])
    }()

    static func state(columns: Int) throws -> PagerState {
        let request = try SearchRequest(parsing: "speaker:Alice budget")
        return PagerState(corpus: corpus, index: try request.runner().search(corpus), request: request, current: 0, rows: 8, columns: columns)
    }

    @Test func longRowsWrapAtWordsWithAHangingIndent() throws {
        let frame = PagerView.render(try Self.state(columns: 60), colour: false)
        #expect(Array(frame.prefix(4)) == [
            "── team-04/meeting-038-planning.vtt",
            "00:01:02  Alice Johnson: We need to settle the marketing",
            "          budget before the offsite, otherwise the travel",
            "          numbers slip again",
        ])
    }

    @Test func bottomShowsTheLastRowWholeWhenItWraps() throws {
        // Rows of one line and a last row of three: G must show all three of its lines.
        let long = "We need to settle the marketing budget before the offsite, otherwise the travel numbers slip again"
        let rows = (0..<12).map { index in
            Row(id: RowID(source: 0, index: index), text: index == 11 ? long : "row \(index) budget", start: Timestamp(milliseconds: Int64(index) * 1000),
                speaker: "Alice Johnson", locator: Locator(file: "m.vtt"))
        }
        let corpus = Corpus([Transcript(source: SourceInfo(path: "m.vtt", format: "vtt", encoding: "UTF-8"), rows: rows)])
        let request = try SearchRequest(parsing: "budget")
        for screenRows in [5, 6, 7, 8] {
            var state = PagerState(corpus: corpus, index: try request.runner().search(corpus), request: request, current: 0, rows: screenRows, columns: 60)
            _ = state.reduce(.key(.character("G")))
            let frame = PagerView.render(state, colour: false)
            let content = frame.dropLast().filter { !$0.isEmpty }
            #expect(content.last == "          numbers slip again", "\(screenRows) rows: \(frame)")
            #expect(content.count == screenRows - 1, "the screen is full: \(frame)")
        }
    }

    @Test func eachFileAndSectionStartsWithAHeaderRow() throws {
        func row(_ source: Int, _ index: Int, _ text: String, title: String?, file: String) -> Row {
            Row(id: RowID(source: source, index: index), text: text, title: title, locator: Locator(file: file))
        }
        let corpus = Corpus([
            Transcript(source: SourceInfo(path: "a/notes.txt", format: "txt", encoding: "UTF-8"), rows: [
                row(0, 0, "the budget first", title: nil, file: "a/notes.txt"),
            ]),
            Transcript(source: SourceInfo(path: "b/minutes.epub", format: "epub", encoding: "UTF-8"), rows: [
                row(1, 0, "Opening words", title: "1. Welcome", file: "b/minutes.epub"),
                row(1, 1, "More words", title: "1. Welcome", file: "b/minutes.epub"),
                row(1, 2, "The budget review", title: "2. Budget", file: "b/minutes.epub"),
            ]),
        ])
        let request = try SearchRequest(parsing: "budget")
        let state = PagerState(corpus: corpus, index: try request.runner().search(corpus), request: request, current: 0, rows: 10, columns: 40)
        #expect(Array(PagerView.render(state, colour: false).prefix(8)) == [
            "── a/notes.txt", "the budget first",
            "── b/minutes.epub", "§ 1. Welcome", "Opening words", "More words",
            "§ 2. Budget", "The budget review",
        ])
    }

    @Test(arguments: [120, 100, 80, 60, 40])
    func theStatusLineShortensGracefully(columns: Int) throws {
        let status = try #require(PagerView.render(try Self.state(columns: columns), colour: false).last)
        #expect(TerminalWidth.of(status) == columns)
        #expect(status.contains("hit 1/1"))
        switch columns {
        case 120: #expect(status.hasPrefix("\"speaker:Alice budget\"  hit 1/1 · 00:01:02 · Alice Johnson · team-04/meeting-038-planning.vtt · ?: help"))
        case 100: #expect(status.hasPrefix("\"speaker:Alice budget\"  hit 1/1 · 00:01:02 · Alice Johnson · team-04/meeting-038-planning.vtt "))
        case 80: #expect(status.hasPrefix("\"speaker:Alice budget\"  hit 1/1 · 00:01:02 · team-04/meeting-038-planning.vtt "))
        case 60: #expect(status.hasPrefix("\"speaker:Alice b…\"  hit 1/1 · …/meeting-038-planning.vtt "))
        default: #expect(status.hasPrefix("\"speaker:Alice b…\"  hit 1/1 · …/meeting"))
        }
    }
}

/// `z` turns approximate words on and off (shown as `[fuzzy]`); `s` steps the hits best first:
/// exact ones, then by edits.
struct PagerFuzzyTests {
    @Test func zTogglesFuzzyAndSStepsExactHitsFirst() throws {
        var state = try PagerStateTests.state("budget")
        let request = try #require(state.reduce(.key(.character("z"))).first.flatMap { effect -> SearchRequest? in
            if case .search(let request) = effect { return request }
            return nil
        })
        #expect(request.options.fuzzy)
        _ = state.reduce(.results(request, try request.runner().search(PagerStateTests.corpus)))
        #expect(PagerView.render(state, colour: false).last?.contains("[fuzzy]") == true)

        let texts = ["Back in York.", "We work late.", "Wrok again?", "More work."]
        let corpus = Corpus([Transcript(source: SourceInfo(path: "w.vtt", format: "vtt", encoding: "UTF-8"), rows: texts.enumerated().map {
            Row(id: RowID(source: 0, index: $0), text: $1, start: Timestamp(milliseconds: Int64($0) * 1_000), locator: Locator(file: "w.vtt"))
        })])
        let fuzzy = SearchRequest(text: "work", options: SearchOptions(fuzzy: true))
        let index = try fuzzy.runner().search(corpus)
        var best = PagerState(corpus: corpus, index: index, request: fuzzy, current: 1, rows: 24, columns: 80)
        var visited: [Int] = []
        for _ in 0..<4 {
            _ = best.reduce(.key(.character("s")))
            visited.append(best.cursor.current ?? -1)
        }
        // From the first exact hit: the other exact one, then York and Wrok (1 edit each; a swap is one), then back.
        #expect(visited == [3, 0, 2, 1])
        #expect(PagerView.keys.contains { $0.keys == "z  s" })
    }
}
