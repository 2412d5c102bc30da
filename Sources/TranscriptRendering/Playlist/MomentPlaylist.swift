import TranscriptModel

/// The moments where hits were said, as a playlist a media player opens: mpv's EDL or an extended
/// M3U (`export --format edl|m3u`).
///
/// ```
///  rows with hits    [12.0–14.5]  [15.0–16.0]            [70.0–71.2]        (one media file)
///  padding 2 s    [10.0 ──────── 16.5]                [68.0 ─ 73.2]
///                         [13.0 ──── 18.0]
///  merged         [10.0 ─────────────── 18.0]          [68.0 ─ 73.2]       two clips
/// ```
///
/// Each `Moment` (one row with hits) is widened by the padding on both sides, its start clamped at 0,
/// and made at least `minimumLength` long; then, per media file, moments that overlap or touch are
/// merged into one `Clip`. Clips come grouped by media file (in the order each file first appears
/// among the moments), in time order within a file. The end is never clamped: we do not know how long
/// the media is (mpv plays what there is and warns when a clip runs past the end).
///
/// - EDL (`# mpv EDL v0`, see mpv's DOCS/edl-mpv.rst): one segment per clip,
///   `%N%file,start,length,title=%N%label`. The file and the title are always written with mpv's
///   length prefix (`%N%`, N the value's UTF-8 byte count), so commas, semicolons, `!`, newlines and
///   any other bytes in a name are safe. Each clip becomes a chapter titled with its first row
///   (`planning.srt 01:02 Alice: …`), so the chapter keys step from moment to moment.
/// - M3U (`#EXTM3U`): per clip an `#EXTINF:SECONDS,label` line, `#EXTVLCOPT:start-time=` and
///   `stop-time=` (VLC's options; mpv 0.35 ignores them and plays each file whole, so use EDL with mpv),
///   then the location: the path, or a `file://` URL with control characters percent-encoded when the
///   path holds any (a line end would end the entry). UTF-8: save it as `.m3u8`.
///
/// Times are seconds with up to three decimals (`62.5`), exact from the milliseconds; labels have
/// control characters removed and are cut to 80 characters.
public struct MomentPlaylist: Sendable {
    /// One row with hits, placed on its media's timeline.
    public struct Moment: Hashable, Sendable {
        /// The media file's absolute path, or a URL: written into the playlist as it is.
        public var media: String
        /// Where the row starts.
        public var start: Timestamp
        /// Where the row ends (its start when the row has no end).
        public var end: Timestamp
        /// What the player shows for it, e.g. `planning.srt 01:02 Alice: we need to cut the budget`.
        public var label: String

        /// A moment; `start` after `end` is a programming error (it traps).
        public init(media: String, start: Timestamp, end: Timestamp, label: String) {
            precondition(start <= end, "a moment ends before it starts")
            self.media = media
            self.start = start
            self.end = end
            self.label = label
        }
    }

    /// A stretch of one media file to play: one or more padded moments merged.
    public struct Clip: Hashable, Sendable {
        /// The media file's path or URL, as in its moments.
        public var media: String
        /// Where to start playing: the first moment's start less the padding, never before 0.
        public var start: Timestamp
        /// Where to stop: the last moment's end plus the padding, and at least the minimum length after
        /// `start`.
        public var end: Timestamp
        /// The labels of the moments merged into the clip, in time order.
        public var labels: [String]

        /// How long the clip plays, in milliseconds.
        public var lengthMilliseconds: Int64 { end.milliseconds - start.milliseconds }

        /// The first moment's label, with `(+N more)` when moments were merged.
        public var title: String {
            let first = MomentPlaylist.shortened(labels.first ?? "")
            return labels.count > 1 ? "\(first) (+\(labels.count - 1) more)" : first
        }
    }

    /// The clips to play: media files in the order their first moment came, each file's clips in time
    /// order, overlapping ones merged.
    public let clips: [Clip]

    /// Pads, clamps and merges `moments`. `padding` and `minimumLength` are in milliseconds
    /// (`padding` 0 or more). - Complexity: O(n log n) in the number of moments.
    public init(moments: [Moment], padding: Int64, minimumLength: Int64 = 1000) {
        precondition(padding >= 0 && minimumLength >= 0, "padding and length are never negative")
        var order: [String] = []
        var byMedia: [String: [Clip]] = [:]
        for moment in moments {
            let start = max(0, moment.start.milliseconds - padding)
            let end = max(moment.end.milliseconds + padding, start + minimumLength)
            if byMedia[moment.media] == nil { order.append(moment.media) }
            byMedia[moment.media, default: []].append(Clip(
                media: moment.media, start: Timestamp(milliseconds: start), end: Timestamp(milliseconds: end),
                labels: [moment.label]))
        }
        var clips: [Clip] = []
        for media in order {
            // A stable sort keeps rows that start together in load order.
            let sorted = (byMedia[media] ?? []).enumerated()
                .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
            var merged: [Clip] = []
            for clip in sorted {
                if let last = merged.last, clip.start <= last.end {
                    merged[merged.count - 1].end = max(last.end, clip.end)
                    merged[merged.count - 1].labels += clip.labels
                } else {
                    merged.append(clip)
                }
            }
            clips += merged
        }
        self.clips = clips
    }

    /// mpv's EDL: the header line, then one segment per clip.
    public func edl() -> String {
        var out = "# mpv EDL v0\n"
        for clip in clips {
            out += Self.edlValue(clip.media) + "," + DecimalSeconds.text(clip.start.milliseconds) + ","
                + DecimalSeconds.text(clip.lengthMilliseconds) + ",title=" + Self.edlValue(clip.title) + "\n"
        }
        return out
    }

    /// An extended M3U with VLC's start and stop options per clip.
    public func m3u() -> String {
        var out = "#EXTM3U\n"
        for clip in clips {
            let duration = (clip.lengthMilliseconds + 999) / 1000
            out += "#EXTINF:\(duration),\(clip.title)\n"
            out += "#EXTVLCOPT:start-time=\(DecimalSeconds.text(clip.start.milliseconds))\n"
            out += "#EXTVLCOPT:stop-time=\(DecimalSeconds.text(clip.end.milliseconds))\n"
            out += Self.m3uLocation(clip.media) + "\n"
        }
        return out
    }

    /// `value` behind mpv's length prefix: `%N%value`, N its UTF-8 byte count.
    static func edlValue(_ value: String) -> String {
        "%\(value.utf8.count)%" + value
    }

    /// The entry line: the path itself, unless it holds a control character (a line end would end
    /// the entry); then a path becomes a `file://` URL with every byte but letters, digits and
    /// `-._~/` percent-encoded, and a URL has its control characters percent-encoded.
    static func m3uLocation(_ media: String) -> String {
        guard ControlSequences.hasControlCharacters(media) else { return media }
        let isPath = media.hasPrefix("/")
        var out = isPath ? "file://" : ""
        for scalar in media.unicodeScalars {
            let keep = isPath
                ? ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                    || "-._~/".unicodeScalars.contains(scalar)
                : !ControlSequences.hasControlCharacters(String(scalar))
            if keep {
                out.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 {
                    let hex = String(byte, radix: 16, uppercase: true)
                    out += "%" + (hex.count == 1 ? "0" : "") + hex
                }
            }
        }
        return out
    }

    /// A label on one line, without control characters, cut to `limit` characters with `…`.
    static func shortened(_ label: String, limit: Int = 80) -> String {
        let clean = ControlSequences.stripped(label)
        return clean.count <= limit ? clean : String(clean.prefix(limit - 1)) + "…"
    }
}
