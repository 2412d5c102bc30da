import Foundation

/// Folds text before matching when an option needs it (accents removed, Turkic case), and maps a
/// hit in the folded text back to whole characters of the original.
///
/// Accents off: each character is decomposed (NFD), its nonspacing marks are removed, and the
/// Latin letters that have no decomposition become their base letters (`LatinLetterFolding`:
/// `ł` → `l`, `æ` → `ae`; with Turkic case the dotless `ı` stays a letter of its own). Case is kept.
///
/// Folding works one `Character` at a time, so every folded character remembers which original
/// character it came from; a hit covering any part of a character's folding covers that whole
/// character. Identity folding (the default options) is never run.
struct TextFolding: Sendable {
    let removesMarks: Bool
    let turkicCase: Bool

    init(_ options: SearchOptions) {
        removesMarks = options.diacritics == .insensitive
        turkicCase = options.usesTurkicCase && options.caseMatching == .insensitive
    }

    var isIdentity: Bool { !removesMarks && !turkicCase }

    /// The folding of one character.
    func fold(_ character: Character) -> String {
        // Turkic case first, on the whole character: İ would otherwise decompose to I + dot above.
        if turkicCase && character == "İ" { return "i" }
        if turkicCase && character == "I" { return "ı" }
        var scalars = String.UnicodeScalarView()
        for scalar in String(character).decomposedIfNeeded(removesMarks).unicodeScalars {
            if removesMarks && scalar.properties.generalCategory == .nonspacingMark { continue }
            if removesMarks, !(turkicCase && scalar.value == 0x131), let base = LatinLetterFolding.baseLetters(of: scalar.value) {
                scalars.append(contentsOf: base.unicodeScalars)
                continue
            }
            scalars.append(scalar)
        }
        // A character that folds to nothing (a lone mark) keeps itself, so no text disappears.
        return scalars.isEmpty ? String(character) : String(scalars)
    }

    /// The folded text and, for each original character, its UTF-8 span in the folded text.
    func fold(_ text: String) -> (folded: String, spans: [(original: Range<String.Index>, folded: Range<Int>)]) {
        var folded = ""
        var spans: [(Range<String.Index>, Range<Int>)] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            let start = folded.utf8.count
            folded += fold(text[index])
            spans.append((index..<next, start..<folded.utf8.count))
            index = next
        }
        return (folded, spans)
    }

    /// `range` (UTF-8 offsets in the folded text) as a range of whole original characters.
    /// - Complexity: O(log characters), by binary search over `spans` (in text order).
    static func originalRange(
        of range: Range<Int>, spans: [(original: Range<String.Index>, folded: Range<Int>)]
    ) -> Range<String.Index>? {
        let first = spans.indices.partitionPoint { spans[$0].folded.upperBound > range.lowerBound }
        guard first < spans.count else { return nil }
        let lastOffset = max(range.lowerBound, range.upperBound - 1)
        let found = (first..<spans.count).partitionPoint { spans[$0].folded.upperBound > lastOffset }
        let last = found < spans.count ? found : spans.count - 1
        return spans[first].original.lowerBound..<spans[last].original.upperBound
    }
}

extension String {
    /// Canonical decomposition (NFD) when asked, so marks can be removed; the text itself otherwise.
    fileprivate func decomposedIfNeeded(_ decompose: Bool) -> String {
        decompose ? decomposedStringWithCanonicalMapping : self
    }
}
