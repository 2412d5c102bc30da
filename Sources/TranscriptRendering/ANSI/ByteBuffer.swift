import TranscriptModel

/// A growable buffer of bytes written through a pointer: a listing's piece, made without what
/// `Array.append` pays on every call (a uniqueness check, a capacity check through a generic
/// sequence). Owned by one thread at a time; `free()` releases it.
struct ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = .allocate(capacity: self.capacity)
    }

    func free() {
        base.deallocate()
    }

    /// The bytes written so far (valid until the next write or `free()`).
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Forgets the bytes written, keeping the memory.
    mutating func removeAll() {
        count = 0
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append($0) }
    }

    /// `count` spaces.
    mutating func appendSpaces(_ spaces: Int) {
        guard spaces > 0 else { return }
        reserve(spaces)
        (base + count).update(repeating: UInt8(ascii: " "), count: spaces)
        count += spaces
    }

    /// The number of decimal digits of `value` (not negative).
    static func digits(_ value: Int) -> Int {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    /// `value` (not negative) in decimal digits, `width` of them (zero-padded on the left); at least
    /// all its digits.
    mutating func appendDecimal(_ value: Int, width: Int = 0) {
        let written = max(width, Self.digits(value))
        reserve(written)
        var rest = value
        for position in stride(from: count + written - 1, through: count, by: -1) {
            base[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += written
    }
}
