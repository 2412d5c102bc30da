/// Who is who among speaker names: one person under several spellings is one person.
///
/// Two names are the same person when their *name key* is the same: the names' parts, folded as
/// `NamePattern` folds them (case and accents), in any order, with punctuation, commas, the dots of
/// initials and trailing notes in parentheses or brackets set aside:
///
/// ```
///  Chen, Wei  ·  Chen Wei  ·  Wei Chen  ·  WEI CHEN      key  "chen wei"
///  Priya R (she/her)  ·  Priya R.  ·  priya r            key  "priya r"
///  Priya Raman                                           key  "priya raman"   (another person,
///                                                                            unless a file says so)
/// ```
///
/// What the key cannot see (an initial for a whole name, a device, an e-mail address) a *people
/// file* declares, one person a line, the name to show first:
///
/// ```
///  # people.txt
///  Priya Raman = Priya R, priya.raman@example.com, "Raman, P."
///  Seun Adeyemi = Seun's iPhone
/// ```
///
/// Blank lines and lines starting with `#` are skipped; a spelling holding a comma is written in
/// double quotes. Every spelling is compared by its key, so `Priya R` in the file also covers
/// `Priya R (she/her)`. A line without `=`, with no name or no spelling, or a spelling that two
/// persons claim is a `PeopleFileError` naming the file and line.
///
/// The grouping is data: a `RowFilter` carries it (so a saved search keeps it), and
/// `SpeakerGroups` applies it to a corpus's speakers for facets, suggestions and `tsearch speakers`.
public struct People: Hashable, Sendable, Codable {
    /// One person a people file declares.
    public struct Person: Hashable, Sendable, Codable {
        /// The name to show for every spelling.
        public var name: String
        /// The other spellings the person goes by.
        public var spellings: [String]

        /// A person shown as `name`, also written as `spellings`.
        public init(name: String, spellings: [String]) {
            self.name = name
            self.spellings = spellings
        }
    }

    /// The persons declared, in the file's order.
    public let persons: [Person]
    /// Name key → index into `persons`, for the name and every spelling.
    private let personOfKey: [String: Int]

    enum CodingKeys: String, CodingKey { case persons }

    /// The grouping of `persons` (none: names are grouped by their key alone). A spelling that two
    /// persons claim stays with the first.
    public init(_ persons: [Person] = []) {
        self.persons = persons
        var personOfKey: [String: Int] = [:]
        for (index, person) in persons.enumerated() {
            for spelling in [person.name] + person.spellings {
                let key = Self.nameKey(of: spelling)
                if personOfKey[key] == nil { personOfKey[key] = index }
            }
        }
        self.personOfKey = personOfKey
    }

    /// Saved persons.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try values.decode([Person].self, forKey: .persons))
    }

    /// The persons, as a people file lists them.
    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(persons, forKey: .persons)
    }

    /// Whether no person is declared.
    public var isEmpty: Bool { persons.isEmpty }

    /// What decides who `name` is: the declared person it is a spelling of, else its name key.
    /// Two names are one person exactly when their identities are equal.
    public func identity(of name: String) -> String {
        let key = Self.nameKey(of: name)
        if let person = personOfKey[key] { return "\u{1}person \(person)" }
        return key
    }

    /// The declared person `name` is a spelling of, if any.
    public func person(named name: String) -> Person? {
        personOfKey[Self.nameKey(of: name)].map { persons[$0] }
    }

    /// `name`'s parts folded (`NamePattern.parts`), trailing notes in `()` or `[]` set aside,
    /// sorted and joined by one space: `"Chen, Wei"` → `"chen wei"`, `"Priya R (she/her)"` →
    /// `"priya r"`. A name that is only a note or only symbols keys as its folded self.
    public static func nameKey(of name: String) -> String {
        var body = Substring(name)
        while let last = body.last, last == ")" || last == "]",
              let open = body.lastIndex(of: last == ")" ? "(" : "["), open != body.startIndex {
            body = body[..<open]
            while body.last == " " { body = body.dropLast() }
        }
        return NamePattern.parts(of: String(body)).sorted().joined(separator: " ")
    }
}

