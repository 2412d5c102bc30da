import TranscriptModel

/// Runs a matcher over every row of a corpus and records the hits as a `HitIndex`.
///
/// `let index = Searcher(RegexMatcher(query)).search(corpus)`
public struct Searcher: Sendable {
    public let matcher: any Matcher

    public init(_ matcher: any Matcher) {
        self.matcher = matcher
    }

    /// Every hit in `corpus`, in corpus order. - Complexity: one matcher pass per row.
    public func search(_ corpus: Corpus) -> HitIndex {
        var index = HitIndex(rowCount: corpus.rowCount)
        for row in 0..<corpus.rowCount {
            let text = corpus.text(ofRow: row)
            let utf8 = text.utf8
            let ranges = matcher.ranges(in: text).map { range in
                utf8.distance(from: utf8.startIndex, to: range.lowerBound)
                    ..< utf8.distance(from: utf8.startIndex, to: range.upperBound)
            }
            index.append(row: row, utf8Ranges: ranges)
        }
        return index
    }
}
