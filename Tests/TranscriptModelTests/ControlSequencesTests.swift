import Testing
@testable import TranscriptModel

struct ControlSequencesTests {
    @Test(arguments: [
        ("plain café 👍🏽 text", "plain café 👍🏽 text"),
        ("a\u{1B}]52;c;ZXZpbA==\u{07}b", "ab"),               // OSC 52 clipboard write, BEL-terminated
        ("a\u{1B}]0;title\u{1B}\\b", "ab"),                  // OSC with ST terminator
        ("\u{1B}[2Jcleared", "cleared"),                     // CSI clear screen
        ("\u{1B}[31mred\u{1B}[0m", "red"),                   // SGR colours
        ("\u{1B}[?1049h", ""),                               // private CSI
        ("x\u{9B}31my", "xy"),                               // 8-bit CSI
        ("x\u{9D}8;;http://e\u{9C}y", "xy"),                 // 8-bit OSC with 8-bit ST
        ("a\u{1B}Pq#0;2;0;0;0\u{1B}\\b", "ab"),              // DCS (sixel)
        ("a\u{1B}7b\u{1B}(Bc", "abc"),                       // two- and three-character escapes
        ("tab\there\nnew\rline", "tab here new line"),
        ("bell\u{07} nul\u{00} del\u{7F} c1\u{85}", "bell nul del c1"),
        ("trailing escape \u{1B}", "trailing escape "),
        ("unterminated \u{1B}]52;c;AAAA", "unterminated "),
        ("\u{1B}[é", "é"),                                   // a CSI cut short keeps the text after it
    ])
    func sanitizing(_ input: String, _ expected: String) {
        #expect(ControlSequences.stripped(input) == expected)
    }

    /// Trojan Source: bidirectional formatting from a file is closed where its text ends, so it
    /// cannot reorder what is printed after it (the next field, the next line).
    @Test(arguments: [
        ("admin\u{202E}txt.exe", "admin\u{202E}txt.exe\u{202C}"),          // an override left open is closed
        ("a\u{2067}b", "a\u{2067}b\u{2069}"),                              // so is an isolate
        ("a\u{202B}b\u{2066}c", "a\u{202B}b\u{2066}c\u{2069}\u{202C}"),   // innermost first
        ("a\u{202C}b\u{2069}c", "abc"),                                    // closers of nothing go
        ("\u{2067}a\u{202E}b\u{2069}c", "\u{2067}a\u{202E}b\u{2069}c"),     // an isolate's closer closes what it holds
        ("\u{202A}a\u{202C} \u{2068}b\u{2069}", "\u{202A}a\u{202C} \u{2068}b\u{2069}"),  // balanced: unchanged
        ("\u{200F}عربي\u{200E}", "\u{200F}عربي\u{200E}"),                  // marks are not formatting
    ])
    func bidirectionalFormattingIsBalanced(_ input: String, _ expected: String) {
        #expect(ControlSequences.hasControlCharacters(input) == input.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) })
        #expect(ControlSequences.stripped(input) == expected)
    }

    @Test func nothingControlSurvivesRandomInput() {
        var state: UInt64 = 42
        for _ in 0..<2000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<24 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let pick = Int(state >> 33) % 8
                let value: UInt32 = [0x1B, 0x5B, 0x5D, 0x07, 0x9B, 0x9D, 0x41, 0x30][pick]
                scalars.append(Unicode.Scalar(value)!)
            }
            let output = ControlSequences.stripped(String(scalars))
            #expect(!output.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        }
    }

    @Test(arguments: [
        ("plain café.srt", "plain café.srt"),
        ("x\u{1B}[31m.srt", #"x\x1B[31m.srt"#),
        ("a\tb\nc\rd\u{7F}e", #"a\tb\nc\rd\x7Fe"#),
        ("x\u{9B}y\u{202E}z", #"x\u{9B}y\u{202E}z"#),
        (#"a\x1B.srt"#, #"a\\x1B.srt"#),
    ])
    func namesAreEscapedWithEveryCharacterVisible(_ input: String, _ expected: String) {
        #expect(ControlSequences.escaped(input) == expected)
    }

    /// No two names are shown alike: escaping is one-to-one (a backslash is escaped too).
    @Test func escapingNamesIsOneToOne() {
        var state: UInt64 = 7
        var shown: [String: String] = [:]
        for _ in 0..<5000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<6 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                scalars.append(Unicode.Scalar([0x1B, 0x5C, 0x78, 0x31, 0x42, 0x9B, 0x202E, 0x41][Int(state >> 33) % 8])!)
            }
            let name = String(scalars)
            let escaped = ControlSequences.escaped(name)
            #expect(!ControlSequences.hasControlCharacters(escaped))
            if let other = shown[escaped] { #expect(other == name, "\(escaped)") }
            shown[escaped] = name
        }
    }
}
