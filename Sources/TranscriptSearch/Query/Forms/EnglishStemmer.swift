// EnglishStemmer: the Porter2 stemmer (Snowball's "English" algorithm, as published before
// Snowball 3.0), written from the algorithm's description.
//
//   word ──► exceptional form? (skis → ski, dying → die, news, …)         ── yes ──► done
//     │ fewer than 3 letters                                              ──────────► done
//     ▼
//   prelude    drop one leading ', y at the start or after a vowel → Y (a consonant)
//   regions    R1: after the first non-vowel that follows a vowel (or after gener-, commun-,
//              arsen-); R2: the same rule again, inside R1. Vowels: a e i o u y.
//     ▼        (every step below looks at the word's end; "in R1" = the suffix starts in R1)
//   step 0     's' / 's / '  removed
//   step 1a    sses → ss, ied/ies → i or ie, us/ss stay, s removed after a vowel-bearing part
//              invariant now? (inning, outing, canning, herring, earring, proceed, exceed,
//              succeed)                                                    ── yes ──► postlude
//   step 1b    eed/eedly → ee in R1; ed/edly/ing/ingly removed after a vowel-bearing part,
//              then +e after at/bl/iz, a double consonant undoubled, or +e on a short word
//   step 1c    y/Y → i after a non-vowel that is not the first letter
//   step 2     R1: tional → tion, ization → ize, ousness → ous, li → (after c d e g h k m n r t) …
//   step 3     R1: ational → ate, alize → al, ness → , ful → , ative → (in R2) …
//   step 4     R2: al ance ence er ic able ible ant ement ment ent ism ate iti ous ive ize removed,
//              ion removed after s or t
//   step 5     e removed in R2, or in R1 unless a short syllable precedes it; ll → l in R2
//   postlude   Y → y
//
// In every step only the longest suffix of the step's list that ends the word is looked at: when
// its condition fails, the step does nothing (shorter suffixes are not tried).
// "Short syllable": non-vowel, vowel, non-vowel other than w, x, Y at the end; or a two-letter word
// of a vowel and a non-vowel. "Short word": ends in a short syllable and its R1 is empty.
//
// Letters: the algorithm is defined on a-z (plus ' and the marker Y). Any other Unicode scalar
// (é, ß, a combining mark, a digit) is read as one non-vowel letter, as Snowball's own
// implementations do, and comes back unchanged in the stem (`cafés` → `café`); U+2019 (’) is read
// as '. The stemmer expects one case-folded word: uppercase A-Z are non-vowels to it too, and a Y
// in the input is taken for the marker (`WordForms.key(of:)` folds case first).
//
// Cost: O(n) in the word's length. Steps 2 to 4 look only at the rules whose suffix ends in the
// word's last letter (`RuleTable`), comparing from the end. One [UInt8] buffer and the result
// string are the only allocations (plus a list of the non-ASCII scalars, if any; a result of up to
// 15 bytes is stored inline). About 150 ns a word in a release build on x86_64, allocations
// included (half a million words in 0.08 s).
//
// Checked word for word against Snowball's reference implementation (snowballstemmer 2.2.0) on
// a vocabulary of about 510,000 words: Tests/TranscriptSearchTests/WordFormsTests.swift and
// Scripts/wordforms/fetch.sh.

/// The Porter2 English stemmer (Snowball's "English" algorithm before Snowball 3.0): reduces a
/// word to a stem that its inflected and derived forms share (`budgeted` → `budget`,
/// `generously` → `generous`).
///
/// A stem is a key, not a word: `happiness` → `happi`, `consolation` → `consol`. Irregular forms
/// (`children`, `went`) are not stems of their lemmas; `WordForms` adds those.
public enum EnglishStemmer {
    /// The Porter2 stem of one case-folded word.
    ///
    /// - Parameter word: a single word, already case-folded (uppercase A-Z are read as
    ///   non-vowels). Apostrophes follow the algorithm: one leading `'` is dropped and a final
    ///   `'s'`, `'s` or `'` is removed (`team's` → `team`); U+2019 (’) counts as `'` and comes
    ///   back as `'`. Scalars other than ASCII are read as non-vowel letters and kept as they
    ///   are (`café` → `café`, `cafés` → `café`).
    /// - Returns: the stem; words of fewer than three scalars come back as they are.
    /// - Complexity: O(n) in the word's length; allocates one byte buffer and the result (about
    ///   150 ns a word in a release build).
    public static func stem(_ word: String) -> String {
        var letters: [UInt8] = []
        letters.reserveCapacity(word.utf8.count + 1)
        letters.append(contentsOf: word.utf8)
        if !letters.contains(where: { $0 >= 0x80 }) {
            stem(letters: &letters)
            return String(decoding: letters, as: UTF8.self)
        }
        letters.removeAll(keepingCapacity: true)
        var others: [Unicode.Scalar] = []
        for scalar in word.unicodeScalars {
            switch scalar.value {
            case 0..<0x80: letters.append(UInt8(scalar.value))
            case 0x2019: letters.append(Letter.apostrophe)
            default:
                letters.append(Letter.other)
                others.append(scalar)
            }
        }
        stem(letters: &letters)
        if others.isEmpty { return String(decoding: letters, as: UTF8.self) }
        // The steps only rewrite ASCII suffixes, so the placeholders left are the first ones, in order.
        var result = String.UnicodeScalarView()
        var next = others.makeIterator()
        for letter in letters {
            if letter == Letter.other, let scalar = next.next() {
                result.append(scalar)
            } else {
                result.append(Unicode.Scalar(letter))
            }
        }
        return String(result)
    }

