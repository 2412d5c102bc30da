import TranscriptModel

/// What a source file was when it was searched: size, modification time and a hash of its bytes.
///
/// A file is unchanged when size and modification time (to the nanosecond) are the same, as `make`
/// and rsync judge; when they differ, the hash decides (a file only touched is unchanged). The hash
/// is the 64-bit `Checksum` (it runs at memory speed): it detects edits, it is not a defence
/// against a forger.
struct SourceFingerprint: Codable, Hashable, Sendable {
    /// The path as it was shown (relative to the session's directory unless absolute).
    var path: String
    var size: Int64
    /// Nanoseconds since the epoch.
    var modified: Int64
    /// `sum64:` and 16 hex digits.
    var hash: String

    enum CodingKeys: String, CodingKey {
        case path, size, modified = "mtime_ns", hash
    }

    init(path: String, size: Int64, modified: Int64, hash: String) {
        self.path = path
        self.size = size
        self.modified = modified
        self.hash = hash
    }

    /// What every hash starts with (another prefix is another algorithm: a file is then changed).
    static let hashPrefix = "sum64:"

    static func hash(_ bytes: UnsafeRawBufferPointer) -> String {
        hash(checksum: Checksum.of(bytes))
    }

    static func hash(_ bytes: [UInt8]) -> String {
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

    /// Whether the file at `fullPath` still has this content. Reads the file only when its size or
    /// modification time changed.
    func matchesFile(at fullPath: String) -> Bool {
        guard let status = SystemCalls.fileStatus(fullPath) else { return false }
        if status.size == size && status.modified == modified { return true }
        guard status.size == size, case .success(let current) = SubtitleCache.contentHash(of: fullPath) else { return false }
        return current == hash
    }
}
