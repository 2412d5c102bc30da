/// The notes already said (`LoadDiagnostic.Severity.note`: a guessed unit, a chosen track, files of
/// other kinds in a folder), so that a note about an unchanged file is said once and then kept
/// quiet, as a compiler keeps quiet about an unchanged file's warnings it has shown.
///
/// A note's key is a hash of its message and of what its file is now (size, modification time,
/// inode): the same note about a changed file is new. The keys live beside the session, in
/// `<session file>.notes`: a first line `tsearch said notes 1`, then one key per line, oldest first,
/// at most `limit` of them (the oldest are forgotten first). The file is written atomically; two
/// searches that finish at once may each miss the other's new keys, which only means a note is
/// said again. A file that does not read back as this shape is taken for empty and written anew.
package struct SaidNotes: Sendable {
    /// The file of keys.
    package let file: String
    /// How many keys are kept.
    package static let limit = 4096
    static let header = "tsearch said notes 1"

    /// The notes said in searches whose session is at `location`.
    package init(location: StoreLocation) {
        file = location.sessionFile + ".notes"
    }

    /// The key of the note saying `message` about the file at `subject` (nil: about no one file).
    package static func key(message: String, subject: String?) -> String {
        var text = message
        if let subject, let identity = FileCalls.fileIdentity(subject) {
            text += "\u{0}\(identity.size)\u{0}\(identity.modified)\u{0}\(identity.inode)"
        }
        return String(SourceFingerprint.hash(Array(text.utf8)).dropFirst(SourceFingerprint.hashPrefix.count))
    }

    /// The keys of the notes said before, oldest first.
    package func keys() -> [String] {
        guard case .success(let bytes) = FileCalls.readFile(file) else { return [] }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        guard lines.first == Self.header else { return [] }
        return Array(lines.dropFirst())
    }

    /// Adds `keys` to the notes said (a failure to write only means they are said again).
    package func remember(_ new: [String]) {
        guard !new.isEmpty else { return }
        let kept = keys()
        let known = Set(kept)
        let all = kept + new.filter { !known.contains($0) }
        let text = ([Self.header] + all.suffix(Self.limit)).joined(separator: "\n") + "\n"
        let directory = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)])
        if !directory.isEmpty, case .failure = FileCalls.makeDirectories(directory) { return }
        _ = FileCalls.writeAtomically(Array(text.utf8), to: file, sync: false)
    }
}
