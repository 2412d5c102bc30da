import Foundation

/// What a video's subtitle streams hold, as ffprobe lists them and ffmpeg converts them: the value
/// the subtitle cache keeps, so an unchanged video is never probed or converted twice.
///
/// Cached as JSON (`SubtitleCache`), schema 1:
/// `{"schema":1,"streams":[{"subtitle_index":0,"stream_index":2,"codec":"subrip","language":"eng",
/// "title":null,"text":"WEBVTT\n\n…","problem":null}, …]}`; `text` is the stream as WebVTT (UTF-8,
/// from `ffmpeg -f webvtt`), or null with `problem` saying why it has none.
struct VideoSubtitles: Codable, Hashable, Sendable {
    var schema = 1
    var streams: [Stream]

    struct Stream: Codable, Hashable, Sendable {
        /// The stream's position among the video's subtitle streams, from 0 (ffmpeg's `0:s:N`).
        var subtitleIndex: Int
        /// The stream's index among all the video's streams (ffprobe's `index`).
        var streamIndex: Int
        /// ffprobe's `codec_name`: `subrip`, `ass`, `mov_text`, `webvtt`, `hdmv_pgs_subtitle`, …
        var codec: String
        var language: String?
        var title: String?
        /// The stream converted to WebVTT; nil when it could not be (see `problem`).
        var text: String?
        /// Why there is no text: a bitmap stream, or ffmpeg's reason.
        var problem: Problem?

        enum CodingKeys: String, CodingKey {
            case subtitleIndex = "subtitle_index", streamIndex = "stream_index", codec, language, title, text, problem
        }

        /// How a stream without text is reported.
        enum Problem: Codable, Hashable, Sendable {
            /// Pictures of text (PGS, VobSub, DVB): nothing to search without OCR.
            case bitmap
            /// ffmpeg could not convert it to WebVTT; its message.
            case notConverted(String)
        }

        /// The codecs whose streams are pictures, not text, by ffprobe's `codec_name`.
        static let bitmapCodecs: [String: String] = [
            "hdmv_pgs_subtitle": "PGS", "dvd_subtitle": "VobSub", "dvb_subtitle": "DVB",
            "xsub": "XSUB", "dvb_teletext": "DVB teletext",
        ]

        var isBitmap: Bool { Self.bitmapCodecs[codec] != nil }

        /// The codec as a reader knows it: `hdmv_pgs_subtitle (PGS)`.
        var codecDescription: String {
            Self.bitmapCodecs[codec].map { "\(codec) (\($0))" } ?? codec
        }
    }

    /// The subtitle streams in ffprobe's JSON (`-select_streams s -show_entries
    /// stream=index,codec_name:stream_tags=language,title -of json`), in order; streams of any other
    /// type are ignored. Throws when the text is not ffprobe's JSON.
    static func streams(fromProbe bytes: [UInt8]) throws -> [Stream] {
        struct Probe: Decodable {
            struct Entry: Decodable {
                var index: Int
                var codec_name: String?
                var codec_type: String?
                var tags: [String: String]?
            }
            var streams: [Entry]?
        }
        let probe = try JSONDecoder().decode(Probe.self, from: Data(bytes))
        let entries = (probe.streams ?? []).filter { ($0.codec_type ?? "subtitle") == "subtitle" }
        return entries.enumerated().map { position, entry in
            let tags = Dictionary((entry.tags ?? [:]).map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
            let codec = entry.codec_name ?? "unknown"
            var stream = Stream(
                subtitleIndex: position, streamIndex: entry.index, codec: codec,
                language: tags["language"], title: tags["title"], text: nil, problem: nil)
            if stream.isBitmap { stream.problem = .bitmap }
            return stream
        }
    }
}
