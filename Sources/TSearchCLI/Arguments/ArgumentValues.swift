import TranscriptFormats
import TranscriptSearch

/// `export --format` values.
enum ExportFormat: String, CaseIterable, Sendable {
    case ansi, html, markup, edl, m3u, fcpxml, otio
}

/// `tsearch completions` values.
enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}

/// What a flag's value (or a command's operand) is, so completions can offer it.
enum ValueKind: Sendable, Equatable {
    /// One of these words.
    case choices([String])
    /// A file name.
    case path
    /// Anything: a number, a name, a time.
    case text
}

/// Where a listing names the file: once above its hits (`--heading`) or on every line
/// (`--no-heading`, `path:time:text`).
enum HeadingChoice: Sendable {
    case grouped, perLine
}

/// `--warnings` values: which diagnostics are said (`DiagnosticLines`).
enum WarningsChoice: String, CaseIterable, Sendable {
    /// Every warning and note, each on its own line, notes said before included.
    case all
    /// Warnings grouped by kind; notes only when new (the default).
    case new
    /// Errors only.
    case none
}

/// `--color` values.
enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never
}

/// A command line that cannot be understood; exit code 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
