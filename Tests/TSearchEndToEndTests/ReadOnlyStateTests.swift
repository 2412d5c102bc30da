import Foundation
import Testing

/// A state folder that cannot be written (a read-only mount, a shared folder) still lets `show`
/// and `export` read the saved search; commands that must save say why they cannot.
struct ReadOnlyStateTests {
    @Test func showAndExportWorkInAReadOnlyStateFolder() throws {
        let folder = try TSearch.temporaryDirectory()
        let state = folder.appendingPathComponent("state")
        let session = state.appendingPathComponent("session.json").path
        let saved = try TSearch.run(["search", "budget", TSearch.samples + "/planning.srt"], environment: ["TSEARCH_STATE": session])
        #expect(saved.status == 0)
        // Root ignores permissions: run the commands as `nobody`, who owns the folder but cannot
        // write it.
        let asRoot = getuid() == 0
        if asRoot {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                Issue.record("running as root without setpriv: cannot drop to another user")
                return
            }
            _ = try TSearch.shell("chown -R nobody '\(folder.path)' && chmod 755 '\(folder.path)'")
        }
        _ = try TSearch.shell("rm -f '\(session).lock' && chmod 555 '\(state.path)'")
        defer { _ = try? TSearch.shell("chmod 755 '\(state.path)'") }
        let prefix = asRoot ? "/usr/bin/setpriv --reuid=nobody --regid=nogroup --clear-groups " : ""
        let show = try TSearch.shell(prefix + "'\(TSearch.binary.path)' show", environment: ["TSEARCH_STATE": session])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("hit 1 of"))
        let export = try TSearch.shell(prefix + "'\(TSearch.binary.path)' export --format markup", environment: ["TSEARCH_STATE": session])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.contains("budget"))
        let next = try TSearch.shell(prefix + "'\(TSearch.binary.path)' next", environment: ["TSEARCH_STATE": session])
        #expect(next.status == 2)
        #expect(next.stderr.contains("cannot save the search"))
    }
}

/// A search whose session cannot be saved leaves nothing behind (each stdin search left its rows,
/// 16 MB for a big one, in a cache no session named).
struct UnsavableSessionTests {
    @Test func aSessionThatCannotBeSavedLeavesNoCache() throws {
        let folder = try TSearch.temporaryDirectory()
        let session = folder.appendingPathComponent("session.json")
        try FileManager.default.createDirectory(at: session, withIntermediateDirectories: true)
        let planning = try Data(contentsOf: URL(fileURLWithPath: TSearch.samples + "/planning.srt"))
        for _ in 0..<3 {
            let result = try TSearch.run(["search", "budget", "-"], stdin: planning, environment: ["TSEARCH_STATE": session.path])
            // The search itself succeeded: saving it is only warned about.
            #expect(result.status == 0)
            #expect(result.stderr.contains("cannot save the search"))
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "session.json" }
        #expect(left.filter { !$0.hasSuffix(".lock") } == [])
    }
}
