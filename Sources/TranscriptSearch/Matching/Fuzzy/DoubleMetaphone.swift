import Foundation

/// Lawrence Philips' Double Metaphone ("The Double Metaphone Search Algorithm", C/C++ Users
/// Journal, June 2000), written from his description of the rules: a word's sound as two codes,
/// the primary (the most common English reading of the name) and the alternate (another reading:
/// Germanic, Slavic, Spanish, Italian, French, Greek origins), each a string of the letters
/// `A F H J K L M N P R S T X 0` (`X` is "sh", `0` is "th"; `A` a vowel at the start).
///
/// ```
///  Catherine   K0RN / KTRN        Katherine   K0RN / KTRN        Kathy   K0 / KT
///  Schmidt     XMT / SMT          Smith       SM0 / XMT          Pritchard, Pritchart   PRXRT
/// ```
///
/// The word is read as the reference package (PyPI `metaphone` 0.6) reads it, which the tests
/// hold these codes to word for word (`Scripts/soundslike`): `Ç` is `S`, accents and other
/// nonspacing marks are dropped (after canonical decomposition), letters are uppercased, and
/// codes are not cut to four letters (Philips' default), so long names stay apart. Scalars
/// outside A–Z (digits, `_`, other scripts) are skipped.
/// - Complexity: O(length of the word).
package struct DoubleMetaphone: Hashable, Sendable {
    /// The primary code.
    package let primary: String
    /// The alternate code; equal to `primary` when the word has no other reading.
    package let alternate: String

    /// The codes of `word` (one word; spaces are skipped as letters without sound).
    package init(_ word: String) {
        var reader = Reader(word)
        reader.run()
        primary = String(decoding: reader.primary, as: UTF8.self)
        alternate = String(decoding: reader.alternate, as: UTF8.self)
    }

    /// Whether the two words share a code (either of one equals either of the other). Two words
    /// without any sounding letter (empty codes) share nothing.
    package func soundsAlike(_ other: DoubleMetaphone) -> Bool {
        guard !primary.isEmpty || !alternate.isEmpty else { return false }
        return primary == other.primary || primary == other.alternate || alternate == other.primary || alternate == other.alternate
    }
}

/// The state of one reading: the word as uppercase ASCII bytes (0 for any other scalar), where
/// the reading is, and the two codes so far.
private struct Reader {
    let letters: [UInt8]
    let last: Int
    let isSlavoGermanic: Bool
    var current = 0
    var primary: [UInt8] = []
    var alternate: [UInt8] = []

    init(_ word: String) {
        let uncedilla = word.replacingOccurrences(of: "Ç", with: "S").replacingOccurrences(of: "ç", with: "s")
        let bare = uncedilla.decomposedStringWithCanonicalMapping.unicodeScalars
            .filter { $0.properties.generalCategory != .nonspacingMark }
        let upper = String(String.UnicodeScalarView(bare)).uppercased()
        letters = upper.unicodeScalars.map { $0.isASCII ? UInt8($0.value) : 0 }
        last = letters.count - 1
        let text = String(decoding: letters.filter { $0 != 0 }, as: UTF8.self)
        isSlavoGermanic = text.contains("W") || text.contains("K") || text.contains("CZ")
    }

    // MARK: Reading the letters

    /// The letter at `index`, or 0 outside the word.
    func at(_ index: Int) -> UInt8 {
        index >= 0 && index < letters.count ? letters[index] : 0
    }

    /// Whether the letters from `start` spell one of `options` (all of one length).
    func spells(_ start: Int, _ options: StaticString...) -> Bool {
        guard start >= 0 else { return false }
        for option in options {
            let count = option.utf8CodeUnitCount
            guard start + count <= letters.count else { continue }
            var equal = true
            option.withUTF8Buffer { buffer in
                for offset in 0..<count where letters[start + offset] != buffer[offset] {
                    equal = false
                    break
                }
            }
            if equal { return true }
        }
        return false
    }

