/// A first word that looks like a mistyped command (`serch`, `nxet`): when `tsearch WORD …` took it
/// as the text to find and found nothing, the command it was probably meant to be is named.
enum MistypedCommand {
    /// The command `word` is one or two edits away from (one for names of four letters or fewer),
    /// or nil when it is a command itself, too short to judge, or near none.
    static func nearest(to word: String) -> CommandName? {
        let lowered = word.lowercased()
        guard lowered.count >= 3, CommandName(rawValue: lowered) == nil, lowered.allSatisfy(\.isLetter) else { return nil }
        let scored = CommandName.allCases.map { (command: $0, distance: editDistance(lowered, $0.rawValue)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        let allowed = best.command.rawValue.count <= 4 ? 1 : 2
        return best.distance <= allowed ? best.command : nil
    }

    /// The note for stderr: `"serch" is not a command, so it was searched for; did you mean tsearch search?`
    static func note(for word: String, command: CommandName) -> String {
        "\"\(word)\" is not a command, so it was searched for; did you mean tsearch \(command.rawValue)?"
    }

    /// The Damerau–Levenshtein distance (a swap of two neighbours is one edit). - Complexity: O(a·b).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
