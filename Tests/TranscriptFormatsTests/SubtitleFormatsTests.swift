import Testing
import TranscriptModel
@testable import TranscriptFormats

/// The table of formats: every extension means one format, and each format is found by content.
struct FormatTableTests {
    @Test func everyExtensionMeansExactlyOneFormat() {
        let all = TranscriptFormat.allExtensions
        #expect(Set(all).count == all.count, "an extension is listed twice: \(all)")
        for format in TranscriptFormat.allCases {
            #expect(!format.extensions.isEmpty, "\(format) has no extension")
            for ext in format.extensions {
                #expect(TranscriptFormat(path: "talk." + ext.uppercased()) == format)
            }
        }
    }

    @Test(arguments: ["a.sbv", "a.srv3", "a.ass", "a.ssa", "a.ttml", "a.dfxp", "a.smi", "a.sami", "a.sub", "a.tsv", "a.xml"])
    func aDirectoryWalkPicksUpEveryNewExtension(_ name: String) {
        #expect(TranscriptFormat.isCandidate(path: name))
    }

    @Test func anXMLFileIsReadOnlyWhenItIsASubtitleDocument() throws {
        let ttml = #"<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="1s" end="2s">budget</p></div></body></tt>"#
        #expect(try load(ttml, as: "talk.xml").texts == ["budget"])
        let error = loadError(Array("<project><name>budget</name></project>".utf8), as: "pom.xml")
        #expect(error?.isNotATranscript == true)
        #expect(error?.description.hasPrefix("pom.xml: expected a subtitle document (TTML/DFXP or YouTube srv3) in this .xml file") == true)
        // YouTube's timed text, as downloads name it.
        #expect(try load(#"<timedtext format="3"><body><p t="5" d="10">budget</p></body></timedtext>"#, as: "captions.xml").starts == [5])
        // A broken TTML document is an error, not plain text.
        let broken = loadError(Array("<tt><body>\n<p begin=\"1s\">cut".utf8), as: "broken.xml")
        #expect(broken?.message.hasPrefix("not readable XML") == true)
        #expect(broken?.line == 2)
    }

    /// Regression: a spreadsheet's `data.tsv` was read as Whisper TSV and a SubViewer `.sub` as
    /// MicroDVD, a warning for every line. Their content decides, as for `.xml`: one error saying
    /// what the file should hold (a directory walk makes it one warning), and SubViewer is read.
    @Test func aTSVOrSubThatIsNotTheFormatIsOneErrorNotAWarningPerLine() throws {
        let table = "name\tamount\tnote\n" + (0..<1_000).map { "row \($0)\t\($0)\tbudget" }.joined(separator: "\n")
        let error = try #require(loadError(Array(table.utf8), as: "data.tsv"))
        #expect(error.isNotATranscript)
        #expect(error.description == "data.tsv: expected a subtitle document (Whisper TSV: a first line start<TAB>end<TAB>text) in this .tsv file; it is not one")
        let notes = try #require(loadError(Array("Some notes\nabout the budget\n".utf8), as: "notes.sub"))
        #expect(notes.isNotATranscript)
        #expect(notes.message.hasPrefix("expected a subtitle document (MicroDVD: lines like {25}{75}text or YouTube SBV"))
        // Named as the format, it is read as asked, whatever it holds.
        let asked = try TranscriptLoader.load(bytes: Array(table.utf8), path: "data.tsv", options: LoadOptions(format: .txt))
        #expect(asked.transcript.rows.count == 1_001)
        // Whisper's TSV and MicroDVD still load.
        #expect(try load("start\tend\ttext\n0\t1500\tbudget\n", as: "w.tsv").texts == ["budget"])
        #expect(try load("{1}{1}25\n{25}{50}budget\n", as: "m.sub").texts == ["budget"])
    }

    @Test func aSubViewerSubIsReadAsSubViewer() throws {
        let subViewer = """
            [INFORMATION]
            [TITLE]Budget
            [AUTHOR]
            [END INFORMATION]
            [SUBTITLE]
            [COLF]&HFFFFFF,[STYLE]bd,[SIZE]18,[FONT]Arial
            00:00:01.00,00:00:03.50
            The budget[br]is fixed.

            00:00:04.00,00:00:06.00
            Agreed.
            """
        let result = try load(subViewer, as: "talk.sub")
        #expect(result.texts == ["The budget is fixed.", "Agreed."])
        #expect(result.starts == [1_000, 4_000])
        #expect(result.ends == [3_500, 6_000])
        #expect(result.lines == [7, 10])
        #expect(result.warnings.isEmpty)
        #expect(result.transcript.source.format == "sbv")
        #expect(TranscriptFormat.sniff(subViewer) == .sbv)
    }

