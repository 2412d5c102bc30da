import TranscriptStore

/// Where a command writes text: standard output or error, or a buffer in tests.
///
/// Buffered; once the reader has gone away (a broken pipe, `tsearch … | head`) `isClosed` turns true
/// and further writes are dropped, so a command can stop early and still exit quietly.
public final class TextOutput: @unchecked Sendable {
    // Used from one thread at a time (the command's); `@unchecked` for that reason.
    private let descriptor: Int32?
    private var buffer: [UInt8] = []
    /// Everything written, when capturing (tests).
    public private(set) var captured = ""
    public private(set) var isClosed = false
    /// The system's message for a write that failed for another reason than a broken pipe.
    public private(set) var failure: String?

    /// Output to a file descriptor (1 or 2).
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Output captured in memory, for tests.
    public init() {
        self.descriptor = nil
    }

    /// Writes `line` and a line end.
    public func line(_ line: String = "") {
        write(line + "\n")
    }

    public func write(_ text: String) {
        guard !isClosed else { return }
        guard descriptor != nil else {
            captured += text
            return
        }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes UTF-8 `bytes` as they are (a listing's piece, made without a `String` per line).
    public func write(bytes: UnsafeBufferPointer<UInt8>) {
        guard !isClosed else { return }
        guard descriptor != nil else {
            captured += String(decoding: bytes, as: UTF8.self)
            return
        }
        guard bytes.count >= 1 << 16, let descriptor else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 16 { flush() }
            return
        }
        // A big piece goes out as it is, after what is buffered.
        flush()
        guard !isClosed else { return }
        record(FileCalls.write(UnsafeRawBufferPointer(bytes), to: descriptor))
    }

    /// Notes a write's outcome: a broken pipe or another failure closes the output.
    private func record(_ outcome: FileCalls.WriteOutcome) {
        switch outcome {
        case .written: break
        case .brokenPipe: isClosed = true
        case .failed(let message):
            isClosed = true
            failure = message
        }
    }

    public func flush() {
        guard let descriptor, !buffer.isEmpty, !isClosed else { return }
        record(FileCalls.write(buffer, to: descriptor))
        buffer.removeAll(keepingCapacity: true)
    }
}
