import TranscriptFormats
import TranscriptSearch

/// The subcommands.
enum CommandName: String, CaseIterable, Sendable {
    case search, next, prev, goto, show, export, pager, rows, speakers, meetings, index, help, man, completions

    var summary: String {
        switch self {
        case .search: return "Print every hit of QUERY in the transcripts at PATH, and save the search"
        case .next: return "Step the saved search's current hit forward (by N) and print it"
        case .prev: return "Step the saved search's current hit back (by N) and print it"
        case .goto: return "Make hit K (1-based, as shown) current and print it"
        case .show: return "Print the saved search's current hit"
        case .export: return "Write the hits highlighted (ANSI text, one HTML page, highlight markup) or their moments as a playlist (mpv EDL, M3U)"
        case .pager: return "Browse the hits full screen, with as-you-type search (the saved search if no arguments)"
        case .rows: return "Print the rows a transcript loads as (what search sees)"
        case .speakers: return "List who speaks in the transcripts, with their rows (the names speaker: picks from)"
        case .meetings: return "List the meetings (date, title, duration, participants, rows; with a QUERY their hits), by date"
        case .index: return "Send the rows of the transcripts at PATH to a ClickHouse server (only files that changed), for search --server"
        case .help: return "Print this help, or a command's"
        case .man: return "Print the manual page (roff): tsearch man | man -l -"
        case .completions: return "Print the shell completion script for bash, zsh or fish"
        }
    }

    var usage: String {
        switch self {
        case .search: return "tsearch search [OPTIONS] QUERY [PATH ...]"
        case .next: return "tsearch next [OPTIONS] [N]"
        case .prev: return "tsearch prev [OPTIONS] [N]"
        case .goto: return "tsearch goto [OPTIONS] K"
        case .show: return "tsearch show [OPTIONS]"
        case .export: return "tsearch export --format \(ExportFormat.allCases.map(\.rawValue).joined(separator: "|")) [-o FILE] [OPTIONS] [QUERY PATH ...]"
        case .pager: return "tsearch pager [OPTIONS] [QUERY] [PATH ...]"
        case .rows: return "tsearch rows [OPTIONS] [PATH ...]"
        case .speakers: return "tsearch speakers [OPTIONS] [speaker:NAME ...] [PATH ...]"
        case .meetings: return "tsearch meetings [OPTIONS] [QUERY] [PATH ...]"
        case .index: return "tsearch index --server URL [--cluster NAME] [OPTIONS] PATH ..."
        case .help: return "tsearch help [COMMAND]"
        case .man: return "tsearch man"
        case .completions: return "tsearch completions bash|zsh|fish"
        }
    }

    /// What the command's positional arguments are, for completion; nil when none is worth offering.
    var operands: ValueKind? {
        switch self {
        case .search, .export, .pager, .rows, .speakers, .meetings, .index: return .path
        case .next, .prev, .goto, .show, .man: return nil
        case .help: return .choices(CommandName.allCases.map(\.rawValue))
        case .completions: return .choices(Shell.allCases.map(\.rawValue))
        }
    }

    /// The commands that step through the saved search.
    static let navigating: Set<CommandName> = [.next, .prev, .goto, .show]
}
