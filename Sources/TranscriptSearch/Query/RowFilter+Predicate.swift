import TranscriptModel

extension RowFilter {
    /// A filter decided for one corpus: each distinct speaker, section title and file is judged once
    /// when it is made, so testing a row is a few array reads (a million rows in milliseconds, where
    /// `accepts(row:in:)` folds names for every row).
    ///
    /// `let keep = RowFilter.Predicate(filter, corpus: corpus); keep.accepts(row: 7)`
    public struct Predicate: Sendable {
        /// The filter this predicate decides.
        public let filter: RowFilter
        let corpus: Corpus
        /// Per interned string number: whether a row with that speaker (title) passes; nil when the
        /// filter does not look at speakers (titles).
        private let speakerPasses: [Bool]?
        private let titlePasses: [Bool]?
        /// Per source: whether its rows pass the file and meeting filters; nil when there are none.
        private let sourcePasses: [Bool]?

        /// The predicate of `filter` over `corpus`.
        /// - Complexity: O(distinct names + sources), not O(rows); O(rows) once with a participant
        ///   filter (each meeting's speakers).
        public init(_ filter: RowFilter, corpus: Corpus) {
            self.filter = filter
            self.corpus = corpus
            let names = corpus.internedStrings
            speakerPasses = filter.speakers.isEmpty ? nil : filter.speakerPasses(among: names)
            titlePasses = filter.sections.isEmpty ? nil : names.map(filter.acceptsSection)
            let files = filter.files.isEmpty ? nil : corpus.sources.map { filter.acceptsFile($0.path) }
            let participantPasses = filter.participants.isEmpty ? nil : filter.participantPasses(among: names)
            let meetings = filter.filtersMeetings
                ? corpus.sources.indices.map { filter.acceptsMeeting($0, in: corpus, participantPasses: participantPasses) } : nil
            switch (files, meetings) {
            case (let files?, let meetings?): sourcePasses = zip(files, meetings).map { $0 && $1 }
            default: sourcePasses = files ?? meetings
            }
        }

        /// Whether row `row` passes: the same answer as `filter.accepts(row:in:)`. - Complexity: O(1),
        /// O(log sources) with a file or meeting filter.
        public func accepts(row: Int) -> Bool {
            if let speakerPasses {
                let number = corpus.speakerNumber(ofRow: row)
                guard number >= 0, speakerPasses[Int(number)] else { return false }
            }
            if let titlePasses {
                let number = corpus.titleNumber(ofRow: row)
                guard number >= 0, titlePasses[Int(number)] else { return false }
            }
            if filter.after != nil || filter.before != nil {
                let (start, end) = corpus.times(ofRow: row)
                guard filter.acceptsTimes(start: start, end: end) else { return false }
            }
            if let sourcePasses, !sourcePasses[corpus.source(ofRow: row)] { return false }
            return true
        }
    }
}
