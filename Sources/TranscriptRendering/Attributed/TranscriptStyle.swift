import Foundation

/// How an app shows `TranscriptAttributes`: the attributes of its own to add to each kind of run,
/// as `AttributeContainer`s, so the mapping is written once and needs no UI framework here. An app
/// fills them with its framework's attributes (SwiftUI's `backgroundColor`, UIKit's `.font`):
///
/// | run                                 | container added                 |
/// |-------------------------------------|---------------------------------|
/// | a hit (`hit`)                       | `hit`                           |
/// | the current hit (`currentHit`)      | `hit`, then `currentHit`        |
/// | an approximate hit (`approximate`)  | `approximateHit` (not `hit`)    |
/// | a speaker label (`speakerLabel`)    | `speakerLabel`                  |
/// | a timestamp (`timestamp`)           | `timestamp` (and a link, below) |
/// | a hit number (`hitNumber`)          | `hitNumber`                     |
///
/// In SwiftUI, for example: `var style = TranscriptStyle(); style.hit.backgroundColor = .yellow;
/// style.currentHit.backgroundColor = .orange; Text(style.applied(to: view.row(7)))`.
///
/// `applied(to:)` merges the containers over the runs; the transcript's own attributes stay, so a
/// tap still finds the hit's position.
public struct TranscriptStyle: Sendable {
    /// Added to every hit's text.
    public var hit: AttributeContainer
    /// Added to the current hit's text, after `hit`.
    public var currentHit: AttributeContainer
    /// Added to an approximate hit's text instead of `hit`.
    public var approximateHit: AttributeContainer
    /// Added to a row's speaker label.
    public var speakerLabel: AttributeContainer
    /// Added to a row's timestamp label.
    public var timestamp: AttributeContainer
    /// Added to a row's hit number label (`3/17`).
    public var hitNumber: AttributeContainer

    /// A style adding `hit` and the others as given (each empty by default).
    public init(
        hit: AttributeContainer = AttributeContainer(), currentHit: AttributeContainer = AttributeContainer(),
        approximateHit: AttributeContainer = AttributeContainer(), speakerLabel: AttributeContainer = AttributeContainer(),
        timestamp: AttributeContainer = AttributeContainer(), hitNumber: AttributeContainer = AttributeContainer()
    ) {
        self.hit = hit
        self.currentHit = currentHit
        self.approximateHit = approximateHit
        self.speakerLabel = speakerLabel
        self.timestamp = timestamp
        self.hitNumber = hitNumber
    }

    /// Each timestamp a link into `media` at its time (`talk.mp4#t=392.5`, a media fragment), so a
    /// tap plays the moment: the one mapping Foundation alone can make on every platform.
    public static func linkingTimestamps(to media: URL) -> TranscriptStyle {
        TranscriptStyle(linkTimestampsTo: media)
    }

    /// Where `linkingTimestamps(to:)` points timestamps (nil: nowhere).
    public var timestampMedia: URL?

    private init(linkTimestampsTo media: URL) {
        self.init()
        timestampMedia = media
    }

    /// `text` (a row, snippet or context from `AttributedTranscript`) with this style's attributes
    /// merged over its runs. - Complexity: O(runs).
    public func applied(to text: AttributedString) -> AttributedString {
        var styled = text
        for run in text.runs {
            var added = AttributeContainer()
            if run.transcript.hit != nil {
                added.merge(run.transcript.approximate != nil ? approximateHit : hit)
                if run.transcript.currentHit == true { added.merge(currentHit) }
            }
            if run.transcript.speakerLabel != nil { added.merge(speakerLabel) }
            if let seconds = run.transcript.timestamp {
                added.merge(timestamp)
                if let media = timestampMedia, var parts = URLComponents(url: media, resolvingAgainstBaseURL: false) {
                    parts.fragment = "t=\(seconds)"
                    added.link = parts.url
                }
            }
            if run.transcript.hitNumber != nil { added.merge(hitNumber) }
            styled[run.range].mergeAttributes(added)
        }
        return styled
    }
}
