import TranscriptModel

/// The human listing of `tsearch rows`: a heading per file, then each row as
/// `00:00:05.000 --> 00:00:08.250  Alice: text` (or `L12  text` for untimed rows), section titles
/// as `§ Title` lines where they change.
public struct RowListing: Sendable {
    /// How a row's place, speaker and colours are written (shared with the hit listing).
    public let formatting: RowFormatting

    /// A listing coloured (or not) by `styler`.
    public init(styler: Styler) {
        self.formatting = RowFormatting(styler: styler)
    }

    /// The file's heading line: its path, escape sequences removed, in the path colour.
    public func heading(_ source: SourceInfo) -> String {
        formatting.styler.paint(ControlSequences.escaped(source.path), .path)
    }

    /// One row's line: `start --> end` (`?` for a missing end), or its place for an untimed row, then
    /// the speaker and the text with escape sequences removed.
    public func line(_ row: Row) -> String {
        let styler = formatting.styler
        let place: String
        if let start = row.start {
            place = start.formatted + " --> " + (row.end?.formatted ?? "?")
        } else {
            place = formatting.place(of: row)
        }
        let text = ControlSequences.stripped(row.text)
        return (place.isEmpty ? "" : styler.paint(place, .time) + "  ") + formatting.speakerPrefix(of: row) + text
    }

    /// The `§ Title` line shown where the section changes.
    public func sectionLine(_ title: String) -> String {
        formatting.styler.paint("§ " + ControlSequences.stripped(title), .section)
    }
}
