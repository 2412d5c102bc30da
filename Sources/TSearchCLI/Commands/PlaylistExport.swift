import TranscriptModel
import TranscriptRendering
import TranscriptSearch
import TranscriptStore

/// The moments of a search's hits, for `export --format edl|m3u|fcpxml|otio` (`MomentPlaylist` writes them).
///
/// One moment per row with hits: the row's time range in its transcript's recording (`MediaFiles`, or
/// `--media` for every transcript), padded by `--padding` (default 2 s). Rows without a time (EPUB,
/// plain text) and transcripts without a recording are left out with a note on stderr; when nothing
/// is left, those notes are the error and nothing is written.
struct PlaylistExport {
    /// Seconds of padding when `--padding` is not given, in milliseconds.
    static let defaultPadding: Int64 = 2000

    let search: SavedSearch
    /// `--media`: a URL (kept as is) or a path (resolved against the current directory).
    let media: String?
    let padding: Int64

    enum Outcome {
        /// The playlist, and notes on what was left out.
        case playlist(MomentPlaylist, notes: [String])
        /// Nothing to play, and why (each line one reason).
        case nothingToPlay([String])
    }

    func moments() -> Outcome {
        let corpus = search.corpus, index = search.index
        var finder = MediaFiles()
        var recordings: [Int: String?] = [:]
        var untimed: [Int: Int] = [:], unplayable: [Int: Int] = [:]
        var moments: [MomentPlaylist.Moment] = []
        for row in index.rowsWithHits {
            let source = corpus.source(ofRow: row)
            let hits = index.hits(inRow: row).count
            let times = corpus.times(ofRow: row)
            guard let start = times.start else {
                untimed[source, default: 0] += hits
                continue
            }
            let found: String?
            if let known = recordings[source] {
                found = known
            } else {
                found = media ?? finder.recording(ofTranscript: corpus.sources[source].path, directory: search.directory)
                recordings[source] = found
            }
            guard let recording = found else {
                unplayable[source, default: 0] += hits
                continue
            }
            // A hit across cues plays until the end of the last row it reaches.
            let lastRow = index.positions(inRow: row).map { index.lastRow(ofHitAt: $0, in: corpus) }.max() ?? row
            let lastTimes = corpus.times(ofRow: lastRow)
            let end = max(start, lastTimes.end ?? lastTimes.start ?? times.end ?? start, times.end ?? start)
            moments.append(MomentPlaylist.Moment(media: recording, start: start, end: end, label: label(ofRow: row, start: start)))
        }
        var reasons: [String] = []
        for source in corpus.sources.indices {
            let path = corpus.sources[source].path
            if let count = untimed[source] {
                reasons.append("\(path): \(Self.hits(count)) in rows without a time (the format has none) left out")
            }
            if let count = unplayable[source] {
                let looked = path == "<stdin>" ? "standard input has no file beside it" : "no video or audio file named \(MediaFiles.candidates(ofTranscript: path)) beside it"
                reasons.append("\(path): \(looked); \(Self.hits(count)) left out")
            }
        }
        if !unplayable.isEmpty {
            reasons.append("name the recording with --media PATH (looked for the extensions \(MediaFiles.extensions.joined(separator: ", ")))")
        }
        if moments.isEmpty { return .nothingToPlay(reasons) }
        return .playlist(MomentPlaylist(moments: moments, padding: padding), notes: reasons)
    }

    private static func hits(_ count: Int) -> String { count == 1 ? "1 hit" : "\(count) hits" }

    /// `planning.srt 01:02 Alice: we need to cut the budget`.
    private func label(ofRow row: Int, start: Timestamp) -> String {
        let corpus = search.corpus
        let path = corpus.sources[corpus.source(ofRow: row)].path
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let speaker = corpus.speaker(ofRow: row).map { "\($0): " } ?? ""
        return "\(name) \(start.shortFormatted) \(speaker)\(corpus.text(ofRow: row))"
    }
}
