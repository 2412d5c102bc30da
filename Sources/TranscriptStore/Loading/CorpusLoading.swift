import Dispatch
import TranscriptFormats
import TranscriptModel

/// The loading behind `CorpusLoader.load`: a value built up input by input, then given back as a
/// `LoadedCorpus`. One bad file never stops the others; what each gave is a `LoadDiagnostic`:
///
/// - a skipped cue is a warning (`a.srt:12: …`);
/// - a file that holds nothing (empty, blank, a WebVTT header alone) is a warning: nothing is lost;
/// - a file found in a directory that is not a transcript (binary, JSON of another shape, such as a
///   `package.json`) is a warning: it was never asked for; so is a file of a kind that is not read
///   (`InputFiles.unknownFiles`: a `.pdf`, a `.md`), named, never skipped silently;
/// - anything else (a file that cannot be read, a named file that is not a transcript, a transcript
///   none of whose cues can be read, broken JSON) is an error.
///
/// A big file's parsed rows are kept in the `RowCache`, small files' together in the
/// `SmallFilesCache`, and read from there (mapped, not parsed) while the files are unchanged; their
/// warnings (as tails) are kept with them and given again. Every source added to `corpus` goes
/// through `append(_:rowCache:)`, so `caching` always has one entry per source.
struct CorpusLoading {
    var corpus = Corpus()
    var sources = LoadedSources()
    var diagnostics: [LoadDiagnostic] = []
    /// Where big files' parsed rows are kept between runs.
    let rowCache: RowCache
    /// Where the caches live and what else the loading needs from outside (videos' tools, stdin).
    let loader: CorpusLoader
    /// When the loading began (ns since the epoch): the caches it writes trust a file only if it
    /// had settled by then (`KeptFileState.trusts`).
    let startedAt = FileCalls.now()
    /// The row cache files, the last one written on another thread while the caller goes on (a
    /// first search of a big file writes its cache while it searches).
    let caching = RowCacheWriting()
    /// The cache files this loading read or is writing: pruning never removes them.
    var cachesInUse: Set<String> = []
    /// Whether this loading wrote a cache (then it prunes the caches to their bound at its end).
    var wroteCache = false
    /// The caches checked whole before, trusted by their identity (`VerifiedCaches`); saved at
    /// the end of the loading.
    var verified: VerifiedCaches?

    /// Adds `rows` (one or more sources) to the corpus, noting where they are kept: `rowCache`
    /// for a big file's cache already on disk, nil for none (yet: `writeRowCache` may follow).
    /// The cache being written for the previous source is waited for first (it reads columns the
    /// corpus shares).
    mutating func append(_ rows: Corpus, rowCache: RowCacheFile? = nil) {
        caching.finish()
        corpus.append(contentsOf: rows)
        for source in 0..<rows.sources.count { caching.append(source == 0 ? rowCache : nil) }
    }

    /// The loading as a value: what `CorpusLoader.load` gives back.
    func loaded() -> LoadedCorpus {
        var sources = sources
        sources.pending = PendingKeptRows(caching: caching, smallFiles: keptSmallFiles)
        return LoadedCorpus(corpus: corpus, sources: sources, diagnostics: diagnostics)
    }

    mutating func warn(_ message: String) {
        diagnostics.append(.warning(message))
    }

    /// A note (a harmless decision, said once per unchanged file) about the file `subject`.
    mutating func note(_ message: String, subject: String?) {
        diagnostics.append(LoadDiagnostic(.note, message, subject: subject))
    }

    /// A kept file's warnings and notes again, under the path it is shown by now, grouped as they
    /// were when it was read.
    mutating func report(kept warnings: [KeptWarning], notes: [KeptWarning], path: String, subject: String?) {
        for (severity, kept) in [(LoadDiagnostic.Severity.warning, warnings), (.note, notes)] {
            for warning in kept {
                let group = warning.group.map { LoadDiagnostic.Group(summary: $0, example: path + warning.placeTail) }
                diagnostics.append(LoadDiagnostic(severity, path + warning.tail, subject: severity == .note ? subject : nil, group: group))
            }
        }
    }

    /// A reader's warning about the file `subject`: a note when it is one (`FormatError.isNote`),
    /// grouped with others of its kind when it has a `groupSummary`.
    mutating func report(_ warning: FormatError, subject: String?) {
        let place = warning.line.map { "\(warning.file):\($0)" } ?? warning.file
        let group = warning.groupSummary.map { LoadDiagnostic.Group(summary: $0, example: place) }
        diagnostics.append(LoadDiagnostic(warning.isNote ? .note : .warning, warning.description, subject: warning.isNote ? subject : nil, group: group))
    }

