import Foundation
import Testing
import TranscriptModel
@testable import TranscriptFormats

/// Rolling captions in the shape YouTube's auto-generated WebVTT has (as yt-dlp saves it): each
/// spoken line builds up word by word under the line before it, then holds for 10 ms alone.
struct RollingCaptions {
    /// One spoken line: its words and when it starts (ms).
    struct Spoken {
        var text: String
        var start: Int64
        var end: Int64
    }

    static func clock(_ milliseconds: Int64) -> String {
        let hours = milliseconds / 3_600_000, minutes = milliseconds / 60_000 % 60
        let seconds = milliseconds / 1000 % 60, fraction = milliseconds % 1000
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(hours, 2)):\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(fraction, 3))"
    }

    /// The file for `lines`, and each line's expected time (from its first cue's start to the end
    /// of its 10 ms hold).
    static func file(_ lines: [String], firstStart: Int64 = 160) -> (text: String, spoken: [Spoken]) {
        var text = "WEBVTT\nKind: captions\nLanguage: en\n\n"
        var spoken: [Spoken] = []
        var time = firstStart
        var previous: String?
        for line in lines {
            let words = line.split(separator: " ")
            let end = time + 2000
            var tagged = String(words[0])
            for (position, word) in words.dropFirst().enumerated() {
                tagged += "<\(clock(time + 250 * Int64(position + 1)))><c> \(word)</c>"
            }
            text += "\(clock(time)) --> \(clock(end)) align:start position:0%\n\(previous ?? " ")\n\(tagged)\n\n"
            text += "\(clock(end)) --> \(clock(end + 10)) align:start position:0%\n\(line)\n \n\n"
            spoken.append(Spoken(text: line, start: time, end: end + 10))
            previous = line
            time = end + 10
        }
        return (text, spoken)
    }

    /// 100 different spoken lines of a meeting.
    static let hundredLines: [String] = (1...100).map { number in
        let topics = ["the budget", "the release", "the hiring plan", "the offsite", "the roadmap"]
        return "line \(number) we need to talk about \(topics[number % topics.count]) again"
    }
}

struct RollingCaptionsTests {
    @Test func aHundredSpokenLinesLoadAsAHundredRows() throws {
        let (text, spoken) = RollingCaptions.file(RollingCaptions.hundredLines)
        let result = try load(text, as: "auto.en.vtt")
        #expect(result.texts == spoken.map(\.text))
        #expect(result.starts == spoken.map(\.start))
        #expect(result.ends == spoken.map(\.end))
        #expect(result.warnings.isEmpty)
        // Each row points at the cue where its line is first spoken (5 header lines, 8 lines a pair).
        #expect(result.lines == (0..<100).map { 5 + 8 * $0 })
    }