extension People {
    /// The persons of a people file's `text` (see the type's comment), naming `file` in errors.
    /// - Throws: `PeopleFileError` for the first line that is not `Name = spelling, …`.
    public init(parsing text: String, file: String) throws(PeopleFileError) {
        var persons: [Person] = []
        var claimed: [String: (name: String, line: Int)] = [:]
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.trimmingAny(of: " \t\r\u{FEFF}")
            if line.isEmpty || line.hasPrefix("#") { continue }
            func fail(_ kind: PeopleFileError.Kind) -> PeopleFileError {
                PeopleFileError(file: file, line: lineNumber, kind: kind)
            }
            guard let equals = line.firstIndex(of: "=") else { throw fail(.noEquals(String(line))) }
            let name = line[..<equals].trimmingAny(of: " \t")
            guard !name.isEmpty else { throw fail(.noName) }
            let spellings = Self.spellings(line[line.index(after: equals)...])
            guard !spellings.isEmpty else { throw fail(.noSpellings(String(name))) }
            if let empty = spellings.firstIndex(of: "") { throw fail(.emptySpelling(position: empty + 1)) }
            for spelling in [String(name)] + spellings {
                let key = Self.nameKey(of: spelling)
                if let earlier = claimed[key], earlier.name != String(name) {
                    throw fail(.claimedTwice(spelling, earlier: earlier.name, line: earlier.line))
                }
                claimed[key] = (String(name), lineNumber)
            }
            persons.append(Person(name: String(name), spellings: spellings))
        }
        self.init(persons)
    }

    /// The comma-separated spellings of `text`, each trimmed; `"…"` keeps commas inside.
    private static func spellings(_ text: Substring) -> [String] {
        var spellings: [String] = []
        var current = ""
        var quoted = false
        var sawAny = false
        for character in text {
            switch character {
            case "\"": quoted.toggle()
            case "," where !quoted:
                spellings.append(String(current.trimmingAny(of: " \t")))
                current = ""
            default: current.append(character)
            }
            sawAny = true
        }
        if sawAny { spellings.append(String(current.trimmingAny(of: " \t"))) }
        if spellings == [""] { spellings = [] }
        return spellings
    }
}

extension StringProtocol {
    /// The text without `characters` at either end.
    fileprivate func trimmingAny(of characters: String) -> Substring {
        let trimmed = Substring(self).drop { characters.contains($0) }
        return trimmed[..<(trimmed.lastIndex { !characters.contains($0) }.map(trimmed.index(after:)) ?? trimmed.startIndex)]
    }
}

/// A line of a people file that is not `Name = spelling, spelling, …`:
/// `people.txt:3: expected "Name = spelling, spelling, …", found "Priya Raman"`.
public struct PeopleFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was wrong with the line.
    public enum Kind: Hashable, Sendable {
        /// The line has no `=`.
        case noEquals(String)
        /// Nothing before `=`.
        case noName
        /// Nothing after `=`.
        case noSpellings(String)
        /// The spelling at this place (from 1) is empty (`a,,b`).
        case emptySpelling(position: Int)
        /// The spelling is another person's already (declared on `line`).
        case claimedTwice(String, earlier: String, line: Int)
        /// The file could not be read.
        case unreadable(String)
    }

    /// The people file as given.
    public var file: String
    /// The line, from 1 (0 when the file could not be read).
    public var line: Int
    /// What was wrong.
    public var kind: Kind

    /// An error at `line` of `file`.
    public init(file: String, line: Int, kind: Kind) {
        self.file = file
        self.line = line
        self.kind = kind
    }

    /// `file:line: message`, or `file: message` for an unreadable file.
    public var description: String {
        let expected = "expected \"Name = spelling, spelling, …\""
        let message: String
        switch kind {
        case .noEquals(let found): message = "\(expected), found \"\(found)\""
        case .noName: message = "\(expected): no name before \"=\""
        case .noSpellings(let name): message = "\(expected): no spelling after \"\(name) =\""
        case .emptySpelling(let position): message = "\(expected): spelling \(position) is empty"
        case .claimedTwice(let spelling, let earlier, let line):
            message = "\"\(spelling)\" is already \(earlier)'s (line \(line)); a spelling belongs to one person"
        case .unreadable(let reason): return "\(file): cannot read the people file: \(reason)"
        }
        return "\(file):\(line): \(message)"
    }
}
