import Testing
import TranscriptModel

struct VideoSubtitleStreamTests {
    @Test(arguments: [
        ("talk.mkv", 0, "eng", "talk.mkv#s:0 (eng)"),
        ("dir/Clip.MP4", 12, "pt-BR", "dir/Clip.MP4#s:12 (pt-BR)"),
        ("a b/talk.webm", 1, nil, "a b/talk.webm#s:1"),
        ("x.mov", 3, "und", "x.mov#s:3"),  // undetermined: shown as none
    ] as [(String, Int, String?, String)])
    func displayPathsReadBack(_ video: String, _ index: Int, _ language: String?, _ shown: String) throws {
        let stream = VideoSubtitleStream(videoPath: video, subtitleIndex: index, language: language)
        #expect(stream.description == shown)
        let back = try #require(VideoSubtitleStream(displayPath: shown))
        #expect(back == stream)
        #expect(back.videoPath == video && back.subtitleIndex == index)
    }

    /// A tag that could break the display (or the terminal) is not shown, so the path still reads back.
    @Test(arguments: ["en) (x", "\u{1B}[2J", "", "a-very-long-language-tag", "日本語"])
    func languagesThatCannotBeShownAreDropped(_ language: String) throws {
        let stream = VideoSubtitleStream(videoPath: "talk.mkv", subtitleIndex: 2, language: language)
        #expect(stream.language == nil)
        #expect(stream.description == "talk.mkv#s:2")
        #expect(VideoSubtitleStream(displayPath: stream.description) == stream)
    }

    @Test(arguments: [
        "talk.srt", "talk.mkv", "notes.txt#s:1", "talk.mkv#s:", "talk.mkv#s:x", "talk.mkv#s:1(eng)",
        "talk.mkv#s:1 (eng", "talk.mkv#s:1 (e n)", "talk.mkv/x#s:1", "Samples/planning.srt",
    ])
    func ordinaryPathsAreNotStreams(_ path: String) {
        #expect(VideoSubtitleStream(displayPath: path) == nil)
    }

    @Test func videosAreKnownByExtension() {
        #expect(["a.mkv", "b.MP4", "c/d.webm", "e.Mov"].allSatisfy(VideoSubtitleStream.isVideo(path:)))
        #expect(!["a.srt", "mkv", "a.mkv/b", "a.mkv.srt", "a.mp3"].contains(where: VideoSubtitleStream.isVideo(path:)))
    }
}
