import Testing
import TranscriptModel
@testable import TranscriptRendering

struct MomentPlaylistTests {
    /// A moment of `media` from `start` to `end` seconds.
    private func moment(_ start: Double, _ end: Double, _ media: String = "/m/talk.mkv", _ label: String = "x") -> MomentPlaylist.Moment {
        MomentPlaylist.Moment(media: media, start: Timestamp(milliseconds: Int64(start * 1000)),
                              end: Timestamp(milliseconds: Int64(end * 1000)), label: label)
    }

    /// (media, start s, end s) of each clip.
    private func windows(_ playlist: MomentPlaylist) -> [String] {
        playlist.clips.map { "\($0.media) \(DecimalSeconds.text($0.start.milliseconds))-\(DecimalSeconds.text($0.end.milliseconds))" }
    }

    @Test func paddingWidensEachMomentAndClampsAtZero() {
        let playlist = MomentPlaylist(moments: [moment(1, 2), moment(30, 31.5)], padding: 2000)
        #expect(windows(playlist) == ["/m/talk.mkv 0-4", "/m/talk.mkv 28-33.5"])
    }

    @Test func overlappingAndTouchingMomentsMerge() {
        let overlapping = MomentPlaylist(moments: [moment(12, 14.5, "/m/a.mkv", "first"), moment(15, 16, "/m/a.mkv", "second")], padding: 2000)
        #expect(windows(overlapping) == ["/m/a.mkv 10-18"])
        #expect(overlapping.clips[0].labels == ["first", "second"])
        #expect(overlapping.clips[0].title == "first (+1 more)")
        // 10–14 and 14–18 touch: one clip. 10–14 and 14.001–18 do not.
        #expect(windows(MomentPlaylist(moments: [moment(12, 12), moment(16, 16)], padding: 2000)) == ["/m/talk.mkv 10-18"])
        #expect(windows(MomentPlaylist(moments: [moment(12, 12), moment(16.001, 16.001)], padding: 2000)).count == 2)
        // Without padding, rows that follow each other without a gap still merge.
        #expect(windows(MomentPlaylist(moments: [moment(1, 2), moment(2, 3)], padding: 0)) == ["/m/talk.mkv 1-3"])
    }

    @Test func momentsOfDifferentMediaNeverMergeAndKeepFirstAppearanceOrder() {
        let playlist = MomentPlaylist(moments: [
            moment(50, 51, "/m/b.mkv"), moment(10, 11, "/m/a.mkv"), moment(8, 9, "/m/b.mkv"), moment(10.5, 12, "/m/b.mkv"),
        ], padding: 1000)
        #expect(windows(playlist) == ["/m/b.mkv 7-13", "/m/b.mkv 49-52", "/m/a.mkv 9-12"])
    }

    @Test func aMomentLastsAtLeastTheMinimumLength() {
        #expect(windows(MomentPlaylist(moments: [moment(7, 7)], padding: 0)) == ["/m/talk.mkv 7-8"])
        #expect(windows(MomentPlaylist(moments: [moment(7, 7)], padding: 0, minimumLength: 0)) == ["/m/talk.mkv 7-7"])
    }