    /// Stems `letters` in place: ASCII bytes, with `Letter.other` standing for any other scalar.
    package static func stem(letters word: inout [UInt8]) {
        if let exception = exceptionalStem(of: word) {
            word.removeAll(keepingCapacity: true)
            exception.withUTF8Buffer { word.append(contentsOf: $0) }
            return
        }
        if word.count < 3 { return }
        if word[0] == Letter.apostrophe { word.removeFirst() }
        var hasY = false
        for index in word.indices where word[index] == Letter.y && (index == 0 || isVowel(word[index - 1])) {
            word[index] = Letter.markedY
            hasY = true
        }
        var stemmer = Stemmer(word: word)
        word = []  // one owner of the buffer while the steps run
        stemmer.run()
        if hasY { stemmer.unmarkY() }
        word = stemmer.word
    }

    /// Words the algorithm stems by list, before anything else (whole words only).
    static let exceptionalForms: [(form: StaticString, stem: StaticString)] = [
        ("skis", "ski"), ("skies", "sky"), ("dying", "die"), ("lying", "lie"), ("tying", "tie"),
        ("idly", "idl"), ("gently", "gentl"), ("ugly", "ugli"), ("early", "earli"), ("only", "onli"),
        ("singly", "singl"),
        // Left as they are.
        ("sky", "sky"), ("news", "news"), ("howe", "howe"), ("atlas", "atlas"), ("cosmos", "cosmos"),
        ("bias", "bias"), ("andes", "andes"),
    ]

    /// Words left as step 1a made them (whole words only).
    static let invariantsAfterStep1a: [StaticString] = [
        "inning", "outing", "canning", "herring", "earring", "proceed", "exceed", "succeed",
    ]

    static func exceptionalStem(of word: [UInt8]) -> StaticString? {
        guard (3...6).contains(word.count) else { return nil }
        return exceptionalForms.first { equals(word, $0.form) }?.stem
    }

    static func equals(_ word: [UInt8], _ other: StaticString) -> Bool {
        word.count == other.utf8CodeUnitCount
            && other.withUTF8Buffer { bytes in word.withUnsafeBufferPointer { $0.elementsEqual(bytes) } }
    }

    static func isVowel(_ letter: UInt8) -> Bool {
        switch letter {
        case Letter.a, Letter.e, Letter.i, Letter.o, Letter.u, Letter.y: true
        default: false
        }
    }

    /// The bytes the steps name.
    enum Letter {
        static let a = UInt8(ascii: "a"), e = UInt8(ascii: "e"), i = UInt8(ascii: "i")
        static let o = UInt8(ascii: "o"), u = UInt8(ascii: "u"), y = UInt8(ascii: "y")
        static let l = UInt8(ascii: "l"), s = UInt8(ascii: "s"), t = UInt8(ascii: "t")
        static let w = UInt8(ascii: "w"), x = UInt8(ascii: "x")
        /// y read as a consonant (prelude), back to y at the end.
        static let markedY = UInt8(ascii: "Y")
        static let apostrophe = UInt8(ascii: "'")
        /// Any scalar outside ASCII: a non-vowel (never a valid UTF-8 byte, so never confused).
        static let other: UInt8 = 0xFF
    }
}

/// One word going through the steps, with its regions.
private struct Stemmer {
    typealias Letter = EnglishStemmer.Letter

    var word: [UInt8]
    /// Where R1 and R2 start (the word's length when empty). Steps only change the word's end, so
    /// these stay where the prelude put them.
    let r1: Int
    let r2: Int

    init(word: [UInt8]) {
        self.word = word
        var r1 = word.count
        var matchedPrefix = false
        for prefix in Stemmer.regionPrefixes where prefix.withUTF8Buffer({ word.starts(with: $0) }) {
            r1 = prefix.utf8CodeUnitCount
            matchedPrefix = true
            break
        }
        if !matchedPrefix { r1 = Stemmer.regionStart(in: word, from: 0) }
        self.r1 = r1
        self.r2 = Stemmer.regionStart(in: word, from: r1)
    }

