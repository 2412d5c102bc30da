import Foundation
import RegexBuilder

/// The reference matcher, and the oracle every faster matcher is tested against: the query as
/// `Regex<AnyRegexOutput>(verbatim:)` (or as a pattern, with `.regularExpression`), `.ignoresCase()`
/// unless case-sensitive, word boundaries (Unicode default, UAX #29) around it for whole words,
/// applied with `ranges(of:)`.
///
/// What that does, observed with Swift 6.3.1 (and pinned by tests): simple case folding per
/// character (`ß` finds `ẞ` but not `SS`; `σ` finds `Σ` but not `ς`; `k` finds the Kelvin sign);
/// canonical equivalence (`é` finds `e` + U+0301); never part of a character (`e` is not found in
/// `é`, `👍` not in `👍🏽`); non-overlapping, left to right (`aa` in `aaaa` is two hits).
///
/// Accent-insensitive and Turkic-case options fold query and text first (`TextFolding`) and map each
/// hit back to whole characters of the original text.
///
/// Ignoring case, an apostrophe or quotation mark of the query matches every one of its set
/// (`QuoteEquivalence`: `'` finds `’`): the verbatim query is built as its runs of text with a class
/// of the set in place of each such character, and a pattern's marks outside brackets become that
/// class too (inside `[…]` they stay as written).
public struct RegexMatcher: Matcher, @unchecked Sendable {
    // `Regex` is immutable once built; `@unchecked` because `AnyRegexOutput` is not marked Sendable.
    private let regex: Regex<AnyRegexOutput>
    private let folding: TextFolding

    /// - Throws: `QueryError` `.badQuery` for a regular expression that does not compile, with the
    ///   parser's message and the character position it points at.
    public init(_ query: Query) throws(QueryError) {
        let options = query.options
        folding = TextFolding(options)
        let text = folding.isIdentity ? query.text : query.text.map(folding.fold).joined()
        var regex: Regex<AnyRegexOutput>
        switch options.syntax {
        case .boolean:
            // Words and operators are not one pattern: their terms are (`WindowTerms`).
            throw QueryError(kind: .badQuery(position: nil, message: "a query of several terms has no single matcher; search it with SearchRequest.runner()"))
        case .verbatim:
            let literal = Self.verbatim(text, caseMatching: options.caseMatching)
            regex = options.words == .wholeWords
                ? Regex<AnyRegexOutput>(Regex { Anchor.wordBoundary; literal; Anchor.wordBoundary })
                : literal
        case .regularExpression:
            let pattern = options.words == .wholeWords ? "\\b(?:" + text + ")\\b" : text
            do {
                regex = try Self.compiled.regex(pattern, caseMatching: options.caseMatching)
            } catch {
                let offset = options.words == .wholeWords ? 5 : 0
                throw QueryError(kind: .badQuery(
                    position: Self.position(of: error, in: pattern).map { max(0, $0 - offset) },
                    message: "\(error)"))
            }
        }
        regex = regex.wordBoundaryKind(.default)
        if options.caseMatching == .insensitive { regex = regex.ignoresCase() }
        self.regex = regex
    }

    /// The last pattern compiled in this process, kept so that checking a request (`validate()`)
    /// and searching it compile its pattern once.
    static let compiled = CompiledPattern()

    /// One compiled pattern and what it was compiled from, replaced by the next, under a lock.
    final class CompiledPattern: @unchecked Sendable {
        // Guarded by `lock`.
        private let lock = NSLock()
        private var last: (pattern: String, caseMatching: CaseMatching, regex: Regex<AnyRegexOutput>)?
        private var compiledCount = 0

        /// How many patterns were compiled (not found here), for tests.
        var compilations: Int {
            lock.lock()
            defer { lock.unlock() }
            return compiledCount
        }

        /// `pattern` compiled (with `QuoteEquivalence`'s classes in place of its marks when
        /// ignoring case), or the same one kept from the call before.
        /// - Throws: the parser's error for a pattern that does not compile.
        func regex(_ pattern: String, caseMatching: CaseMatching) throws -> Regex<AnyRegexOutput> {
            lock.lock()
            defer { lock.unlock() }
            if let last, last.pattern == pattern, last.caseMatching == caseMatching { return last.regex }
            compiledCount += 1
            var regex = try Regex<AnyRegexOutput>(pattern)
            if caseMatching == .insensitive, let widened = QuoteEquivalence.widened(pattern: pattern) {
                // Errors are reported against the pattern as typed, which compiled.
                regex = (try? Regex<AnyRegexOutput>(widened)) ?? regex
            }
            last = (pattern, caseMatching, regex)
            return regex
        }
    }

    /// `text` as a verbatim `Regex`, with a class of `QuoteEquivalence`'s set in place of each
    /// apostrophe or quotation mark when ignoring case (case is not ignored here: the caller does).
    static func verbatim(_ text: String, caseMatching: CaseMatching) -> Regex<AnyRegexOutput> {
        guard caseMatching == .insensitive, text.contains(where: { QuoteEquivalence.equivalents(of: $0) != nil }) else {
            return caseMatching == .insensitive ? Regex<AnyRegexOutput>(verbatim: text).ignoresCase() : Regex<AnyRegexOutput>(verbatim: text)
        }
        var regex: Regex<AnyRegexOutput>?
        func append(_ piece: Regex<AnyRegexOutput>) {
            regex = regex.map { before in Regex<AnyRegexOutput>(Regex { before; piece }) } ?? piece
        }
        var run = ""
        for character in text {
            guard let set = QuoteEquivalence.equivalents(of: character) else {
                run.append(character)
                continue
            }
            if !run.isEmpty { append(Regex<AnyRegexOutput>(verbatim: run)) }
            run = ""
            append(Regex<AnyRegexOutput>(CharacterClass.anyOf(set.map(Character.init)).regex))
        }
        if !run.isEmpty { append(Regex<AnyRegexOutput>(verbatim: run)) }
        return (regex ?? Regex<AnyRegexOutput>(verbatim: text)).ignoresCase()
    }

    /// Every match of the regex in `text`, in text order (with accents off, found in the folded text
    /// and mapped back to whole characters of `text`).
    public func ranges(in text: String) -> [Range<String.Index>] {
        if folding.isIdentity { return text.ranges(of: regex) }
        let (folded, spans) = folding.fold(text)
        let utf8 = folded.utf8
        var ranges: [Range<String.Index>] = []
        for hit in folded.ranges(of: regex) {
            let lower = utf8.distance(from: utf8.startIndex, to: hit.lowerBound)
            let upper = utf8.distance(from: utf8.startIndex, to: hit.upperBound)
            guard let range = TextFolding.originalRange(of: lower..<upper, spans: spans) else { continue }
            // Two hits inside one original character would overlap once widened: keep the first.
            if let last = ranges.last, range.lowerBound < last.upperBound { continue }
            ranges.append(range)
        }
        return ranges
    }

    /// The character position a `Regex` parse error points at, read from the error's `location`
    /// (the parser exposes it only by reflection); nil when it cannot be found.
    private static func position(of error: any Error, in pattern: String) -> Int? {
        guard let location = Mirror(reflecting: error).children.first(where: { $0.label == "location" })?.value,
              let range = Mirror(reflecting: location).children.first(where: { $0.label == "range" })?.value
                as? Range<String.Index>
        else { return nil }
        let offset = range.lowerBound.utf16Offset(in: pattern)
        guard offset >= 0, offset <= pattern.utf16.count else { return nil }
        return pattern.distance(from: pattern.startIndex, to: String.Index(utf16Offset: offset, in: pattern))
    }
}