    mutating func fail(_ message: String) {
        diagnostics.append(.error(message))
    }

    /// The sources kept in the small-files cache, by source.
    var keptSmallFiles: [Int: KeptRows] = [:]

    /// The small files that loaded, in order, each with its source in `corpus` and whether it was
    /// parsed (rather than taken from the cache): what the `SmallFilesCache` keeps.
    var smallFiles: [(file: SmallFilesCache.File, source: Int, parsed: Bool)] = []
    /// Sources of the small-files cache taken but not yet added to `corpus`: consecutive ones are
    /// added in one go (all of them, into an empty corpus, without a copy).
    var taken: (contents: SmallFilesCache.Contents, sources: Range<Int>, paths: [String])?

    /// How many files of unknown kinds found in a walk are named one by one, before a count of the rest.
    static let namedUnknownFiles = 20

    /// The one warning for the files a folder walk found but does not read (nil when none).
    static func unknownFilesWarning(_ files: [String]) -> String? {
        guard !files.isEmpty else { return nil }
        var named = files.prefix(namedUnknownFiles).joined(separator: ", ")
        if files.count > namedUnknownFiles { named += " and \(files.count - namedUnknownFiles) more" }
        return "skipped \(files.count) \(files.count == 1 ? "file" : "files") of a kind tsearch does not read: \(named)"
            + " (\(TranscriptFormat.whatIsRead); name a file to have it read by its content)"
    }

    /// Loads `paths` (relative ones against `baseDirectory`, nil for the current directory) as
    /// `options` say, with the caches and tools of `loader`.
    static func load(paths: [String], options: LoadOptions, baseDirectory: String?, loader: CorpusLoader) -> LoadedCorpus {
        var loading = CorpusLoading(rowCache: RowCache(location: loader.location), loader: loader)
        loading.verified = VerifiedCaches(location: loader.location)
        let expansion = InputFiles.expand(paths, baseDirectory: baseDirectory)
        for (path, message) in expansion.errors {
            loading.fail("\(path): \(message)")
            loading.sources.unreadable.append(path)
        }
        for directory in expansion.emptyDirectories {
            loading.warn("\(directory): no transcript in this directory (\(TranscriptFormat.whatIsRead))")
        }
        if let deepest = expansion.tooLong.first {
            let shown = deepest.count > 100 ? String(deepest.prefix(40)) + "…" + String(deepest.suffix(50)) : deepest
            loading.warn("skipped \(expansion.tooLong.count) \(expansion.tooLong.count == 1 ? "entry" : "entries")"
                + " whose path is longer than the system allows (\(InputFiles.pathLimit) bytes), such as \(shown);"
                + " search from a folder nearer to them")
        }
        // One line, each named up to a screenful, then how many more: never silent, never a wall.
        if let note = Self.unknownFilesWarning(expansion.unknownFiles) { loading.note(note, subject: nil) }
        // Small files kept from an earlier loading of these paths are taken as they were; the
        // others are read and parsed ahead of their turn on every core, a batch at a time.
        // Everything is reported and added in input order.
        let smallFilesCache = SmallFilesCache(
            rowCache: loading.rowCache, absolute: paths.map { $0 == "-" ? $0 : InputFiles.absolute($0, against: baseDirectory) },
            options: options,
            minimumBytes: loader.location.smallFilesMinimumBytes)
        let kept = smallFilesCache.read(verified: &loading.verified)
        // Every input examined up front when someone watches the progress (the totals), each small
        // file's identity then used again below.
        let progress = loader.progress
        let identities = progress.map { Self.identities(of: expansion.inputs, baseDirectory: baseDirectory, progress: $0) }
        // A pause after each input, for tests that watch a loading's progress only.
        let pausePerInput = loader.testPausePerInput
        var start = 0
        while start < expansion.inputs.count {
            let batch = Array(expansion.inputs[start..<min(start + 64, expansion.inputs.count)])
            let small = batch.indices.map { index in
                SmallFile.status(
                    of: batch[index], baseDirectory: baseDirectory, below: loading.rowCache.minimumBytes,
                    identity: identities?[start + index])
            }
            let keptPositions = small.map { file -> Int? in
                guard let kept, let file, let position = kept.positions[file.absolute] else { return nil }
                return kept.files[position].state.trusts(file.identity, keptAt: kept.keptAt, settle: loading.rowCache.settle) ? position : nil
            }
            let ahead = SmallFile.readAhead(
                batch, files: zip(small, keptPositions).map { $1 == nil ? $0 : nil }, options: options, progress: progress)
            for index in batch.indices {
                if let kept, let position = keptPositions[index] {
                    loading.take(position, of: kept, input: batch[index])
                } else {
                    loading.load(batch[index], prepared: ahead[index], options: options, baseDirectory: baseDirectory)
                }
                // A file read ahead was counted as it was read.
                if let progress, let identities, ahead[index] == nil { progress.add(bytes: identities[start + index]?.size ?? 0) }
                // The rows so far, for a display that asked for them (a prefix: a run of kept
                // files still to be added is not in `corpus` yet); after the last input, the
                // rows are the loading's result.
                if start + index < expansion.inputs.count - 1 { progress?.offer(loading.corpus) }
                if pausePerInput > 0 { FileCalls.pause(milliseconds: pausePerInput) }
            }
            start += batch.count
        }
        loading.addTaken()
        progress?.keep()
        loading.keepSmallFiles(in: smallFilesCache, kept: kept)
        // Before pruning, which forgets the caches it removes in the record on disk.
        loading.verified?.save()
        if loading.wroteCache {
            // A row cache still being written is kept (its name is in use) and counted by the next
            // pruning, the session's (`SavedSearch.save`) or the next loading's.
            loading.cachesInUse.insert(smallFilesCache.file)
            loading.rowCache.bound.prune(keeping: loading.cachesInUse)
        }
        progress?.finish()
        return loading.loaded()
    }

