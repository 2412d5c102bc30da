/// Many transcripts searched as one. Rows are numbered across all sources in load order (the
/// *row index*, from 0), which is what hit positions and the hit maps refer to.
///
/// Storage is columnar so a million rows cost their bytes plus a few words each: every row's text
/// lives in one contiguous UTF-8 buffer with a row → byte-offset table; times, speaker, title, line,
/// a book's document and element, and the cue identifier live in parallel columns (strings
/// interned). `Corpus.fields` lists those columns once, and everything that must keep them in step
/// (appending a corpus, taking sources apart, the cache) walks that list; the two paths that run
/// once per row, appending a transcript and `row(at:)`, are written out field by field for speed
/// and tested against the list's walk (`CorpusField`). `row(at:)` makes a `Row` on demand. A corpus read from a cache file points into the mapped file (`Column`) instead
/// of copying it.
///
/// Corpora appended one after another are kept as parts (`CorpusPart`) when one is mapped or big,
/// so that several cache files are searched in place rather than copied into one buffer: each
/// part's text is scanned on its own (`withTextBuffer(ofPart:)`), rows are numbered across them,
/// and what reads a row by number finds its part first. `withTextBuffer` lends one buffer, so a
/// corpus in parts copies its text for it: the one-phrase search does not ask for it.
public struct Corpus: Sendable {
    /// The sources in load order; a source's position here is `RowID.source`.
    public internal(set) var sources: [SourceInfo] = []
    /// Row index of each source's first row, plus the total row count at the end.
    var sourceFirstRow: [Int] = [0]

    // The per-row columns. Each belongs to one entry of `Corpus.fields`, which is what appends,
    // slices, writes, reads, checks and shows them: a new column is declared here and listed there
    // (and added to `append(_:)` and `row(at:)`, which `CorpusFieldsTests` hold to the list).

    /// All row texts, back to back.
    var textBytes: Column<UInt8> = []
    /// Byte offset of each row's text in `textBytes`, plus the end of the last.
    var textOffsets: Column<Int> = [0]
    /// Milliseconds, or -1 for "no time".
    var startTimes: Column<Int64> = []
    var endTimes: Column<Int64> = []
    /// Indices into `strings`, or -1 for none.
    var speakerIDs: Column<Int32> = []
    var titleIDs: Column<Int32> = []
    /// 1-based source line, or 0 for none.
    var lines: Column<Int32> = []
    /// A book row's content document (index into `strings`, or -1) and block position (or -1).
    var hrefIDs: Column<Int32> = []
    var elements: Column<Int32> = []
    /// Cue identifiers back to back (UTF-8); a row without one has an empty span and `hasCue` false.
    var cueBytes: Column<UInt8> = []
    var cueOffsets: Column<Int> = [0]
    /// 1 when the row has a cue identifier, else 0.
    var hasCue: Column<UInt8> = []
    /// Interned speakers, titles and book documents (`intern`), and each one's index.
    var strings: [String] = []
    var stringIDs: [String: Int32] = [:]
    /// The parts, when this corpus is several kept apart (`CorpusPart`); then the columns above
    /// are empty and `sources`, `sourceFirstRow` and `strings` are the whole's. Empty for a corpus
    /// of one part.
    var parts: [CorpusPart] = []
    /// The parts joined, once a caller asked for one buffer (nil while the corpus is one part).
    var joinedParts: JoinedParts?

    /// An empty corpus: no sources, no rows.
    public init() {}

    /// A corpus of `transcripts`, appended in order (each one source, as `append(_:)` numbers them).
    public init(_ transcripts: [Transcript]) {
        for transcript in transcripts { append(transcript) }
    }

    /// The number of rows across all sources.
    public var rowCount: Int { parts.isEmpty ? textOffsets.count - 1 : sourceFirstRow[sourceFirstRow.count - 1] }

    /// The total size of all row texts in UTF-8 bytes.
    public var textByteCount: Int { parts.isEmpty ? textBytes.count : parts.reduce(0) { $0 + $1.corpus.textBytes.count } }