    @Test func keepingThemGivesOneRowPerCue() throws {
        let (text, spoken) = RollingCaptions.file(Array(RollingCaptions.hundredLines.prefix(3)))
        let result = try TranscriptLoader.load(
            bytes: Array(text.utf8), path: "auto.vtt", options: LoadOptions(rollingCaptions: .keep)
        )
        #expect(result.texts == [
            spoken[0].text, spoken[0].text,
            spoken[0].text + " " + spoken[1].text, spoken[1].text,
            spoken[1].text + " " + spoken[2].text, spoken[2].text,
        ])
        #expect(result.warnings.isEmpty)
    }

    @Test func timingTagsNeverSplitAPhrase() throws {
        let result = try load("""
        WEBVTT

        00:00:00.000 --> 00:00:02.000
         
        we<00:00:01.200><c> need</c><00:00:01.500><c> to</c><00:00:01.700><c> cut</c>

        00:00:02.000 --> 00:00:02.010
        we need to cut
         

        00:00:02.010 --> 00:00:04.000
        we need to cut
        the<00:00:02.500><c> budget</c>

        00:00:04.000 --> 00:00:04.010
        the budget
         

        00:00:04.010 --> 00:00:06.000
        the budget
        by<00:00:04.500><c> ten</c><00:00:05.000><c> percent</c>
        """, as: "tags.vtt")
        #expect(result.texts == ["we need to cut", "the budget", "by ten percent"])
        #expect(result.starts == [0, 2010, 4010])
        #expect(result.ends == [2010, 4010, 6000])
    }

    @Test func aLineSaidTwiceStaysTwoRows() throws {
        let (text, spoken) = RollingCaptions.file(["thank you", "thank you", "see you next week"])
        let result = try load(text, as: "twice.vtt")
        #expect(result.texts == ["thank you", "thank you", "see you next week"])
        #expect(result.starts == spoken.map(\.start))
    }

    @Test func rollUpCaptionsWithoutTagsOrPaddingCollapseToo() throws {
        // Broadcast roll-up converted to WebVTT: every cue is the line above plus a new one.
        var text = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nfirst line\n\n"
        let lines = ["first line", "second line", "third line", "fourth line", "fifth line"]
        for (position, pair) in zip(lines, lines.dropFirst()).enumerated() {
            text += "00:00:0\(position + 2).000 --> 00:00:0\(position + 3).000\n\(pair.0)\n\(pair.1)\n\n"
        }
        let result = try load(text, as: "rollup.vtt")
        #expect(result.texts == lines)
        #expect(result.starts == [1000, 2000, 3000, 4000, 5000])
    }

    /// Conservative detection: files that merely look a little like rolling captions read exactly
    /// as they always did, one row per cue.
    @Test(arguments: [
        // Two-line cues that never repeat the cue before.
        """
        WEBVTT

        00:01.000 --> 00:02.000
        we need to cut
        the budget

        00:02.000 --> 00:03.000
        by ten percent
        before March

        00:03.000 --> 00:04.000
        said Alice
        to the team

        00:04.000 --> 00:05.000
        and Bob agreed
        at once
        """,
        // Karaoke: one line repeated per cue as its words light up (no two-line cues).
        """
        WEBVTT

        00:01.000 --> 00:02.000
        <c.on>we</c> need the budget

        00:02.000 --> 00:03.000
        we <c.on>need</c> the budget

        00:03.000 --> 00:04.000
        we need <c.on>the</c> budget

        00:04.000 --> 00:05.000
        we need the <c.on>budget</c>
        """,
        // Only two cues repeat the line before: too few to call the file rolling.
        """
        WEBVTT

        00:01.000 --> 00:02.000
        hello everyone

        00:02.000 --> 00:03.000
        hello everyone
        and welcome

        00:03.000 --> 00:04.000
        and welcome
        to the standup

        00:04.000 --> 00:05.000
        first the budget

        00:05.000 --> 00:06.000
        then the release
        """,
    ])
    func ordinaryFilesAreNotCollapsed(_ text: String) throws {
        let collapsed = try load(text, as: "plain.vtt")
        let kept = try TranscriptLoader.load(bytes: Array(text.utf8), path: "plain.vtt", options: LoadOptions(rollingCaptions: .keep))
        #expect(collapsed.texts == kept.texts)
        #expect(collapsed.texts.count == text.components(separatedBy: "-->").count - 1)
    }

    @Test(arguments: ["standup.vtt", "offsite-cp1252.vtt"])
    func samplesReadTheSameEitherWay(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: samplesDirectory + "/" + name)))
        let collapsed = try TranscriptLoader.load(bytes: bytes, path: name)
        let kept = try TranscriptLoader.load(bytes: bytes, path: name, options: LoadOptions(rollingCaptions: .keep))
        #expect(collapsed.transcript.rows == kept.transcript.rows)
        #expect(collapsed.warnings == kept.warnings)
    }

    @Test func theRollingSampleReadsAsTwelveSpokenLines() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: samplesDirectory + "/youtube-allhands.en.vtt")))
        let result = try TranscriptLoader.load(bytes: bytes, path: "youtube-allhands.en.vtt")
        #expect(result.texts.count == 12)
        #expect(result.texts[5] == "with the budget we are about ten percent")
        #expect(result.starts.first == 1040)
        let kept = try TranscriptLoader.load(bytes: bytes, path: "youtube-allhands.en.vtt", options: LoadOptions(rollingCaptions: .keep))
        #expect(kept.texts.count == 24)
    }

    @Test(arguments: [
        ([String](), [String](), 0),
        (["a", "b"], ["b", "c"], 1),
        (["a", "b"], ["a", "b"], 2),
        (["a"], ["a", "a"], 1),
        (["a", "b"], ["c"], 0),
    ])
    func overlap(_ previous: [String], _ current: [String], _ expected: Int) {
        #expect(RollingCaptionCollapser.overlap(ending: previous, starting: current) == expected)
    }
}