    /// Words that start with these have R1 just after them (generous, communication, arsenal).
    static let regionPrefixes: [StaticString] = ["gener", "commun", "arsen"]

    /// Just after the first non-vowel that follows a vowel, at or after `start`; else the end.
    static func regionStart(in word: [UInt8], from start: Int) -> Int {
        var index = start
        while index < word.count, !EnglishStemmer.isVowel(word[index]) { index += 1 }
        while index < word.count, EnglishStemmer.isVowel(word[index]) { index += 1 }
        return index < word.count ? index + 1 : word.count
    }

    mutating func run() {
        step0()
        step1a()
        if (6...7).contains(word.count), EnglishStemmer.invariantsAfterStep1a.contains(where: { EnglishStemmer.equals(word, $0) }) {
            return
        }
        step1b()
        step1c()
        step2()
        step3()
        step4()
        step5()
    }

    /// The postlude: Y back to y.
    mutating func unmarkY() {
        for index in word.indices where word[index] == Letter.markedY { word[index] = Letter.y }
    }

    // MARK: The steps

    mutating func step0() {
        for suffix: StaticString in ["'s'", "'s", "'"] where hasSuffix(suffix) {
            word.removeLast(suffix.utf8CodeUnitCount)
            return
        }
    }

    mutating func step1a() {
        if hasSuffix("sses") {
            word.removeLast(2)
        } else if hasSuffix("ied") || hasSuffix("ies") {
            // "ties" → "tie", "cries" → "cri": i alone after more than one letter.
            let start = word.count - 3
            replaceEnd(from: start, with: start > 1 ? "i" : "ie")
        } else if hasSuffix("us") || hasSuffix("ss") {
            return
        } else if hasSuffix("s") {
            // Removed when a vowel comes before the letter just before the s (gaps → gap, gas stays).
            let start = word.count - 1
            if start >= 2, word[..<(start - 1)].contains(where: EnglishStemmer.isVowel) { word.removeLast() }
        }
    }

    mutating func step1b() {
        for suffix: StaticString in ["eedly", "eed"] where hasSuffix(suffix) {
            let start = word.count - suffix.utf8CodeUnitCount
            if start >= r1 { replaceEnd(from: start, with: "ee") }
            return
        }
        for suffix: StaticString in ["ingly", "edly", "ing", "ed"] where hasSuffix(suffix) {
            let start = word.count - suffix.utf8CodeUnitCount
            guard word[..<start].contains(where: EnglishStemmer.isVowel) else { return }
            word.removeLast(suffix.utf8CodeUnitCount)
            if hasSuffix("at") || hasSuffix("bl") || hasSuffix("iz") {
                word.append(Letter.e)
            } else if endsWithDouble {
                word.removeLast()
            } else if r1 >= word.count, endsWithShortSyllable(length: word.count) {
                word.append(Letter.e)
            }
            return
        }
    }

    mutating func step1c() {
        let count = word.count
        guard count >= 3, word[count - 1] == Letter.y || word[count - 1] == Letter.markedY,
            !EnglishStemmer.isVowel(word[count - 2])
        else { return }
        word[count - 1] = Letter.i
    }

    /// A suffix of steps 2 to 4, what replaces it, and what else it needs besides its region.
    struct Rule {
        let suffix: StaticString
        let replacement: StaticString
        let condition: Condition

        init(_ suffix: StaticString, _ replacement: StaticString = "", _ condition: Condition = .none) {
            self.suffix = suffix
            self.replacement = replacement
            self.condition = condition
        }
    }

    enum Condition {
        case none, afterL, afterLiEnding, afterSOrT, inR2
    }

    /// A step's rules by their suffix's last letter, each list longest first (so the first that
    /// ends the word is the longest): a word meets only the few rules its last letter allows.
    struct RuleTable {
        let byLastLetter: [[Rule]]

        init(_ rules: [Rule]) {
            var byLastLetter = [[Rule]](repeating: [], count: 256)
            for rule in rules.sorted(by: { $0.suffix.utf8CodeUnitCount > $1.suffix.utf8CodeUnitCount }) {
                let last = rule.suffix.withUTF8Buffer { $0.last ?? 0 }
                byLastLetter[Int(last)].append(rule)
            }
            self.byLastLetter = byLastLetter
        }
    }

    static let step2Rules = RuleTable([
        Rule("ational", "ate"), Rule("fulness", "ful"), Rule("iveness", "ive"), Rule("ization", "ize"),
        Rule("ousness", "ous"),
        Rule("tional", "tion"), Rule("biliti", "ble"), Rule("lessli", "less"),
        Rule("entli", "ent"), Rule("ation", "ate"), Rule("alism", "al"), Rule("aliti", "al"), Rule("ousli", "ous"),
        Rule("iviti", "ive"), Rule("fulli", "ful"),
        Rule("enci", "ence"), Rule("anci", "ance"), Rule("abli", "able"), Rule("izer", "ize"), Rule("ator", "ate"),
        Rule("alli", "al"),
        Rule("bli", "ble"), Rule("ogi", "og", .afterL),
        Rule("li", "", .afterLiEnding),
    ])