    @Test(arguments: [
        ("[Script Info]\nTitle: x\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n", TranscriptFormat.ass),
        ("\u{FEFF}[Script Info]\r\nScriptType: v4.00\r\n", .ass),
        ("[Events]\nFormat: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: Marked=0,0:00:01.00,0:00:02.00,Default,,0,0,0,,x\n", .ass),
        ("{1}{1}25\n{25}{50}Hello|there\n", .microdvd),
        ("{0}{25}Hello\n", .microdvd),
        ("<?xml version=\"1.0\"?>\n<!-- made by hand -->\n<tt xmlns=\"http://www.w3.org/ns/ttml\"><body/></tt>", .ttml),
        ("<tt:tt xmlns:tt=\"http://www.w3.org/ns/ttml\"></tt:tt>", .ttml),
        ("<?xml version=\"1.0\" encoding=\"utf-8\" ?><timedtext format=\"3\"><body><p t=\"0\" d=\"1\">x</p></body></timedtext>", .srv3),
        ("<SAMI>\n<BODY><SYNC Start=0><P>x</BODY></SAMI>", .sami),
        ("0:00:01.000,0:00:02.500\nHello\n", .sbv),
        ("start\tend\ttext\n0\t1500\thello\n", .tsv),
        ("1000\t2500\thello\n", .tsv),
        ("[{\"start\": 1, \"text\": \"x\"}]", .json),
        ("[Music] budget\n", .json),
        ("1\n00:00:01,000 --> 00:00:02,000\nx", .srt),
    ])
    func sniffingFindsEachFormatByItsContent(_ text: String, _ format: TranscriptFormat) {
        #expect(TranscriptFormat.sniff(text) == format)
    }

    @Test func eachSniffedFormatLoadsFromStandardInput() throws {
        let result = try TranscriptLoader.load(bytes: Array("{1}{1}25\n{25}{50}Hello|there\n".utf8), path: "<stdin>")
        #expect(result.transcript.source.format == "microdvd")
        #expect(result.texts == ["Hello there"])
        #expect(result.starts == [1000])
    }
}

struct SBVTests {
    @Test func blocksWithTimesSpeakersAndWrappedLines() throws {
        let result = try load("""
        0:00:00.500,0:00:03.200
        Dana: Welcome to the review.
        We look at the budget.

        0:00:03.400,0:00:06.900
        >> Chen: The chart shows it per team.

        1:02:03.004,1:02:05.000
        Dana: Thanks.
        """, as: "a.sbv")
        #expect(result.texts == ["Welcome to the review. We look at the budget.", "The chart shows it per team.", "Thanks."])
        #expect(result.speakers == ["Dana", "Chen", "Dana"])
        #expect(result.starts == [500, 3400, 3_723_004])
        #expect(result.ends == [3200, 6900, 3_725_000])
        #expect(result.lines == [1, 5, 8])
        #expect(result.warnings.isEmpty)
    }

    @Test func aBadTimingLineIsAWarningNamingItsLine() throws {
        let result = try load("0:00:01.000,0:00:02.000\none\n\n0:00:0x.000,0:00:04.000\nlost\n\n0:00:05.000,0:00:06.000\nthree\n", as: "b.sbv")
        #expect(result.texts == ["one", "three"])
        #expect(result.warnings.map(\.description) == [#"b.sbv:4: expected a timing line like "0:00:01.000,0:00:03.500", found "0:00:0x.000,0:00:04.000""#])
    }
}

struct SRV3Tests {
    @Test func paragraphsInMillisecondsWithWordSegments() throws {
        let result = try load("""
        <?xml version="1.0" encoding="utf-8" ?><timedtext format="3">
        <body>
        <p t="160" d="3120" w="1"><s ac="0">the</s><s t="400" ac="0"> budget</s><s t="720"> &amp; plan</s></p>
        <p t="3280" d="40" w="1" a="1">
        </p>
        <p t="3320" d="3400">second<br/>line</p>
        </body>
        </timedtext>
        """, as: "a.srv3")
        #expect(result.texts == ["the budget & plan", "second line"])
        #expect(result.starts == [160, 3320])
        #expect(result.ends == [3280, 6720])
        #expect(result.lines == [3, 6])
    }