    /// Whether the letter at `index` is a vowel (Y counts).
    func isVowel(_ index: Int) -> Bool {
        switch at(index) {
        case UInt8(ascii: "A"), UInt8(ascii: "E"), UInt8(ascii: "I"), UInt8(ascii: "O"), UInt8(ascii: "U"), UInt8(ascii: "Y"): true
        default: false
        }
    }

    /// Whether the word is Germanic by its start (`VAN `, `VON `, `SCH`).
    var startsGermanic: Bool { spells(0, "VAN ", "VON ") || spells(0, "SCH") }

    // MARK: Writing the codes

    mutating func add(_ both: StaticString) { add(both, both) }

    mutating func add(_ main: StaticString, _ other: StaticString) {
        main.withUTF8Buffer { primary.append(contentsOf: $0) }
        other.withUTF8Buffer { alternate.append(contentsOf: $0) }
    }

    /// Steps over the letter, and over a second one when it is `letter` (a double letter sounds once).
    mutating func skip(doubling letter: Character) {
        current += at(current + 1) == letter.asciiValue ? 2 : 1
    }

    // MARK: The rules

    mutating func run() {
        // Silent first letters; an initial X sounds as S (Xavier).
        if spells(0, "GN", "KN", "PN", "WR", "PS") { current = 1 }
        if at(0) == UInt8(ascii: "X") {
            add("S")
            current = 1
        }
        while current <= last {
            switch at(current) {
            case UInt8(ascii: "A"), UInt8(ascii: "E"), UInt8(ascii: "I"), UInt8(ascii: "O"), UInt8(ascii: "U"), UInt8(ascii: "Y"):
                if current == 0 { add("A") }
                current += 1
            case UInt8(ascii: "B"):
                add("P")
                skip(doubling: "B")
            case UInt8(ascii: "C"): readC()
            case UInt8(ascii: "D"): readD()
            case UInt8(ascii: "F"):
                add("F")
                skip(doubling: "F")
            case UInt8(ascii: "G"): readG()
            case UInt8(ascii: "H"):
                // Sounded only first or between vowels, before a vowel.
                if (current == 0 || isVowel(current - 1)) && isVowel(current + 1) {
                    add("H")
                    current += 2
                } else {
                    current += 1
                }
            case UInt8(ascii: "J"): readJ()
            case UInt8(ascii: "K"):
                add("K")
                skip(doubling: "K")
            case UInt8(ascii: "L"): readL()
            case UInt8(ascii: "M"):
                // Dumb, thumb: the B after M is silent.
                if (spells(current - 1, "UMB") && (current + 1 == last || spells(current + 2, "ER"))) || at(current + 1) == UInt8(ascii: "M") {
                    current += 2
                } else {
                    current += 1
                }
                add("M")
            case UInt8(ascii: "N"):
                add("N")
                skip(doubling: "N")
            case UInt8(ascii: "P"):
                if at(current + 1) == UInt8(ascii: "H") {
                    add("F")
                    current += 2
                } else {
                    // Campbell, raspberry.
                    add("P")
                    current += spells(current + 1, "P", "B") ? 2 : 1
                }
            case UInt8(ascii: "Q"):
                add("K")
                skip(doubling: "Q")
            case UInt8(ascii: "R"):
                // French Rogier, but not Hochmeier.
                if current == last && !isSlavoGermanic && spells(current - 2, "IE") && !spells(current - 4, "ME", "MA") {
                    add("", "R")
                } else {
                    add("R")
                }
                skip(doubling: "R")
            case UInt8(ascii: "S"): readS()
            case UInt8(ascii: "T"): readT()
            case UInt8(ascii: "V"):
                add("F")
                skip(doubling: "V")
            case UInt8(ascii: "W"): readW()
            case UInt8(ascii: "X"):
                // French Breaux: a final X after IAU, EAU, AU, OU is silent.
                if !(current == last && (spells(current - 3, "IAU", "EAU") || spells(current - 2, "AU", "OU"))) { add("KS") }
                current += spells(current + 1, "C", "X") ? 2 : 1
            case UInt8(ascii: "Z"): readZ()
            default:
                current += 1
            }
        }
    }

