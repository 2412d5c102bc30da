import TranscriptModel

/// What a source file was when it was searched: its identity (size, modification and
/// status-change times, inode, device), whether it had settled when it was read, and a hash of its
/// bytes.
///
/// A file is unchanged when its identity is the same (to the nanosecond) and it had settled (had not
/// changed in the 2 s before it was read: `KeptFileState.trusts`, the rule the caches of parsed
/// rows follow); otherwise, when its size is the same, the hash decides (a file only touched is
/// unchanged). Sessions saved before the status-change time, inode, device and settling were kept
/// judge by size and modification time alone, as `make` and rsync do. The hash is the 64-bit
/// `Checksum` (it runs at memory speed): it detects edits, it is not a defence against a forger.
public struct SourceFingerprint: Codable, Hashable, Sendable {
    /// The path as it was shown (relative to the session's directory unless absolute).
    public var path: String
    /// Its size in bytes.
    public var size: Int64
    /// Its modification time, in nanoseconds since the epoch.
    public var modified: Int64
    /// `sum64:` and 16 hex digits.
    public var hash: String
    /// Its status-change time, in nanoseconds since the epoch (nil in sessions saved without it).
    public var changed: Int64?
    /// Its inode (nil in sessions saved without it).
    public var inode: UInt64?
    /// Its device (nil in sessions saved without it).
    public var device: UInt64?
    /// Whether it had settled when it was read (nil in sessions saved without it).
    public var settled: Bool?

    enum CodingKeys: String, CodingKey {
        case path, size, modified = "mtime_ns", hash, changed = "ctime_ns", inode, device, settled
    }

    /// What a file of `size` bytes, modified at `modified` (ns since the epoch), with content
    /// `hash` was, the rest of its identity unknown.
    public init(path: String, size: Int64, modified: Int64, hash: String) {
        self.path = path
        self.size = size
        self.modified = modified
        self.hash = hash
    }

    /// The fingerprint of a file read as `identity` says, by a loading that began at `readAt`
    /// (ns since the epoch), whose caches wait `settle` ns for a file to settle.
    init(path: String, identity: FileCalls.FileIdentity, hash: String, readAt: Int64, settle: Int64) {
        self.init(path: path, size: identity.size, modified: identity.modified, hash: hash)
        changed = identity.changed
        inode = identity.inode
        device = identity.device
        settled = identity.isSettled(before: readAt, settle: settle)
    }

    /// What every hash starts with (another prefix is another algorithm: a file is then changed).
    static let hashPrefix = "sum64:"

    static func hash(_ bytes: UnsafeRawBufferPointer) -> String {
        hash(checksum: Checksum.of(bytes))
    }

    /// The content hash of `bytes`, as a fingerprint writes it (`sum64:` and 16 hex digits).
    public static func hash(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { hash($0) }
    }

    /// A hash as written: the prefix and the checksum's 16 hex digits.
    static func hash(checksum: UInt64) -> String {
        let hex = String(checksum, radix: 16)
        return hashPrefix + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Whether `text` is a hash as `hash` writes it.
    static func isHash(_ text: String) -> Bool {
        text.hasPrefix(hashPrefix) && text.utf8.count == hashPrefix.utf8.count + 16
            && text.dropFirst(hashPrefix.count).allSatisfy(\.isHexDigit)
    }

    /// Whether the file at `fullPath` still has this content. Reads the file only when its identity
    /// changed but not its size, or when it had not settled when it was searched.
    func matchesFile(at fullPath: String) -> Bool {
        guard let now = FileCalls.fileIdentity(fullPath) else { return false }
        let sameIdentity = now.size == size && now.modified == modified
            && (changed == nil || (changed == now.changed && inode == now.inode && device == now.device))
        if sameIdentity && settled != false { return true }
        guard now.size == size, case .success(let current) = SubtitleCache.contentHash(of: fullPath) else { return false }
        return current == hash
    }
}
