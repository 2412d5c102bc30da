/// Where a row came from inside its source file, precise enough to jump back to it.
public struct Locator: Hashable, Sendable {
    /// The source file as the user named it (a path, or `<stdin>`).
    public var file: String
    /// The 1-based line in the source file where the row begins, when the format has lines.
    public var line: Int?
    /// The cue identifier (WebVTT) or cue number (SubRip) as written in the file, if any.
    public var cue: String?
    /// For a book: the content document (its path inside the EPUB, e.g. `OEBPS/ch03.xhtml`).
    public var href: String?
    /// For a book: the row's block element's position in its content document, from 0.
    public var element: Int?

    /// A locator in `file`; each other part is nil (or left out) when the format has none.
    public init(file: String, line: Int? = nil, cue: String? = nil, href: String? = nil, element: Int? = nil) {
        self.file = file
        self.line = line
        self.cue = cue
        self.href = href
        self.element = element
    }
}
