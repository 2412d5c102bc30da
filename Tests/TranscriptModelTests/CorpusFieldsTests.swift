import Testing
@testable import TranscriptModel

/// A corpus's per-row fields are declared once (`Corpus.fields`); every way rows enter, leave or
/// are kept walks that list, so every field survives each of them, and the cache's bytes are the
/// documented layout.
struct CorpusFieldsTests {
    /// Rows that between them set every field, and leave each one out somewhere: an empty cue that
    /// is there (not none), a book row with a document and element, an untimed row.
    static let rows: [Row] = [
        Row(id: RowID(source: 0, index: 0), text: "Welcome to the café", start: Timestamp(milliseconds: 1_500),
            end: Timestamp(milliseconds: 4_000), speaker: "Alice", title: nil,
            locator: Locator(file: "a.srt", line: 3, cue: "1")),
        Row(id: RowID(source: 0, index: 1), text: "", start: Timestamp(milliseconds: 0), end: nil, speaker: nil,
            title: "Chapter 2", locator: Locator(file: "a.srt", line: nil, cue: "")),
        Row(id: RowID(source: 0, index: 2), text: "会议 budget", start: nil, end: nil, speaker: "Alice", title: "Chapter 2",
            locator: Locator(file: "a.srt", line: 12, cue: nil, href: "OEBPS/ch2.xhtml", element: 0)),
        Row(id: RowID(source: 0, index: 3), text: "last", start: nil, end: Timestamp(milliseconds: 9_000), speaker: "Bob",
            title: nil, locator: Locator(file: "a.srt", line: 20, cue: "intro", href: nil, element: 7)),
    ]

    static let source = SourceInfo(path: "a.srt", format: "srt", encoding: "UTF-8")

    static func shown(_ corpus: Corpus) -> [Row] { (0..<corpus.rowCount).map(corpus.row(at:)) }

    /// Row `index` of `corpus` with its ID and file only: every field none.
    static func blank(_ index: Int, of corpus: Corpus) -> Row {
        Row(id: corpus.id(ofRow: index), text: "", locator: Locator(file: corpus.sources[corpus.source(ofRow: index)].path))
    }

    /// The checks below compare the per-row paths written out with the list's own walks, so they
    /// hold only if `rows` gives every field in the list a value somewhere and none somewhere: a
    /// new field needs rows here before it is checked at all.
    @Test func theRowsSetAndLeaveOutEveryField() {
        var corpus = Corpus()
        corpus.appendThroughFields(Transcript(source: Self.source, rows: Self.rows))
        for field in Corpus.fields {
            let shown = (0..<corpus.rowCount).map { index in
                var row = Self.blank(index, of: corpus)
                field.show(row: index, of: corpus, in: &row)
                return row
            }
            let blanks = (0..<corpus.rowCount).map { Self.blank($0, of: corpus) }
            #expect(zip(shown, blanks).contains { $0 != $1 }, "some row sets \(field.name)")
            #expect(zip(shown, blanks).contains { $0 == $1 }, "some row has no \(field.name)")
        }
    }

    /// `row(at:)` is written out field by field for speed; it makes the row the list shows, in a
    /// corpus appended, read from a cache, taken apart, and taken from a parser's columns.
    @Test func aRowIsTheListsWalk() throws {
        let whole = Corpus([
            Transcript(source: SourceInfo(path: "b.srt", format: "srt", encoding: "UTF-8"), rows: [
                Row(id: RowID(source: 0, index: 0), text: "before", speaker: "Zoë", locator: Locator(file: "b.srt", cue: "x")),
            ]),
            Transcript(source: Self.source, rows: Self.rows),
        ])
        var columns = CorpusColumns()
        for row in Self.rows {
            columns.textBytes.append(contentsOf: row.text.utf8)
            columns.endRow(start: row.start?.milliseconds ?? -1, end: row.end?.milliseconds ?? -1,
                           speaker: row.speaker.map { columns.intern($0) } ?? -1, line: row.locator.line ?? 0, cue: nil)
        }
        let parsed = Corpus(source: Self.source, columns: columns)
        for corpus in [whole, try Corpus(serialized: whole.serialized()), whole.sources(1..<2), parsed] {
            for index in 0..<corpus.rowCount {
                #expect(corpus.row(at: index) == corpus.rowThroughFields(at: index))
            }
        }
    }