    /// Appends a transcript as the next source. Its rows get `RowID(source: sources.count - 1, …)`
    /// whatever IDs they carried before, numbered from 0 in their given order.
    /// - Complexity: O(rows + text), one pass over the rows.
    public mutating func append(_ transcript: Transcript) {
        guard parts.isEmpty else { return appendPart(Corpus([transcript])) }
        sources.append(transcript.source)
        // Written out field by field, as `fields` lists them: walking the list per row costs three
        // times this pass. `appendThroughFields(_:)` is the list's walk, and
        // `CorpusFieldsTests.appendingATranscriptIsTheListsWalk` keeps the two byte for byte equal.
        for row in transcript.rows {
            textBytes.append(contentsOf: row.text.utf8)
            textOffsets.append(textBytes.count)
            startTimes.append(row.start?.milliseconds ?? -1)
            endTimes.append(row.end?.milliseconds ?? -1)
            speakerIDs.append(intern(row.speaker))
            titleIDs.append(intern(row.title))
            lines.append(Int32(clamping: row.locator.line ?? 0))
            hrefIDs.append(intern(row.locator.href))
            elements.append(Int32(clamping: row.locator.element ?? -1))
            if let cue = row.locator.cue {
                cueBytes.append(contentsOf: cue.utf8)
                hasCue.append(1)
            } else {
                hasCue.append(0)
            }
            cueOffsets.append(cueBytes.count)
        }
        sourceFirstRow.append(rowCount)
        precondition(sourceFirstRow.count == sources.count + 1, "one first-row entry per source")
    }

    /// `append(_:)` as the list of fields does it, one pass per field: what `append(_:)`, written
    /// out for speed, must equal. - Complexity: O(rows + text).
    package mutating func appendThroughFields(_ transcript: Transcript) {
        guard parts.isEmpty else {
            var part = Corpus()
            part.appendThroughFields(transcript)
            return appendPart(part)
        }
        sources.append(transcript.source)
        for field in Self.fields { field.append(valuesOf: transcript.rows, to: &self) }
        sourceFirstRow.append(rowCount)
        precondition(sourceFirstRow.count == sources.count + 1, "one first-row entry per source")
    }

    /// Appends every source of `other`, in order, after this corpus's. Appending to an empty corpus
    /// takes `other` as it is (a corpus mapped from a cache stays mapped); so does appending a
    /// mapped or big corpus, or after one, as a part of its own (`CorpusPart`); otherwise its
    /// columns are copied. - Complexity: O(parts of `other`) when kept apart, else O(rows + text
    /// of `other`).
    package mutating func append(contentsOf other: Corpus) {
        if sources.isEmpty {
            self = other
            return
        }
        if other.parts.isEmpty {
            appendPart(other)
        } else {
            for part in other.parts {
                var rows = part.corpus
                // The sources as `other` shows them.
                for index in rows.sources.indices { rows.sources[index] = other.sources[part.firstSource + index] }
                appendPart(rows)
            }
        }
    }

    /// Appends every source of `other` (of one part) by copying its columns after these (of one part).
    /// - Complexity: O(rows + text of `other`).
    mutating func appendCopying(_ other: Corpus) {
        precondition(parts.isEmpty && other.parts.isEmpty, "copied column by column: one part each")
        if sources.isEmpty {
            self = other
            return
        }
        let rowBase = rowCount
        sources.append(contentsOf: other.sources)
        sourceFirstRow.append(contentsOf: other.sourceFirstRow.dropFirst().map { $0 + rowBase })
        let strings = other.strings.map { intern($0) }
        for field in Self.fields { field.append(valuesOf: other, strings: strings, to: &self) }
    }

    /// Sources `range` as a corpus of their own: their rows in order (numbered from 0 within each
    /// source as before), with only the speakers and titles they use. The text and the columns
    /// that need no rebasing stay in place when mapped; the whole range is `self`.
    /// - Complexity: O(rows of `range`).
    package func sources(_ range: Range<Int>) -> Corpus {
        guard range != 0..<sources.count else { return self }
        guard parts.isEmpty else { return sourcesOfParts(range) }
        let rows = sourceFirstRow[range.lowerBound]..<sourceFirstRow[range.upperBound]
        var part = Corpus()
        part.sources = Array(sources[range])
        part.sourceFirstRow = sourceFirstRow[range.lowerBound...range.upperBound].map { $0 - rows.lowerBound }
        for field in Self.fields { field.copy(rows: rows, of: self, into: &part) }
        return part
    }

    /// Shows source `index` under `path` (a cached source read again under another relative path).
    package mutating func setPath(_ path: String, ofSource index: Int) {
        let source = sources[index]
        sources[index] = SourceInfo(path: path, format: source.format, encoding: source.encoding, facts: source.facts.movedTo(path))
    }