    static let step3Rules = RuleTable([
        Rule("ational", "ate"),
        Rule("tional", "tion"),
        Rule("alize", "al"), Rule("icate", "ic"), Rule("iciti", "ic"), Rule("ative", "", .inR2),
        Rule("ical", "ic"), Rule("ness"),
        Rule("ful"),
    ])

    static let step4Rules = RuleTable([
        Rule("ement"),
        Rule("ance"), Rule("ence"), Rule("able"), Rule("ible"), Rule("ment"),
        Rule("ant"), Rule("ent"), Rule("ism"), Rule("ate"), Rule("iti"), Rule("ous"), Rule("ive"), Rule("ize"),
        Rule("ion", "", .afterSOrT),
        Rule("al"), Rule("er"), Rule("ic"),
    ])

    mutating func step2() { apply(Stemmer.step2Rules, from: r1) }
    mutating func step3() { apply(Stemmer.step3Rules, from: r1) }
    mutating func step4() { apply(Stemmer.step4Rules, from: r2) }

    /// The longest of `rules` that ends the word, applied when its suffix starts at `region` or
    /// later and its condition holds.
    mutating func apply(_ rules: RuleTable, from region: Int) {
        guard let last = word.last,
            let rule = rules.byLastLetter[Int(last)].first(where: { hasSuffix($0.suffix) })
        else { return }
        let start = word.count - rule.suffix.utf8CodeUnitCount
        guard start >= region else { return }
        let before = start > 0 ? word[start - 1] : 0
        switch rule.condition {
        case .none: break
        case .afterL: guard before == Letter.l else { return }
        case .afterLiEnding: guard Stemmer.isLiEnding(before) else { return }
        case .afterSOrT: guard before == Letter.s || before == Letter.t else { return }
        case .inR2: guard start >= r2 else { return }
        }
        replaceEnd(from: start, with: rule.replacement)
    }

    mutating func step5() {
        guard let last = word.last else { return }
        let start = word.count - 1
        if last == Letter.e {
            if start >= r2 || (start >= r1 && !endsWithShortSyllable(length: start)) { word.removeLast() }
        } else if last == Letter.l {
            if start >= r2, start >= 1, word[start - 1] == Letter.l { word.removeLast() }
        }
    }

    // MARK: Tests on the word's end

    /// Compared from the last letter back, so most suffixes fail at once.
    func hasSuffix(_ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        let offset = word.count - count
        guard offset >= 0 else { return false }
        return suffix.withUTF8Buffer { bytes in
            word.withUnsafeBufferPointer { letters in
                var index = count - 1
                while index >= 0 {
                    if letters[offset + index] != bytes[index] { return false }
                    index -= 1
                }
                return true
            }
        }
    }

    mutating func replaceEnd(from start: Int, with replacement: StaticString) {
        word.removeSubrange(start...)
        replacement.withUTF8Buffer { word.append(contentsOf: $0) }
    }

    /// bb dd ff gg mm nn pp rr tt at the end.
    var endsWithDouble: Bool {
        let count = word.count
        guard count >= 2, word[count - 1] == word[count - 2] else { return false }
        switch word[count - 1] {
        case UInt8(ascii: "b"), UInt8(ascii: "d"), UInt8(ascii: "f"), UInt8(ascii: "g"), UInt8(ascii: "m"),
            UInt8(ascii: "n"), UInt8(ascii: "p"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return true
        default:
            return false
        }
    }

    /// Whether the word's first `length` letters end with a short syllable: non-vowel, vowel,
    /// non-vowel other than w, x or Y; or, as the whole of them, a vowel then a non-vowel.
    func endsWithShortSyllable(length: Int) -> Bool {
        let isVowel = EnglishStemmer.isVowel
        if length >= 3 {
            let last = word[length - 1]
            return !isVowel(word[length - 3]) && isVowel(word[length - 2]) && !isVowel(last)
                && last != Letter.w && last != Letter.x && last != Letter.markedY
        }
        return length == 2 && isVowel(word[0]) && !isVowel(word[1])
    }

    /// The letters after which step 2 removes li: c d e g h k m n r t.
    static func isLiEnding(_ letter: UInt8) -> Bool {
        switch letter {
        case UInt8(ascii: "c"), UInt8(ascii: "d"), UInt8(ascii: "e"), UInt8(ascii: "g"), UInt8(ascii: "h"),
            UInt8(ascii: "k"), UInt8(ascii: "m"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            true
        default:
            false
        }
    }
}