    @Test func edlAsRecorded() {
        let playlist = MomentPlaylist(moments: [
            moment(62.5, 64, "/media/talk.mkv", "talk.srt 01:02 Alice: we need to cut the budget"),
            moment(63, 65.25, "/media/talk.mkv", "talk.srt 01:03 Bob: by ten percent"),
            moment(0.2, 1, "/media/intro.mp4", "intro.vtt 00:00 budget"),
        ], padding: 2000)
        #expect(playlist.edl() == """
        # mpv EDL v0
        %15%/media/talk.mkv,60.5,6.75,title=%57%talk.srt 01:02 Alice: we need to cut the budget (+1 more)
        %16%/media/intro.mp4,0,3,title=%22%intro.vtt 00:00 budget

        """)
    }

    @Test func m3uAsRecorded() {
        let playlist = MomentPlaylist(moments: [
            moment(62.5, 64, "/media/talk.mkv", "talk.srt 01:02 Alice: we need to cut the budget"),
            moment(0.2, 1, "/media/intro.mp4", "intro.vtt 00:00 budget"),
        ], padding: 2000)
        #expect(playlist.m3u() == """
        #EXTM3U
        #EXTINF:6,talk.srt 01:02 Alice: we need to cut the budget
        #EXTVLCOPT:start-time=60.5
        #EXTVLCOPT:stop-time=66
        /media/talk.mkv
        #EXTINF:3,intro.vtt 00:00 budget
        #EXTVLCOPT:start-time=0
        #EXTVLCOPT:stop-time=3
        /media/intro.mp4

        """)
    }

    /// mpv's `%N%` counts bytes: a comma, a semicolon, `!` or a line end inside cannot end the value.
    @Test func edlValuesAreLengthPrefixedInBytes() {
        let media = "/m/talk, part 1; café!.mkv"
        let label = "a, b; c!\nd é"
        let edl = MomentPlaylist(moments: [moment(10, 11, media, label)], padding: 0).edl()
        let line = edl.split(separator: "\n")[1]
        #expect(line == "%27%\(media),10,1,title=%13%a, b; c! d é")  // é is two bytes; the line end became a space
        // Read back as mpv does: the length prefix, then exactly that many bytes.
        let bytes = Array(line.utf8)
        let close = bytes.dropFirst().firstIndex(of: UInt8(ascii: "%"))!
        let count = Int(String(decoding: bytes[1..<close], as: UTF8.self))!
        #expect(String(decoding: bytes[(close + 1)..<(close + 1 + count)], as: UTF8.self) == media)
        #expect(bytes[close + 1 + count] == UInt8(ascii: ","))
    }

    @Test func m3uWritesAPathWithALineEndAsAFileURL() {
        #expect(MomentPlaylist.m3uLocation("/m/talk, café.mkv") == "/m/talk, café.mkv")
        #expect(MomentPlaylist.m3uLocation("/m/odd\nname #1.mkv") == "file:///m/odd%0Aname%20%231.mkv")
        #expect(MomentPlaylist.m3uLocation("/m/é\r.mkv") == "file:///m/%C3%A9%0D.mkv")
        #expect(MomentPlaylist.m3uLocation("https://example.com/a b\n.mp4") == "https://example.com/a b%0A.mp4")
        let m3u = MomentPlaylist(moments: [moment(1, 2, "/m/a\nb.mkv", "x\ny")], padding: 0).m3u()
        #expect(m3u.split(separator: "\n").count == 5)
        #expect(m3u.contains("#EXTINF:1,x y\n"))
    }

    @Test func longLabelsAreCut() {
        let long = String(repeating: "budget ", count: 30)
        let title = MomentPlaylist(moments: [moment(1, 2, "/m/a.mkv", long)], padding: 0).clips[0].title
        #expect(title.count == 80)
        #expect(title.hasSuffix("…"))
    }

    @Test(arguments: [(Int64(0), "0"), (1, "0.001"), (62_500, "62.5"), (3000, "3"), (3_599_999, "3599.999"), (10, "0.01")])
    func decimalSeconds(_ milliseconds: Int64, _ text: String) {
        #expect(DecimalSeconds.text(milliseconds) == text)
    }
}

/// The editors' timelines: clips in the order listed, times in whole frames (FCPXML) or exact
/// milliseconds (OTIO), names and paths escaped.
struct EditorTimelineTests {
    static let playlist = MomentPlaylist(moments: [
        MomentPlaylist.Moment(media: "/m/talk & co.mkv", start: Timestamp(milliseconds: 1_000), end: Timestamp(milliseconds: 2_500), label: "talk <1>"),
        MomentPlaylist.Moment(media: "/m/talk & co.mkv", start: Timestamp(milliseconds: 30_000), end: Timestamp(milliseconds: 32_010), label: "talk \"2\""),
        MomentPlaylist.Moment(media: "https://example.com/b.mp4", start: Timestamp(milliseconds: 10_000), end: Timestamp(milliseconds: 12_000), label: "b"),
    ], padding: 2_000)

    @Test func fcpxmlCutsEachClipInWholeFramesOneAfterAnother() {
        let xml = Self.playlist.fcpxml(name: "tsearch: budget")
        #expect(xml.contains(#"<asset id="r2" name="talk &amp; co.mkv" src="file:///m/talk%20%26%20co.mkv" start="0s" duration="85100/2500s""#))
        #expect(xml.contains(#"<asset id="r3" name="b.mp4" src="https://example.com/b.mp4""#))
        // 0–4.5 s: frames 0 to 112.5, rounded up to 113; then 28–34.01 s from frame 700, 851 up.
        #expect(xml.contains(#"name="talk &lt;1&gt;" offset="0s" start="0s" duration="11300/2500s""#))
        #expect(xml.contains(#"name="talk &quot;2&quot;" offset="11300/2500s" start="70000/2500s" duration="15100/2500s""#))
        #expect(xml.contains(#"ref="r3" name="b" offset="26400/2500s" start="20000/2500s" duration="15000/2500s""#))
    }

    @Test func otioKeepsMillisecondsExactly() {
        let json = Self.playlist.otio(name: "tsearch: budget")
        #expect(json.contains(#""name": "talk \"2\"""#))
        #expect(json.contains(#""start_time": {"OTIO_SCHEMA": "RationalTime.1", "rate": 1000.0, "value": 28000.0}, "duration": {"OTIO_SCHEMA": "RationalTime.1", "rate": 1000.0, "value": 6010.0}"#))
        #expect(json.contains(#""target_url": "file:///m/talk%20%26%20co.mkv""#))
        #expect(json.contains(#""target_url": "https://example.com/b.mp4""#))
    }
}