    @Test func aBadTimeIsAWarningNamingItsLine() throws {
        let result = try load("<timedtext format=\"3\"><body>\n<p t=\"1x\" d=\"5\">lost</p>\n<p t=\"10\" d=\"5\">kept</p>\n</body></timedtext>", as: "b.srv3")
        #expect(result.texts == ["kept"])
        #expect(result.warningLines == [2])
    }

    @Test func brokenXMLIsAnErrorNamingTheLine() {
        let error = loadError(Array("<timedtext format=\"3\"><body>\n<p t=\"1\" d=\"5\">cut".utf8), as: "c.srv3")
        #expect(error?.file == "c.srv3")
        #expect(error?.line == 2)
        #expect(error?.message.hasPrefix("not readable XML") == true)
    }
}

struct ASSTests {
    static let header = """
    [Script Info]
    ScriptType: v4.00+

    [V4+ Styles]
    Format: Name, Fontname, Fontsize
    Style: Default,Arial,20

    [Events]

    """

    @Test func dialogueLinesWithNamesOverridesAndLineBreaks() throws {
        let result = try load(Self.header + """
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:01.00,0:00:04.50,Default,José,0,0,0,,The budget is {\\i1}fixed{\\i0}, as agreed.
        Comment: 0,0:00:04.50,0:00:05.00,Default,José,0,0,0,,not said aloud
        Dialogue: 0,0:00:05.20,0:00:09.00,Default,Alice,0,0,0,,Then we drop the band\\Nand keep\\hthe food\\ntruck.
        Dialogue: 1,0:00:10.00,0:00:12.00,Sign,,0,0,0,,{\\pos(640,80)}LAUNCH
        Dialogue: 0,0:00:13.00,0:00:14.00,Default,,0,0,0,,{\\p1}m 0 0 l 100 0 100 100{\\p0}drawn
        Dialogue: 0,1:00:13.05,1:00:14.00,Default,,0,0,0,,{a comment, not text}Late
        """, as: "a.ass")
        #expect(result.texts == ["The budget is fixed, as agreed.", "Then we drop the band and keep the food truck.", "LAUNCH", "drawn", "Late"])
        #expect(result.speakers == ["José", "Alice", nil, nil, nil])
        #expect(result.starts == [1000, 5200, 10000, 13000, 3_613_050])
        #expect(result.ends == [4500, 9000, 12000, 14000, 3_614_000])
        #expect(result.lines == [10, 12, 13, 14, 15])
        #expect(result.warnings.isEmpty)
    }

    @Test func fieldsFollowTheFormatLineInAnyOrder() throws {
        let result = try load("[Events]\nFormat: Name, Start, End, Text\nDialogue: Bob,0:00:01.00,0:00:02.00,text, with a comma\n", as: "b.ass")
        #expect(result.texts == ["text, with a comma"])
        #expect(result.speakers == ["Bob"])
        #expect(result.starts == [1000])
    }

    @Test func anSSAFileWithoutAFormatLineUsesTheStandardOrder() throws {
        let result = try load("[Script Info]\nScriptType: v4.00\n\n[Events]\nDialogue: Marked=0,0:00:01.00,0:00:02.50,Default,Dana,0000,0000,0000,,Hello, team\n", as: "c.ssa")
        #expect(result.texts == ["Hello, team"])
        #expect(result.speakers == ["Dana"])
        #expect(result.starts == [1000])
        #expect(result.ends == [2500])
    }

    @Test func aDialogueLineWithBadTimesOrTooFewFieldsIsAWarningNamingItsLine() throws {
        let result = try load(Self.header + """
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:0x.00,0:00:02.00,Default,,0,0,0,,lost
        Dialogue: 0,0:00:03.00
        Dialogue: 0,0:00:05.00,0:00:06.00,Default,,0,0,0,,kept
        """, as: "d.ass")
        #expect(result.texts == ["kept"])
        #expect(result.warningLines == [10, 11])
        #expect(result.warnings.first?.description == #"d.ass:10: expected a timestamp like 0:00:01.50, found "0:00:0x.00""#)
    }
}

