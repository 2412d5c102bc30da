import TranscriptModel

/// The human listing of `tsearch rows`: a heading per file, then each row as
/// `00:00:05.000 --> 00:00:08.250  Alice: text` (or `L12  text` for untimed rows), section titles
/// as `§ Title` lines where they change.
public struct RowListing: Sendable {
    public let formatting: RowFormatting

    public init(styler: Styler) {
        self.formatting = RowFormatting(styler: styler)
    }

    public func heading(_ source: SourceInfo) -> String {
        formatting.styler.paint(ControlSequences.stripped(source.path), .path)
    }

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

    public func sectionLine(_ title: String) -> String {
        formatting.styler.paint("§ " + ControlSequences.stripped(title), .section)
    }
}
