/// How a source is read: its format, its text encoding and what to do with rolling captions. The
/// defaults choose everything from the bytes, as `tsearch` does without flags.
public struct LoadOptions: Sendable, Hashable {
    /// Forces a format; nil chooses by extension, then by content.
    public var format: TranscriptFormat?
    /// Forces a text encoding (`--encoding`); nil detects it (see `TextDecoding`). A byte-order
    /// mark still wins, as in ripgrep. Not used for EPUB, whose XML names its own.
    public var encoding: TextEncoding?
    /// Collapse YouTube-style rolling captions to one row per spoken line (the default), or keep
    /// every cue as it is (`--keep-rolling`).
    public var rollingCaptions: RollingCaptions

    /// The revision of what the readers make of a file: raised whenever any reader's rows change
    /// for some input (a new format, a layout now recognised, a fix), so that rows kept from an
    /// earlier revision (the command line's row caches) are read again rather than trusted.
    /// 2: meeting-app text layouts, Word, vendor JSON, the other subtitle formats.
    public static let readersRevision = 2

    /// Options that force a format or an encoding, or keep rolling captions; the defaults decide from the bytes.
    public init(format: TranscriptFormat? = nil, encoding: TextEncoding? = nil, rollingCaptions: RollingCaptions = .collapse) {
        self.format = format
        self.encoding = encoding
        self.rollingCaptions = rollingCaptions
    }
}

/// What the WebVTT reader does with rolling captions (see `RollingCaptionCollapser`).
public enum RollingCaptions: String, Sendable, Hashable {
    /// One row per spoken line, with the time it first appears.
    case collapse
    /// One row per cue, repeated lines and all.
    case keep
}
