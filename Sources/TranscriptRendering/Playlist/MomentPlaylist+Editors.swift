import TranscriptModel

/// The clips as timelines for video editors (`export --format fcpxml|otio`): each clip a cut of
/// its recording, laid end to end in the order `clips` lists them.
///
/// - FCPXML 1.9 (Final Cut Pro, DaVinci Resolve): one `format` of 25 frames a second, one `asset`
///   per recording (`src` a `file://` URL or the URL given, `duration` up to its last clip's end:
///   the media's own length is not known), and a project whose sequence's spine holds one
///   `asset-clip` per clip: `offset` where it sits on the timeline, `start` and `duration` where it
///   is in the recording. Times are whole frames (`N/2500s` in hundredths of a frame's 100): a
///   clip's start is rounded down to a frame and its end up, so the cut holds the moment whole.
/// - OpenTimelineIO (`.otio`, JSON): a `Timeline.1` whose one video `Track.1` holds a `Clip.1` per
///   clip, each with an `ExternalReference.1` to its recording and a `source_range` in
///   milliseconds (`RationalTime.1` at rate 1000: exact).
///
/// Names are the clips' titles (`MomentPlaylist.Clip.title`), escaped for XML or JSON.
extension MomentPlaylist {
    /// The frames a second of the FCPXML timeline.
    static let editorFrameRate: Int64 = 25

    /// The clips as an FCPXML 1.9 document named `name` (the project and the event).
    public func fcpxml(name: String) -> String {
        let rate = Self.editorFrameRate
        func frames(down milliseconds: Int64) -> Int64 { milliseconds * rate / 1000 }
        func frames(up milliseconds: Int64) -> Int64 { (milliseconds * rate + 999) / 1000 }
        func time(_ frames: Int64) -> String { frames == 0 ? "0s" : "\(frames * 100)/\(rate * 100)s" }
        var assets: [String: (id: String, end: Int64)] = [:]
        var order: [String] = []
        for clip in clips {
            if assets[clip.media] == nil {
                order.append(clip.media)
                assets[clip.media] = ("r\(order.count + 1)", 0)
            }
            let end = max(assets[clip.media]?.end ?? 0, frames(up: clip.end.milliseconds))
            assets[clip.media]?.end = end
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE fcpxml>\n<fcpxml version=\"1.9\">\n  <resources>\n"
        out += "    <format id=\"r1\" name=\"FFVideoFormat1080p25\" frameDuration=\"100/2500s\" width=\"1920\" height=\"1080\"/>\n"
        for media in order {
            guard let asset = assets[media] else { continue }
            let title = media.split(separator: "/").last.map(String.init) ?? media
            out += "    <asset id=\"\(asset.id)\" name=\"\(Self.xmlEscaped(title))\" src=\"\(Self.xmlEscaped(Self.fileURL(media)))\" start=\"0s\" "
                + "duration=\"\(time(asset.end))\" hasVideo=\"1\" hasAudio=\"1\" format=\"r1\"/>\n"
        }
        out += "  </resources>\n  <library>\n    <event name=\"\(Self.xmlEscaped(name))\">\n      <project name=\"\(Self.xmlEscaped(name))\">\n"
        var body = ""
        var offset: Int64 = 0
        for clip in clips {
            guard let asset = assets[clip.media] else { continue }
            let start = frames(down: clip.start.milliseconds)
            let length = max(1, frames(up: clip.end.milliseconds) - start)
            body += "            <asset-clip ref=\"\(asset.id)\" name=\"\(Self.xmlEscaped(clip.title))\" offset=\"\(time(offset))\" "
                + "start=\"\(time(start))\" duration=\"\(time(length))\" format=\"r1\" tcFormat=\"NDF\"/>\n"
            offset += length
        }
        out += "        <sequence format=\"r1\" duration=\"\(time(offset))\" tcStart=\"0s\" tcFormat=\"NDF\">\n          <spine>\n"
        out += body
        out += "          </spine>\n        </sequence>\n      </project>\n    </event>\n  </library>\n</fcpxml>\n"
        return out
    }

    /// The clips as an OpenTimelineIO timeline named `name` (JSON, one video track).
    public func otio(name: String) -> String {
        func time(_ milliseconds: Int64) -> String {
            "{\"OTIO_SCHEMA\": \"RationalTime.1\", \"rate\": 1000.0, \"value\": \(milliseconds).0}"
        }
        let items = clips.map { clip in
            """
                  {"OTIO_SCHEMA": "Clip.1", "name": \(Self.jsonString(clip.title)), "metadata": {}, "effects": [], "markers": [], "enabled": true,
                   "source_range": {"OTIO_SCHEMA": "TimeRange.1", "start_time": \(time(clip.start.milliseconds)), "duration": \(time(clip.lengthMilliseconds))},
                   "media_reference": {"OTIO_SCHEMA": "ExternalReference.1", "name": "", "metadata": {}, "available_range": null, "target_url": \(Self.jsonString(Self.fileURL(clip.media)))}}
            """
        }
        return """
            {"OTIO_SCHEMA": "Timeline.1", "name": \(Self.jsonString(name)), "metadata": {}, "global_start_time": null,
             "tracks": {"OTIO_SCHEMA": "Stack.1", "name": "tracks", "metadata": {}, "effects": [], "markers": [], "enabled": true, "source_range": null,
              "children": [
               {"OTIO_SCHEMA": "Track.1", "name": "moments", "kind": "Video", "metadata": {}, "effects": [], "markers": [], "enabled": true, "source_range": null,
                "children": [
            \(items.joined(separator: ",\n"))
                ]}
              ]}}

            """
    }

    /// A path as a `file://` URL (every byte but letters, digits and `-._~/` percent-encoded); a URL
    /// (`scheme://…`) as it is.
    static func fileURL(_ media: String) -> String {
        guard media.hasPrefix("/") else { return media }
        var out = "file://"
        for byte in media.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~/".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }

    /// `text` for an XML attribute: `& < > "` as entities, control characters removed.
    static func xmlEscaped(_ text: String) -> String {
        var out = ""
        for character in ControlSequences.stripped(text) {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    /// `text` as a JSON string (RFC 8259 escapes, as the JSON Lines output writes them).
    static func jsonString(_ text: String) -> String {
        var object = JSONObjectWriter()
        object.add("s", text)
        // `{"s":"…"}` → `"…"`
        let written = object.finished
        return String(written.dropFirst(5).dropLast())
    }
}