struct TTMLTests {
    @Test func timesInEveryFormRelativeToTheirContainers() throws {
        let result = try load("""
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:frameRate="25" ttp:tickRate="10000000">
          <body>
            <div>
              <p begin="00:00:01.000" end="00:00:04.000">clock</p>
              <p begin="00:00:04:12" end="00:00:05:00">frames</p>
              <p begin="1500ms" dur="2s">offset</p>
              <p begin="50f" end="0.05h">units</p>
            </div>
            <div begin="10s">
              <p begin="40000000t" end="80000000t">ticks</p>
              <div begin="1m"><p begin="0.5s" end="1s">nested</p></div>
            </div>
          </body>
        </tt>
        """, as: "a.ttml")
        #expect(result.texts == ["clock", "frames", "offset", "units", "ticks", "nested"])
        #expect(result.starts == [1000, 4480, 1500, 2000, 14000, 70500])
        #expect(result.ends == [4000, 5000, 3500, 180_000, 18000, 71000])
        #expect(result.lines == [4, 5, 6, 7, 10, 11])
    }

    @Test func frameRateMultiplierAndDefaults() throws {
        let ntsc = try load(#"<tt xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:frameRate="30" ttp:frameRateMultiplier="1000 1001"><body><p begin="00:00:10:29" end="11s">x</p></body></tt>"#, as: "n.dfxp")
        #expect(ntsc.starts == [10968])  // 29 frames at 29.97 fps: 967.6 ms
        let plain = try load(#"<tt><body><p begin="30f" end="2t">x</p></body></tt>"#, as: "d.ttml")
        #expect(plain.starts == [1000])  // 30 fps by default
        #expect(plain.ends == [2000])    // one tick a second by default
    }

    @Test func speakersFromAgentsLineBreaksAndSpans() throws {
        let result = try load("""
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata" xmlns:tts="http://www.w3.org/ns/ttml#styling">
          <head><metadata>
            <ttm:agent xml:id="a1" type="person"><ttm:name type="full">Alice Smith</ttm:name></ttm:agent>
            <ttm:agent xml:id="b2" type="person"/>
          </metadata></head>
          <body><div ttm:agent="a1">
            <p begin="1s" end="2s">Good<br/>morning, <span tts:fontStyle="italic">board</span>.</p>
            <p begin="3s" end="4s" ttm:agent="b2">Hi<metadata>not text</metadata></p>
            <p><span begin="5s" end="5.5s">timed</span> <span begin="5.5s" end="6s">by spans</span></p>
          </div></body>
        </tt>
        """, as: "b.ttml")
        #expect(result.texts == ["Good morning, board.", "Hi", "timed by spans"])
        #expect(result.speakers == ["Alice Smith", "b2", "Alice Smith"])
        #expect(result.starts == [1000, 3000, 5000])
        #expect(result.ends == [2000, 4000, 6000])
    }

    @Test func appleLyricsTimesFromTheStartOfTheMedia() throws {
        let result = try load("""
        <tt xmlns="http://www.w3.org/ns/ttml"><body dur="3:58.640">
          <div begin="19.764" end="30.000"><p begin="19.764" end="21.900">first</p><p begin="24.594" end="26.898">second</p></div>
        </body></tt>
        """, as: "c.ttml")
        #expect(result.starts == [19764, 24594])
        #expect(result.ends == [21900, 26898])
    }

    @Test func aBadTimeIsAWarningNamingItsLine() throws {
        let result = try load("<tt><body>\n<p begin=\"soon\" end=\"2s\">lost</p>\n<p begin=\"99999999999h\">absurd</p>\n<p begin=\"3s\">kept</p>\n</body></tt>", as: "d.ttml")
        #expect(result.texts == ["kept"])
        #expect(result.warningLines == [2, 3])
        #expect(result.warnings.first?.description.contains(#"found "soon""#) == true)
    }

    @Test func anotherRootElementIsNotTTML() {
        let error = loadError(Array("<html><body><p>x</p></body></html>".utf8), as: "e.ttml")
        #expect(error?.description == "e.ttml:1: expected a TTML document (a <tt> root element), found <html>")
    }

    @Test func deepNestingIsRefusedWithTheLine() {
        let deep = "<tt><body>\n" + String(repeating: "<div>", count: 100_000) + "</tt>"
        let error = loadError(Array(deep.utf8), as: "deep.ttml")
        #expect(error?.file == "deep.ttml")
        #expect(error?.line == 2)
        #expect(error?.message.hasPrefix("not readable XML") == true)
    }

    @Test(arguments: [
        #"<!DOCTYPE tt [<!ENTITY a "xxxxxxxxxx"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><tt><body><p begin="1s">&c;</p></body></tt>"#,
        #"<!DOCTYPE tt [<!ENTITY x SYSTEM "file:///etc/passwd">]><tt><body><p begin="1s">&x;</p></body></tt>"#,
    ])
    func entityBombsAndExternalEntitiesAreRefused(_ document: String) {
        let error = loadError(Array(document.utf8), as: "bomb.ttml")
        #expect(error?.message.contains("refused") == true)
    }

    @Test func truncatedDocumentIsAnError() {
        let error = loadError(Array("<tt><body><div>\n<p begin=\"1s\">cut off".utf8), as: "cut.dfxp")
        #expect(error?.file == "cut.dfxp")
        #expect(error?.line == 2)
    }
}

struct SAMITests {
    static let twoTracks = """
    <SAMI>
    <HEAD>
    <STYLE TYPE="text/css">
    <!--
    .ENUSCC { Name: English; lang: en-US; }
    .FRFRCC { Name: French; lang: fr-FR; }
    -->
    </STYLE>
    </HEAD>
    <BODY>
    <SYNC Start=1000><P Class=ENUSCC>Marta: The budget<br>is fixed.
    <P Class=FRFRCC>Le budget est fixe.
    <SYNC Start=4200><P Class=ENUSCC>&nbsp;
    <SYNC Start=5000><P Class=FRFRCC>Seulement en français.
    <SYNC Start=6000><P Class=ENUSCC>Bob: Send the terms &amp; prices.
    <SYNC Start=9000><P Class=ENUSCC>&nbsp;
    </BODY>
    </SAMI>
    """

    @Test func oneLanguageTrackIsReadAndTheOthersNamed() throws {
        let result = try load(Self.twoTracks, as: "a.smi")
        #expect(result.texts == ["The budget is fixed.", "Send the terms & prices."])
        #expect(result.speakers == ["Marta", "Bob"])
        #expect(result.starts == [1000, 6000])
        #expect(result.ends == [4200, 9000])
        #expect(result.lines == [11, 15])
        #expect(result.warnings.map(\.message) == ["holds 2 language tracks (ENUSCC (English), FRFRCC (French)); read ENUSCC (English), the first"])
    }

    @Test func captionsWithoutClassesLastUntilTheNextSync() throws {
        let result = try load("<SAMI><BODY>\n<SYNC Start=0><P>one\n<SYNC Start=1500><P>two\n</BODY></SAMI>", as: "b.sami")
        #expect(result.texts == ["one", "two"])
        #expect(result.starts == [0, 1500])
        #expect(result.ends == [1500, nil])
        #expect(result.warnings.isEmpty)
    }

    @Test func aBadStartIsAWarningNamingItsLine() throws {
        let result = try load("<SAMI><BODY>\n<SYNC Start=abc><P>lost\n<SYNC Start=2000><P>kept\n</BODY></SAMI>", as: "c.smi")
        #expect(result.texts == ["kept"])
        #expect(result.warningLines == [2])
    }

    /// Regression: each `<` that opens no tag looked ahead to the next `>`, so a caption of
    /// 200 KB of `<` and one `>` took 13 s (quadratic). The scanner looks at each scalar a bounded
    /// number of times, however the `<` and `>` fall: twice the text, at most twice the work.
    @Test(arguments: ["<", "< ", "</", "<-", "<!", "<?", "<!--", "<b", "<!-"])
    func aRunOfLessThanSignsIsScannedInLinearTime(_ mark: String) throws {
        func work(_ count: Int) -> (examined: Int, length: Int) {
            let text = "<SAMI><BODY><SYNC Start=1><P>budget " + String(repeating: mark, count: count) + "></BODY></SAMI>"
            var scanner = MarkupScanner(text)
            while scanner.next() != nil {}
            return (scanner.examined, text.unicodeScalars.count)
        }
        let small = work(20_000), large = work(40_000)
        #expect(small.examined <= 2 * small.length, "\(small)")
        #expect(large.examined <= 2 * large.length, "\(large)")
        #expect(Double(large.examined) <= 2.2 * Double(small.examined))
        let result = try load("<SAMI><BODY><SYNC Start=1><P>budget " + String(repeating: mark, count: 40_000) + "></BODY></SAMI>", as: "lt.smi")
        #expect(result.texts.first?.hasPrefix("budget") == true)
    }
}

struct MicroDVDTests {
    @Test func theFrameRateLineSetsTheTimes() throws {
        let result = try load("{1}{1}25\n{25}{100}Welcome|to the {y:i}training.\n{110}{}/in italics\n", as: "a.sub")
        #expect(result.texts == ["Welcome to the training.", "in italics"])
        #expect(result.starts == [1000, 4400])
        #expect(result.ends == [4000, 4400])
        #expect(result.lines == [2, 3])
        #expect(result.warnings.isEmpty)
    }

    @Test func withoutAFrameRate23976IsAssumedAndSaid() throws {
        let result = try load("{0}{24}{Y:b}first\n{48}{72}second\n", as: "b.sub")
        #expect(result.texts == ["first", "second"])
        #expect(result.starts == [0, 2002])   // 48 / 23.976 s
        #expect(result.ends == [1001, 3003])
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.message.contains("assumed 23.976 fps") == true)
    }

    @Test func aLineWithoutFramesOrEndingBeforeItStartsIsAWarning() throws {
        let result = try load("{1}{1}25\n{x}{10}lost\n{100}{50}backwards\n{200}{250}kept\n", as: "c.sub")
        #expect(result.texts == ["kept"])
        #expect(result.warningLines == [2, 3])
    }
}

struct WhisperTSVTests {
    @Test func headerAndMillisecondTimes() throws {
        let result = try load("start\tend\ttext\n0\t3200\tLet us walk through the budget.\n3200\t6850\tTravel is down.\n", as: "a.tsv")
        #expect(result.texts == ["Let us walk through the budget.", "Travel is down."])
        #expect(result.starts == [0, 3200])
        #expect(result.ends == [3200, 6850])
        #expect(result.lines == [2, 3])
    }

