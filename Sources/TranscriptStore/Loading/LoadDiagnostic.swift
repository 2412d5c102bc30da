/// One thing worth telling about a loading (or a saved search brought back): an error (an input
/// could not be searched), a warning (something in an input was skipped), a note (a harmless
/// decision made while reading, such as a guessed unit: said once per unchanged file) or a notice
/// (what happened, such as a saved search run again because its files changed).
public struct LoadDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How grave it is.
    public enum Severity: Hashable, Sendable {
        /// Something skipped that was not asked for: the search goes on whole.
        case warning
        /// An input that could not be searched.
        case error
        /// Neither: what happened, said plainly.
        case notice
        /// A decision made while reading that loses no text (a guess, a choice among tracks, files
        /// of other kinds left out of a folder): worth saying once, not on every search.
        case note
    }

    /// How grave it is.
    public var severity: Severity
    /// The message, naming the file (and line) it concerns: `a.srt:12: expected a timestamp …`.
    public var message: String
    /// The file it concerns, as it was opened (nil: none, or several): a note is said again when
    /// this file changes.
    public var subject: String?
    /// How several diagnostics of this kind read as one line, `{n}` standing for their count (nil:
    /// each is said alone); `example` is what each adds to that line.
    public var group: Group?

    /// Several diagnostics told as one line: `no subtitle stream in {n} videos: a.mp4, b.mp4, …`.
    public struct Group: Hashable, Sendable {
        /// The line, `{n}` standing for the count; diagnostics with the same summary are grouped.
        public var summary: String
        /// What this diagnostic adds to the grouped line (its file, usually).
        public var example: String

        /// A group reading `summary`, this diagnostic's part being `example`.
        public init(summary: String, example: String) {
            self.summary = summary
            self.example = example
        }
    }

    /// A diagnostic of `severity` saying `message`, about `subject`, grouped as `group` says.
    public init(_ severity: Severity, _ message: String, subject: String? = nil, group: Group? = nil) {
        self.severity = severity
        self.message = message
        self.subject = subject
        self.group = group
    }

    /// A warning saying `message`.
    public static func warning(_ message: String) -> LoadDiagnostic { LoadDiagnostic(.warning, message) }
    /// An error saying `message`.
    public static func error(_ message: String) -> LoadDiagnostic { LoadDiagnostic(.error, message) }
    /// A notice saying `message`.
    public static func notice(_ message: String) -> LoadDiagnostic { LoadDiagnostic(.notice, message) }

    /// `warning: message` for a warning, `note: message` for a note, the message alone otherwise.
    public var description: String {
        switch severity {
        case .warning: "warning: " + message
        case .note: "note: " + message
        case .error, .notice: message
        }
    }
}
