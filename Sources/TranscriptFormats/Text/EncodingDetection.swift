/// Guesses the encoding of text that is not UTF-8, from its bytes alone, and says whether it is
/// sure. Used only for bytes that are not valid UTF-8: valid UTF-8 is never re-decoded.
///
/// The heuristic, step by step (each step runs only when the ones before found nothing sure):
///
/// 1. **Double-byte CJK.** The bytes are read by the structure of GB18030, Big5 and Shift_JIS; a
///    reading counts only if every byte fits it and iconv decodes it without error. Then most of
///    its characters (90%) must fall in the block where that encoding keeps everyday text:
///    - GB18030: the GB2312 shape (lead A1–F7, trail A1–FE), the 7,445 characters of everyday
///      simplified Chinese. Big5 text has a trail in 40–7E for about 4 characters in 10, Shift_JIS
///      leads with 81–9F: neither passes. Two look-alikes are named instead, unsure: text that is
///      a fifth kana (rows A4–A5) is EUC-JP; text whose ideographs all lead below C9 is EUC-KR's
///      Hangul (Chinese spreads its leads up to F7).
///    - Big5: punctuation and the 5,401 "frequently used" characters (lead A1–C6).
///    - Shift_JIS (read as Windows' CP932): kana, punctuation and JIS kanji (lead 81–84, 88–9F,
///      E0–EA), with at least a tenth kana (every Japanese text has); half-width katakana, which a
///      mis-read GB text is full of, count against it.
///    A reading at 60% or more that is not sure is still the best guess.
/// 2. **Cyrillic or Latin.** A word here is a run of ASCII letters and bytes C0–FF. Cyrillic text
///    is made of words with only such high bytes; Latin text has high bytes inside ASCII words (its
///    accented letters). At least two words of two or more high bytes and no ASCII letter, and twice
///    as many of them as words mixing both, mean Cyrillic.
/// 3. **Cyrillic: windows-1251 or KOI8-R**, by letter frequency. Each reading's letters, case
///    folded, are scored by how often Russian uses them (о 11%, е 8.5%, а 8%, …): the right reading
///    scores about 0.055, a wrong one about 0.03. Sure when the winner scores 1.3 times the other and
///    at least half its letters are lowercase (all capitals, which flip between the two, is unsure).
/// 4. **Latin: windows-1252 or windows-1250**, by the bytes where the two differ (E8 è/č, F8 ø/ř,
///    EC ì/ě, F9 ù/ů, E0 à/ŕ, B9 ¹/ą, A3 £/Ł, 9C œ/ś, …). None in the text: windows-1252, sure (both
///    read the same). Otherwise each reading is matched against the alphabets of the languages that
///    use it (French, German, Spanish, Portuguese, Italian, Nordic, Dutch, Catalan for 1252; Czech,
///    Slovak, Polish, Hungarian, Croatian, Slovene, Romanian for 1250), a letter counting inside a
///    word or alone as a one-letter word of that language (French `à`, Italian `è`), never touching
///    a digit, and a symbol (£, ¿) only outside a word. For its best language, the share of the
///    differing bytes it reads as that language's letters decides when the two readings are 10
///    points apart (sure at 90%); when closer, the share of all its high-byte letters does (sure
///    when 20 points apart: `naïve` alone says ï or ď, but beside `Straße`, `café` and `München` it
///    is Western). A tie reads as windows-1252, unsure.
///
/// Limits: ISO-8859-x, Greek, Hebrew, Arabic, Thai and other single-byte encodings are never
/// guessed (they read as one of the four above, unsure); name them with `--encoding`. Short texts
/// give little evidence and are more often unsure.
enum EncodingDetection {
    /// The encoding to read the bytes with; when not sure, another plausible one, if any.
    struct Guess: Equatable {
        var encoding: TextEncoding
        var isSure: Bool
        var alternative: TextEncoding?
    }

