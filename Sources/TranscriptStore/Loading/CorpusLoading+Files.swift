import TranscriptFormats
import TranscriptModel

/// Loading one input in its turn: a big file through its row cache (or parsed, and its cache
/// written on another thread), a small file read ahead, a video, standard input.
extension CorpusLoading {
    /// Loads `input` in its turn (`prepared`: read and parsed ahead, for a small file).
    mutating func load(_ input: Input, prepared: SmallFile?, options: LoadOptions, baseDirectory: String?) {
        addTaken()
        // Only files are read ahead, so `displayPath` is the file's path.
        if let prepared {
            return finish(prepared, file: input.displayPath, input: input, options: options, baseDirectory: baseDirectory)
        }
        // Videos: their subtitle streams, through ffprobe/ffmpeg (CorpusLoading+Video.swift).
        if case .file(let file) = input, VideoSubtitleStream.isVideo(path: file) {
            return loadVideo(file, wasFound: false, options: options, baseDirectory: baseDirectory)
        }
        if case .found(let file) = input, VideoSubtitleStream.isVideo(path: file) {
            return loadVideo(file, wasFound: true, options: options, baseDirectory: baseDirectory)
        }

        let path = input.displayPath
        let bytes: ByteRegion
        /// Whether the bytes are known to be UTF-8 without NUL (nil: not known).
        var isPlainUTF8: Bool?
        /// Where the rows of a big file are kept once parsed (nil: not cached).
        var slot: RowCache.Slot?
        switch input {
        case .file(let file), .found(let file):
            let resolved = InputFiles.resolve(file, against: baseDirectory)
            let status = FileCalls.fileIdentity(resolved)
            var read: ReadFile?
            if let status, status.isRegular, status.size >= rowCache.minimumBytes {
                let absolute = InputFiles.absolute(file, against: baseDirectory)
                let place = rowCache.slot(path: absolute, options: options, identity: status)
                slot = place
                cachesInUse.insert(place.file)
                let cached = place.lookup(verified: &verified) {
                    guard case .success(let contents) = Self.read(resolved) else { return nil }
                    read = contents
                    return contents.hash
                }
                if let (cached, cacheFile, refresh) = cached {
                    sources.fingerprints.append(fingerprint(file, status, hash: cached.hash))
                    report(kept: cached.warningTails, notes: cached.noteTails, path: path, subject: resolved)
                    var rows = cached.corpus
                    rows.setPath(path, ofSource: 0)
                    if refresh, status.isSettled(before: startedAt, settle: rowCache.settle) {
                        // Its content checked, the file is kept anew as it is now, so that the
                        // next search trusts it without reading it.
                        append(rows)
                        writeRowCache(cached, in: place)
                    } else {
                        append(rows, rowCache: RowCacheFile(file: cacheFile, hash: cached.hash))
                    }
                    return
                }
            }
            switch read.map(Result<ReadFile, SystemError>.success) ?? Self.read(resolved) {
            case .success(let contents):
                bytes = contents.region
                isPlainUTF8 = contents.isPlainUTF8
                if let status, status.isRegular {
                    sources.fingerprints.append(fingerprint(file, status, hash: contents.hash))
                } else {
                    sources.streams.append(file)
                }
            case .failure(let error):
                fail("\(path): \(error.description)")
                sources.unreadable.append(file)
                return
            }
        case .standardInput:
            sources.readStandardInput = true
            switch loader.readStandardInput() {
            case .success(let contents): bytes = ByteRegion(copying: contents)
            case .failure(let error):
                fail("\(path): \(error)")
                return
            }
        }
        let loaded = Self.parse(bytes, isPlainUTF8: isPlainUTF8, path: path, options: options)
        add(loaded, input: input, slot: slot, options: options, baseDirectory: baseDirectory)
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
        _ prepared: SmallFile, file: String, input: Input, options: LoadOptions, baseDirectory: String?
    ) {
        let kept: SmallFilesCache.File
        switch prepared.hash {
        case .success(let hash):
            sources.fingerprints.append(fingerprint(file, prepared.file.identity, hash: hash))
            kept = SmallFilesCache.File(path: prepared.file.absolute, state: KeptFileState(prepared.file.identity, hash: hash, warningTails: [], noteTails: []))
        case .failure(let error):
            fail("\(input.displayPath): \(error.description)")
            sources.unreadable.append(file)
            return
        }
        add(prepared.loaded, input: input, slot: nil, keeping: kept, options: options, baseDirectory: baseDirectory)
    }

