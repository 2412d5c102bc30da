import TranscriptModel

/// A corpus's speakers grouped into persons (`People`): each group is shown under the name a
/// people file gives it, else under its spelling with the most rows (ties: the first in Unicode
/// order), and lists every spelling it grouped.
///
/// ```
///  rows   Chen Wei 40 · Chen, Wei 25 · Wei Chen 3      one group "Chen Wei" (68 rows),
///                                                      spellings Chen Wei, Chen, Wei, Wei Chen
///  rows   Priya R (she/her) 12 · Priya Raman 5         two groups, unless a people file says
///                                                      `Priya Raman = Priya R`: then one,
///                                                      "Priya Raman" (17 rows)
/// ```
///
/// Facets count hits by group, `SuggestionCatalog` suggests groups, and `RowFilter` picks every
/// spelling of a group a value picks. - Complexity: O(rows) to count, once per corpus.
public struct SpeakerGroups: Sendable {
    /// One person and the spellings the corpus has for them.
    public struct Group: Hashable, Sendable {
        /// The name shown for the person.
        public var name: String
        /// The spellings the corpus has, most rows first (the shown name among them when the
        /// corpus has it).
        public var spellings: [String]
        /// Rows spoken under any of the spellings.
        public var rows: Int
        /// The interned string numbers of the spellings (`Corpus.speakerNumber(ofRow:)`).
        public var numbers: [Int]
    }

    /// The groups, most rows first, ties by name.
    public let groups: [Group]
    /// Per interned string number: its group (index into `groups`), or -1 when no row has it as
    /// its speaker.
    let groupOfNumber: [Int]

    /// The speakers of `corpus` grouped by `people`.
    public init(corpus: Corpus, people: People = People()) {
        let names = corpus.internedStrings
        var rows = [Int](repeating: 0, count: names.count)
        for row in 0..<corpus.rowCount {
            let number = corpus.speakerNumber(ofRow: row)
            if number >= 0 { rows[Int(number)] += 1 }
        }
        self.init(names: names.indices.filter { rows[$0] > 0 }.map { (names[$0], rows[$0], $0) }, count: names.count, people: people)
    }

    /// Speakers kept elsewhere (a server's archive), numbered in the order given.
    package init(speakers: [(name: String, rows: Int)], people: People = People()) {
        self.init(names: speakers.enumerated().map { ($1.name, $1.rows, $0) }, count: speakers.count, people: people)
    }

    private init(names: [(name: String, rows: Int, number: Int)], count: Int, people: People) {
        var groupOfIdentity: [String: Int] = [:]
        var members: [[(name: String, rows: Int, number: Int)]] = []
        for name in names {
            let identity = people.identity(of: name.name)
            if let group = groupOfIdentity[identity] {
                members[group].append(name)
            } else {
                groupOfIdentity[identity] = members.count
                members.append([name])
            }
        }
        var groups = members.map { spellings -> Group in
            let ordered = spellings.sorted { $0.rows != $1.rows ? $0.rows > $1.rows : $0.name < $1.name }
            let shown = people.person(named: ordered[0].name)?.name ?? ordered[0].name
            return Group(name: shown, spellings: ordered.map(\.name), rows: ordered.reduce(0) { $0 + $1.rows }, numbers: ordered.map(\.number))
        }
        groups.sort { $0.rows != $1.rows ? $0.rows > $1.rows : $0.name < $1.name }
        var groupOfNumber = [Int](repeating: -1, count: count)
        for (index, group) in groups.enumerated() {
            for number in group.numbers { groupOfNumber[number] = index }
        }
        self.groups = groups
        self.groupOfNumber = groupOfNumber
    }

    /// The group of the speaker with interned string number `number`, nil when none speaks so.
    public func group(ofNumber number: Int) -> Group? {
        groupIndex(ofNumber: number).map { groups[$0] }
    }

    /// The index into `groups` of the speaker with interned string number `number` (-1 or any
    /// number no row speaks under: nil). - Complexity: O(1).
    public func groupIndex(ofNumber number: Int) -> Int? {
        guard number >= 0, number < groupOfNumber.count, groupOfNumber[number] >= 0 else { return nil }
        return groupOfNumber[number]
    }
}
