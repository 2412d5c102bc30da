import TranscriptModel
import TranscriptSearch

/// Counting on the server: for a query whose hits SQL can decide exactly, the server counts them
/// itself and only the rows it cannot decide travel to tsearch's matcher.
///
/// What SQL decides exactly, and why. Take a verbatim query of printable ASCII, within rows,
/// without whole words, a language's case rules, word forms or fuzzy matching, and a row made only
/// of `plainScalars` (checked with `match`): printable ASCII, and letters, punctuation and
/// ideographs of Latin-1, Latin Extended-A, Greek, Cyrillic and CJK that never join a neighbour
/// in one `Character` (no combining mark, joiner, variation selector, emoji modifier or prepended
/// sign), never fold to an ASCII letter (no Kelvin sign, `ſ`, `İ`, `ı`), are never canonically
/// equivalent to ASCII (no Greek question mark) and are not the curly quotes and apostrophes a
/// `'` or `"` of the query also finds (`QuoteEquivalence`). On such a row every ASCII byte is a `Character`
/// of its own, an ASCII letter matches only its two ASCII cases, and an ASCII query's bytes never
/// occur inside another character's UTF-8; so the reference's hits are the non-overlapping
/// occurrences, left to right, of the query's bytes (of `lower`, which changes ASCII only, of
/// both when case is ignored). With `--ignore-accents` an accented letter folds to ASCII, so
/// then only rows of printable ASCII are decided. The server counts the occurrences as
/// `(length(text) - length(replaceAll(text, query, ''))) / length(query)` (`replaceAll` replaces
/// non-overlapping occurrences left to right), per file, speaker and section, so the request's
/// speaker, section and meeting filters still run here, by Swift's rules, on those few groups.
///
/// ```
///  rows holding a needle ──┬── printable ASCII ──▶ counted on the server, sums per (file, speaker, section)
///                          └── anything else ────▶ sent whole ──▶ the matcher, as `candidates(for:narrowing:)`
/// ```
///
/// Whole words (`-w`): for a query of one word of ASCII letters, on rows of printable ASCII where
/// no `_`, nor `.`, `:`, `,`, `;`, `'` between letters or digits, joins a word to its neighbour
/// (`wholeWordRows`), the hits are the runs of letters and digits equal to the query, counted
/// with `countEqual(extractAll(text, '[A-Za-z0-9]+'), query)`.
///
/// Cost: one scan of the rows holding a needle on the server; what travels is a line per group and
/// the undecided rows, not every candidate row.
extension TranscriptArchive {
    /// Hits a count found: those the server counted and those the matcher found on the rows it
    /// could not decide.
    public struct ServerCount: Sendable {
        /// Hits per file path the server counted itself, after the request's filter; files without
        /// hits are absent.
        public var counted: [String: Int]
        /// The rows holding a needle that the server could not decide (not all printable ASCII), for
        /// the matcher; their hits are not in `counted`.
        public var undecided: CandidateRows
        /// Rows standing for every candidate's names: the undecided rows, then a row without text
        /// per (file, speaker, section) the server counted hits in: what a `speaker:` value that
        /// picks none of them is explained with (as the candidates are).
        public var names: Corpus
    }