    /// Reports what loading one input gave and adds its rows (writing a big file's row cache, or
    /// noting a small file for the `SmallFilesCache`).
    private mutating func add(
        _ loading: Result<(corpus: Corpus, warnings: [FormatError])?, FormatError>, input: Input,
        slot: RowCache.Slot?, keeping small: SmallFilesCache.File? = nil,
        options: LoadOptions, baseDirectory: String?
    ) {
        let path = input.displayPath
        do {
            var loaded = try loading.get()
            if loaded == nil {
                // The loader needs the bytes it was letting go after all (a rolling WebVTT): read again.
                switch Self.readAgain(input, baseDirectory: baseDirectory) {
                case .success(let whole): loaded = try TranscriptLoader.loadCorpus(bytes: whole.bytes, path: path, options: options)
                case .failure(let error):
                    fail("\(path): \(error.description)")
                    return
                }
            }
            guard let (rows, warnings) = loaded else { return }
            let subject = input.subject(against: baseDirectory)
            for warning in warnings { report(warning, subject: subject) }
            let notes = warnings.filter(\.isNote), others = warnings.filter { !$0.isNote }
            let tails = others.compactMap { KeptWarning($0, path: path) }
            let noteTails = notes.compactMap { KeptWarning($0, path: path) }
            let keepsAll = tails.count == others.count && noteTails.count == notes.count
            append(rows)
            if let slot, let hash = sources.fingerprints.last?.hash, keepsAll {
                writeRowCache(RowCache.Entry(corpus: rows, hash: hash, warningTails: tails, noteTails: noteTails), in: slot)
            }
            if var small, rows.sources.count == 1, keepsAll {
                small.state.warningTails = tails
                small.state.noteTails = noteTails
                smallFiles.append((small, corpus.sources.count - 1, true))
            }
        } catch {
            if case .noRows(let skipped) = error.kind {
                for warning in skipped { warn(warning.description) }
            }
            let wasFound = if case .found = input { true } else { false }
            if error.isEmptySource || (wasFound && error.isNotATranscript) {
                report(error, subject: input.subject(against: baseDirectory))
            } else {
                fail(error.description)
            }
        }
    }

    /// What the file at `path` was when this loading read it.
    func fingerprint(_ path: String, _ identity: FileCalls.FileIdentity, hash: String) -> SourceFingerprint {
        SourceFingerprint(path: path, identity: identity, hash: hash, readAt: startedAt, settle: rowCache.settle)
    }

    /// Keeps `entry`, the rows of the source just added (`append` noted them as kept nowhere
    /// yet), in `slot`, on another thread (its columns are the corpus's: `caching.finish()` waits
    /// for it before the corpus grows again).
    private mutating func writeRowCache(_ entry: RowCache.Entry, in slot: RowCache.Slot) {
        wroteCache = true
        let keptAt = startedAt
        caching.write { slot.keep(entry, keptAt: keptAt).map { RowCacheFile(file: $0, hash: entry.hash) } }
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
        return FileCalls.readFile(path).map {
            ReadFile(region: ByteRegion(copying: $0), hash: SourceFingerprint.hash($0), isPlainUTF8: nil)
        }
    }

    /// The file of `input` read again, whole (standard input cannot be, and is never given back).
    private static func readAgain(_ input: Input, baseDirectory: String?) -> Result<ByteRegion, SystemError> {
        switch input {
        case .file(let file), .found(let file):
            return FileCalls.readFile(InputFiles.resolve(file, against: baseDirectory)).map { ByteRegion(copying: $0) }
        case .standardInput:
            return .failure(SystemError("standard input cannot be read again"))
        }
    }
}