    @Test func aLineThatIsNotStartEndTextIsAWarning() throws {
        let result = try load("start\tend\ttext\n1.5\t2\tseconds, not ms\n10\t20\tkept\nno tabs\n", as: "b.tsv")
        #expect(result.texts == ["kept"])
        #expect(result.warningLines == [2, 4])
    }
}

struct HighlightedWordsTests {
    static let srt = """
    1
    00:00:00,000 --> 00:00:00,400
    <u>We</u> ship on Friday.

    2
    00:00:00,400 --> 00:00:00,700
    We <u>ship</u> on Friday.

    3
    00:00:00,700 --> 00:00:01,100
    We ship on Friday.

    4
    00:00:01,100 --> 00:00:01,600
    We ship <u>on</u> Friday.

    5
    00:00:01,600 --> 00:00:02,000
    We ship on <u>Friday.</u>

    6
    00:00:03,000 --> 00:00:03,500
    <u>Next</u> item.

    7
    00:00:03,500 --> 00:00:04,000
    Next <u>item.</u>

    8
    00:00:05,000 --> 00:00:06,000
    Next item.

    """

    @Test func eachLineIsOneRowSpanningItsCopies() throws {
        let result = try load(Self.srt, as: "h.srt")
        // The last cue repeats the line after a gap of a second: it is said again, so a row again.
        #expect(result.texts == ["We ship on Friday.", "Next item.", "Next item."])
        #expect(result.starts == [0, 3000, 5000])
        #expect(result.ends == [2000, 4000, 6000])
        #expect(result.lines == [1, 21, 29])  // the cue number lines
    }

