import Foundation
import Testing
@testable import TranscriptSearch

/// The Unicode facts the literal matcher stands on, checked over every scalar of this toolchain's
/// Unicode version (so a new version that breaks one fails here, not in a user's search).
struct ScalarClassesTests {
    /// Every assigned non-ASCII scalar, each after a space so it stands alone where it can.
    static let everyScalar: String = {
        var text = ""
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            switch scalar.properties.generalCategory {
            case .unassigned, .privateUse, .surrogate: continue
            default: text.unicodeScalars.append(contentsOf: [" ", scalar])
            }
        }
        return text
    }()

    /// Exhaustive: each printable ASCII character, as the reference sees it, against every
    /// non-ASCII scalar; whatever it matches must be among the matcher's candidates (the Kelvin
    /// sign for k when ignoring case is the one such scalar today).
    @Test(arguments: [CaseMatching.insensitive, .sensitive])
    func everyNonASCIIScalarAnASCIICharacterMatchesIsACandidate(_ caseMatching: CaseMatching) {
        for byte in UInt8(0x21)...0x7E {
            var regex = Regex<AnyRegexOutput>(verbatim: String(UnicodeScalar(byte)))
            if caseMatching == .insensitive { regex = regex.ignoresCase() }
            let candidates = ScalarEquivalence.asciiCandidates(for: byte, ignoringCase: caseMatching == .insensitive)
            for range in Self.everyScalar.ranges(of: regex) {
                let scalars = Self.everyScalar[range].unicodeScalars.map(\.value)
                #expect(scalars.count == 1 && candidates.contains(scalars[0]), "\(UnicodeScalar(byte)) matched \(scalars)")
            }
        }
    }

    /// The hard-coded ASCII relatives are what the index computes.
    @Test func asciiRelativesAreWhatTheIndexComputes() {
        for byte in UInt8(0)...0x7F {
            let character = Character(UnicodeScalar(byte))
            #expect(ScalarEquivalence.asciiCandidates(for: byte, ignoringCase: true)
                    == ScalarEquivalence.caseInsensitive.candidates(for: character, ignoringCase: true), "\(byte)")
            #expect(ScalarEquivalence.asciiCandidates(for: byte, ignoringCase: false)
                    == ScalarEquivalence.caseSensitive.candidates(for: character, ignoringCase: false), "\(byte)")
        }
    }

    /// Exhaustive: the index covers every scalar that can be related to another one.
    @Test func everyDecomposableOrCasedScalarIsInsideTheIndexedRanges() {
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else { continue }
            if scalar.properties.changesWhenCaseMapped { #expect(value < 0x20000, "cased \(value)") }
            if (0xAC00...0xD7A3).contains(value) { continue }  // Hangul syllables: never plain
            let single = String(scalar)
            if !single.decomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(single.unicodeScalars) {
                #expect(ScalarEquivalence.decomposableRanges.contains { $0.contains(value) }, "decomposable \(value)")
            }
        }
    }

    /// Sampled (the full square is too slow for a test run): non-ASCII query characters from
    /// every class of related scalars and a spread of others; the reference never matches a
    /// single scalar that is not among the candidates.
    @Test(arguments: [CaseMatching.insensitive, .sensitive])
    func theReferenceRelatesNoScalarOutsideTheCandidates(_ caseMatching: CaseMatching) {
        let ignoringCase = caseMatching == .insensitive
        let index = ignoringCase ? ScalarEquivalence.caseInsensitive : ScalarEquivalence.caseSensitive
        var related: [Unicode.Scalar] = []
        for value in UInt32(0x41)...0x2FA1F {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if scalar.properties.changesWhenCaseMapped || ScalarEquivalence.decomposableRanges.contains(where: { $0.contains(value) })
                && !String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(String(scalar).unicodeScalars) {
                related.append(scalar)
            }
        }
        // Targets of the decompositions too (神 for U+FA19), so both sides of every relation are present.
        var haystackScalars = Set(related.map(\.value))
        for scalar in related {
            for target in String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars { haystackScalars.insert(target.value) }
        }
        var haystack = ""
        for value in haystackScalars.sorted() {
            if let scalar = Unicode.Scalar(value) { haystack.unicodeScalars.append(contentsOf: [" ", scalar]) }
        }
        let sample = related.enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
            + [0x03C3, 0x03A3, 0x03C2, 0x00DF, 0x1E9E, 0x0130, 0x0131, 0x03B8, 0x03F4, 0x03D1, 0x795E, 0x2126, 0x00E5]
                .compactMap(Unicode.Scalar.init)
        for scalar in sample {
            var regex = Regex<AnyRegexOutput>(verbatim: String(scalar))
            if ignoringCase { regex = regex.ignoresCase() }
            let candidates = Set(index.candidates(for: Character(scalar), ignoringCase: ignoringCase))
            for range in haystack.ranges(of: regex) {
                let found = haystack[range].unicodeScalars.map(\.value)
                #expect(found.count == 1 && candidates.contains(found[0]), "\(scalar.value) matched \(found)")
            }
        }
    }

    /// Exhaustive: a plain scalar is a character of its own next to ASCII, another plain scalar
    /// or itself; that is what lets the matcher compare characters as scalars.
    @Test func plainScalarsAreWholeCharacters() {
        let neighbours: [Unicode.Scalar] = ["a", " ", "é", "会", "ß", "Ω", "‼", "\u{212A}", "ა", "א", "ا"]
        for value in UInt32(0x80)...0x10FFFF where PlainScalars.isPlain(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for neighbour in neighbours + [scalar] {
                var pair = String.UnicodeScalarView()
                pair.append(contentsOf: [neighbour, scalar])
                #expect(String(pair).count == 2, "\(neighbour.value) then \(value)")
                pair = String.UnicodeScalarView()
                pair.append(contentsOf: [scalar, neighbour])
                #expect(String(pair).count == 2, "\(value) then \(neighbour.value)")
            }
        }
        // What is not plain: marks, joiners, modifiers, regional indicators, Hangul, prepended letters.
        for value: UInt32 in [0x0301, 0x200D, 0x1F3FD, 0x1F1EF, 0xD55C, 0x1100, 0x0600, 0x0D4E, 0x0E33, 0xFE0F, 0x1F44D] {
            #expect(!PlainScalars.isPlain(value), "\(value)")
        }
    }
}
