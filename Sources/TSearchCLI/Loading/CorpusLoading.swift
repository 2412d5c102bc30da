#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import TranscriptFormats
import TranscriptModel

/// Loads inputs into one corpus, reporting as it goes. One bad file never stops the others.
///
/// - a skipped cue is a warning (`tsearch: warning: a.srt:12: …`);
/// - a file that holds nothing (empty, blank, a WebVTT header alone) is a warning: nothing is lost;
/// - a file found in a directory that is not a transcript (binary, JSON of another shape, such as a
///   `package.json`) is a warning: it was never asked for; so is a file of a kind tsearch does not
///   read (`InputFiles.unknownFiles`: a `.pdf`, a `.md`), named, never skipped silently;
/// - anything else (a file that cannot be read, a named file that is not a transcript, a transcript
///   none of whose cues can be read, broken JSON) is an error (`tsearch: a.srt: …`, exit status 2).
///
/// A big file's parsed rows are kept in the `RowCache` and read from there (mapped, not parsed)
/// while the file is unchanged; its warnings are kept with them and shown again.
///
/// It also records what each file was (`fingerprints`, for every file read, loadable or not), so a
/// saved session can tell later whether anything changed.
struct CorpusLoading {
    var corpus = Corpus()
    var errorCount = 0
    var warningCount = 0
    /// Every file that was read, in input order.
    var fingerprints: [SourceFingerprint] = []
    /// Files that could not be read (missing, unreadable): a change if they become readable.
    var unreadable: [String] = []
    /// Whether standard input was one of the inputs (it cannot be read again later).
    var readStandardInput = false
    /// Inputs that were streams, not files (a named pipe, `<(…)`, a device): like standard input,
    /// they cannot be read again, so their rows are kept with the session and never re-read.
    var streams: [String] = []
    /// Where big files' parsed rows are kept between runs.
    let rowCache: RowCache
    /// When the loading began (ns since the epoch): the caches it writes trust a file only if it
    /// had settled by then (`KeptFileState.trusts`).
    let startedAt = SystemCalls.now()
    /// Per source of `corpus`, in order: where its rows are kept between runs, or nil (standard
    /// input, a video, a file with an error… or a cache that could not be written), so a saved
    /// session can name them instead of writing them again. Reading it waits for a row cache still
    /// being written.
    var keptRows: [KeptRows?] {
        caching.files.enumerated().map { source, file in file.map(KeptRows.rowCache) ?? keptSmallFiles[source] }
    }
    /// The row cache files, the last one written on another thread while the caller goes on (a
    /// first search of a big file writes its cache while it searches).
    let caching = RowCacheWriting()

    struct RowCacheFile: Equatable {
        var file: String
        var hash: String
    }

    /// Where one source's rows are kept.
    enum KeptRows: Equatable {
        /// A big file's row cache, with the content hash its rows were parsed from.
        case rowCache(RowCacheFile)
        /// The file at `position` of the small-files cache `file` written with `id`.
        case smallFiles(file: String, id: String, position: Int)
    }

    /// The sources kept in the small-files cache, by source.
    private var keptSmallFiles: [Int: KeptRows] = [:]

    /// The small files that loaded, in order, each with its source in `corpus` and whether it was
    /// parsed (rather than taken from the cache): what the `SmallFilesCache` keeps.
    private var smallFiles: [(file: SmallFilesCache.File, source: Int, parsed: Bool)] = []
    /// Sources of the small-files cache taken but not yet added to `corpus`: consecutive ones are
    /// added in one go (all of them, into an empty corpus, without a copy).
    private var taken: (contents: SmallFilesCache.Contents, sources: Range<Int>, paths: [String])?

    /// How many files of unknown kinds found in a walk are named one by one, before a count of the rest.
    static let namedUnknownFiles = 20

    /// The one warning for the files a folder walk found but does not read (nil when none).
    static func unknownFilesWarning(_ files: [String]) -> String? {
        guard !files.isEmpty else { return nil }
        var named = files.prefix(namedUnknownFiles).joined(separator: ", ")
        if files.count > namedUnknownFiles { named += " and \(files.count - namedUnknownFiles) more" }
        return "warning: skipped \(files.count) \(files.count == 1 ? "file" : "files") of a kind tsearch does not read: \(named)"
            + " (\(TranscriptFormat.whatIsRead); name a file to have it read by its content)"
    }