    @Test func theSameInWebVTTAndInTheInPlaceReader() throws {
        let vtt = "WEBVTT\n\n" + Self.srt.replacingOccurrences(of: ",", with: ".")
        #expect(try load(vtt, as: "h.vtt").texts == ["We ship on Friday.", "Next item.", "Next item."])
        for (text, path) in [(Self.srt, "h.srt"), (vtt, "h.vtt")] {
            let bytes = Array(text.utf8)
            let corpus = try bytes.withUnsafeBytes { try TranscriptLoader.loadCorpus(bytes: $0, path: path, options: LoadOptions()) }
            let rows = corpus.map { loaded in (0..<loaded.corpus.rowCount).map { loaded.corpus.row(at: $0) } } ?? []
            #expect(rows.map(\.text) == ["We ship on Friday.", "Next item.", "Next item."], "\(path)")
            #expect(rows.map { $0.end?.milliseconds } == [2000, 4000, 6000], "\(path)")
        }
    }

    @Test func ordinarySubtitlesThatRepeatALineAreLeftAlone() throws {
        let text = "1\n00:00:01,000 --> 00:00:02,000\nHey!\n\n2\n00:00:02,000 --> 00:00:03,000\nHey!\n"
        #expect(try load(text, as: "o.srt").texts == ["Hey!", "Hey!"])
    }
}

struct VoiceNameEntityTests {
    @Test(arguments: [
        ("<v Carlos Far&#237;as>Hola", "Carlos Farías"),
        ("<v O&apos;Brien>Hi", "O'Brien"),
        ("<v.loud Ana &amp; Bo>Hi", "Ana & Bo"),
        ("<v R&D team>Hi", "R&D team"),
    ])
    func characterReferencesInVoiceNamesAreDecoded(_ cue: String, _ speaker: String) throws {
        let text = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\(cue)\n"
        #expect(try load(text, as: "t.vtt").speakers == [speaker])
        let bytes = Array(text.utf8)
        let corpus = try bytes.withUnsafeBytes { try TranscriptLoader.loadCorpus(bytes: $0, path: "t.vtt", options: LoadOptions()) }
        #expect(corpus.map { $0.corpus.row(at: 0).speaker } == speaker)
    }
}

/// Bad input in each new reader: an error or warnings naming the file, never a crash or a hang.
struct NewReadersBadInputTests {
    static let samples: [(path: String, text: String)] = [
        ("f.sbv", "0:00:01.000,0:00:02.000\nAlice: budget\n\n0:00:03.000,0:00:04.000\ntwo\n"),
        ("f.srv3", "<timedtext format=\"3\"><body><p t=\"10\" d=\"20\"><s>a</s><s t=\"5\"> b</s></p></body></timedtext>"),
        ("f.ass", "[Script Info]\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:01.00,0:00:02.00,D,Bo,0,0,0,,{\\i1}hi\\N x\n"),
        ("f.ttml", "<tt xmlns:ttm=\"http://www.w3.org/ns/ttml#metadata\"><head><ttm:agent xml:id=\"a\"/></head><body><div begin=\"1s\"><p begin=\"1s\" end=\"2s\" ttm:agent=\"a\">x<br/>y</p></div></body></tt>"),
        ("f.smi", "<SAMI><BODY><SYNC Start=10><P Class=A>x &amp; y<SYNC Start=20><P Class=A>&nbsp;</BODY></SAMI>"),
        ("f.sub", "{1}{1}25\n{10}{20}{y:i}a|b\n"),
        ("f.tsv", "start\tend\ttext\n0\t10\ta\n10\t20\tb\n"),
    ]