    /// The identity of each of `inputs` that is a regular file (nil for standard input, a pipe, a
    /// file that cannot be examined), their count and sizes given to `progress` as the loading's
    /// totals. A small file's is used again to decide how it is read (`SmallFile.status`).
    private static func identities(of inputs: [Input], baseDirectory: String?, progress: LoadProgress) -> [FileCalls.FileIdentity?] {
        let identities = inputs.map { input -> FileCalls.FileIdentity? in
            switch input {
            case .file(let file), .found(let file):
                guard let identity = FileCalls.fileIdentity(InputFiles.resolve(file, against: baseDirectory)), identity.isRegular else { return nil }
                return identity
            case .standardInput:
                return nil
            }
        }
        progress.begin(files: inputs.count, bytes: identities.reduce(0) { $0 + ($1?.size ?? 0) })
        return identities
    }

    /// Takes the kept file at `position` of `kept` for `input`: its fingerprint and warnings now,
    /// its rows with the next input that is not taken (or at the end).
    mutating func take(_ position: Int, of kept: SmallFilesCache.Contents, input: Input) {
        if let run = taken, run.sources.upperBound != position { addTaken() }
        let file = kept.files[position]
        let path = input.displayPath
        sources.fingerprints.append(fingerprint(path, file.state.identity, hash: file.state.hash))
        report(kept: file.state.warningTails, notes: file.state.noteTails, path: path, subject: file.path)
        var run = taken ?? (kept, position..<position, [])
        taken = nil  // the run's paths grow in place
        run.sources = run.sources.lowerBound..<(position + 1)
        run.paths.append(path)
        smallFiles.append((file, corpus.sources.count + (position - run.sources.lowerBound), false))
        taken = run
    }

    /// Adds the rows of the kept files taken so far, shown under the paths they were taken for.
    mutating func addTaken() {
        guard let (kept, sources, paths) = taken else { return }
        taken = nil
        var rows = kept.corpus.sources(sources)
        let firstSource = corpus.sources.count
        for (index, path) in paths.enumerated() { rows.setPath(path, ofSource: index) }
        append(rows)
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
            cache.markUsed(verified: &verified)
            id = kept.id
        } else {
            guard files.reduce(0, { $0 + $1.state.identity.size }) >= cache.minimumBytes else { return }
            var rows = Corpus()
            if smallFiles.count == corpus.sources.count {
                rows = corpus
            } else {
                for (_, source, _) in smallFiles { rows.append(contentsOf: corpus.sources(source..<(source + 1))) }
            }
            wroteCache = true
            guard let written = cache.keep((files, rows), keptAt: startedAt) else { return }
            id = written
        }
        for (position, (_, source, _)) in smallFiles.enumerated() {
            keptSmallFiles[source] = .smallFiles(file: cache.file, id: id, position: position)
        }
    }
}