    static func guess(_ bytes: [UInt8]) -> Guess {
        if let doubleByte = doubleByteGuess(bytes) { return doubleByte }
        return isCyrillic(bytes) ? cyrillicGuess(bytes) : latinGuess(bytes)
    }

    // MARK: - Double-byte encodings

    /// How a text reads in one double-byte encoding: its non-ASCII characters, how many fall in the
    /// everyday block, how many are kana; nil when some byte does not fit the encoding's structure.
    struct Shape {
        var characters = 0
        var typical = 0
        var kana = 0
        /// GB2312 ideographs (lead B0–F7), and those with a lead of C9 or more.
        var ideographs = 0
        var highLeadIdeographs = 0

        var typicalShare: Double { characters == 0 ? 0 : Double(typical) / Double(characters) }
    }

    private static func doubleByteGuess(_ bytes: [UInt8]) -> Guess? {
        var readings: [(encoding: TextEncoding, shape: Shape)] = []
        if let shape = gb18030Shape(bytes) { readings.append((.gb18030, shape)) }
        if let shape = big5Shape(bytes) { readings.append((.big5, shape)) }
        if let shape = shiftJISShape(bytes) { readings.append((.shiftJIS, shape)) }
        readings = readings.filter { $0.shape.characters > 0 && $0.shape.typicalShare >= 0.6 && decodes(bytes, $0.encoding) }
        for (encoding, shape) in readings where shape.typicalShare >= 0.9 {
            switch encoding {
            case .gb18030:
                if shape.kana * 5 >= shape.characters, decodes(bytes, .eucJP) {
                    return Guess(encoding: .eucJP, isSure: false, alternative: .gb18030)
                }
                if shape.ideographs >= 10, shape.highLeadIdeographs * 10 < shape.ideographs, decodes(bytes, .eucKR) {
                    return Guess(encoding: .eucKR, isSure: false, alternative: .gb18030)
                }
                return Guess(encoding: encoding, isSure: true)
            case .shiftJIS where shape.kana * 10 < shape.characters:
                continue
            default:
                return Guess(encoding: encoding, isSure: true)
            }
        }
        let ranked = readings.sorted { $0.shape.typicalShare > $1.shape.typicalShare }
        guard let best = ranked.first else { return nil }
        return Guess(encoding: best.encoding, isSure: false, alternative: ranked.dropFirst().first?.encoding)
    }

    private static func decodes(_ bytes: [UInt8], _ encoding: TextEncoding) -> Bool {
        if case .success = Iconv.decode(bytes, from: encoding.iconvName) { return true }
        return false
    }

