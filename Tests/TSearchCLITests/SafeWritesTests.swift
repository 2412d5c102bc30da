import Foundation
import Testing
@testable import TSearchCLI
@testable import TranscriptStore

/// Files tsearch writes or locks beside a target are never reached through something planted in
/// the folder: a link, a named pipe or a file at the name a temporary file would have.
struct SafeWritesTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tsearch-safe-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The old temporary name (`FILE.tmp-PID`) planted as a link to a victim: the write used to go
    /// into the victim, then rename the link over FILE.
    @Test func aLinkPlantedAtTheOldTemporaryNameIsNeverWrittenThrough() throws {
        let folder = try Self.folder()
        let victim = folder + "/victim.txt"
        try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
        let target = folder + "/out.html"
        try FileManager.default.createSymbolicLink(atPath: target + ".tmp-\(getpid())", withDestinationPath: victim)
        guard case .success = FileCalls.writeAtomically(Array("export".utf8), to: target) else {
            Issue.record("the write failed")
            return
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "export")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: target + ".tmp-\(getpid())") == victim)
    }

    @Test func temporaryNamesAreUnpredictableAndExclusive() throws {
        let folder = try Self.folder()
        var names = Set<String>()
        for _ in 0..<20 {
            guard case .success(let created) = FileCalls.createTemporary(beside: folder + "/f", mode: 0o600) else {
                Issue.record("no temporary file")
                return
            }
            close(created.descriptor)
            names.insert(created.path)
            #expect(created.path.hasPrefix(folder + "/f.tmp-\(getpid())-"))
        }
        #expect(names.count == 20)
    }

    @Test func aLockThatIsALinkOrAPipeIsRefusedNotFollowedOrWaitedOn() throws {
        let folder = try Self.folder()
        let victim = folder + "/victim.txt"
        try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.lock", withDestinationPath: victim)
        guard case .failure(let linkError) = FileCalls.lock(folder + "/link.lock") else {
            Issue.record("a lock through a link was taken")
            return
        }
        #expect(linkError.description.contains("symbolic link"))
        #expect(mkfifo(folder + "/pipe.lock", 0o600) == 0)
        guard case .failure(let pipeError) = FileCalls.lock(folder + "/pipe.lock") else {
            Issue.record("a lock on a named pipe was taken")
            return
        }
        #expect(pipeError.description.contains("not a regular file"))
        guard case .failure = FileCalls.lockForReading(folder + "/pipe.lock") else {
            Issue.record("a shared lock on a named pipe was taken")
            return
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
    }

    @Test func stateFilesThatAreNotRegularAreNotRead() throws {
        let folder = try Self.folder()
        #expect(mkfifo(folder + "/session.json", 0o600) == 0)
        guard case .failure = FileCalls.readRegularFile(folder + "/session.json") else {
            Issue.record("a named pipe was read as a state file")
            return
        }
        guard case .failure = FileCalls.readRegularFile("/dev/zero") else {
            Issue.record("/dev/zero was read as a state file")
            return
        }
    }

    @Test func staleTemporaryFilesOfDeadProcessesGoOthersStay() throws {
        let folder = try Self.folder()
        // A process that has ended: its ID names no process now.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let dead = folder + "/out.html.tmp-\(ended.processIdentifier)-abc"
        let alive = folder + "/out.html.tmp-\(getpid())-abc"
        let unrelated = folder + "/other.html.tmp-\(ended.processIdentifier)-abc"
        for path in [dead, alive, unrelated] { FileManager.default.createFile(atPath: path, contents: Data("x".utf8)) }
        FileCalls.removeStaleTemporaries(beside: folder + "/out.html")
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: alive))
        #expect(FileManager.default.fileExists(atPath: unrelated))
    }
}
