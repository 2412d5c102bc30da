#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TranscriptModel
import TranscriptSearch

/// Keeps the literal matcher's table of Unicode equivalents (`ScalarEquivalence`) beside the
/// session, in `unicode/`, so that a search with a non-ASCII character does not build it again in
/// every process (about 30 ms, against a few for reading it).
///
/// The table follows from the Unicode data this build carries, so a file belongs to one build:
/// its name hashes the running executable's path, size and modification time (`/proc/self/exe`,
/// Linux only; elsewhere nothing is kept). A file that does not read back whole (another version,
/// damaged, cut short) is built again and replaced, atomically; one that cannot be written is
/// only a lost shortcut.
enum ScalarClassesStore {
    /// Installs the store for this process (once, before any search).
    static func install(environment: CommandEnvironment) {
        guard let identity = executableIdentity() else { return }
        let session = SessionStore(environment: environment)
        let directory = (session.directory.isEmpty ? "." : session.directory) + "/unicode"
        let name = String(SourceFingerprint.hash(Array(identity.utf8)).dropFirst(SourceFingerprint.hashPrefix.count))
        @Sendable func path(_ ignoringCase: Bool) -> String {
            directory + "/" + name + (ignoringCase ? "-ignoring-case" : "-with-case") + ".classes"
        }
        ScalarEquivalence.store = ScalarEquivalence.Store(
            load: { ignoringCase in try? SystemCalls.readRegularFile(path(ignoringCase), limit: 64 << 20).get() },
            save: { ignoringCase, bytes in
                guard case .success = SystemCalls.makeDirectories(directory) else { return }
                _ = SystemCalls.writeAtomically(bytes, to: path(ignoringCase), sync: false)
            }
        )
    }

    /// The running executable's path, size and modification time, or nil where they cannot be known.
    static func executableIdentity() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0, let status = SystemCalls.fileStatus("/proc/self/exe") else { return nil }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "\(path)\u{0}\(status.size)\u{0}\(status.modified)"
        #else
        return nil
        #endif
    }
}
