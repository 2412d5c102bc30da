import Foundation
import Testing

/// A transcript whose name is not UTF-8 (a Latin-1 `Café.srt` from an old archive) is found in a
/// folder, opens when named, steps, and is shown as `Caf\xE9.srt`.
@Suite(.serialized) struct FileNameBytesTests {
    @Test func aLatin1NameIsSearchedSteppedAndShownEscaped() throws {
        let folder = try TSearch.temporaryDirectory()
        let state = folder.appendingPathComponent("state/session.json").path
        let result = try TSearch.shell("""
            export TSEARCH_STATE='\(state)'
            mkdir talks && cp '\(TSearch.samples)/planning.srt' "talks/$(printf 'Caf\\351.srt')"
            '\(TSearch.binary.path)' search -c budget talks || exit 9
            '\(TSearch.binary.path)' search -c budget "talks/$(printf 'Caf\\351.srt')" || exit 10
            '\(TSearch.binary.path)' next || exit 11
            '\(TSearch.binary.path)' search --json budget talks | head -n 1
            """, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("talks/Caf\\xE9.srt:6\n6 total"))
        #expect(result.stdout.contains("hit 2 of 6"))
        #expect(result.stdout.contains(#""file":"talks/Caf\\xE9.srt""#))
    }
}