    mutating func readC() {
        // Germanic ACH (Bacher, Macher), but not an I or E after it.
        if current > 1 && !isVowel(current - 2) && spells(current - 1, "ACH")
            && at(current + 2) != UInt8(ascii: "I") && (at(current + 2) != UInt8(ascii: "E") || spells(current - 2, "BACHER", "MACHER")) {
            add("K")
            current += 2
            return
        }
        if current == 0 && spells(current, "CAESAR") {
            add("S")
            current += 2
            return
        }
        if spells(current, "CHIA") {  // Italian Chianti
            add("K")
            current += 2
            return
        }
        if spells(current, "CH") {
            readCH()
            return
        }
        if spells(current, "CZ") && !spells(current - 2, "WICZ") {  // Czerny
            add("S", "X")
            current += 2
            return
        }
        if spells(current + 1, "CIA") {  // Focaccia
            add("X")
            current += 3
            return
        }
        // A double C, but not McClellan.
        if spells(current, "CC") && !(current == 1 && at(0) == UInt8(ascii: "M")) {
            if spells(current + 2, "I", "E", "H") && !spells(current + 2, "HU") {
                // Accident, accede, succeed: KS; Bacci, Bertucci: X.
                if (current == 1 && at(current - 1) == UInt8(ascii: "A")) || spells(current - 1, "UCCEE", "UCCES") {
                    add("KS")
                } else {
                    add("X")
                }
                current += 3
            } else {
                add("K")  // Pierce's rule
                current += 2
            }
            return
        }
        if spells(current, "CK", "CG", "CQ") {
            add("K")
            current += 2
            return
        }
        if spells(current, "CI", "CE", "CY") {
            if spells(current, "CIO", "CIE", "CIA") { add("S", "X") } else { add("S") }
            current += 2
            return
        }
        add("K")
        if spells(current + 1, " C", " Q", " G") {  // Mac Caffrey, Mac Gregor
            current += 3
        } else if spells(current + 1, "C", "K", "Q") && !spells(current + 1, "CE", "CI") {
            current += 2
        } else {
            current += 1
        }
    }

    mutating func readCH() {
        if current > 0 && spells(current, "CHAE") {  // Michael
            add("K", "X")
            current += 2
            return
        }
        // Greek roots at the start: chemistry, chorus (but not chore).
        if current == 0 && (spells(current + 1, "HARAC", "HARIS") || spells(current + 1, "HOR", "HYM", "HIA", "HEM")) && !spells(0, "CHORE") {
            add("K")
            current += 2
            return
        }
        // Germanic or Greek, or CH before a consonant: sounds as K.
        if startsGermanic || spells(current - 2, "ORCHES", "ARCHIT", "ORCHID") || spells(current + 2, "T", "S")
            || ((spells(current - 1, "A", "O", "U", "E") || current == 0) && spells(current + 2, "L", "R", "N", "M", "B", "H", "F", "V", "W", " ")) {
            add("K")
        } else if current > 0 {
            if spells(0, "MC") { add("K") } else { add("X", "K") }  // McHugh
        } else {
            add("X")
        }
        current += 2
    }

    mutating func readD() {
        if spells(current, "DG") {
            if spells(current + 2, "I", "E", "Y") {  // Edge
                add("J")
                current += 3
            } else {  // Edgar
                add("TK")
                current += 2
            }
            return
        }
        add("T")
        current += spells(current, "DT", "DD") ? 2 : 1
    }

