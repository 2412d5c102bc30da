import Dispatch
import TranscriptFormats
import TranscriptModel

/// A small file (one that gets no row cache) read and parsed ahead of its turn, so that a folder of
/// many small files is read on every core: where it is and what it was (`Status`), its content hash
/// or why it could not be read, and what the loader made of it (nil rows: read it again, as
/// `loadCorpus` says).
struct SmallFile: Sendable {
    var file: Status
    var hash: Result<String, SystemError>
    var loaded: Result<(corpus: Corpus, warnings: [FormatError])?, FormatError>

    /// Where a small file is and what it is now.
    struct Status {
        var resolved: String
        var absolute: String
        var identity: FileCalls.FileIdentity
    }

    /// The status of `input` when it is an existing regular file below `below` bytes that is not a
    /// video; nil for every other input (read in its turn: a named pipe is read as a stream).
    /// `identity`, when given, is the file's, taken a moment ago (else it is taken now).
    static func status(of input: Input, baseDirectory: String?, below: Int64, identity known: FileCalls.FileIdentity? = nil) -> Status? {
        switch input {
        case .file(let file), .found(let file):
            guard !VideoSubtitleStream.isVideo(path: file) else { return nil }
            let resolved = InputFiles.resolve(file, against: baseDirectory)
            guard let identity = known ?? FileCalls.fileIdentity(resolved), identity.isRegular, identity.size < below else { return nil }
            return Status(resolved: resolved, absolute: InputFiles.absolute(file, against: baseDirectory), identity: identity)
        case .standardInput:
            return nil
        }
    }

    /// For each of `inputs`, the file read and parsed when `files` gives its status; nil for every
    /// other input. Each file read is added to `progress` as it is done.
    static func readAhead(_ inputs: [Input], files: [Status?], options: LoadOptions, progress: LoadProgress? = nil) -> [SmallFile?] {
        let results = ThreadSlots<SmallFile?>(count: inputs.count, repeating: nil)
        defer { results.free() }
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            guard let file = files[index] else { return }
            defer { progress?.add(bytes: file.identity.size) }
            let path = inputs[index].displayPath
            switch CorpusLoading.read(file.resolved) {
            case .success(let contents):
                let loaded = CorpusLoading.parse(contents.region, isPlainUTF8: contents.isPlainUTF8, path: path, options: options)
                results[index] = SmallFile(file: file, hash: .success(contents.hash), loaded: loaded)
            case .failure(let error):
                results[index] = SmallFile(file: file, hash: .failure(error), loaded: .success(nil))
            }
        }
        return results.values
    }
}

/// What the two threads reading a file find in their halves: the checksum, the UTF-8 and NUL
/// bytes. Each half is an object of its own, touched by its thread only (the list of them is only
/// read while the threads run).
final class FileInspection: Sendable {
    private final class Half: @unchecked Sendable {
        var checksum: Checksum
        var stream: UTF8Stream
        var hasNUL = false
        var count = 0
        init(second: Bool) {
            checksum = second ? Checksum.startingFromZero() : Checksum()
            stream = UTF8Stream(startsInside: second)
        }
    }

    private let halves = [Half(second: false), Half(second: true)]

    func inspect(half: Int, piece: UnsafeRawBufferPointer) {
        let half = halves[half]
        half.checksum.add(piece)
        half.stream.add(piece.assumingMemoryBound(to: UInt8.self))
        if !half.hasNUL, let base = piece.baseAddress, ByteSearch.find(base, 0, piece.count) != nil { half.hasNUL = true }
        half.count += piece.count
    }

    /// The content hash of the whole file, as `SourceFingerprint.hash` makes it.
    func hash(of region: ByteRegion) -> String {
        let (first, second) = (halves[0], halves[1])
        guard second.count > 0 else { return SourceFingerprint.hash(checksum: first.checksum.value) }
        let whole = Checksum.combined(first.checksum, then: second.checksum, blocks: second.count / 32, count: region.bytes.count)
        return SourceFingerprint.hash(checksum: whole.value)
    }

    func isPlainUTF8(_ region: ByteRegion) -> Bool {
        let (first, second) = (halves[0], halves[1])
        guard !first.hasNUL, !second.hasNUL else { return false }
        if second.count == 0 { return first.stream.isValid && first.stream.trailing.isEmpty }
        return UTF8Stream.isValid(first.stream, then: second.stream)
    }
}

