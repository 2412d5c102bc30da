import Foundation
import TranscriptModel
import TranscriptSearch

/// Where the saved session lives and how it is read and written.
///
/// - The session: `$TSEARCH_STATE`, else `$XDG_STATE_HOME/tsearch/session.json`, else
///   `~/.local/state/tsearch/session.json`.
/// - Beside it: `session.json.cache-ID` (the loaded rows and the hit maps, so stepping never re-reads
///   or re-searches unchanged files; the session names its ID) and `session.json.lock` (an advisory
///   lock held for the whole of every read-modify-write, so concurrent `tsearch next` processes
///   serialise).
/// - Every file is written atomically (temporary file, fsync, rename). A new cache gets a new name,
///   and old caches are removed only after the session that names the new one is in place, so a
///   crash at any moment leaves a session and the cache it names. A command that fails never writes.
///   `TSEARCH_TEST_PAUSE_MID_WRITE_MS` pauses halfway through each write, for crash tests only.
public struct SessionStore: Sendable {
    /// The session file.
    public let path: String
    /// Milliseconds each write pauses halfway, for crash tests only.
    let pauseMidWrite: Int
    /// The size bound of the caches, kept to after each save (`SavedSearch.save`).
    let bound: CacheBound

    var lockPath: String { path + ".lock" }
    var directory: String { String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    var fileName: String { String(path[(path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex)...]) }

    func cachePath(id: String) -> String { path + ".cache-" + id }

    /// The session at `location` (`StoreLocation.sessionFile`).
    public init(location: StoreLocation) {
        path = location.sessionFile
        pauseMidWrite = location.pauseMidWrite
        bound = CacheBound(location: location)
    }

    /// Runs `body` holding the session's lock (creating the folder if needed).
    func withLock<T>(_ body: () throws(SessionError) -> T) throws(SessionError) -> T {
        if !directory.isEmpty, case .failure(let error) = FileCalls.makeDirectories(directory) {
            throw SessionError(path: path, kind: .unwritable(error.description))
        }
        let descriptor: Int32
        switch FileCalls.lock(lockPath) {
        case .success(let value): descriptor = value
        case .failure(let error): throw SessionError(path: path, kind: .unwritable(error.description))
        }
        defer { FileCalls.unlock(descriptor) }
        return try body()
    }

    /// Runs `body` holding the session's lock shared, for commands that only read (export, the
    /// pager's start, show with nothing to save): works in a read-only state folder.
    func withReadLock<T>(_ body: () throws(SessionError) -> T) throws(SessionError) -> T {
        let descriptor: Int32?
        switch FileCalls.lockForReading(lockPath) {
        case .success(let value): descriptor = value
        case .failure(let error): throw SessionError(path: path, kind: .unwritable(error.description))
        }
        defer { if let descriptor { FileCalls.unlock(descriptor) } }
        return try body()
    }

    func read() throws(SessionError) -> SessionState {
        guard FileCalls.fileStatus(path) != nil else { throw SessionError(path: path, kind: .missing) }
        let bytes: [UInt8]
        switch FileCalls.readRegularFile(path, limit: 64 << 20) {
        case .success(let contents): bytes = contents
        case .failure(let error): throw SessionError(path: path, kind: .damaged(error.description))
        }
        let data = Data(bytes)
        let version: SessionState.Version
        do {
            version = try JSONDecoder().decode(SessionState.Version.self, from: data)
        } catch {
            throw SessionError(path: path, kind: .damaged("not a session file"))
        }
        guard version.schema <= SessionState.schema else {
            throw SessionError(path: path, kind: .newerSchema(version.schema))
        }
        do {
            return try JSONDecoder().decode(SessionState.self, from: data)
        } catch {
            throw SessionError(path: path, kind: .damaged("a member is missing or of the wrong type"))
        }
    }

    /// Replaces the session, then removes caches it does not name and temporary files left by
    /// writers that were killed (none can be running: the caller holds the lock).
    func write(_ state: SessionState) throws(SessionError) {
        if case .failure(let error) = FileCalls.writeAtomically(state.encoded(), to: path, pauseMidWrite: pauseMidWrite) {
            throw SessionError(path: path, kind: .unwritable(error.description))
        }
        guard case .success(let names) = FileCalls.directoryEntries(directory.isEmpty ? "/" : directory) else { return }
        let keep = fileName + ".cache-" + state.cache
        for name in names where name != keep && (name.hasPrefix(fileName + ".cache-") || name.hasPrefix(fileName + ".tmp-")) {
            // Only what a session wrote: its caches (by name and header, `CacheFile`) and its own
            // temporary files; a user's `session.json.cache-notes` stays.
            let isSessionTemporary = CacheFile.target(ofTemporary: name).map { $0 == fileName[...] } ?? false
            if isSessionTemporary || CacheFile.isOurs(name, in: directory.isEmpty ? "/" : directory, sessionName: fileName) {
                FileCalls.remove(directory + "/" + name)
            }
        }
    }

    /// Removes the cache `id` (one a session that could not be saved would have named).
    func removeCache(id: String) {
        guard !id.isEmpty, !id.contains("/") else { return }
        FileCalls.remove(cachePath(id: id))
    }
}