    static func gb18030Shape(_ bytes: [UInt8]) -> Shape? {
        var shape = Shape()
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            guard (0x81...0xFE).contains(lead), index + 1 < bytes.count else { return nil }
            let trail = bytes[index + 1]
            shape.characters += 1
            if (0x30...0x39).contains(trail) {  // a four-byte sequence: outside GB2312
                guard index + 3 < bytes.count, (0x81...0xFE).contains(bytes[index + 2]),
                      (0x30...0x39).contains(bytes[index + 3]) else { return nil }
                index += 4
                continue
            }
            guard (0x40...0x7E).contains(trail) || (0x80...0xFE).contains(trail) else { return nil }
            if (0xA1...0xF7).contains(lead), (0xA1...0xFE).contains(trail) {
                shape.typical += 1
                if lead == 0xA4 || lead == 0xA5 { shape.kana += 1 }
                if lead >= 0xB0 {
                    shape.ideographs += 1
                    if lead >= 0xC9 { shape.highLeadIdeographs += 1 }
                }
            }
            index += 2
        }
        return shape
    }

    static func big5Shape(_ bytes: [UInt8]) -> Shape? {
        var shape = Shape()
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            guard (0x81...0xFE).contains(lead), index + 1 < bytes.count else { return nil }
            let trail = bytes[index + 1]
            guard (0x40...0x7E).contains(trail) || (0xA1...0xFE).contains(trail) else { return nil }
            shape.characters += 1
            if (0xA1...0xC6).contains(lead) { shape.typical += 1 }
            index += 2
        }
        return shape
    }

    static func shiftJISShape(_ bytes: [UInt8]) -> Shape? {
        var shape = Shape()
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 { index += 1; continue }
            shape.characters += 1
            if (0xA1...0xDF).contains(lead) {  // half-width katakana
                index += 1
                continue
            }
            guard (0x81...0x9F).contains(lead) || (0xE0...0xFC).contains(lead), index + 1 < bytes.count else { return nil }
            let trail = bytes[index + 1]
            guard (0x40...0x7E).contains(trail) || (0x80...0xFC).contains(trail) else { return nil }
            if (0x81...0x84).contains(lead) || (0x88...0x9F).contains(lead) || (0xE0...0xEA).contains(lead) {
                shape.typical += 1
            }
            if (lead == 0x82 && trail >= 0x9F) || (lead == 0x83 && trail <= 0x96) { shape.kana += 1 }
            index += 2
        }
        return shape
    }

    // MARK: - Single-byte encodings

    /// Whether the text is made of words of high bytes alone (Cyrillic) rather than of ASCII words
    /// with accented letters in them (Latin); see step 2.
    static func isCyrillic(_ bytes: [UInt8]) -> Bool {
        var highOnly = 0
        var mixed = 0
        var high = 0
        var ascii = 0
        func endWord() {
            if high >= 2 && ascii == 0 { highOnly += 1 } else if high >= 1 && ascii >= 1 { mixed += 1 }
            high = 0
            ascii = 0
        }
        for byte in bytes {
            if byte >= 0xC0 {
                high += 1
            } else if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) {
                ascii += 1
            } else {
                endWord()
            }
        }
        endWord()
        return highOnly >= 2 && highOnly >= 2 * mixed
    }

    private static func cyrillicGuess(_ bytes: [UInt8]) -> Guess {
        var counts = [Int](repeating: 0, count: 128)
        for byte in bytes where byte >= 0x80 { counts[Int(byte - 0x80)] += 1 }
        let windows = cyrillicScore(counts, table: windows1251Table)
        let koi = cyrillicScore(counts, table: koi8RTable)
        let (winner, loser, encoding, other) = windows.frequency >= koi.frequency
            ? (windows, koi, TextEncoding.windows1251, TextEncoding.koi8R)
            : (koi, windows, TextEncoding.koi8R, TextEncoding.windows1251)
        let isSure = winner.frequency >= 1.3 * loser.frequency && winner.lowercaseShare >= 0.5
        return Guess(encoding: encoding, isSure: isSure, alternative: isSure ? nil : other)
    }

    /// The mean Russian frequency of the letters the high bytes read as (case folded), and the
    /// share of them that are lowercase; `counts` holds how often each byte 80–FF occurs.
    private static func cyrillicScore(_ counts: [Int], table: [Unicode.Scalar?]) -> (frequency: Double, lowercaseShare: Double) {
        var letters = 0
        var lowercase = 0
        var frequency = 0.0
        for (slot, count) in counts.enumerated() where count > 0 {
            guard let scalar = table[slot], (0x400...0x4FF).contains(scalar.value) else { continue }
            letters += count
            if scalar.properties.isLowercase { lowercase += count }
            let folded = scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
            frequency += Double(count) * (russianLetterFrequency[folded] ?? 0)
        }
        guard letters > 0 else { return (0, 0) }
        return (frequency / Double(letters), Double(lowercase) / Double(letters))
    }

    private static func latinGuess(_ bytes: [UInt8]) -> Guess {
        let western = windows1252Table, central = windows1250Table
        guard bytes.contains(where: { $0 >= 0x80 && western[Int($0 - 0x80)] != central[Int($0 - 0x80)] }) else {
            return Guess(encoding: .windows1252, isSure: true)
        }
        let w = coverage(bytes, table: western, otherTable: central, alphabets: westernAlphabets)
        let c = coverage(bytes, table: central, otherTable: western, alphabets: centralAlphabets)
        let centralWins: Bool
        let isSure: Bool
        if abs(w.decisive - c.decisive) >= 0.1 {
            centralWins = c.decisive > w.decisive
            isSure = max(w.decisive, c.decisive) >= 0.9
        } else {
            centralWins = c.all > w.all
            isSure = abs(w.all - c.all) >= 0.2 && (centralWins ? c.decisive : w.decisive) >= 0.9
        }
        return centralWins
            ? Guess(encoding: .windows1250, isSure: isSure, alternative: isSure ? nil : .windows1252)
            : Guess(encoding: .windows1252, isSure: isSure, alternative: isSure ? nil : .windows1250)
    }

    /// How well this reading fits one language of `alphabets`, for its best language: the share of
    /// the high bytes where the two readings differ (`decisive`), then of all high bytes (`all`),
    /// that it reads as that language's characters. Only bytes that read as a letter in either
    /// reading count. A letter fits inside a word, or alone as one of the language's one-letter
    /// words (French `à`, Italian `è`; Slovak has no `ŕ` alone), never touching a digit; a symbol
    /// fits where it is not inside a word (so `£20` is a price, not `Ł20`, and `može` not `mo¿e`).
    private static func coverage(
        _ bytes: [UInt8], table: [Unicode.Scalar?], otherTable other: [Unicode.Scalar?], alphabets: [Alphabet]
    ) -> (decisive: Double, all: Double) {
        // What each byte is, worked out once: a letter in this reading (ASCII letters too), in the
        // other, and which languages' letters and one-letter words it is.
        let letters = (0...255).map { byte in
            byte < 0x80 ? (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) : table[byte - 0x80]?.properties.isAlphabetic ?? false
        }
        let otherLetters = (0...255).map { byte in byte >= 0x80 && (other[byte - 0x80]?.properties.isAlphabetic ?? false) }
        let folded = table.map { scalar in scalar.map { $0.properties.lowercaseMapping.unicodeScalars.first ?? $0 } }
        let inAlphabet = folded.map { scalar in alphabets.map { scalar.map($0.letters.contains) ?? false } }
        let isWord = folded.map { scalar in alphabets.map { scalar.map($0.words.contains) ?? false } }
        func isLetter(_ byte: UInt8) -> Bool { letters[Int(byte)] }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        var decisiveCounts = [Int](repeating: 0, count: alphabets.count)
        var allCounts = decisiveCounts
        var decisive = 0
        var relevant = 0
        for (index, byte) in bytes.enumerated() where byte >= 0x80 {
            let slot = Int(byte - 0x80)
            guard isLetter(byte) || otherLetters[Int(byte)] else { continue }
            relevant += 1
            let isDecisive = table[slot] != other[slot]
            if isDecisive { decisive += 1 }
            guard table[slot] != nil else { continue }
            let before = index > 0 ? bytes[index - 1] : 0x20
            let after = index + 1 < bytes.count ? bytes[index + 1] : 0x20
            let isAlone = !isLetter(before) && !isLetter(after)
            let isAlphabetic = isLetter(byte)
            let fits = isAlphabetic ? !isDigit(before) && !isDigit(after) : !(isLetter(before) && isLetter(after))
            guard fits else { continue }
            for language in alphabets.indices
            where inAlphabet[slot][language] && !(isAlone && isAlphabetic && !isWord[slot][language]) {
                allCounts[language] += 1
                if isDecisive { decisiveCounts[language] += 1 }
            }
        }
        guard decisive > 0, relevant > 0,
              let best = alphabets.indices.max(by: { (decisiveCounts[$0], allCounts[$0]) < (decisiveCounts[$1], allCounts[$1]) })
        else { return (1, 1) }
        return (Double(decisiveCounts[best]) / Double(decisive), Double(allCounts[best]) / Double(relevant))
    }

    /// A language's lowercase letters (and symbols) beyond ASCII, and those of them that are words
    /// on their own.
    struct Alphabet {
        var letters: Set<Unicode.Scalar>
        var words: Set<Unicode.Scalar>

        init(_ letters: String, words: String = "") {
            self.letters = Set(letters.unicodeScalars)
            self.words = Set(words.unicodeScalars)
        }
    }

    /// The languages written in windows-1252.
    static let westernAlphabets: [Alphabet] = [
        Alphabet("àâæçéèêëîïôœùûüÿ«»", words: "à"),  // French
        Alphabet("äöüß"),  // German
        Alphabet("áéíóúñü¿¡"),  // Spanish
        Alphabet("áâãàçéêíóôõú", words: "àé"),  // Portuguese
        Alphabet("àèéìíîòóù", words: "è"),  // Italian
        Alphabet("æøåéó", words: "å"),  // Danish, Norwegian
        Alphabet("åäöé", words: "å"),  // Swedish, Finnish
        Alphabet("áðéíóúýþæö"),  // Icelandic
        Alphabet("àçéèíïòóúü·", words: "é"),  // Catalan
        Alphabet("éëïèöü"),  // Dutch
        Alphabet("£¥"),  // English and prices
    ]

    /// The languages written in windows-1250.
    static let centralAlphabets: [Alphabet] = [
        Alphabet("áčďéěíňóřšťúůýž"),  // Czech
        Alphabet("áäčďéíĺľňóôŕšťúýž"),  // Slovak
        Alphabet("ąćęłńóśźż"),  // Polish
        Alphabet("áéíóöőúüű", words: "ő"),  // Hungarian
        Alphabet("čćđšž"),  // Croatian, Slovene, Bosnian
        Alphabet("ăâîşţ"),  // Romanian (cedilla forms, as windows-1250 has them)
        Alphabet("äöüß"),  // German
    ]

    /// How often Russian uses each letter (share of letters in running text).
    static let russianLetterFrequency: [Unicode.Scalar: Double] = [
        "о": 0.1097, "е": 0.0845, "а": 0.0801, "и": 0.0735, "н": 0.0670, "т": 0.0626, "с": 0.0547,
        "р": 0.0473, "в": 0.0454, "л": 0.0440, "к": 0.0349, "м": 0.0321, "д": 0.0298, "п": 0.0281,
        "у": 0.0262, "я": 0.0201, "ы": 0.0190, "ь": 0.0174, "г": 0.0170, "з": 0.0165, "б": 0.0159,
        "ч": 0.0144, "й": 0.0121, "х": 0.0097, "ж": 0.0094, "ш": 0.0073, "ю": 0.0064, "ц": 0.0048,
        "щ": 0.0036, "э": 0.0032, "ф": 0.0026, "ъ": 0.0004, "ё": 0.0004,
    ]

    // MARK: - Single-byte tables

    /// What bytes 80–FF read as in a single-byte encoding, by iconv; nil where it assigns nothing.
    static func singleByteTable(_ encoding: TextEncoding) -> [Unicode.Scalar?] {
        (0x80...0xFF).map { byte in
            guard case .success(let text) = Iconv.decode([UInt8(byte)], from: encoding.iconvName),
                  text.unicodeScalars.count == 1 else { return nil }
            return text.unicodeScalars.first
        }
    }

    static let windows1252Table = singleByteTable(.windows1252)
    static let windows1250Table = singleByteTable(.windows1250)
    static let windows1251Table = singleByteTable(.windows1251)
    static let koi8RTable = singleByteTable(.koi8R)

    /// The table of a single-byte encoding this detector guesses; nil for the others.
    static func table(for encoding: TextEncoding) -> [Unicode.Scalar?]? {
        switch encoding {
        case .windows1252: return windows1252Table
        case .windows1250: return windows1250Table
        case .windows1251: return windows1251Table
        case .koi8R: return koi8RTable
        default: return nil
        }
    }
}
