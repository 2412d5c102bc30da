import Foundation
import Testing

/// A named pipe or `<(…)` is read once, like standard input: its rows are kept with the saved
/// search and never read again, so a step neither waits on the pipe (with the lock held) nor finds
/// it gone and replaces the search with an empty one.
@Suite(.serialized) struct StreamInputTests {
    @Test func stepsAfterSearchingANamedPipeUseTheKeptRows() throws {
        let folder = try TSearch.temporaryDirectory()
        let state = folder.appendingPathComponent("state/session.json").path
        let tsearch = "'\(TSearch.binary.path)'"
        let result = try TSearch.shell("""
            export TSEARCH_STATE='\(state)'
            mkfifo talk.pipe
            cat '\(TSearch.samples)/planning.srt' > talk.pipe &
            \(tsearch) search -c budget talk.pipe || exit 9
            wait
            timeout 20 \(tsearch) next || exit 10
            timeout 20 \(tsearch) next || exit 11
            """, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("hit 2 of"))
        #expect(result.stdout.contains("hit 3 of"))
    }

    @Test func stepsAfterSearchingProcessSubstitutionUseTheKeptRows() throws {
        let folder = try TSearch.temporaryDirectory()
        let state = folder.appendingPathComponent("state/session.json").path
        let tsearch = "'\(TSearch.binary.path)'"
        let result = try TSearch.shell("""
            export TSEARCH_STATE='\(state)'
            \(tsearch) search -c budget <(cat '\(TSearch.samples)/planning.srt') || exit 9
            \(tsearch) next || exit 10
            \(tsearch) show || exit 11
            """, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("hit 2 of"))
        #expect(!result.stderr.contains("changed"))
    }

    /// When another file changed, the pipe cannot be read again to search anew: an error that says
    /// so (exit 2), the saved search left as it was.
    @Test func aChangedFileBesideAPipeIsAnErrorNotAHangNorAnEmptySearch() throws {
        let folder = try TSearch.temporaryDirectory()
        let state = folder.appendingPathComponent("state/session.json").path
        let tsearch = "'\(TSearch.binary.path)'"
        let result = try TSearch.shell("""
            export TSEARCH_STATE='\(state)'
            cp '\(TSearch.samples)/standup.vtt' standup.vtt
            mkfifo talk.pipe
            cat '\(TSearch.samples)/planning.srt' > talk.pipe &
            \(tsearch) search -c budget talk.pipe standup.vtt || exit 9
            wait
            sleep 0.01; echo >> standup.vtt
            cp '\(state)' before.json
            timeout 20 \(tsearch) next; echo "status $?"
            cmp before.json '\(state)' && echo unchanged
            """, in: folder)
        #expect(result.stdout.contains("status 2"))
        #expect(result.stderr.contains("talk.pipe, which cannot be read again, and other files changed"))
        #expect(result.stdout.contains("unchanged"))
        let saved = try String(contentsOfFile: state, encoding: .utf8)
        #expect(saved.contains("\"streams\""))
    }
}
