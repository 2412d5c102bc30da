/// What a source file was when it was searched: size, modification time and a hash of its bytes.
///
/// A file is unchanged when size and modification time (to the nanosecond) are the same, as `make`
/// and rsync judge; when they differ, the hash decides (a file only touched is unchanged). The hash
/// is 64-bit FNV-1a: it detects edits, it is not a defence against a forger.
struct SourceFingerprint: Codable, Hashable, Sendable {
    /// The path as it was shown (relative to the session's directory unless absolute).
    var path: String
    var size: Int64
    /// Nanoseconds since the epoch.
    var modified: Int64
    /// `fnv1a64:` and 16 hex digits.
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

    /// The fingerprint of `bytes`, read from `path` whose status is `status`.
    init(path: String, bytes: [UInt8], status: (size: Int64, modified: Int64)) {
        self.init(path: path, size: status.size, modified: status.modified, hash: Self.hash(bytes))
    }

    static func hash(_ bytes: [UInt8]) -> String {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        let hex = String(value, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Whether the file at `fullPath` still has this content. Reads the file only when its size or
    /// modification time changed.
    func matchesFile(at fullPath: String) -> Bool {
        guard let status = SystemCalls.fileStatus(fullPath) else { return false }
        if status.size == size && status.modified == modified { return true }
        guard status.size == size, case .success(let bytes) = SystemCalls.readFile(fullPath) else { return false }
        return Self.hash(bytes) == hash
    }
}
