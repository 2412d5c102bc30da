/// Latin letters with a diacritic that Unicode gives no canonical decomposition (`ł`, `ø`, `đ`,
/// `ħ`, `ı`, `ŀ`) and Latin ligatures (`æ`, `œ`, `ß`, `ĳ`, `ﬁ`), folded to their base letters,
/// case kept: `Łukasz` → `Lukasz`, `Yılmaz` → `Yilmaz`, `Straße` → `Strasse`.
///
/// Accents-off search decomposes each character and removes its nonspacing marks (`é` → `e`), which
/// leaves these letters as they are; this table finishes the job. It is generated from the Unicode
/// character names by `Scripts/unicode/make-letter-folding.py` (`+Table.swift`): every Latin
/// letter named "… WITH STROKE / BAR / MIDDLE DOT / HOOK / TAIL / CURL …", the dotless i and j, the
/// long s, the sharp s, and the ligatures and digraphs whose compatibility letters are Latin.
/// Letters of their own (eth `ð`, thorn `þ`, eng `ŋ`, schwa `ə`) are not folded.
///
/// A folding may be longer than the letter (`æ` → `ae`, `ß` → `ss`): matchers map a hit in folded
/// text back to whole characters of the original (`TextFolding.originalRange`).
enum LatinLetterFolding {
    /// The base letters of the scalar `value` when it is a Latin letter with a diacritic that has no
    /// canonical decomposition (`ł` → `l`, `æ` → `ae`); nil for every other scalar.
    @inline(__always)
    static func baseLetters(of value: UInt32) -> String? {
        // Every letter in the table is at or above U+00C6.
        value < 0xC6 ? nil : baseLetters[value]
    }

    /// `text` with each letter of the table replaced by its base letters (nothing else changes).
    static func fold(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { baseLetters(of: $0.value) != nil }) else { return text }
        var folded = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let base = baseLetters(of: scalar.value) {
                folded.append(contentsOf: base.unicodeScalars)
            } else {
                folded.append(scalar)
            }
        }
        return String(folded)
    }
}
