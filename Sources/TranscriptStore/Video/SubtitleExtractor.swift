/// Lists a video's subtitle streams with ffprobe and converts the text ones to WebVTT with ffmpeg,
/// both run as subprocesses found on the `PATH` (see `Subprocess`).
///
/// One ffmpeg run converts every text stream at once (one pass over the video, each stream to its
/// own pipe: `-map 0:s:N -f webvtt pipe:3 -map 0:s:M -f webvtt pipe:4 …`); if that run fails, each
/// stream is tried alone so the one ffmpeg cannot convert is named and the others still load.
/// `-copyts` keeps the cue times the video's own (without it ffmpeg shifts them by the first
/// stream's start time, so a cue at 00:00:01 in a file that starts at 1 s would read 00:00:00).
/// The input is passed as `file:PATH`, so a name such as `concat:x.mkv` is never read as one of
/// ffmpeg's protocols.
///
/// Each run is limited to `timeout` (`TSEARCH_FFMPEG_TIMEOUT_MS`, default 120 s) and killed after
/// it; its text to 256 MiB.
struct SubtitleExtractor {
    var searchPath: String?
    var environment: [String: String]
    var timeout: Duration

    init(variables: [String: String]) {
        searchPath = variables["PATH"]
        environment = variables
        timeout = .milliseconds(Int(variables["TSEARCH_FFMPEG_TIMEOUT_MS"] ?? "").flatMap { $0 > 0 ? $0 : nil } ?? 120_000)
    }

    /// Why a video's subtitles could not be read at all.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// ffprobe or ffmpeg (the names) is not on the PATH.
        case toolsMissing([String])
        /// A tool ran and failed; its name and its last line of error output.
        case failed(tool: String, reason: String)
        case timedOut(tool: String, limit: Duration)
        case outputTooLarge(tool: String)

        var description: String {
            switch self {
            case .toolsMissing(let tools):
                return "searching a video's subtitles needs \(tools.joined(separator: " and ")), "
                    + "\(tools.count == 1 ? "which is" : "which are") not on the PATH: install FFmpeg "
                    + "(apt install ffmpeg, brew install ffmpeg, or see https://ffmpeg.org/download.html)"
            case .failed(let tool, let reason):
                return "\(tool) could not read this video" + (reason.isEmpty ? "" : ": \(reason)")
            case .timedOut(let tool, let limit):
                let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
                return "\(tool) did not finish within \(seconds.formatted) s and was stopped (TSEARCH_FFMPEG_TIMEOUT_MS sets the limit, in milliseconds)"
            case .outputTooLarge(let tool):
                return "\(tool) wrote more than 256 MiB of subtitles and was stopped"
            }
        }
    }

    /// Whether ffprobe and ffmpeg are both on the PATH; the missing ones otherwise.
    func missingTools() -> [String] {
        ["ffprobe", "ffmpeg"].filter { Subprocess.find($0, searchPath: searchPath) == nil }
    }

    /// The subtitle streams of the video at `path` (a path this process can open), text ones converted.
    func extract(_ path: String) -> Result<VideoSubtitles, Failure> {
        let missing = missingTools()
        guard missing.isEmpty,
              let ffprobe = Subprocess.find("ffprobe", searchPath: searchPath),
              let ffmpeg = Subprocess.find("ffmpeg", searchPath: searchPath) else { return .failure(.toolsMissing(missing)) }
        let input = "file:" + path
        let probe = run(ffprobe, "ffprobe", [
            "-v", "error", "-select_streams", "s",
            "-show_entries", "stream=index,codec_name,codec_type:stream_tags=language,title", "-of", "json", input,
        ])
        var streams: [VideoSubtitles.Stream]
        switch probe {
        case .failure(let failure): return .failure(failure)
        case .success(let outcome):
            guard outcome.status == 0 else { return .failure(.failed(tool: "ffprobe", reason: reason(outcome, input: input))) }
            do {
                streams = try VideoSubtitles.streams(fromProbe: outcome.standardOutput)
            } catch {
                return .failure(.failed(tool: "ffprobe", reason: "its output is not the JSON expected"))
            }
        }
        let textStreams = streams.indices.filter { streams[$0].problem == nil }
        guard !textStreams.isEmpty else { return .success(VideoSubtitles(streams: streams)) }

        switch convert(textStreams.map { streams[$0].subtitleIndex }, of: input, with: ffmpeg) {
        case .success(let texts):
            for (position, text) in zip(textStreams, texts) { streams[position].text = text }
        case .failure(.failed(_, let message)) where textStreams.count > 1:
            // Find which stream ffmpeg cannot convert: each alone.
            var converted = 0
            for position in textStreams {
                switch convert([streams[position].subtitleIndex], of: input, with: ffmpeg) {
                case .success(let texts):
                    streams[position].text = texts[0]
                    converted += 1
                case .failure(.failed(_, let alone)): streams[position].problem = .notConverted(alone)
                case .failure(let failure): return .failure(failure)
                }
            }
            if converted == 0 { return .failure(.failed(tool: "ffmpeg", reason: message)) }
        case .failure(.failed(_, let message)):
            // A video whose only text stream cannot be converted: the stream's problem, so a video
            // with bitmap streams too says what each stream is.
            if streams.count == 1 { return .failure(.failed(tool: "ffmpeg", reason: message)) }
            streams[textStreams[0]].problem = .notConverted(message)
        case .failure(let failure):
            return .failure(failure)
        }
        return .success(VideoSubtitles(streams: streams))
    }

    /// Converts the subtitle streams `indices` (ffmpeg's `0:s:N`) of `input` to WebVTT, in one run.
    private func convert(_ indices: [Int], of input: String, with ffmpeg: String) -> Result<[String], Failure> {
        var arguments = ["-nostdin", "-hide_banner", "-v", "error", "-copyts", "-i", input]
        for (position, index) in indices.enumerated() {
            arguments += ["-map", "0:s:\(index)", "-c:s", "webvtt", "-f", "webvtt", "pipe:\(position + 3)"]
        }
        switch run(ffmpeg, "ffmpeg", arguments, extraOutputs: indices.count) {
        case .failure(let failure): return .failure(failure)
        case .success(let outcome):
            guard outcome.status == 0 else { return .failure(.failed(tool: "ffmpeg", reason: reason(outcome, input: input))) }
            return .success(outcome.extraOutputs.map { String(decoding: $0, as: UTF8.self) })
        }
    }

    /// The tool's last error line without the `file:PATH: ` it starts with (the message names the video).
    private func reason(_ outcome: Subprocess.Outcome, input: String) -> String {
        let line = outcome.firstErrorLine
        if line.isEmpty { return "it ended with status \(outcome.status) and no message" }
        return line.hasPrefix(input + ": ") ? String(line.dropFirst(input.count + 2)) : line
    }

    private func run(_ executable: String, _ tool: String, _ arguments: [String], extraOutputs: Int = 0) -> Result<Subprocess.Outcome, Failure> {
        let process = Subprocess(
            executable: executable, arguments: arguments, environment: environment, extraOutputs: extraOutputs,
            timeout: timeout)
        switch process.run() {
        case .success(let outcome): return .success(outcome)
        case .failure(.couldNotStart(let reason)): return .failure(.failed(tool: tool, reason: "could not be started: \(reason)"))
        case .failure(.timedOut): return .failure(.timedOut(tool: tool, limit: timeout))
        case .failure(.outputTooLarge): return .failure(.outputTooLarge(tool: tool))
        }
    }
}

private extension Double {
    /// `120`, `0.5`: without a trailing `.0`.
    var formatted: String {
        self == rounded() ? String(Int(self)) : String(self)
    }
}
