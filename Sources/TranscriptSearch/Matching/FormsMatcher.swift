import TranscriptModel

/// Finds a query's word forms (`SearchOptions.forms`, `--forms`): each word of the query matches
/// the words of the text that share its key (`WordForms`: budget, budgets, budgeted, budgeting),
/// a phrase's words one after another with one space between them, as the verbatim search reads
/// a phrase. Case is always ignored (a form is the same word in any case); accents are folded as
/// the options say before the keys are compared.
///
/// ```
///  query     budget review
///  keys      budget  review                       WordForms.key of each word
///  prefixes  bud     rev                          every form of a key starts with one of them
///  scan      (?:bud)\w* (?:rev)\w*                a pattern with required literals: the fast
///                                                 prefiltered scan finds the candidate rows
///  check     the reference on those rows          budgeting reviews → budget review: a hit
/// ```
///
/// Why the prefixes are enough: Porter2 only changes a word's end. Its first steps change one
/// letter at most of what they leave (fly → fli, hoping → hope); the later ones replace a suffix
/// inside the word's regions R1 and R2, which never start before its third letter, by at most
/// three letters of their own (biliti → ble). So every word whose stem is K starts with K less
/// its last three letters, or, for a stem of four letters or fewer, less its last one. The
/// irregular forms (went for go) and the stemmer's exceptional forms (dying for die) are added
/// as prefixes of their own. The
/// plain definition (`FormsReference`: every word of the text, its key compared) is the oracle
/// the tests hold this to.
struct FormsMatcher: Matcher {
    let scan: any Matcher
    let reference: FormsReference

    /// The matcher of `query`'s word forms; `matcher(for:)` makes the scan's matcher.
    init(_ query: Query, matcher: (Query) throws(QueryError) -> any Matcher) throws(QueryError) {
        reference = try FormsReference(query)
        var options = query.options
        options.syntax = .regularExpression
        options.words = .anywhere
        options.caseMatching = .insensitive
        options.forms = false
        let pattern = reference.keys.map { key in
            "(?:" + Self.prefixes(ofKey: key).map(WindowTerms.escapedForRegex).joined(separator: "|") + ")\\w*"
        }.joined(separator: " ")
        scan = try matcher(try Query(pattern, options: options))
    }

    /// What every word whose key is `key` starts with (see the type's comment).
    static func prefixes(ofKey key: String) -> [String] {
        let length = max(1, key.count >= 5 ? key.count - 3 : key.count - 1)
        var prefixes = [String(key.prefix(length))]
        for (form, formKey) in IrregularForms.keys where formKey == key { prefixes.append(form) }
        for exception in EnglishStemmer.exceptionalForms where exception.stem.description == key {
            prefixes.append(exception.form.description)
        }
        // A prefix that starts with another adds nothing.
        let sorted = Set(prefixes).sorted()
        return sorted.filter { prefix in !sorted.contains { $0 != prefix && prefix.hasPrefix($0) } }
    }

    func ranges(in text: String) -> [Range<String.Index>] {
        scan.ranges(in: text).isEmpty ? [] : reference.ranges(in: text)
    }

    /// The reference's hits in the rows where the scan finds a candidate (every row with a hit
    /// has one: a hit's words start with the prefixes, one space apart).
    func hits(in buffer: RowBuffer, rows: Range<Int>, until deadline: ContinuousClock.Instant?) throws(SearchRunner.Interruption) -> HitList {
        let candidates = try scan.hits(in: buffer, rows: rows, until: deadline)
        return try reference.hitsRowByRow(in: buffer, rows: candidates.distinctRows, until: deadline)
    }
}

/// The plain definition of a word-forms search, for the tests: in each row, after the accent
/// folding the options ask for (case is ignored), every run of the query's count of words (`\w+`,
/// one space between them) whose keys are the query's keys, left to right, not overlapping.
package struct FormsReference: Matcher {
    let keys: [String]
    let forms: WordForms
    let folding: TextFolding

    /// The reference for `query`'s word forms.
    package init(_ query: Query) throws(QueryError) {
        let forms = try WordForms.checked(language: query.options.language)
        self.forms = forms
        keys = query.text.split(separator: " ").map { forms.key(of: String($0)) }
        folding = TextFolding(query.options)
    }

    package func ranges(in text: String) -> [Range<String.Index>] {
        // Word by word in the original text; each word folded as the options say.
        let words = text.ranges(of: #/\w+/#)
        var found: [Range<String.Index>] = []
        var index = 0
        while index + keys.count <= words.count {
            let run = words[index..<index + keys.count]
            let spaced = zip(run, run.dropFirst()).allSatisfy { text[$0.upperBound..<$1.lowerBound] == " " }
            let matches = run.indices.allSatisfy { word in
                let original = text[run[word]]
                let folded = folding.isIdentity ? String(original) : original.map(folding.fold).joined()
                return forms.key(of: folded) == keys[word - index]
            }
            if spaced && matches {
                found.append(run[run.startIndex].lowerBound..<run[run.endIndex - 1].upperBound)
                index += keys.count
            } else {
                index += 1
            }
        }
        return found
    }
}

extension WordForms {
    /// Word forms for `language`, a missing stemmer as a query error.
    static func checked(language: String?) throws(QueryError) -> WordForms {
        do {
            return try WordForms(language: language)
        } catch {
            throw QueryError(kind: .badQuery(position: nil, message: error.description))
        }
    }
}