    /// Loads `paths` (relative ones against `baseDirectory`, nil for the current directory) in
    /// `format` (nil: by extension or content), every other choice detected.
    static func load(
        paths: [String], format: TranscriptFormat?, baseDirectory: String? = nil, environment: CommandEnvironment
    ) -> CorpusLoading {
        load(paths: paths, options: LoadOptions(format: format), baseDirectory: baseDirectory, environment: environment)
    }

    /// Loads `paths` (relative ones against `baseDirectory`, nil for the current directory) as
    /// `options` say.
    static func load(
        paths: [String], options: LoadOptions, baseDirectory: String? = nil, environment: CommandEnvironment
    ) -> CorpusLoading {
        var loading = CorpusLoading(rowCache: RowCache(environment: environment))
        let expansion = InputFiles.expand(paths, baseDirectory: baseDirectory)
        for (path, message) in expansion.errors {
            environment.report("\(path): \(message)")
            loading.errorCount += 1
            loading.unreadable.append(path)
        }
        for directory in expansion.emptyDirectories {
            environment.report("warning: \(directory): no transcript in this directory (\(TranscriptFormat.whatIsRead))")
            loading.warningCount += 1
        }
        if let deepest = expansion.tooLong.first {
            let shown = deepest.count > 100 ? String(deepest.prefix(40)) + "…" + String(deepest.suffix(50)) : deepest
            environment.report("warning: skipped \(expansion.tooLong.count) \(expansion.tooLong.count == 1 ? "entry" : "entries")"
                + " whose path is longer than the system allows (\(InputFiles.pathLimit) bytes), such as \(shown);"
                + " search from a folder nearer to them")
            loading.warningCount += 1
        }
        // One line, each named up to a screenful, then how many more: never silent, never a wall.
        if let warning = Self.unknownFilesWarning(expansion.unknownFiles) {
            environment.report(warning)
            loading.warningCount += 1
        }
        // Small files kept from an earlier loading of these paths are taken as they were; the
        // others are read and parsed ahead of their turn on every core, a batch at a time.
        // Everything is reported and added in input order.
        let smallFilesCache = SmallFilesCache(
            rowCache: loading.rowCache, paths: paths, baseDirectory: baseDirectory, options: options, environment: environment)
        let kept = smallFilesCache.read()
        var start = 0
        while start < expansion.inputs.count {
            let batch = Array(expansion.inputs[start..<min(start + 64, expansion.inputs.count)])
            let small = batch.map { SmallFile.status(of: $0, baseDirectory: baseDirectory, below: loading.rowCache.minimumBytes) }
            let keptPositions = small.map { file -> Int? in
                guard let kept, let file, let position = kept.positions[file.absolute] else { return nil }
                return kept.files[position].state.trusts(file.identity, keptAt: kept.keptAt, settle: loading.rowCache.settle) ? position : nil
            }
            let ahead = SmallFile.readAhead(
                batch, files: zip(small, keptPositions).map { $1 == nil ? $0 : nil }, options: options)
            for index in batch.indices {
                if let kept, let position = keptPositions[index] {
                    loading.take(position, of: kept, input: batch[index], environment: environment)
                } else {
                    loading.load(batch[index], prepared: ahead[index], options: options, baseDirectory: baseDirectory, environment: environment)
                }
            }
            start += batch.count
        }
        loading.addTaken()
        loading.keepSmallFiles(in: smallFilesCache, kept: kept)
        return loading
    }

