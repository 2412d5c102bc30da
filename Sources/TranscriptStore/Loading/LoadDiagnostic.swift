/// One thing worth telling about a loading (or a saved search brought back): a warning (nothing
/// asked for was lost), an error (an input could not be searched) or a notice (what happened, such
/// as a saved search run again because its files changed).
public struct LoadDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How grave it is.
    public enum Severity: Hashable, Sendable {
        /// Something skipped that was not asked for, or read with a guess: the search goes on whole.
        case warning
        /// An input that could not be searched.
        case error
        /// Neither: what happened, said plainly.
        case notice
    }

    /// How grave it is.
    public var severity: Severity
    /// The message, naming the file (and line) it concerns: `a.srt:12: expected a timestamp …`.
    public var message: String

    /// A diagnostic of `severity` saying `message`.
    public init(_ severity: Severity, _ message: String) {
        self.severity = severity
        self.message = message
    }

    /// A warning saying `message`.
    public static func warning(_ message: String) -> LoadDiagnostic { LoadDiagnostic(.warning, message) }
    /// An error saying `message`.
    public static func error(_ message: String) -> LoadDiagnostic { LoadDiagnostic(.error, message) }
    /// A notice saying `message`.
    public static func notice(_ message: String) -> LoadDiagnostic { LoadDiagnostic(.notice, message) }

    /// `warning: message` for a warning, the message alone otherwise.
    public var description: String { severity == .warning ? "warning: " + message : message }
}
