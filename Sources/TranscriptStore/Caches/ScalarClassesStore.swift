import TranscriptModel
import TranscriptSearch

/// Keeps the literal matcher's table of Unicode equivalents (`ScalarEquivalence`) in
/// `StoreLocation.unicodeDirectory`, so that a search with a non-ASCII character does not build it
/// again in every process (about 30 ms, against a few for reading it).
///
/// The table follows from the Unicode data this build carries, so a file belongs to one build:
/// its name hashes the running executable's path, size and modification time
/// (`FileCalls.executableIdentity`, Linux only; elsewhere nothing is kept). A file that does not
/// read back whole (another version, damaged, cut short) is built again and replaced, atomically;
/// one that cannot be written is only a lost shortcut.
public enum ScalarClassesStore {
    /// The store at `location` for this build, to hand to `SearchRequest.runner(equivalences:)`;
    /// nil where the build cannot be identified.
    public static func equivalences(at location: StoreLocation) -> ScalarEquivalenceStore? {
        guard let identity = FileCalls.executableIdentity() else { return nil }
        let directory = location.unicodeDirectory
        let bound = CacheBound(location: location)
        let name = String(SourceFingerprint.hash(Array(identity.utf8)).dropFirst(SourceFingerprint.hashPrefix.count))
        @Sendable func path(_ ignoringCase: Bool) -> String {
            directory + "/" + name + (ignoringCase ? "-ignoring-case" : "-with-case") + ".classes"
        }
        return ScalarEquivalenceStore(
            load: { ignoringCase in
                guard let bytes = try? FileCalls.readRegularFile(path(ignoringCase), limit: 64 << 20).get() else { return nil }
                CacheBound.markUsed(path(ignoringCase))
                return bytes
            },
            save: { ignoringCase, bytes in
                guard bound.admits(bytes.count), case .success = FileCalls.makeDirectories(directory) else { return }
                _ = FileCalls.writeAtomically(bytes, to: path(ignoringCase), sync: false)
            }
        )
    }
}
