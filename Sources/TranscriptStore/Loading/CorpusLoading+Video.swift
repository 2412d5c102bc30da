import TranscriptFormats
import TranscriptModel

/// Videos (`.mkv`, `.mp4`, `.webm`, `.mov`): each text subtitle stream loads as a transcript of its
/// own, named `talk.mkv#s:1 (ger)` (see `VideoSubtitleStream`), its cues as rows without source
/// lines (they would be lines of the converted WebVTT, which the user never sees).
///
/// The same rules as for files, per stream and per video:
/// - a bitmap stream (PGS, VobSub, DVB), or a stream ffmpeg cannot convert, is a warning naming the
///   stream; an empty stream is a warning;
/// - a video with no stream that loads (none at all, or only bitmap ones) is an error when named,
///   a warning when found in a directory;
/// - ffprobe or ffmpeg missing: an error saying what to install when the video was named, a warning
///   when it was found in a directory (a folder of videos and transcripts is still searched);
/// - ffprobe or ffmpeg failing (a corrupt video) or running out of time is an error naming the video.
///
/// The video's fingerprint (for the session) is its size, modification time and content hash;
/// `SubtitleCache` remembers the hash and the converted streams, so an unchanged video is neither
/// read nor converted again.
extension CorpusLoading {
    mutating func loadVideo(_ file: String, wasFound: Bool, options: LoadOptions, baseDirectory: String?) {
        let resolved = InputFiles.resolve(file, against: baseDirectory)
        let absolute = InputFiles.absolute(file, against: baseDirectory)
        let began = FileCalls.now()
        guard let identity = FileCalls.fileIdentity(resolved) else {
            // Not there (or not examinable): let reading say why, as for any file.
            let reason = if case .failure(let error) = FileCalls.readFile(resolved) { error.description } else { "cannot be examined" }
            fail("\(file): \(reason)")
            sources.unreadable.append(file)
            return
        }
        let cache = loader.location.subtitlesDirectory.map(SubtitleCache.init(directory:))
        let hash: String
        let status = (size: identity.size, modified: identity.modified)
        switch cache?.knownHash(path: absolute, identity: identity).map(Result.success) ?? SubtitleCache.contentHash(of: resolved) {
        case .success(let value): hash = value
        case .failure(let error):
            fail("\(file): \(error.description)")
            sources.unreadable.append(file)
            return
        }
        sources.fingerprints.append(SourceFingerprint(path: file, size: status.size, modified: status.modified, hash: hash))

        var subtitles = cache?.subtitles(hash: hash)
        if subtitles == nil {
            switch SubtitleExtractor(variables: loader.variables).extract(resolved) {
            case .success(let extracted):
                subtitles = extracted
                cache?.store(extracted, hash: hash)
            case .failure(let failure):
                let isWarning = wasFound && { if case .toolsMissing = failure { true } else { false } }()
                reportVideo("\(file): " + (isWarning ? "skipped: " : "") + failure.description, isWarning: isWarning)
                return
            }
        }
        cache?.remember(hash: hash, path: absolute, identity: identity, hashedAt: began, settle: loader.location.settle)
        guard let subtitles else { return }

        guard !subtitles.streams.isEmpty else {
            guard wasFound else { return reportVideo("\(file): no subtitle stream in this video", isWarning: false) }
            // A recording beside its transcripts, found in a folder: a note, said once, grouped.
            diagnostics.append(LoadDiagnostic(
                .note, "\(file): no subtitle stream in this video", subject: resolved,
                group: LoadDiagnostic.Group(summary: "no subtitle stream in {n} videos", example: file)))
            return
        }
        var loaded = 0
        for stream in subtitles.streams {
            let name = VideoSubtitleStream(videoPath: file, subtitleIndex: stream.subtitleIndex, language: stream.language).description
            switch (stream.problem, stream.text) {
            case (.bitmap, _):
                // Named, a warning; found beside transcripts, a note (said once, grouped).
                diagnostics.append(LoadDiagnostic(
                    wasFound ? .note : .warning, "\(name): a bitmap subtitle stream (\(stream.codecDescription)) holds pictures of text, which cannot be searched; skipped",
                    subject: resolved,
                    group: LoadDiagnostic.Group(summary: "{n} bitmap subtitle streams hold pictures of text, which cannot be searched; skipped", example: name)))
            case (.notConverted(let reason), _):
                reportVideo("\(name): ffmpeg could not convert this \(stream.codec) stream to text: \(reason); skipped", isWarning: true)
            case (nil, nil):
                reportVideo("\(name): no text came from this stream; skipped", isWarning: true)
            case (nil, let text?):
                let streamOptions = LoadOptions(format: .vtt, encoding: nil, rollingCaptions: options.rollingCaptions)
                do {
                    var result = try TranscriptLoader.load(bytes: Array(text.utf8), path: name, options: streamOptions)
                    for warning in result.warnings { reportVideo(warning.description, isWarning: true) }
                    for index in result.transcript.rows.indices { result.transcript.rows[index].locator.line = nil }
                    var rows = Corpus()
                    rows.append(result.transcript)
                    append(rows)  // kept by the subtitle cache instead
                    loaded += 1
                } catch {
                    if case .noRows(let skipped) = error.kind {
                        for warning in skipped { reportVideo(warning.description, isWarning: true) }
                    }
                    reportVideo(error.isEmptySource ? "\(name): this subtitle stream holds no cues; skipped" : error.description, isWarning: true)
                }
            }
        }
        if loaded == 0 {
            let message = "\(file): no subtitle stream of this video could be searched"
            guard wasFound else { return reportVideo(message, isWarning: false) }
            diagnostics.append(LoadDiagnostic(
                .note, message, subject: resolved,
                group: LoadDiagnostic.Group(summary: "no subtitle stream of {n} videos could be searched", example: file)))
        }
    }

    private mutating func reportVideo(_ message: String, isWarning: Bool) {
        diagnostics.append(LoadDiagnostic(isWarning ? .warning : .error, message))
    }
}
