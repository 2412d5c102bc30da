import Foundation

/// The attributes `AttributedTranscript` sets, as an `AttributeScope` of our own, so an app maps
/// them to its colours and actions (`AttributedString.transform`, or a run loop over `runs`):
///
/// | attribute      | on                                   | value                                      |
/// |----------------|--------------------------------------|--------------------------------------------|
/// | `hit`          | each hit's text (each part of a hit  | the hit's position (0-based), to make it   |
/// |                | across rows)                         | current on a tap                           |
/// | `currentHit`   | the current hit's text               | `true`                                     |
/// | `approximate`  | an approximate hit's text (`--fuzzy`) | its edits (1 or more); exact hits have none |
/// | `hitNumber`    | a row's `3/17` label                 | the position of the row's first hit        |
/// | `speakerLabel` | a row's `Alice: ` label              | the speaker's name                         |
/// | `timestamp`    | a row's `00:06:32` label             | the row's start in seconds, for a player   |
///
/// Foundation only: no UI framework, so the same strings serve SwiftUI, AppKit, UIKit and tests on
/// Linux. Read them as `run.transcript.hit` (or `run.hit` through dynamic member lookup). Every
/// key is a `CodableAttributedStringKey`, so where Foundation encodes an `AttributedString` with a
/// scope (Apple's platforms; not this toolchain's Linux Foundation) they are kept.
public struct TranscriptAttributes: AttributeScope {
    /// A hit's text: its position.
    public let hit: HitAttribute
    /// The current hit's text.
    public let currentHit: CurrentHitAttribute
    /// An approximate hit's text: its edits.
    public let approximate: ApproximateAttribute
    /// A row's hit-number label: the position of its first hit.
    public let hitNumber: HitNumberAttribute
    /// A row's speaker label: the name.
    public let speakerLabel: SpeakerLabelAttribute
    /// A row's time label: its start in seconds.
    public let timestamp: TimestampAttribute

    /// A hit's text; the value is the hit's position among all hits (0-based).
    public enum HitAttribute: CodableAttributedStringKey {
        /// The type of the attribute's value.
        public typealias Value = Int
        /// The attribute's name when an attributed string is encoded: `TranscriptSearch.hit`.
        public static let name = "TranscriptSearch.hit"
    }

    /// The current hit's text (`true`), beside its `hit`.
    public enum CurrentHitAttribute: CodableAttributedStringKey {
        /// The type of the attribute's value.
        public typealias Value = Bool
        /// The attribute's name when an attributed string is encoded: `TranscriptSearch.currentHit`.
        public static let name = "TranscriptSearch.currentHit"
    }

    /// An approximate hit's text (`SearchOptions.fuzzy`), beside its `hit`: the value is its
    /// edits, 1 or more, so an app marks it apart from the exact hits (which do not have it).
    public enum ApproximateAttribute: CodableAttributedStringKey {
        /// The type of the attribute's value.
        public typealias Value = Int
        /// The attribute's name when an attributed string is encoded: `TranscriptSearch.approximate`.
        public static let name = "TranscriptSearch.approximate"
    }

    /// A label numbering a row's hits (`3/17`, `3-4/17`); the value is the position of its first.
    public enum HitNumberAttribute: CodableAttributedStringKey {
        /// The type of the attribute's value.
        public typealias Value = Int
        /// The attribute's name when an attributed string is encoded: `TranscriptSearch.hitNumber`.
        public static let name = "TranscriptSearch.hitNumber"
    }

    /// A speaker label (`Alice: `); the value is the speaker's name.
    public enum SpeakerLabelAttribute: CodableAttributedStringKey {
        /// The type of the attribute's value.
        public typealias Value = String
        /// The attribute's name when an attributed string is encoded: `TranscriptSearch.speakerLabel`.
        public static let name = "TranscriptSearch.speakerLabel"
    }

    /// A time label (`00:06:32`); the value is the row's start in seconds (milliseconds exact).
    public enum TimestampAttribute: CodableAttributedStringKey {
        /// The type of the attribute's value.
        public typealias Value = Double
        /// The attribute's name when an attributed string is encoded: `TranscriptSearch.timestamp`.
        public static let name = "TranscriptSearch.timestamp"
    }
}

extension AttributeScopes {
    /// TranscriptSearch's attributes: `AttributedString(…, including: \.transcript)`.
    public var transcript: TranscriptAttributes.Type { TranscriptAttributes.self }
}

extension AttributeDynamicLookup {
    /// `string.hit`, `run.currentHit`, … for the attributes of `TranscriptAttributes`.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<TranscriptAttributes, T>) -> T {
        self[T.self]
    }
}