    mutating func readG() {
        if at(current + 1) == UInt8(ascii: "H") {
            readGH()
            return
        }
        if at(current + 1) == UInt8(ascii: "N") {
            if current == 1 && isVowel(0) && !isSlavoGermanic {
                add("KN", "N")
            } else if !spells(current + 2, "EY") && at(current + 1) != UInt8(ascii: "Y") && !isSlavoGermanic {
                add("N", "KN")  // not Cagney
            } else {
                add("KN")
            }
            current += 2
            return
        }
        if spells(current + 1, "LI") && !isSlavoGermanic {  // Tagliaro
            add("KL", "L")
            current += 2
            return
        }
        // GES, GEP, GEL, GIE… at the start.
        if current == 0 && (at(current + 1) == UInt8(ascii: "Y")
            || spells(current + 1, "ES", "EP", "EB", "EL", "EY", "IB", "IL", "IN", "IE", "EI", "ER")) {
            add("K", "J")
            current += 2
            return
        }
        // GER, GY, but not danger, ranger, manger, nor after E or I, nor RGY, OGY.
        if (spells(current + 1, "ER") || at(current + 1) == UInt8(ascii: "Y")) && !spells(0, "DANGER", "RANGER", "MANGER")
            && !spells(current - 1, "E", "I") && !spells(current - 1, "RGY", "OGY") {
            add("K", "J")
            current += 2
            return
        }
        // Italian Biaggi; GE, GI, GY.
        if spells(current + 1, "E", "I", "Y") || spells(current - 1, "AGGI", "OGGI") {
            if startsGermanic || spells(current + 1, "ET") {
                add("K")
            } else if spells(current + 1, "IER ") {
                add("J")
            } else {
                add("J", "K")
            }
            current += 2
            return
        }
        add("K")
        skip(doubling: "G")
    }

    mutating func readGH() {
        if current > 0 && !isVowel(current - 1) {
            add("K")
            current += 2
            return
        }
        if current == 0 {  // Ghislane, Ghiradelli
            if at(current + 2) == UInt8(ascii: "I") { add("J") } else { add("K") }
            current += 2
            return
        }
        // Parker's rule: Hugh, bough, broughton are silent.
        if (current > 1 && spells(current - 2, "B", "H", "D")) || (current > 2 && spells(current - 3, "B", "H", "D"))
            || (current > 3 && spells(current - 4, "B", "H")) {
            current += 2
            return
        }
        // Laugh, McLaughlin, cough, rough, tough: F.
        if current > 2 && at(current - 1) == UInt8(ascii: "U") && spells(current - 3, "C", "G", "L", "R", "T") {
            add("F")
        } else if current > 0 && at(current - 1) != UInt8(ascii: "I") {
            add("K")
        }
        current += 2
    }

    mutating func readJ() {
        // Spanish Jose, San Jacinto.
        if spells(current, "JOSE") || spells(0, "SAN ") {
            if (current == 0 && at(current + 4) == UInt8(ascii: " ")) || spells(0, "SAN ") {
                add("H")
            } else {
                add("J", "H")
            }
            current += 1
            return
        }
        if current == 0 && !spells(current, "JOSE") {
            add("J", "A")  // Yankelovich, Jankelowicz
        } else if isVowel(current - 1) && !isSlavoGermanic && (at(current + 1) == UInt8(ascii: "A") || at(current + 1) == UInt8(ascii: "O")) {
            add("J", "H")  // Spanish bajador
        } else if current == last {
            add("J", "")
        } else if !spells(current + 1, "L", "T", "K", "S", "N", "M", "B", "Z") && !spells(current - 1, "S", "K", "L") {
            add("J")
        }
        skip(doubling: "J")
    }