    /// Takes the kept file at `position` of `kept` for `input`: its fingerprint and warnings now,
    /// its rows with the next input that is not taken (or at the end).
    private mutating func take(_ position: Int, of kept: SmallFilesCache.Contents, input: Input, environment: CommandEnvironment) {
        if let run = taken, run.sources.upperBound != position { addTaken() }
        let file = kept.files[position]
        let path = input.displayPath
        fingerprints.append(fingerprint(path, file.state.identity, hash: file.state.hash))
        for tail in file.state.warningTails {
            environment.report("warning: " + path + tail)
            warningCount += 1
        }
        var run = taken ?? (kept, position..<position, [])
        taken = nil  // the run's paths grow in place
        run.sources = run.sources.lowerBound..<(position + 1)
        run.paths.append(path)
        smallFiles.append((file, corpus.sources.count + (position - run.sources.lowerBound), false))
        taken = run
    }

    /// Adds the rows of the kept files taken so far, shown under the paths they were taken for.
    private mutating func addTaken() {
        guard let (kept, sources, paths) = taken else { return }
        taken = nil
        var rows = kept.corpus.sources(sources)
        let firstSource = corpus.sources.count
        for (index, path) in paths.enumerated() { rows.setPath(path, ofSource: index) }
        caching.finish()
        corpus.append(contentsOf: rows)
        for _ in sources { caching.append(nil) }
        precondition(corpus.sources.count == firstSource + sources.count, "one source per kept file")
    }

    /// Writes the small files that loaded to `cache` when they changed since `kept` (a file that
    /// changed, or one no longer there), or when a file parsed because it had not settled when it
    /// was kept has settled now; notes where each is kept.
    private mutating func keepSmallFiles(in cache: SmallFilesCache, kept: SmallFilesCache.Contents?) {
        let files = smallFiles.map(\.file)
        let settled = smallFiles.contains { $0.parsed && $0.file.state.identity.isSettled(before: startedAt, settle: rowCache.settle) }
        let id: String
        if let kept, files == kept.files, !settled {
            cache.markUsed()
            id = kept.id
        } else {
            guard files.reduce(0, { $0 + $1.state.identity.size }) >= cache.minimumBytes else { return }
            var rows = Corpus()
            if smallFiles.count == corpus.sources.count {
                rows = corpus
            } else {
                for (_, source, _) in smallFiles { rows.append(contentsOf: corpus.sources(source..<(source + 1))) }
            }
            guard let written = cache.store(files, corpus: rows, keptAt: startedAt) else { return }
            id = written
        }
        for (position, (_, source, _)) in smallFiles.enumerated() {
            keptSmallFiles[source] = .smallFiles(file: cache.file, id: id, position: position)
        }
    }