    /// The query bytes whose occurrences are `request`'s hits on a row of printable ASCII, when the
    /// server can count them (see the file's opening); nil when it cannot (the request then goes
    /// the way of `candidates(for:narrowing:)`).
    public static func countableLiteral(of request: SearchRequest) -> String? {
        let options = request.options
        guard options.syntax == .verbatim, options.spanning == .withinRows, options.language == nil,
              !options.forms, !options.fuzzy, request.filter.participants.isEmpty
        else { return nil }
        // What the matcher looks for: the query with its whitespace runs collapsed (`Query`).
        let query: Query
        do { query = try Query(request.text, options: options) } catch { return nil }
        switch options.words {
        case .anywhere:
            guard query.text.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) else { return nil }
        case .wholeWords:
            // One word of ASCII letters (see `wholeWordRows`).
            guard query.text.utf8.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) }) else { return nil }
        }
        return query.text
    }

    /// The SQL that holds for a row on which an ASCII word's whole-word hits are the words (runs
    /// of ASCII letters and digits) equal to it: a row of printable ASCII without `_` (which joins
    /// words) and without `.`, `:`, `,`, `;` or `'` between two letters or digits (which join them
    /// too, by Unicode's word boundaries). On such a row every boundary next to a letter is a
    /// change from a letter or digit to anything else, so a whole-word hit of a word of letters
    /// is exactly such a run equal to it.
    static let wholeWordRows = "match(text, '^[\\\\x{20}-\\\\x{5e}\\\\x{60}-\\\\x{7e}]*$') AND NOT match(text, '[A-Za-z0-9][\\\\x{2e}\\\\x{3a}\\\\x{2c}\\\\x{3b}\\\\x{27}][A-Za-z0-9]')"

    /// The scalars a row may hold for the server to count an ASCII query's hits in it (see the
    /// file's opening), as closed ranges of code points.
    public static let plainScalars: [ClosedRange<UInt32>] = [
        0x20...0x7E,  // printable ASCII
        0xA0...0x12F, 0x132...0x17E,  // Latin-1 and Latin Extended-A, without İ, ı and ſ
        0x386...0x386, 0x388...0x3FF,  // Greek letters, without the question mark (;)
        0x400...0x482, 0x48A...0x4FF,  // Cyrillic, without its combining marks
        0x2010...0x2017, 0x2020...0x2027,  // dashes, daggers, ellipsis (no curly quotes: ' and " find them)
        0x3000...0x3029, 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC...0x30FC,  // CJK punctuation, kana (no sound marks)
        0x4E00...0x9FFF,  // CJK ideographs
    ]

    /// The SQL that holds for a row the server can count hits in under `options`: made of
    /// `plainScalars`, or of printable ASCII only when accents are ignored.
    static func decidableRows(options: SearchOptions) -> String {
        if options.words == .wholeWords { return "(\(wholeWordRows))" }
        let ranges = options.diacritics == .insensitive ? [plainScalars[0]] : plainScalars
        // Each scalar as `\\x{HEX}`: a backslash escaped once for the SQL string, read by re2 as `\x{HEX}`.
        func scalar(_ value: UInt32) -> String { "\\\\x{\(String(value, radix: 16))}" }
        let set = ranges.map { $0.count == 1 ? scalar($0.lowerBound) : scalar($0.lowerBound) + "-" + scalar($0.upperBound) }.joined()
        return "match(text, '^[\(set)]*$')"
    }

    /// The SQL that holds for a row holding `literal`'s bytes (ASCII case ignored as `options` say).
    static func contains(_ literal: String, options: SearchOptions) -> String {
        options.caseMatching == .insensitive
            ? "positionCaseInsensitive(text, \(ClickHouseClient.literal(literal))) > 0" : "position(text, \(ClickHouseClient.literal(literal))) > 0"
    }

    /// The SQL that holds for a row that may hold a hit of `request` as far as the server can tell
    /// beyond the prefilter's needles: for a query it could count, a row it decides holds a hit
    /// only when it holds the query's bytes, so only such rows and the undecided ones are sent;
    /// nil for any other query.
    static func decidedNarrowing(of request: SearchRequest) -> String? {
        guard let literal = countableLiteral(of: request) else { return nil }
        return "(\(contains(literal, options: request.options)) OR NOT \(decidableRows(options: request.options)))"
    }

    /// `request`'s hits counted on the server where it can decide them, and the other rows holding
    /// one of `prefilter`'s needles sent for the matcher; nil when the request is not one the server
    /// can count (`countableLiteral(of:)`).
    /// - Throws: `ServerError`.
    public func count(_ request: SearchRequest, prefilter: RowPrefilter) throws(ServerError) -> ServerCount? {
        guard let literal = Self.countableLiteral(of: request) else { return nil }
        let files = try storedFiles()
        guard let base = conditions(for: request, files: files) else {
            return ServerCount(counted: [:], undecided: CandidateRows(corpus: Corpus(), rowNumbers: [], sql: "", files: files), names: Corpus())
        }
        let ascii = Self.decidableRows(options: request.options)
        let insensitive = request.options.caseMatching == .insensitive
        let needle = ClickHouseClient.literal(insensitive ? literal.lowercased() : literal)
        let haystack = insensitive ? "lower(text)" : "text"
        let found = Self.contains(literal, options: request.options)
        let hits = request.options.words == .wholeWords
            ? "countEqual(extractAll(\(haystack), '[A-Za-z0-9]+'), \(needle))"
            : "intDiv(length(text) - length(replaceAll(\(haystack), \(needle), '')), \(literal.utf8.count))"
        let grouped = try client.rows("""
            SELECT file, speaker, has_speaker, title, has_title, sum(\(hits)) FROM \(address.rowsTable) \
            WHERE \((base + [found, ascii]).joined(separator: " AND ")) \
            GROUP BY file, speaker, has_speaker, title, has_title FORMAT TabSeparated
            """)
        var byFile: [String: [(speaker: String?, title: String?, hits: Int)]] = [:]
        for fields in grouped.rows {
            guard fields.count == 6, let path = fields[0], let hits = fields[5].flatMap({ Int($0) }), hits >= 0 else {
                throw ServerError(server: address.description, kind: .badAnswer("a count's line is not a file, names and a number"))
            }
            byFile[path, default: []].append((fields[2] == "1" ? fields[1] : nil, fields[4] == "1" ? fields[3] : nil, hits))
        }
        let sql = select(where: (base + ["(" + Self.condition(prefilter) + ")", "NOT " + ascii]).joined(separator: " AND "))
        let undecided = try corpus(of: client.rows(sql).rows, files: files, sql: sql)
        // The groups as rows (no text, no times: SQL filtered times and files), with the undecided
        // rows, so the filter sees every candidate's names, as it does on the candidates.
        var names = undecided.corpus
        var groupRows: [(path: String, first: Int, hits: [Int])] = []
        for path in byFile.keys.sorted() {
            guard let groups = byFile[path] else { continue }
            let stored = files[path]
            let source = names.sources.count
            names.append(Transcript(
                source: SourceInfo(path: path, format: stored?.format ?? "", encoding: stored?.encoding ?? "utf-8", facts: stored?.facts),
                rows: groups.enumerated().map { number, group in
                    Row(id: RowID(source: source, index: number), text: "", speaker: group.speaker, title: group.title, locator: Locator(file: path))
                }))
            groupRows.append((path, names.rows(ofSource: source).lowerBound, groups.map(\.hits)))
        }
        var filter = request.filter
        filter.after = nil
        filter.before = nil
        let predicate = RowFilter.Predicate(filter, corpus: names)
        var counted: [String: Int] = [:]
        for (path, first, hits) in groupRows {
            let sum = hits.enumerated().reduce(0) { $0 + (predicate.accepts(row: first + $1.offset) ? $1.element : 0) }
            if sum > 0 { counted[path] = sum }
        }
        return ServerCount(counted: counted, undecided: undecided, names: names)
    }
}