    @Test(arguments: samples.map(\.path))
    func truncationsAndMutationsLoadOrErrorNamingTheFile(_ path: String) throws {
        let text = try #require(Self.samples.first { $0.path == path }?.text)
        let bytes = Array(text.utf8)
        for length in 0...bytes.count {
            do { _ = try TranscriptLoader.load(bytes: Array(bytes.prefix(length)), path: path) } catch { #expect(error.file == path) }
        }
        var generator = SplitMix64(seed: UInt64(path.utf8.count))
        let alphabet = Array("<>&;:{}[]\"\\\n,./t0123456789\t|".utf8)
        for _ in 0..<300 {
            var mutated = bytes
            for _ in 0..<Int(generator.next() % 4 + 1) where !mutated.isEmpty {
                let position = Int(generator.next() % UInt64(mutated.count))
                switch generator.next() % 3 {
                case 0: mutated[position] = UInt8(truncatingIfNeeded: generator.next())
                case 1: mutated.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
                default: mutated.remove(at: position)
                }
            }
            do {
                let result = try TranscriptLoader.load(bytes: mutated, path: path)
                #expect(result.transcript.rows.allSatisfy { !$0.text.isEmpty })
            } catch {
                #expect(error.file == path)
            }
        }
    }

    /// (The XML reader refuses a single text over 10 MB: see `aTextOverTheXMLReadersLimitIsAnError`.)
    @Test(arguments: samples.map(\.path))
    func aTenMegabyteLineLoads(_ path: String) throws {
        let long = String(repeating: "budget ", count: path.hasSuffix(".srv3") || path.hasSuffix(".ttml") ? 1_400_000 : 1_500_000)
        let text: String
        switch path {
        case "f.sbv": text = "0:00:01.000,0:00:02.000\n\(long)\n"
        case "f.srv3": text = "<timedtext format=\"3\"><body><p t=\"10\" d=\"20\">\(long)</p></body></timedtext>"
        case "f.ass": text = "[Script Info]\n[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,D,,0,0,0,,\(long)\n"
        case "f.ttml": text = "<tt><body><p begin=\"1s\">\(long)</p></body></tt>"
        case "f.smi": text = "<SAMI><BODY><SYNC Start=10><P>\(long)</BODY></SAMI>"
        case "f.sub": text = "{1}{1}25\n{10}{20}\(long)\n"
        default: text = "start\tend\ttext\n0\t10\t\(long)\n"
        }
        let result = try load(text, as: path)
        #expect(result.transcript.rows.count == 1)
        #expect(result.transcript.rows.first?.text.utf8.count == long.utf8.count - 1)
    }

    /// Markup that never closes (`<b<b<b…`, `{{{…`, `{y:{y:…`) is read in one pass, not one per mark.
    @Test(arguments: ["f.smi", "f.ass", "f.sub"])
    func unclosedMarkupIsReadInLinearTime(_ path: String) throws {
        let text: String
        switch path {
        case "f.smi": text = "<SAMI><BODY><SYNC Start=1><P>" + String(repeating: "<b", count: 1_000_000)
        case "f.ass": text = "[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,D,,0,0,0,," + String(repeating: "{", count: 2_000_000) + "\n"
        default: text = "{1}{1}25\n{10}{20}" + String(repeating: "{y:", count: 1_000_000) + "\n"
        }
        let result = try load(text, as: path)
        #expect(result.transcript.rows.count == 1)
    }

    @Test func aTextOverTheXMLReadersLimitIsAnError() {
        let text = "<tt><body>\n<p begin=\"1s\">" + String(repeating: "budget ", count: 1_500_000) + "</p></body></tt>"
        let error = loadError(Array(text.utf8), as: "huge.ttml")
        #expect(error?.file == "huge.ttml")
        #expect(error?.line == 2)
        #expect(error?.message.contains("10 MB limit") == true)
    }

    @Test(arguments: ["f.sbv", "f.ass", "f.sub", "f.tsv", "f.srv3", "f.ttml", "f.smi"])
    func absurdTimesAreWarningsNotRows(_ path: String) throws {
        let text: String
        switch path {
        case "f.sbv": text = "99999999999999:00:01.000,0:00:02.000\nlost\n\n0:00:03.000,0:00:04.000\nkept\n"
        case "f.ass": text = "[Events]\nDialogue: 0,99999999999999:00:01.00,0:00:02.00,D,,0,0,0,,lost\nDialogue: 0,0:00:03.00,0:00:04.00,D,,0,0,0,,kept\n"
        case "f.sub": text = "{1}{1}25\n{999999999999}{999999999999}lost\n{10}{20}kept\n"
        case "f.tsv": text = "start\tend\ttext\n99999999999999\t99999999999999\tlost\n10\t20\tkept\n"
        case "f.srv3": text = "<timedtext><body><p t=\"99999999999999\" d=\"1\">lost</p><p t=\"1\" d=\"1\">kept</p></body></timedtext>"
        case "f.ttml": text = "<tt><body><p begin=\"999999999999999s\">lost</p><p begin=\"1s\">kept</p></body></tt>"
        default: text = "<SAMI><BODY><SYNC Start=99999999999999><P>lost<SYNC Start=5><P>kept</BODY></SAMI>"
        }
        let result = try load(text, as: path)
        #expect(result.texts == ["kept"], "\(path)")
        #expect(result.warnings.count == 1, "\(path)")
    }
}
