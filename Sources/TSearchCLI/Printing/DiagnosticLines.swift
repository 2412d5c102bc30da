import TranscriptStore

/// What a loading's diagnostics become on standard error, as `--warnings` asks:
///
/// - `new` (the default): errors, warnings and notices before the results, each once, and a kind
///   that several files gave (`LoadDiagnostic.group`) as one line with a count and the first
///   examples (`warning: 12 files hold no cue, …: a.srt, b.srt, c.srt and 9 more`); notes (guesses,
///   choices: `LoadDiagnostic.Severity.note`) after the results, grouped the same way, and only
///   those not said before about the same unchanged file (`SaidNotes`).
/// - `all`: every diagnostic on its own line before the results, notes said before included.
/// - `none`: errors only (a warning or note never hides an error, and an error is never hidden).
struct DiagnosticLines: Equatable {
    /// Said before the results.
    var before: [String] = []
    /// Said after the results: the new notes.
    var after: [String] = []
    /// The keys of the notes in `after` (`SaidNotes.key`), to remember once they are said.
    var saidKeys: [String] = []

    /// How many examples a grouped line names before "and N more".
    static let examples = 3
    /// From how many diagnostics of one kind on they are said as one line (two stay two lines).
    static let grouping = 3

    /// The lines for `diagnostics` as `choice` says, `said` holding the keys of notes said before.
    init(_ diagnostics: [LoadDiagnostic], choice: WarningsChoice, said: Set<String>) {
        switch choice {
        case .none:
            before = diagnostics.filter { $0.severity == .error }.map(\.description)
        case .all:
            before = diagnostics.map(\.description)
        case .new:
            before = Self.grouped(diagnostics.filter { $0.severity != .note })
            var notes: [LoadDiagnostic] = []
            var keys = Set<String>()
            for note in diagnostics where note.severity == .note {
                let key = SaidNotes.key(message: note.message, subject: note.subject)
                guard !said.contains(key), keys.insert(key).inserted else { continue }
                notes.append(note)
                saidKeys.append(key)
            }
            after = Self.grouped(notes)
        }
    }

    /// Each diagnostic's line, those of one group that came `grouping` times or more as one line
    /// where the first of them stood.
    static func grouped(_ diagnostics: [LoadDiagnostic]) -> [String] {
        var members: [String: [LoadDiagnostic]] = [:]
        for diagnostic in diagnostics {
            if let group = diagnostic.group { members[group.summary, default: []].append(diagnostic) }
        }
        var lines: [String] = []
        var told = Set<String>()
        for diagnostic in diagnostics {
            guard let group = diagnostic.group, let all = members[group.summary], all.count >= grouping else {
                lines.append(diagnostic.description)
                continue
            }
            guard told.insert(group.summary).inserted else { continue }
            let prefix = diagnostic.severity == .warning ? "warning: " : diagnostic.severity == .note ? "note: " : ""
            var named = all.prefix(examples).compactMap(\.group?.example).joined(separator: ", ")
            if all.count > examples { named += " and \(all.count - examples) more" }
            lines.append(prefix + group.summary.replacingOccurrences(of: "{n}", with: String(all.count)) + ": " + named)
        }
        return lines
    }
}