    private mutating func load(
        _ input: Input, prepared: SmallFile?, options: LoadOptions, baseDirectory: String?, environment: CommandEnvironment
    ) {
        addTaken()
        // Only files are read ahead, so `displayPath` is the file's path.
        if let prepared {
            return finish(prepared, file: input.displayPath, input: input, options: options, baseDirectory: baseDirectory, environment: environment)
        }
        // Videos: their subtitle streams, through ffprobe/ffmpeg (CorpusLoading+Video.swift).
        if case .file(let file) = input, VideoSubtitleStream.isVideo(path: file) {
            return loadVideo(file, wasFound: false, options: options, baseDirectory: baseDirectory, environment: environment)
        }
        if case .found(let file) = input, VideoSubtitleStream.isVideo(path: file) {
            return loadVideo(file, wasFound: true, options: options, baseDirectory: baseDirectory, environment: environment)
        }

        let path = input.displayPath
        let bytes: ByteRegion
        /// Whether the bytes are known to be UTF-8 without NUL (nil: not known).
        var isPlainUTF8: Bool?
        /// Where the rows of a big file are kept once parsed (nil: not cached).
        var cacheKey: (path: String, identity: SystemCalls.FileIdentity)?
        switch input {
        case .file(let file), .found(let file):
            let resolved = InputFiles.resolve(file, against: baseDirectory)
            let status = SystemCalls.fileIdentity(resolved)
            var read: ReadFile?
            if let status, status.isRegular, status.size >= rowCache.minimumBytes {
                let absolute = InputFiles.absolute(file, against: baseDirectory)
                cacheKey = (absolute, status)
                let cached = rowCache.lookup(path: absolute, options: options, identity: status) {
                    guard case .success(let contents) = Self.read(resolved) else { return nil }
                    read = contents
                    return contents.hash
                }
                if let (cached, cacheFile, refresh) = cached {
                    fingerprints.append(fingerprint(file, status, hash: cached.hash))
                    for tail in cached.warningTails {
                        environment.report("warning: " + path + tail)
                        warningCount += 1
                    }
                    var rows = cached.corpus
                    rows.setPath(path, ofSource: 0)
                    caching.finish()
                    corpus.append(contentsOf: rows)
                    if refresh, status.isSettled(before: startedAt, settle: rowCache.settle) {
                        // Its content checked, the file is kept anew as it is now, so that the
                        // next search trusts it without reading it.
                        writeRowCache(cached, path: absolute, identity: status, options: options)
                    } else {
                        caching.append(RowCacheFile(file: cacheFile, hash: cached.hash))
                    }
                    return
                }
            }
            switch read.map(Result<ReadFile, SystemError>.success) ?? Self.read(resolved) {
            case .success(let contents):
                bytes = contents.region
                isPlainUTF8 = contents.isPlainUTF8
                if let status, status.isRegular {
                    fingerprints.append(fingerprint(file, status, hash: contents.hash))
                } else {
                    streams.append(file)
                }
            case .failure(let error):
                environment.report("\(path): \(error.description)")
                errorCount += 1
                unreadable.append(file)
                return
            }
        case .standardInput:
            readStandardInput = true
            switch environment.readStandardInput() {
            case .success(let contents): bytes = ByteRegion(copying: contents)
            case .failure(let error):
                environment.report("\(path): \(error)")
                errorCount += 1
                return
            }
        }
        let loaded = Self.parse(bytes, isPlainUTF8: isPlainUTF8, path: path, options: options)
        add(loaded, input: input, cacheKey: cacheKey, options: options, baseDirectory: baseDirectory, environment: environment)
    }

    /// What the loader makes of `bytes` (nil rows: it needs them again whole, see `add`), given
    /// back as it goes when they are the loader's to give.
    static func parse(
        _ bytes: ByteRegion, isPlainUTF8: Bool?, path: String, options: LoadOptions
    ) -> Result<(corpus: Corpus, warnings: [FormatError])?, FormatError> {
        Result { () throws(FormatError) in
            try TranscriptLoader.loadCorpus(
                bytes: bytes.bytes, path: path, options: options, isPlainUTF8: isPlainUTF8,
                release: bytes.isReleasable ? bytes.release : nil
            )
        }
    }

    /// A small file read and parsed ahead: its fingerprint (or why it could not be read), then its
    /// rows as `add` takes them.
    private mutating func finish(
        _ prepared: SmallFile, file: String, input: Input, options: LoadOptions, baseDirectory: String?,
        environment: CommandEnvironment
    ) {
        let kept: SmallFilesCache.File
        switch prepared.hash {
        case .success(let hash):
            fingerprints.append(fingerprint(file, prepared.file.identity, hash: hash))
            kept = SmallFilesCache.File(path: prepared.file.absolute, state: KeptFileState(prepared.file.identity, hash: hash, warningTails: []))
        case .failure(let error):
            environment.report("\(input.displayPath): \(error.description)")
            errorCount += 1
            unreadable.append(file)
            return
        }
        add(prepared.loaded, input: input, cacheKey: nil, keeping: kept, options: options, baseDirectory: baseDirectory, environment: environment)
    }

