import TranscriptRendering
import TranscriptSearch

/// What the pager shows in place of the rows until it is closed: its keys (`?`), where the hits
/// are (`f`, `FacetSummary`'s lines), or the meetings with hits (`m`, `MeetingListing`'s lines, one
/// of them chosen: the scrolling keys move the choice, Enter jumps to its first hit). The keys that scroll the rows scroll it (a list longer than
/// the screen, such as the speakers of a big archive, is read to its end); `q`, Esc or any other
/// key closes it, as `q` closes less's help, without leaving the pager.
struct PagerOverlay: Equatable, Sendable {
    enum Content: Equatable, Sendable {
        case help
        case lines([String])
        /// The meetings with hits, by date, and the one chosen (an index into them).
        case meetings([MeetingSummary], chosen: Int)
    }

    private(set) var content: Content
    /// The first line on screen.
    private(set) var top = 0

    init(_ content: Content) {
        self.content = content
    }

    /// The overlay's lines at `columns`: the help's actions wrapped under their column (a line
    /// never cut off), a list's lines as they are (the view cuts them at the edge), then how to
    /// scroll and close it.
    func lines(columns: Int) -> [String] {
        let footer = "j k Space b: scroll · q or any other key: close"
        switch content {
        case .help:
            let keyWidth = 30
            var lines = ["tsearch pager keys", ""]
            for (keys, action) in PagerView.keys {
                let width = max(10, columns - keyWidth)
                var first = true
                for part in Self.wrap(action, width: width) {
                    lines.append((first ? "  " + keys.padding(keyWidth - 2) : String(repeating: " ", count: keyWidth)) + part)
                    first = false
                }
            }
            return lines + ["", footer]
        case .lines(let lines):
            return lines + [footer]
        case .meetings(let meetings, let chosen):
            let listing = MeetingListing(styler: Styler(isEnabled: false))
            let heading = meetings.isEmpty ? "no meeting has a hit" : "meetings with hits, by date"
            return [heading, ""] + meetings.enumerated().map { ($0.offset == chosen ? "> " : "  ") + listing.line($0.element) }
                + ["", "j k Space b: choose · Enter: its first hit · q or any other key: close"]
        }
    }

    /// The meeting chosen `by` places further (negative: back), within the list, scrolled so that
    /// it shows on a screen of `height` lines; nothing for another overlay.
    mutating func choose(by places: Int, height: Int) {
        guard case .meetings(let meetings, let chosen) = content, !meetings.isEmpty else { return }
        let next = min(max(0, chosen + places), meetings.count - 1)
        content = .meetings(meetings, chosen: next)
        // Its line is the heading's two lines below the top of the list.
        let line = next + 2
        if line < top { top = line }
        if line >= top + height { top = line - height + 1 }
    }

    /// The overlay scrolled by `lines` (negative: up), within its lines at `columns` on a screen
    /// of `height` lines.
    mutating func scroll(by lines: Int, columns: Int, height: Int) {
        let last = max(0, self.lines(columns: columns).count - height)
        top = min(max(0, top + lines), last)
    }

    /// `text` cut at spaces into lines of at most `width` columns (a word longer than that alone
    /// on its line).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if TerminalWidth.of(candidate) > width && !line.isEmpty {
                lines.append(line)
                line = String(word)
            } else {
                line = candidate
            }
        }
        return lines + (line.isEmpty ? [] : [line])
    }
}
