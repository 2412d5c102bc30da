/// Where a row came from inside its source file, precise enough to jump back to it.
public struct Locator: Hashable, Sendable {
    /// The source file as the user named it (a path, or `<stdin>`).
    public var file: String
    /// The 1-based line in the source file where the row begins, when the format has lines.
    public var line: Int?
    /// The cue identifier (WebVTT) or cue number (SubRip) as written in the file, if any.
    public var cue: String?

    public init(file: String, line: Int? = nil, cue: String? = nil) {
        self.file = file
        self.line = line
        self.cue = cue
    }
}