    /// Reports what loading one input gave and adds its rows (writing a big file's row cache, or
    /// noting a small file for the `SmallFilesCache`).
    private mutating func add(
        _ loading: Result<(corpus: Corpus, warnings: [FormatError])?, FormatError>, input: Input,
        cacheKey: (path: String, identity: SystemCalls.FileIdentity)?, keeping small: SmallFilesCache.File? = nil,
        options: LoadOptions, baseDirectory: String?, environment: CommandEnvironment
    ) {
        let path = input.displayPath
        do {
            var loaded = try loading.get()
            if loaded == nil {
                // The loader needs the bytes it was letting go after all (a rolling WebVTT): read again.
                switch Self.readAgain(input, baseDirectory: baseDirectory) {
                case .success(let whole): loaded = try TranscriptLoader.loadCorpus(bytes: whole.bytes, path: path, options: options)
                case .failure(let error):
                    environment.report("\(path): \(error.description)")
                    errorCount += 1
                    return
                }
            }
            guard let (rows, warnings) = loaded else { return }
            for warning in warnings { warn(warning, environment) }
            let tails = warnings.map(\.description).compactMap { $0.hasPrefix(path) ? String($0.dropFirst(path.count)) : nil }
            // The previous file's cache is written before the corpus grows (it shares its columns).
            caching.finish()
            corpus.append(contentsOf: rows)
            if let cacheKey, let hash = fingerprints.last?.hash, tails.count == warnings.count {
                writeRowCache(
                    RowCache.Entry(corpus: rows, hash: hash, warningTails: tails), path: cacheKey.path, identity: cacheKey.identity,
                    options: options)
            } else {
                caching.append(nil)
            }
            if var small, rows.sources.count == 1, tails.count == warnings.count {
                small.state.warningTails = tails
                smallFiles.append((small, corpus.sources.count - 1, true))
            }
        } catch {
            if case .noRows(let skipped) = error.kind {
                for warning in skipped { warn(warning, environment) }
            }
            let wasFound = if case .found = input { true } else { false }
            if error.isEmptySource || (wasFound && error.isNotATranscript) {
                warn(error, environment)
            } else {
                environment.report(error.description)
                errorCount += 1
            }
        }
    }

    /// What the file at `path` was when this loading read it.
    private func fingerprint(_ path: String, _ identity: SystemCalls.FileIdentity, hash: String) -> SourceFingerprint {
        SourceFingerprint(path: path, identity: identity, hash: hash, readAt: startedAt, settle: rowCache.settle)
    }

    /// Writes the row cache of the source just added, on another thread (its columns are the
    /// corpus's: `caching.finish()` waits for it before the corpus grows again).
    private func writeRowCache(_ entry: RowCache.Entry, path: String, identity: SystemCalls.FileIdentity, options: LoadOptions) {
        let (rowCache, keptAt) = (rowCache, startedAt)
        caching.write {
            rowCache.store(entry, path: path, options: options, identity: identity, keptAt: keptAt)
                .map { RowCacheFile(file: $0, hash: entry.hash) }
        }
    }

    /// A file's bytes with its content hash (`SourceFingerprint`) and whether they are UTF-8
    /// without NUL (nil when not checked).
    struct ReadFile {
        var region: ByteRegion
        var hash: String
        var isPlainUTF8: Bool?
    }

    /// The bytes of the file at `path`, in memory the loader can give back as it reads
    /// (`ByteRegion(reading:)`, on two threads for a big file, each summing and checking its half
    /// as it reads it, while the bytes are in the cache), or as an array (an empty file, a pipe, a
    /// file that changed size while read); the system's reason when it cannot be read at all.
    static func read(_ path: String) -> Result<ReadFile, SystemError> {
        let inspection = FileInspection()
        if let region = ByteRegion(reading: path, inspect: inspection.inspect) {
            return .success(ReadFile(region: region, hash: inspection.hash(of: region), isPlainUTF8: inspection.isPlainUTF8(region)))
        }
        return SystemCalls.readFile(path).map {
            ReadFile(region: ByteRegion(copying: $0), hash: SourceFingerprint.hash($0), isPlainUTF8: nil)
        }
    }

    /// The file of `input` read again, whole (standard input cannot be, and is never given back).
    private static func readAgain(_ input: Input, baseDirectory: String?) -> Result<ByteRegion, SystemError> {
        switch input {
        case .file(let file), .found(let file):
            return SystemCalls.readFile(InputFiles.resolve(file, against: baseDirectory)).map { ByteRegion(copying: $0) }
        case .standardInput:
            return .failure(SystemError("standard input cannot be read again"))
        }
    }

