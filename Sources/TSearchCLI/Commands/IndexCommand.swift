import TranscriptFormats
import TranscriptModel
import TranscriptServer
import TranscriptStore

/// `tsearch index --server URL [--cluster NAME] PATH…`: reads the files with the same readers as
/// search, creates the tables when missing, and sends the rows of every file the server does not
/// hold with the same content hash (`TranscriptArchive`). Progress on a terminal; a summary at the
/// end. Exit 0, or 2 when a file could not be read (the others are indexed) or the server failed.
struct IndexCommand {
    let raw: RawArguments
    let environment: CommandEnvironment

    /// The server's URL: `--server`, else `TSEARCH_SERVER`.
    static func serverURL(_ raw: RawArguments, environment: CommandEnvironment) -> String? {
        raw.server ?? environment.variables["TSEARCH_SERVER"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func run() throws -> ExitCode {
        guard let url = Self.serverURL(raw, environment: environment) else {
            throw UsageError("index needs a server: tsearch index --server http://HOST:8123/?table=NAME PATH … (or TSEARCH_SERVER)")
        }
        guard !raw.positionals.isEmpty else {
            throw UsageError("index needs the files or folders to send: tsearch index --server URL PATH …")
        }
        let address = try ServerAddress(url)
        let start = ContinuousClock.now
        // A long loading is never silent on a terminal; the line is gone before anything is printed.
        let progress = LoadProgress()
        let progressLine = environment.startProgressLine(progress)
        let loading = environment.corpusSource(countingIn: progress).load(raw.positionals, options: raw.loadOptions, baseDirectory: nil)
        progressLine?.stop()
        environment.report(loading.diagnostics, warnings: raw.warnings)
        let corpus = loading.corpus
        let archive = TranscriptArchive(client: ClickHouseClient(address: address, timeoutMilliseconds: 120_000))
        try archive.create(cluster: raw.cluster)
        let files = Self.filesToIndex(loading, options: raw.loadOptions)
        let out = environment.stdout
        let showsProgress = environment.stdoutIsTerminal
        let summary = try archive.index(files, of: corpus) { done, rows in
            guard showsProgress else { return }
            out.write("\r\u{1B}[Kindexing: \(done) of \(files.count) files, \(rows) rows sent")
            out.flush()
        }
        if showsProgress { out.write("\r\u{1B}[K") }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var line = "indexed \(files.count) \(files.count == 1 ? "file" : "files") into \(address): "
        line += "\(summary.filesSent) sent (\(summary.rowsSent) rows), \(summary.filesUnchanged) unchanged"
        line += ", in \(Self.formatted(seconds))"
        if summary.rowsSent > 0 && seconds > 0 { line += " (\(Int(Double(summary.rowsSent) / seconds)) rows/s)" }
        out.line(line)
        return loading.errorCount > 0 ? .error : .success
    }

    /// Each loaded file with the hash the archive compares: the hash of its bytes (and the
    /// readers' revision and options, which change its rows too); a source read from a stream or
    /// a video's subtitles, which has no file hash, is hashed by its rows' text.
    static func filesToIndex(_ loading: LoadedCorpus, options: LoadOptions) -> [TranscriptArchive.FileToIndex] {
        let corpus = loading.corpus
        var hashes: [String: String] = [:]
        for fingerprint in loading.sources.fingerprints { hashes[fingerprint.path] = fingerprint.hash }
        let readers = "readers-\(LoadOptions.readersRevision)"
            + "/\(options.format?.rawValue ?? "auto"),\(options.encoding?.name ?? "detected"),\(options.rollingCaptions == .keep ? "rolling" : "collapsed")"
        return corpus.sources.indices.map { source in
            if let hash = hashes[corpus.sources[source].path] {
                return TranscriptArchive.FileToIndex(source: source, hash: "\(hash)/\(readers)")
            }
            var bytes: [UInt8] = []
            for row in corpus.rows(ofSource: source) {
                bytes += corpus.text(ofRow: row).utf8
                bytes.append(10)
            }
            return TranscriptArchive.FileToIndex(source: source, hash: "rows-\(SourceFingerprint.hash(bytes))/\(readers)")
        }
    }

    static func formatted(_ seconds: Double) -> String {
        seconds < 1 ? "\(Int(seconds * 1000)) ms" : "\(Double(Int(seconds * 10)) / 10) s"
    }
}
