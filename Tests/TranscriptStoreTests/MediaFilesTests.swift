import Testing
@testable import TranscriptStore

/// Paths as a page links them: from the page's folder, climbing out of it when needed.
struct MediaFilesTests {
    @Test(arguments: [
        ("/home/me/meetings/a.vtt", "/home/me", "meetings/a.vtt"),
        ("/home/me/rec/a.mp4", "/home/me/pages", "../rec/a.mp4"),
        ("/home/me/a.mp4", "/home/me/pages/june", "../../a.mp4"),
        ("/home/me/pages", "/home/me/pages/june", "../../pages"),
        ("/srv/rec/a.mp4", "/home/me", "/srv/rec/a.mp4"),
        ("/home/me/a.mp4", "/home/../me", "/home/me/a.mp4"),
        ("/a.mp4", "/", "a.mp4"),
    ])
    func aPathSeenFromAFolder(_ path: String, _ folder: String, _ expected: String) {
        #expect(MediaFiles.relative(path, from: folder) == expected)
    }
}