    mutating func readL() {
        if at(current + 1) == UInt8(ascii: "L") {
            // Spanish Cabrillo, Gallegos: the LL is silent in the alternate.
            if (current == letters.count - 3 && spells(current - 1, "ILLO", "ILLA", "ALLE"))
                || ((spells(last - 1, "AS", "OS") || spells(last, "A", "O")) && spells(current - 1, "ALLE")) {
                add("L", "")
                current += 2
                return
            }
            current += 2
        } else {
            current += 1
        }
        add("L")
    }

    mutating func readS() {
        if spells(current - 1, "ISL", "YSL") {  // island, isle, Carlisle
            current += 1
            return
        }
        if current == 0 && spells(current, "SUGAR") {
            add("X", "S")
            current += 1
            return
        }
        if spells(current, "SH") {
            if spells(current + 1, "HEIM", "HOEK", "HOLM", "HOLZ") { add("S") } else { add("X") }  // Germanic
            current += 2
            return
        }
        if spells(current, "SIO", "SIA") || spells(current, "SIAN") {  // Italian, Armenian
            if !isSlavoGermanic { add("S", "X") } else { add("S") }
            current += 3
            return
        }
        // Smith and Schmidt, Snider and Schneider; SZ in Slavic names.
        if (current == 0 && spells(current + 1, "M", "N", "L", "W")) || spells(current + 1, "Z") {
            add("S", "X")
            current += spells(current + 1, "Z") ? 2 : 1
            return
        }
        if spells(current, "SC") {
            if at(current + 2) == UInt8(ascii: "H") {
                // Schlesinger's rule; Dutch school, schooner; Schermerhorn, Schenker.
                if spells(current + 3, "OO", "ER", "EN", "UY", "ED", "EM") {
                    if spells(current + 3, "ER", "EN") { add("X", "SK") } else { add("SK") }
                } else if current == 0 && !isVowel(3) && at(3) != UInt8(ascii: "W") {
                    add("X", "S")
                } else {
                    add("X")
                }
            } else if spells(current + 2, "I", "E", "Y") {
                add("S")
            } else {
                add("SK")
            }
            current += 3
            return
        }
        // French Resnais, Artois: a final S after AI, OI is silent in the primary.
        if current == last && spells(current - 2, "AI", "OI") { add("", "S") } else { add("S") }
        current += spells(current + 1, "S", "Z") ? 2 : 1
    }

    mutating func readT() {
        if spells(current, "TION") {
            add("X")
            current += 3
            return
        }
        if spells(current, "TIA", "TCH") {
            add("X")
            current += 3
            return
        }
        if spells(current, "TH") || spells(current, "TTH") {
            // Thomas, Thames, or Germanic: T.
            if spells(current + 2, "OM", "AM") || startsGermanic { add("T") } else { add("0", "T") }
            current += 2
            return
        }
        add("T")
        current += spells(current + 1, "T", "D") ? 2 : 1
    }

    mutating func readW() {
        if spells(current, "WR") {
            add("R")
            current += 2
            return
        }
        if current == 0 && (isVowel(current + 1) || spells(current, "WH")) {
            // Wasserman and Vasserman; Uomo and Womo.
            if isVowel(current + 1) { add("A", "F") } else { add("A") }
        }
        // Arnow and Arnoff; Polish -ewski.
        if (current == last && isVowel(current - 1)) || spells(current - 1, "EWSKI", "EWSKY", "OWSKI", "OWSKY") || spells(0, "SCH") {
            add("", "F")
            current += 1
            return
        }
        if spells(current, "WICZ", "WITZ") {  // Polish Filipowicz
            add("TS", "FX")
            current += 4
            return
        }
        current += 1
    }

    mutating func readZ() {
        if at(current + 1) == UInt8(ascii: "H") {  // Chinese Zhao
            add("J")
            current += 2
            return
        }
        if spells(current + 1, "ZO", "ZI", "ZA") || (isSlavoGermanic && current > 0 && at(current - 1) != UInt8(ascii: "T")) {
            add("S", "TS")
        } else {
            add("S")
        }
        skip(doubling: "Z")
    }
}
