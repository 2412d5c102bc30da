import Foundation
import Testing
import TranscriptModel

/// Runs the built `tsearch` binary, as a user would.
struct TSearch {
    struct Outcome {
        var stdout: String
        var stderr: String
        var status: Int32
        var stdoutBytes: Data
    }

    /// The repository root (where Package.swift is).
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let samples = root.appendingPathComponent("Samples").path

    /// The `tsearch` next to the test bundle (both are built by `swift test`), else `.build/debug`.
    static let binary: URL = {
        let testBundle = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
        for directory in [testBundle.deletingLastPathComponent(), testBundle.deletingLastPathComponent().deletingLastPathComponent()] {
            let candidate = directory.appendingPathComponent("tsearch")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return root.appendingPathComponent(".build/debug/tsearch")
    }()

    /// The library example built beside `tsearch`.
    static let example = binary.deletingLastPathComponent().appendingPathComponent("tsearch-example")

    /// Puts `replacement` for every `text` in the file of parsed rows `file` (a row cache, a
    /// small-files cache or a session's cache: the rows' text is stored as it is) and seals it
    /// again with its checksum, as if the rows had been read so: what a search or a step then shows
    /// came from the cache, not from the transcript. `text` and `replacement` must be as long.
    static func rewriteRows(in file: URL, _ text: String, with replacement: String) throws {
        precondition(text.utf8.count == replacement.utf8.count, "same length")
        var bytes = [UInt8](try Data(contentsOf: file))
        let (old, new) = (Array(text.utf8), Array(replacement.utf8))
        var index = 0
        while index + old.count <= bytes.count {
            if Array(bytes[index..<(index + old.count)]) == old {
                bytes.replaceSubrange(index..<(index + old.count), with: new)
                index += old.count
            } else {
                index += 1
            }
        }
        // After the magic (a count and its bytes) and the version, or a session cache's id (a count
        // and its bytes): the checksum of all that follows.
        let magic = Int(bytes[0]) + 8
        let isSession = String(decoding: bytes[8..<magic], as: UTF8.self).hasPrefix("TSSESSIONCACHE")
        let offset = magic + (isSession ? 8 + Int(bytes[magic]) : 8)
        let checksum = bytes.withUnsafeBytes { Checksum.of(UnsafeRawBufferPointer(rebasing: $0[(offset + 8)...])) }
        withUnsafeBytes(of: checksum.littleEndian) { for index in 0..<8 { bytes[offset + index] = $0[index] } }
        try Data(bytes).write(to: file)
    }

    /// Runs `bash -c script` in `directory` (with `$TSEARCH_STATE` set as for `run`).
    static func shell(_ script: String, in directory: URL = root, environment extra: [String: String] = [:]) throws -> Outcome {
        try run(["-c", script], executable: URL(fileURLWithPath: "/bin/bash"), in: directory, environment: extra)
    }

    /// Runs `tsearch arguments…` (or another `executable`) in `directory` with `stdin` piped in (or /dev/null).
    static func run(
        _ arguments: [String], executable: URL = binary, stdin: Data? = nil, in directory: URL = root,
        environment extra: [String: String] = [:]
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "NO_COLOR")
        // Never touch the user's own saved search.
        environment["TSEARCH_STATE"] = defaultState.path
        environment.merge(extra) { $1 }
        process.environment = environment
        // stderr goes to a file so a large stdout and stderr can never both fill their pipes.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("tsearch-stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let err = try FileHandle(forWritingTo: errorFile)
        let out = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(stdin)
            try input.fileHandleForWriting.close()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try err.close()
        let errData = try Data(contentsOf: errorFile)
        return Outcome(
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
            status: process.terminationStatus, stdoutBytes: outData
        )
    }

    /// `run`, under `timeout -s KILL` (60 s): a test of something that must stop by itself (a time
    /// limit, a stuck tool) fails with status 137 instead of hanging the suite. Not a measure of
    /// speed: the command's own status and message say that it stopped for the right reason.
    static func runGuarded(
        _ arguments: [String], in directory: URL = root, environment extra: [String: String] = [:]
    ) throws -> Outcome {
        try run(["-s", "KILL", "60", binary.path] + arguments, executable: URL(fileURLWithPath: "/usr/bin/timeout"), in: directory, environment: extra)
    }

    /// Where searches save their session unless a test names its own.
    static let defaultState: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tsearch-tests-state-\(getpid())")
        return folder.appendingPathComponent("session.json")
    }()

    /// A new empty temporary folder.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tsearch-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// JSON Lines output parsed into objects.
func jsonRecords(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        return try #require(object as? [String: Any])
    }
}
