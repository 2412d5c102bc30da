import Dispatch

/// One corpus of a `Corpus` made of several, kept as it is (mapped from a cache, or a big file's
/// parsed columns) rather than copied into one buffer: its rows are the whole corpus's rows from
/// `firstRow` on, its sources from `firstSource` on.
///
/// ```
///  whole corpus   rows 0 ……………………………………… 2,999,999      sources, first rows, strings: the whole's
///  parts          [ cache A, rows 0..<1M ][ cache B, 1M..<2M ][ cache C, 2M..<3M ]
///                   each its own columns, in place; a row of the whole is found in its part by a
///                   binary search of the parts' first rows, O(log parts)
/// ```
///
/// A part's own `sources` and interned strings are those it was made with: the whole corpus's
/// sources are the ones shown (a path set since is set there only), and `strings` gives each of
/// the part's string numbers as the whole numbers it.
struct CorpusPart: @unchecked Sendable {
    // `@unchecked`: `text` and `offsets` point into columns of `corpus` read from a region (a
    // mapped file), which `corpus` keeps alive and which never change; they are set again
    // whenever `corpus` is.
    /// The part's rows, one corpus of one part.
    var corpus: Corpus {
        didSet { (text, offsets) = Self.mappedText(of: corpus) }
    }
    /// The whole corpus's row index of the part's first row.
    let firstRow: Int
    /// The whole corpus's source index of the part's first source.
    let firstSource: Int
    /// The whole corpus's number of each of the part's interned strings.
    var strings: [Int32]
    /// The part's text and offsets in place when they are mapped, so that a row's text is
    /// reached without lending the part's corpus (which costs a retain and release of every
    /// column); nil when the part holds them in arrays.
    private(set) var text: UnsafeBufferPointer<UInt8>?
    private(set) var offsets: UnsafeBufferPointer<Int>?

    /// `corpus` as the part of a whole from row `firstRow` and source `firstSource` on, its
    /// strings numbered there as `strings` says.
    init(corpus: Corpus, firstRow: Int, firstSource: Int, strings: [Int32]) {
        self.corpus = corpus
        self.firstRow = firstRow
        self.firstSource = firstSource
        self.strings = strings
        (text, offsets) = Self.mappedText(of: corpus)
    }

    private static func mappedText(of corpus: Corpus) -> (UnsafeBufferPointer<UInt8>?, UnsafeBufferPointer<Int>?) {
        guard let text = corpus.textBytes.mappedValues, let offsets = corpus.textOffsets.mappedValues else { return (nil, nil) }
        return (text, offsets)
    }
}

/// The parts of a corpus joined into one set of columns, made the first time a caller asks for
/// one buffer (`Corpus.withTextBuffer`, which a window search or an across-cues search calls per
/// hit) and kept while the parts are the same: a new part makes a new box.
final class JoinedParts: @unchecked Sendable {
    // `@unchecked`: `joined` is written once, inside `queue`, and read only through it.
    private let queue = DispatchQueue(label: "tsearch.corpus.joined")
    private var joined: Corpus?

    /// The joined corpus, made by `make` on the first call.
    func corpus(_ make: () -> Corpus) -> Corpus {
        queue.sync {
            if let joined { return joined }
            let made = make()
            joined = made
            return made
        }
    }
}

extension Corpus {
    /// The text a part must hold to be kept apart rather than copied after the others: below it,
    /// a copy costs less than a part (a binary search per row reached by number).
    static let partMinimumTextBytes = 1 << 20

    /// Whether the corpus is several parts back to back (`CorpusPart`), not one set of columns.
    package var isInParts: Bool { !parts.isEmpty }

    /// The number of parts whose text a search scans one by one: 1 for a corpus of one part.
    public var textPartCount: Int { max(1, parts.count) }

    /// The row index (in the whole corpus) of part `part`'s first row. - Complexity: O(1).
    public func firstRow(ofTextPart part: Int) -> Int {
        parts.isEmpty ? 0 : parts.withUnsafeBufferPointer { $0[part].firstRow }
    }

    /// Part `part`'s row texts back to back and its row offset table, without copying, as
    /// `withTextBuffer` lends the whole corpus's: row `i` of the part is row `firstRow(ofTextPart:) + i`
    /// of the corpus.
    public func withTextBuffer<R>(
        ofPart part: Int, _ body: (_ bytes: UnsafeBufferPointer<UInt8>, _ offsets: UnsafeBufferPointer<Int>) throws -> R
    ) rethrows -> R {
        if parts.isEmpty { return try withTextBuffer(body) }
        return try parts.withUnsafeBufferPointer { try $0[part].corpus.withTextBuffer(body) }
    }

