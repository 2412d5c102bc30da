/// Which colours each part of the output gets, as SGR parameter strings (`"1;31"` is bold red).
/// Whether colour is used at all is decided elsewhere (`Styler.isEnabled`): the two never mix.
public struct ANSIStyle: Hashable, Sendable {
    /// A part of the output that may get its own colour.
    public enum Role: Hashable, Sendable, CaseIterable {
        /// A file path, a section title, a hit number, a time, a speaker, a hit, the current hit, a
        /// context row, a separator, a warning.
        case path, section, hitNumber, time, speaker, match, currentMatch, context, separator, warning
    }

    /// Each role's SGR parameters; a role without an entry is left uncoloured.
    public var sgr: [Role: String]

    /// A style from its SGR parameters per role.
    public init(sgr: [Role: String]) { self.sgr = sgr }

    /// ripgrep's habits: paths magenta, matches bold red, line numbers (here times) green.
    public static let `default` = ANSIStyle(sgr: [
        .path: "35", .section: "1;34", .hitNumber: "33", .time: "32", .speaker: "1;36",
        .match: "1;31", .currentMatch: "1;30;43", .context: "2", .separator: "2", .warning: "33",
    ])
}

/// Applies an `ANSIStyle` when colour is enabled; the identity otherwise.
public struct Styler: Sendable {
    /// The colours used when enabled.
    public let style: ANSIStyle
    /// Whether to colour at all; the caller decides (`--color`, whether output is a terminal).
    public let isEnabled: Bool

    /// A styler that paints with `style` when `isEnabled`, and returns text unchanged otherwise.
    public init(style: ANSIStyle = .default, isEnabled: Bool) {
        self.style = style
        self.isEnabled = isEnabled
    }

    /// `text` (already terminal-safe) wrapped in the role's colour, reset afterwards.
    public func paint(_ text: String, _ role: ANSIStyle.Role) -> String {
        guard isEnabled, !text.isEmpty, let code = style.sgr[role] else { return text }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}