    /// `append(_:)` (a transcript) is written out row by row for speed; it stores every value the
    /// list's walk stores, read back through the list, in columns of the same sizes. (Only the
    /// numbering of interned strings may differ: a row at a time interns a row's speaker, title and
    /// document together, a field at a time all speakers first.)
    @Test func appendingATranscriptIsTheListsWalk() {
        let transcripts = [
            Transcript(source: Self.source, rows: Self.rows),
            Transcript(source: SourceInfo(path: "b.srt", format: "srt", encoding: "UTF-8"), rows: [
                Row(id: RowID(source: 0, index: 0), text: "Bob again", speaker: "Bob", title: "Other",
                    locator: Locator(file: "b.srt", line: Int(Int32.max) + 1, cue: "x", href: "OEBPS/ch2.xhtml", element: -5)),
            ]),
        ]
        var throughFields = Corpus()
        for transcript in transcripts { throughFields.appendThroughFields(transcript) }
        let written = Corpus(transcripts)
        #expect((0..<written.rowCount).map(written.rowThroughFields(at:))
            == (0..<throughFields.rowCount).map(throughFields.rowThroughFields(at:)))
        #expect(Set(written.strings) == Set(throughFields.strings))
        #expect(written.serialized().count == throughFields.serialized().count)
    }

    @Test func everyFieldSurvivesAppendingATranscript() {
        let corpus = Corpus([Transcript(source: Self.source, rows: Self.rows)])
        #expect(Self.shown(corpus) == Self.rows)
    }

    @Test func everyFieldSurvivesTheCache() throws {
        let corpus = Corpus([Transcript(source: Self.source, rows: Self.rows)])
        #expect(Self.shown(try Corpus(serialized: corpus.serialized())) == Self.rows)
    }

    /// Rows appended after another corpus's: renumbered in the second source, strings interned
    /// again (the first corpus has its own), every value as it was.
    @Test func everyFieldSurvivesAppendingACorpus() throws {
        let other = Corpus([Transcript(source: Self.source, rows: Self.rows)])
        for first in [Corpus([Transcript(source: SourceInfo(path: "b.srt", format: "srt", encoding: "UTF-8"), rows: [
            Row(id: RowID(source: 0, index: 0), text: "Bob first", speaker: "Bob", title: "Other", locator: Locator(file: "b.srt")),
        ])])] {
            for appended in [other, try Corpus(serialized: other.serialized())] {
                var corpus = first
                corpus.append(contentsOf: appended)
                let rows = Self.shown(corpus).dropFirst()
                #expect(rows.map(\.id) == Self.rows.indices.map { RowID(source: 1, index: $0) })
                #expect(rows.map { var row = $0; row.id.source = 0; return row } == Self.rows)
            }
        }
    }

    @Test func everyFieldSurvivesTakingSourcesApart() throws {
        let whole = Corpus([
            Transcript(source: SourceInfo(path: "b.srt", format: "srt", encoding: "UTF-8"), rows: [
                Row(id: RowID(source: 0, index: 0), text: "before", speaker: "Zoë", locator: Locator(file: "b.srt", cue: "x")),
            ]),
            Transcript(source: Self.source, rows: Self.rows),
        ])
        for corpus in [whole, try Corpus(serialized: whole.serialized())] {
            let part = corpus.sources(1..<2)
            #expect(Self.shown(part) == Self.rows)
            #expect(!part.strings.contains("Zoë"), "only the strings its rows use")
        }
    }

    /// A parser's columns carry no title, document or element: those fields are none on every row,
    /// and the rest read as the corpus reads them.
    @Test func fieldsParsersDoNotFillAreNoneInAParsedSource() {
        var columns = CorpusColumns()
        for row in Self.rows {
            columns.textBytes.append(contentsOf: row.text.utf8)
            let speaker = row.speaker.map { columns.intern($0) } ?? -1
            let cue = row.locator.cue.map { Array($0.utf8) }
            func end(_ cue: UnsafeRawBufferPointer?) {
                columns.endRow(start: row.start?.milliseconds ?? -1, end: row.end?.milliseconds ?? -1, speaker: speaker,
                               line: row.locator.line ?? 0, cue: cue)
            }
            if let cue { cue.withUnsafeBytes { end($0) } } else { end(nil) }
        }
        let expected = Self.rows.map { row in
            var row = row
            row.title = nil
            row.locator.href = nil
            row.locator.element = nil
            return row
        }
        #expect(Self.shown(Corpus(source: Self.source, columns: columns)) == expected)
        #expect(columns.rows(file: "a.srt") == expected)
    }

    /// The cache's bytes, written out here by hand from the layout `Corpus+Serialization.swift`
    /// documents (version 3): a change to `Corpus.fields` that changes them must come with a new
    /// version, so that caches written before are read again, not misread.
    @Test func theCacheLayoutIsTheDocumentedOne() {
        let rows = [Self.rows[0], Self.rows[2]]
        let corpus = Corpus([Transcript(source: Self.source, rows: rows)])
        var expected: [UInt8] = []
        func word(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { expected.append(contentsOf: $0) } }
        func string(_ text: String) {
            word(UInt64(text.utf8.count))
            expected.append(contentsOf: text.utf8)
        }
        func column<T: FixedWidthInteger>(_ values: [T]) {
            word(UInt64(values.count))
            while expected.count % 8 != 0 { expected.append(0) }
            for value in values { withUnsafeBytes(of: value.littleEndian) { expected.append(contentsOf: $0) } }
        }
        string("TSCORPUS")
        word(4)
        word(1)
        string("a.srt")
        string("srt")
        string("UTF-8")
        word(0)                                                          // the meeting's facts: no date,
        string("none")                                                   // so no origin,
        string("a")                                                      // the title from the path,
        word(0)                                                          // not from the content
        column([0, 2] as [Int])                                          // each source's first row, then the row count
        let first = Array("Welcome to the café".utf8), second = Array("会议 budget".utf8)
        column(first + second)                                           // text
        column([0, first.count, first.count + second.count] as [Int])
        column([1_500, -1] as [Int64])                                   // start
        column([4_000, -1] as [Int64])                                   // end
        column([0, 0] as [Int32])                                        // speaker: "Alice" both times
        column([-1, 1] as [Int32])                                       // title: "Chapter 2"
        column([3, 12] as [Int32])                                       // line
        column([-1, 2] as [Int32])                                       // href: "OEBPS/ch2.xhtml"
        column([-1, 0] as [Int32])                                       // element
        column(Array("1".utf8))                                          // cue
        column([0, 1, 1] as [Int])
        column([1, 0] as [UInt8])
        word(3)
        string("Alice")
        string("Chapter 2")
        string("OEBPS/ch2.xhtml")
        #expect(corpus.serialized() == expected)
    }
}