    /// Calls `body` with the part holding row `index` and the row's index within it, the part
    /// lent in place through a pointer (passing the part itself copies its corpus, a retain and
    /// release of every column, on each row). - Complexity: O(log parts).
    @inline(__always)
    func withPart<R>(ofRow index: Int, _ body: (UnsafePointer<CorpusPart>, _ row: Int) throws -> R) rethrows -> R {
        try parts.withUnsafeBufferPointer { parts in
            var low = 0
            var high = parts.count - 1
            while low < high {
                let mid = (low + high + 1) / 2
                if parts[mid].firstRow <= index { low = mid } else { high = mid - 1 }
            }
            // Not empty: only a corpus in parts asks.
            let part = parts.baseAddress.unsafelyUnwrapped + low
            return try body(part, index - part.pointee.firstRow)
        }
    }

    /// The corpus as one set of columns, copied once and kept (`JoinedParts`): what a caller that
    /// scans one buffer gets from a corpus in parts (`withTextBuffer`, writing a cache). Its
    /// interned strings are numbered anew. - Complexity: O(rows + text) the first time, then O(1).
    func joined() -> Corpus {
        guard !parts.isEmpty else { return self }
        guard let joinedParts else { return joinedCopy() }
        return joinedParts.corpus(joinedCopy)
    }

    /// The parts copied into one set of columns.
    func joinedCopy() -> Corpus {
        var whole = Corpus()
        for part in parts { whole.appendCopying(part.corpus) }
        whole.sources = sources
        whole.sourceFirstRow = sourceFirstRow
        return whole
    }

    /// Moves this corpus's own columns into its first part, so that more parts can follow.
    private mutating func becomeParts() {
        guard parts.isEmpty else { return }
        var first = self
        first.parts = []
        let strings = (0..<Int32(self.strings.count)).map { $0 }
        self = Corpus()
        self.sources = first.sources
        self.sourceFirstRow = first.sourceFirstRow
        self.strings = first.strings
        self.stringIDs = first.stringIDs
        parts = [CorpusPart(corpus: first, firstRow: 0, firstSource: 0, strings: strings)]
    }

    /// Whether `other` goes after these rows as a part of its own rather than copied: when either
    /// side is mapped (a copy would read it all) or `other` is big.
    private func keepsApart(_ other: Corpus) -> Bool {
        let last = parts.last?.corpus ?? self
        return other.textBytes.isMapped || last.textBytes.isMapped || other.textBytes.count >= Self.partMinimumTextBytes
    }

    /// Appends `other` (of one part, not empty of sources) after these rows: as a part of its
    /// own, or copied after the last part when neither is mapped and it is small.
    mutating func appendPart(_ other: Corpus) {
        precondition(other.parts.isEmpty, "a part is a corpus of one part")
        let rowBase = rowCount
        let sourceBase = sources.count
        if parts.isEmpty && !keepsApart(other) {
            appendCopying(other)
            return
        }
        becomeParts()
        joinedParts = JoinedParts()
        sources.append(contentsOf: other.sources)
        sourceFirstRow.append(contentsOf: other.sourceFirstRow.dropFirst().map { $0 + rowBase })
        if !keepsApart(other) {
            // Copied after the last part, which is small and not mapped; its strings numbered
            // as the whole numbers them.
            let last = parts.count - 1
            let before = parts[last].corpus.strings.count
            parts[last].corpus.appendCopying(other)
            for string in parts[last].corpus.strings[before...] { parts[last].strings.append(intern(string)) }
            return
        }
        let strings = other.strings.map { intern($0) }
        parts.append(CorpusPart(corpus: other, firstRow: rowBase, firstSource: sourceBase, strings: strings))
    }

    /// Sources `range` of a corpus in parts: in place when they lie in one part, else each
    /// part's share appended in turn. - Complexity: O(rows of `range`).
    func sourcesOfParts(_ range: Range<Int>) -> Corpus {
        var result = Corpus()
        for part in parts {
            let partSources = part.firstSource..<(part.firstSource + part.corpus.sources.count)
            let shared = partSources.clamped(to: range)
            guard !shared.isEmpty else { continue }
            result.append(contentsOf: part.corpus.sources((shared.lowerBound - part.firstSource)..<(shared.upperBound - part.firstSource)))
        }
        // The paths and facts as the whole shows them (set since the part was made).
        for (offset, source) in range.enumerated() { result.sources[offset] = sources[source] }
        return result
    }
}