    private mutating func warn(_ warning: FormatError, _ environment: CommandEnvironment) {
        environment.report("warning: \(warning.description)")
        warningCount += 1
    }
}

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
        var identity: SystemCalls.FileIdentity
    }

    /// The status of `input` when it is an existing regular file below `below` bytes that is not a
    /// video; nil for every other input (read in its turn: a named pipe is read as a stream).
    static func status(of input: Input, baseDirectory: String?, below: Int64) -> Status? {
        switch input {
        case .file(let file), .found(let file):
            guard !VideoSubtitleStream.isVideo(path: file) else { return nil }
            let resolved = InputFiles.resolve(file, against: baseDirectory)
            guard let identity = SystemCalls.fileIdentity(resolved), identity.isRegular, identity.size < below else { return nil }
            return Status(resolved: resolved, absolute: InputFiles.absolute(file, against: baseDirectory), identity: identity)
        case .standardInput:
            return nil
        }
    }

    /// For each of `inputs`, the file read and parsed when `files` gives its status; nil for every
    /// other input.
    static func readAhead(_ inputs: [Input], files: [Status?], options: LoadOptions) -> [SmallFile?] {
        let results = SharedResults(slots: .allocate(capacity: inputs.count))
        results.slots.initialize(repeating: nil)
        defer {
            results.slots.deinitialize()
            results.slots.deallocate()
        }
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            guard let file = files[index] else { return }
            let path = inputs[index].displayPath
            switch CorpusLoading.read(file.resolved) {
            case .success(let contents):
                let loaded = CorpusLoading.parse(contents.region, isPlainUTF8: contents.isPlainUTF8, path: path, options: options)
                results.slots[index] = SmallFile(file: file, hash: .success(contents.hash), loaded: loaded)
            case .failure(let error):
                results.slots[index] = SmallFile(file: file, hash: .failure(error), loaded: .success(nil))
            }
        }
        return Array(results.slots)
    }

    /// One slot per input, each written by one thread only.
    private struct SharedResults: @unchecked Sendable {
        let slots: UnsafeMutableBufferPointer<SmallFile?>
    }
}

/// What the two threads reading a file find in their halves: the checksum, the UTF-8 and NUL
/// bytes. Each half is an object of its own, touched by its thread only (the list of them is only
/// read while the threads run).
private final class FileInspection: Sendable {
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
        if !half.hasNUL, let base = piece.baseAddress, memchr(base, 0, piece.count) != nil { half.hasNUL = true }
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

/// The row cache files of a loading, in source order; the newest may still be being written on
/// another thread. `files` waits for it, as does `finish` (called before the corpus grows again,
/// since the writing thread reads columns the corpus shares) and the end of the loading.
final class RowCacheWriting: @unchecked Sendable {
    // Touched by the loading's thread only; the writing thread fills `Pending.file` and signals.
    private var written: [CorpusLoading.RowCacheFile?] = []
    private var pending: Pending?

    private final class Pending: @unchecked Sendable {
        let index: Int
        let done = DispatchSemaphore(value: 0)
        var file: CorpusLoading.RowCacheFile?
        init(index: Int) { self.index = index }
    }

    func append(_ file: CorpusLoading.RowCacheFile?) {
        written.append(file)
    }

    /// Runs `write` on another thread; its result is the next source's file.
    func write(_ write: @escaping @Sendable () -> CorpusLoading.RowCacheFile?) {
        finish()
        let job = Pending(index: written.count)
        written.append(nil)
        pending = job
        DispatchQueue.global().async {
            job.file = write()
            job.done.signal()
        }
    }

    /// Waits for the file being written, if any.
    func finish() {
        guard let job = pending else { return }
        job.done.wait()
        written[job.index] = job.file
        pending = nil
    }

    var files: [CorpusLoading.RowCacheFile?] {
        finish()
        return written
    }

    deinit {
        finish()
    }
}

extension CorpusLoading {
    /// A loading of rows that came from elsewhere (a server's, `ServerRows`): no file was read;
    /// `streams` names where they came from, so the session keeps them and never reads them again.
    init(rows corpus: Corpus, streams: [String], environment: CommandEnvironment) {
        self.init(rowCache: RowCache(environment: environment))
        self.corpus = corpus
        self.streams = streams
    }
}
