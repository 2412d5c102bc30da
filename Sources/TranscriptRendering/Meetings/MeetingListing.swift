import TranscriptModel
import TranscriptSearch

/// `tsearch meetings` on a terminal or into a pipe: one line per meeting, columns separated by two
/// spaces, so `cut`/`awk` can take them apart:
///
///     2026-03-14 15:00  Weekly sync  42:10  Alice, Bob, Chen Wei  118 rows  7 hits
///
/// the date (`----------` when none), the title, the duration (`--:--` when untimed), the
/// participants (`-` when none is named), the rows, and with a query the hits. Control sequences
/// in titles and names are removed.
public struct MeetingListing: Sendable {
    /// The colours (the date as a path, names as speakers).
    public let styler: Styler

    /// A listing painted by `styler`.
    public init(styler: Styler) {
        self.styler = styler
    }

    /// The line of one meeting, without a line end.
    public func line(_ meeting: MeetingSummary) -> String {
        let date = meeting.facts.date?.formatted ?? "----------"
        let duration = meeting.duration?.shortFormatted ?? "--:--"
        let names = meeting.participants.isEmpty ? "-" : meeting.participants.map { ControlSequences.stripped($0) }.joined(separator: ", ")
        var columns = [
            styler.paint(date, .time), styler.paint(ControlSequences.stripped(meeting.facts.title), .path), duration,
            styler.paint(names, .speaker), "\(meeting.rows) \(meeting.rows == 1 ? "row" : "rows")",
        ]
        if let hits = meeting.hits { columns.append(styler.paint("\(hits) \(hits == 1 ? "hit" : "hits")", .match)) }
        return columns.joined(separator: "  ")
    }

    /// The heading a search's listing prints above a file's hits: the path, and the meeting's
    /// date after it when it has one (`standup.vtt  2026-03-14`).
    public func heading(path: String, facts: MeetingFacts) -> String {
        let painted = styler.paint(ControlSequences.escaped(path), .path)
        guard let date = facts.date else { return painted }
        return painted + "  " + styler.paint(date.formatted, .time)
    }
}
