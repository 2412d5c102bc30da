/// Where all the terms of a `QuerySyntax.boolean` query's AND must fall to make one hit
/// (`tsearch --within`), and how near a NOT term must be to exclude it.
///
/// - `row`: one row (a cue, a segment): ugrep's `--bool` per line.
/// - `turn` (the default): consecutive rows of one speaker; in a file without speakers,
///   consecutive rows less than 2 s apart (from a row's end, else its start, to the next start).
///   What was said together in a meeting is a speaker's turn: a cue is two seconds of a sentence,
///   a file is an hour of many topics.
/// - `seconds(N)`: the terms' rows start within N seconds of each other (rows without times only
///   within one row).
/// - `words(N)`: N words or fewer from the first term's first word to the last term's last (a
///   word: a run of letters, digits and marks; each CJK ideograph one), across rows of one file.
/// - `file`: anywhere in one file (one meeting).
///
/// A NOT term excludes a window when its hit would fit in the window's scope beside the window's
/// terms: in the same row, turn or file, or within N seconds or words of all of them.
public enum WindowScope: Hashable, Sendable, Codable, CustomStringConvertible {
    case row, turn, file
    case seconds(Int)
    case words(Int)

    /// The scope as typed: `row`, `turn`, `file`, `30s`, `20w`; nil for anything else (a count of
    /// 0, a unit other than s or w).
    public init?(parsing text: String) {
        switch text.lowercased() {
        case "row": self = .row
        case "turn": self = .turn
        case "file", "meeting": self = .file
        default:
            let lowered = text.lowercased()
            guard let unit = lowered.last, "sw".contains(unit), let count = Int(lowered.dropLast()), count > 0, count <= 1_000_000 else {
                return nil
            }
            self = unit == "s" ? .seconds(count) : .words(count)
        }
    }

    /// `row`, `turn`, `file`, `30s` or `20w`: as `init(parsing:)` reads it.
    public var description: String {
        switch self {
        case .row: "row"
        case .turn: "turn"
        case .file: "file"
        case .seconds(let count): "\(count)s"
        case .words(let count): "\(count)w"
        }
    }

    /// What `--within` accepts, for messages and help.
    public static let accepted = "row, turn, file, Ns (seconds, as 30s) or Nw (words, as 20w)"

    /// The gap, in milliseconds, under which two rows without speakers are one turn.
    public static let turnGapMilliseconds: Int64 = 2_000

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let scope = WindowScope(parsing: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a scope: \(text)"))
        }
        self = scope
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
