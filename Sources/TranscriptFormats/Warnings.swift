/// The warnings one file gives while it is read, kept to a bound: the first `Warnings.kept` in
/// full, and only a count of the rest. Every reader collects its warnings here (`ParsedRows`), so a
/// file of two million junk lines costs five warnings and a number, not two million messages in
/// memory and on the terminal; `reported` says them, the rest as one line
/// (`a.sub: … and 2,097,147 more warnings like these`).
///
/// A collection of the kept warnings, in the order they were added. - Complexity: `append` O(1).
public struct Warnings: Hashable, Sendable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// How many warnings a file keeps in full.
    public static let kept = 5

    /// The first warnings, at most `kept`.
    public private(set) var first: [FormatError] = []
    /// How many more there were, not kept.
    public private(set) var omitted = 0

    /// No warning yet.
    public init() {}

    /// `warnings`, kept to the bound.
    public init(_ warnings: some Sequence<FormatError>) {
        for warning in warnings { append(warning) }
    }

    /// The warnings listed, kept to the bound.
    public init(arrayLiteral warnings: FormatError...) {
        self.init(warnings)
    }

    /// Keeps `warning` when fewer than `kept` are, else counts it.
    public mutating func append(_ warning: FormatError) {
        if first.count < Self.kept { first.append(warning) } else { omitted += 1 }
    }

    /// Adds `warnings` after these, their count of omitted ones too.
    public mutating func append(contentsOf warnings: Warnings) {
        for warning in warnings.first { append(warning) }
        omitted += warnings.omitted
    }

    /// Adds each of `warnings` after these.
    public mutating func append(contentsOf warnings: some Sequence<FormatError>) {
        for warning in warnings { append(warning) }
    }

    /// `lhs`'s warnings, then `rhs`'s.
    public static func + (lhs: Warnings, rhs: Warnings) -> Warnings {
        var sum = lhs
        sum.append(contentsOf: rhs)
        return sum
    }

    /// Every warning given, kept or not.
    public var total: Int { first.count + omitted }

    /// What to tell: the kept warnings, then, when more were given, one that says how many
    /// (`FormatError.Kind.moreWarnings`, naming the first one's file). At most `kept + 1`.
    public var reported: [FormatError] {
        guard omitted > 0, let file = first.first?.file else { return first }
        return first + [FormatError(file: file, kind: .moreWarnings(omitted))]
    }

    /// Numbers the kept warnings' lines as if `lines` more came before them.
    mutating func shiftLines(by lines: Int) {
        for index in first.indices { first[index].line = first[index].line.map { $0 + lines } }
    }

    /// The index of the first kept warning (0).
    public var startIndex: Int { first.startIndex }
    /// One past the last kept warning.
    public var endIndex: Int { first.endIndex }
    /// The kept warning at `position`.
    public subscript(position: Int) -> FormatError { first[position] }
}