    /// Sets source `index`'s meeting facts (a date read from the file's modification time).
    package mutating func setFacts(_ facts: MeetingFacts, ofSource index: Int) {
        sources[index].facts = facts
    }

    mutating func intern(_ string: String?) -> Int32 {
        guard let string else { return -1 }
        if let id = stringIDs[string] { return id }
        let id = Int32(strings.count)
        strings.append(string)
        stringIDs[string] = id
        return id
    }

    /// The row indices of source `source`. - Complexity: O(1).
    public func rows(ofSource source: Int) -> Range<Int> {
        sourceFirstRow[source]..<sourceFirstRow[source + 1]
    }

    /// The source that row `index` belongs to. - Complexity: O(log sources).
    public func source(ofRow index: Int) -> Int {
        precondition(index >= 0 && index < rowCount, "row index out of range")
        var low = 0
        var high = sources.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if sourceFirstRow[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The ID of row `index`. - Complexity: O(log sources).
    public func id(ofRow index: Int) -> RowID {
        let source = source(ofRow: index)
        return RowID(source: source, index: index - sourceFirstRow[source])
    }

    /// The row index of `id`, or nil if no such row is loaded.
    public func rowIndex(of id: RowID) -> Int? {
        guard id.source >= 0, id.source < sources.count else { return nil }
        let index = sourceFirstRow[id.source] + id.index
        return id.index >= 0 && index < sourceFirstRow[id.source + 1] ? index : nil
    }

    /// The text of row `index`, made from the shared buffer.
    public func text(ofRow index: Int) -> String {
        if !parts.isEmpty { return withTextBytes(ofRow: index) { String(decoding: $0, as: UTF8.self) } }
        return String(decoding: textBytes[textOffsets[index]..<textOffsets[index + 1]], as: UTF8.self)
    }

    /// The UTF-8 bytes of row `index`'s text, without copying.
    public func withTextBytes<R>(ofRow index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if !parts.isEmpty {
            return try withPart(ofRow: index) { part, row in
                guard let text = part.pointee.text, let offsets = part.pointee.offsets else {
                    return try part.pointee.corpus.withTextBytes(ofRow: row, body)
                }
                return try body(UnsafeBufferPointer(rebasing: text[offsets[row]..<offsets[row + 1]]))
            }
        }
        return try textBytes.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[textOffsets[index]..<textOffsets[index + 1]]))
        }
    }

    /// All row texts back to back and the row offset table (`rowCount + 1` entries: row `i` is
    /// `offsets[i]..<offsets[i + 1]`), without copying: what a matcher scans as one buffer. A
    /// corpus in parts copies its parts into one buffer the first time (`joined`; a scan of each
    /// part in place is `withTextBuffer(ofPart:)`). - Complexity: O(1), or O(rows + text) the
    /// first time in parts.
    public func withTextBuffer<R>(
        _ body: (_ bytes: UnsafeBufferPointer<UInt8>, _ offsets: UnsafeBufferPointer<Int>) throws -> R
    ) rethrows -> R {
        if !parts.isEmpty { return try joined().withTextBuffer(body) }
        return try textBytes.withUnsafeBufferPointer { bytes in
            try textOffsets.withUnsafeBufferPointer { offsets in try body(bytes, offsets) }
        }
    }

    /// Row `index`'s speaker, without making the whole row. - Complexity: O(1).
    public func speaker(ofRow index: Int) -> String? {
        let number = speakerNumber(ofRow: index)
        return number >= 0 ? strings[Int(number)] : nil
    }

    /// Row `index`'s speaker as a number into `internedStrings`, or -1 for none: rows with the same
    /// speaker have the same number, so a filter or a count can decide once per name. - Complexity: O(1).
    package func speakerNumber(ofRow index: Int) -> Int32 {
        guard !parts.isEmpty else { return speakerIDs[index] }
        return withPart(ofRow: index) { part, row in
            let number = part.pointee.corpus.speakerIDs[row]
            return number >= 0 ? part.pointee.strings[Int(number)] : -1
        }
    }

    /// Row `index`'s start and end in milliseconds, -1 for none, without making `Timestamp`s.
    /// - Complexity: O(1).
    package func milliseconds(ofRow index: Int) -> (start: Int64, end: Int64) {
        guard !parts.isEmpty else { return (startTimes[index], endTimes[index]) }
        return withPart(ofRow: index) { $0.pointee.corpus.milliseconds(ofRow: $1) }
    }

    /// Every row's start in milliseconds (-1 for none), in place: for a pass over many rows.
    /// A corpus in parts copies them into one buffer (once, `joined`).
    package func withStartMilliseconds<R>(_ body: (UnsafeBufferPointer<Int64>) throws -> R) rethrows -> R {
        guard !parts.isEmpty else { return try startTimes.withUnsafeBufferPointer(body) }
        return try joined().startTimes.withUnsafeBufferPointer(body)
    }

    /// Row `index`'s section title as a number into `internedStrings`, or -1. - Complexity: O(1).
    package func titleNumber(ofRow index: Int) -> Int32 {
        guard !parts.isEmpty else { return titleIDs[index] }
        return withPart(ofRow: index) { part, row in
            let number = part.pointee.corpus.titleIDs[row]
            return number >= 0 ? part.pointee.strings[Int(number)] : -1
        }
    }

    /// The interned speakers, titles and book documents, numbered as `speakerNumber(ofRow:)` counts.
    package var internedStrings: [String] { strings }

    /// Row `index`'s section title. - Complexity: O(1).
    public func title(ofRow index: Int) -> String? {
        let number = titleNumber(ofRow: index)
        return number >= 0 ? strings[Int(number)] : nil
    }

    /// Row `index`'s start and end times, when it has them. - Complexity: O(1).
    public func times(ofRow index: Int) -> (start: Timestamp?, end: Timestamp?) {
        if !parts.isEmpty { return withPart(ofRow: index) { $0.pointee.corpus.times(ofRow: $1) } }
        return (startTimes[index] >= 0 ? Timestamp(milliseconds: startTimes[index]) : nil,
         endTimes[index] >= 0 ? Timestamp(milliseconds: endTimes[index]) : nil)
    }

    /// The whole row `index`. - Complexity: O(log sources + length of its text).
    public func row(at index: Int) -> Row {
        // Written out field by field, as `fields` lists them: walking the list costs about 1.5
        // times this. `rowThroughFields(at:)` is the list's walk, and
        // `CorpusFieldsTests.aRowIsTheListsWalk` keeps the two equal.
        let source = source(ofRow: index)
        if !parts.isEmpty { return rowOfPart(at: index, source: source) { $0.row(at: $1) } }
        return Row(
            id: RowID(source: source, index: index - sourceFirstRow[source]),
            text: text(ofRow: index),
            start: startTimes[index] >= 0 ? Timestamp(milliseconds: startTimes[index]) : nil,
            end: endTimes[index] >= 0 ? Timestamp(milliseconds: endTimes[index]) : nil,
            speaker: speakerIDs[index] >= 0 ? strings[Int(speakerIDs[index])] : nil,
            title: titleIDs[index] >= 0 ? strings[Int(titleIDs[index])] : nil,
            locator: Locator(
                file: sources[source].path, line: lines[index] > 0 ? Int(lines[index]) : nil,
                cue: hasCue[index] != 0 ? cueBytes.string(ofRow: index, offsets: cueOffsets) : nil,
                href: hrefIDs[index] >= 0 ? strings[Int(hrefIDs[index])] : nil,
                element: elements[index] >= 0 ? Int(elements[index]) : nil
            )
        )
    }

    /// Row `index` as the list of fields shows it, each field in turn: what `row(at:)`, written out
    /// for speed, must equal. - Complexity: O(log sources + length of its text).
    package func rowThroughFields(at index: Int) -> Row {
        let source = source(ofRow: index)
        if !parts.isEmpty { return rowOfPart(at: index, source: source) { $0.rowThroughFields(at: $1) } }
        var row = Row(
            id: RowID(source: source, index: index - sourceFirstRow[source]), text: "",
            locator: Locator(file: sources[source].path)
        )
        Self.fields.withUnsafeBufferPointer { fields in
            for field in fields { field.show(row: index, of: self, in: &row) }
        }
        return row
    }

    /// Row `index` of a corpus in parts, as `make` makes it from its part, numbered and placed
    /// as this corpus shows it.
    private func rowOfPart(at index: Int, source: Int, _ make: (Corpus, Int) -> Row) -> Row {
        var row = withPart(ofRow: index) { make($0.pointee.corpus, $1) }
        row.id = RowID(source: source, index: index - sourceFirstRow[source])
        row.locator.file = sources[source].path
        return row
    }
}
