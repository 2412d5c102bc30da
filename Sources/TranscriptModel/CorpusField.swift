/// One per-row field of a `Corpus`: the column (or columns) that hold it, what a row without a value
/// stores there, and where the value sits in a `Row`.
///
/// `Corpus.fields` lists every field once, in the order a cache writes their columns. Appending a
/// transcript or another corpus, taking some sources as a corpus of their own, writing a cache,
/// reading it back and checking what was read, taking a parser's `CorpusColumns`, and making a
/// `Row` all walk that list. A new field is one entry there, plus its column in `Corpus` and its
/// property in `Row`. Adding, removing or reordering an entry changes the cache's byte layout, so it
/// goes with a new `Corpus.serializationVersion` (old caches are then read again from their files,
/// never misread).
///
/// Every walk is column by column, not row by row: appending a million rows loops once per field
/// over plain arrays, and reaches each column through its key path once.
struct CorpusField: Sendable {
    /// How a field is stored, and so how it is appended, sliced, checked and shown.
    enum Storage: Sendable {
        /// A time per row, in milliseconds; -1 for none.
        case time(Values<Int64>, row: WritableKeyPath<Row, Timestamp?> & Sendable)
        /// A whole number per row; `none` and anything below it stand for no value.
        case number(Values<Int32>, row: WritableKeyPath<Row, Int?> & Sendable)
        /// An index into the corpus's interned `strings` per row; -1 for none.
        case string(Values<Int32>, row: WritableKeyPath<Row, String?> & Sendable)
        /// UTF-8 text per row, never absent (an empty row has an empty span).
        case text(Span, row: WritableKeyPath<Row, String> & Sendable)
        /// UTF-8 text per row that may be absent: `present` holds 1 for a row that has a value
        /// (even an empty one), else 0.
        case optionalText(Span, present: Values<UInt8>, row: WritableKeyPath<Row, String?> & Sendable)
    }

    /// One fixed-width value per row.
    struct Values<Element: FixedWidthInteger & BitwiseCopyable & Sendable>: Sendable {
        /// The corpus's column, `rowCount` values.
        let column: WritableKeyPath<Corpus, Column<Element>> & Sendable
        /// What a row without a value stores.
        let none: Element
        /// The same column in a parser's `CorpusColumns`, when parsers fill it (else every row of
        /// a parsed source stores `none`).
        let parsed: (KeyPath<CorpusColumns, [Element]> & Sendable)?
    }

    /// Variable-length UTF-8 values, back to back in one byte column; row `i`'s value is
    /// `bytes[offsets[i]..<offsets[i + 1]]` (`offsets` has `rowCount + 1` entries, from 0).
    struct Span: Sendable {
        let bytes: WritableKeyPath<Corpus, Column<UInt8>> & Sendable
        let offsets: WritableKeyPath<Corpus, Column<Int>> & Sendable
        /// The same two columns in a parser's `CorpusColumns`.
        let parsed: (bytes: KeyPath<CorpusColumns, [UInt8]> & Sendable, offsets: KeyPath<CorpusColumns, [Int]> & Sendable)
    }

    /// The field's name, as a damaged cache's error names it.
    let name: String
    let storage: Storage
}

extension Corpus {
    /// Every per-row field, in the order a cache writes their columns (cache layout version 3:
    /// text bytes and offsets, start, end, speaker, title, line, href, element, cue bytes, offsets
    /// and flags).
    static let fields: [CorpusField] = [
        CorpusField(name: "text", storage: .text(
            .init(bytes: \.textBytes, offsets: \.textOffsets, parsed: (\CorpusColumns.textBytes, \CorpusColumns.textOffsets)), row: \.text)),
        CorpusField(name: "start", storage: .time(.init(column: \.startTimes, none: -1, parsed: \CorpusColumns.startTimes), row: \.start)),
        CorpusField(name: "end", storage: .time(.init(column: \.endTimes, none: -1, parsed: \CorpusColumns.endTimes), row: \.end)),
        CorpusField(name: "speaker", storage: .string(.init(column: \.speakerIDs, none: -1, parsed: \CorpusColumns.speakerIDs), row: \.speaker)),
        CorpusField(name: "title", storage: .string(.init(column: \.titleIDs, none: -1, parsed: nil), row: \.title)),
        CorpusField(name: "line", storage: .number(.init(column: \.lines, none: 0, parsed: \CorpusColumns.lines), row: \.locator.line)),
        CorpusField(name: "href", storage: .string(.init(column: \.hrefIDs, none: -1, parsed: nil), row: \.locator.href)),
        CorpusField(name: "element", storage: .number(.init(column: \.elements, none: -1, parsed: nil), row: \.locator.element)),
        CorpusField(name: "cue", storage: .optionalText(
            .init(bytes: \.cueBytes, offsets: \.cueOffsets, parsed: (\CorpusColumns.cueBytes, \CorpusColumns.cueOffsets)),
            present: .init(column: \.hasCue, none: 0, parsed: \CorpusColumns.hasCue), row: \.locator.cue)),
    ]
}

// MARK: Appending

extension CorpusField {
    /// Appends `rows`' values of this field to `corpus` (which interns their strings).
    /// - Complexity: O(rows), one pass.
    func append(valuesOf rows: [Row], to corpus: inout Corpus) {
        switch storage {
        case .time(let values, let row):
            values.append(rows.lazy.map { $0[keyPath: row]?.milliseconds ?? values.none }, to: &corpus)
        case .number(let values, let row):
            values.append(rows.lazy.map { $0[keyPath: row].map { Int32(clamping: $0) } ?? values.none }, to: &corpus)
        case .string(let values, let row):
            var ids: [Int32] = []
            ids.reserveCapacity(rows.count)
            for each in rows { ids.append(corpus.intern(each[keyPath: row])) }
            values.append(ids, to: &corpus)
        case .text(let span, let row):
            span.append(rows.lazy.map { $0[keyPath: row] }, to: &corpus)
        case .optionalText(let span, let present, let row):
            span.append(rows.lazy.map { $0[keyPath: row] ?? "" }, to: &corpus)
            present.append(rows.lazy.map { $0[keyPath: row] == nil ? 0 : 1 }, to: &corpus)
        }
    }

    /// Appends `other`'s values of this field to `corpus`; `strings` maps `other`'s string IDs to
    /// `corpus`'s. - Complexity: O(rows of `other`), one copy.
    func append(valuesOf other: Corpus, strings: [Int32], to corpus: inout Corpus) {
        switch storage {
        case .time(let values, _): corpus[keyPath: values.column].append(contentsOf: other[keyPath: values.column])
        case .number(let values, _): corpus[keyPath: values.column].append(contentsOf: other[keyPath: values.column])
        case .string(let values, _):
            corpus[keyPath: values.column].append(contentsOf: other[keyPath: values.column].map { $0 >= 0 ? strings[Int($0)] : -1 })
        case .text(let span, _): span.append(valuesOf: other, to: &corpus)
        case .optionalText(let span, let present, _):
            span.append(valuesOf: other, to: &corpus)
            corpus[keyPath: present.column].append(contentsOf: other[keyPath: present.column])
        }
    }

    /// Sets this field of `part` to rows `rows` of `whole` (strings interned again in `part`): in
    /// place when `whole`'s column is mapped and needs no rebasing. - Complexity: O(rows).
    func copy(rows: Range<Int>, of whole: Corpus, into part: inout Corpus) {
        switch storage {
        case .time(let values, _): part[keyPath: values.column] = whole[keyPath: values.column].slice(rows)
        case .number(let values, _): part[keyPath: values.column] = whole[keyPath: values.column].slice(rows)
        case .string(let values, _):
            let ids = whole[keyPath: values.column][rows].map { $0 >= 0 ? part.intern(whole.strings[Int($0)]) : -1 }
            part[keyPath: values.column] = Column(ids)
        case .text(let span, _): span.copy(rows: rows, of: whole, into: &part)
        case .optionalText(let span, let present, _):
            span.copy(rows: rows, of: whole, into: &part)
            part[keyPath: present.column] = whole[keyPath: present.column].slice(rows)
        }
    }

    /// Sets this field of `corpus` to `columns`' (taken without copying), or to no value for each
    /// of its `rows` rows when parsers do not fill it. `corpus` has interned `columns.strings` in
    /// order, so string IDs carry over as they are.
    func take(from columns: CorpusColumns, rows: Int, into corpus: inout Corpus) {
        switch storage {
        case .time(let values, _): values.take(from: columns, rows: rows, into: &corpus)
        case .number(let values, _): values.take(from: columns, rows: rows, into: &corpus)
        case .string(let values, _): values.take(from: columns, rows: rows, into: &corpus)
        case .text(let span, _): span.take(from: columns, into: &corpus)
        case .optionalText(let span, let present, _):
            span.take(from: columns, into: &corpus)
            present.take(from: columns, rows: rows, into: &corpus)
        }
    }
}

extension CorpusField.Values {
    func append(_ stored: some Collection<Element>, to corpus: inout Corpus) {
        corpus[keyPath: column].append(contentsOf: Array(stored))
    }

    func take(from columns: CorpusColumns, rows: Int, into corpus: inout Corpus) {
        corpus[keyPath: column] = Column(parsed.map { columns[keyPath: $0] } ?? Array(repeating: none, count: rows))
    }
}

extension CorpusField.Span {
    func append(_ values: some Collection<String>, to corpus: inout Corpus) {
        var added: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(values.count)
        let base = corpus[keyPath: bytes].count
        for value in values {
            added.append(contentsOf: value.utf8)
            ends.append(base + added.count)
        }
        corpus[keyPath: bytes].append(contentsOf: added)
        corpus[keyPath: offsets].append(contentsOf: ends)
    }

    func append(valuesOf other: Corpus, to corpus: inout Corpus) {
        let base = corpus[keyPath: bytes].count
        corpus[keyPath: bytes].append(contentsOf: other[keyPath: bytes])
        corpus[keyPath: offsets].append(contentsOf: other[keyPath: offsets].dropFirst().map { $0 + base })
    }

    func copy(rows: Range<Int>, of whole: Corpus, into part: inout Corpus) {
        let wholeOffsets = whole[keyPath: offsets]
        let cut = wholeOffsets[rows.lowerBound]..<wholeOffsets[rows.upperBound]
        part[keyPath: bytes] = whole[keyPath: bytes].slice(cut)
        part[keyPath: offsets] = Column(wholeOffsets[rows.lowerBound...rows.upperBound].map { $0 - cut.lowerBound })
    }

    func take(from columns: CorpusColumns, into corpus: inout Corpus) {
        corpus[keyPath: bytes] = Column(columns[keyPath: parsed.bytes])
        corpus[keyPath: offsets] = Column(columns[keyPath: parsed.offsets])
    }

    /// Row `index`'s value. - Complexity: O(its length).
    func value(ofRow index: Int, in corpus: Corpus) -> String {
        let offsets = corpus[keyPath: offsets]
        return String(decoding: corpus[keyPath: bytes][offsets[index]..<offsets[index + 1]], as: UTF8.self)
    }
}

// MARK: The row view

extension CorpusField {
    /// Sets this field of `row` to row `index`'s value in `corpus`. - Complexity: O(1), plus the
    /// length of a text value.
    func show(row index: Int, of corpus: Corpus, in row: inout Row) {
        switch storage {
        case .time(let values, let path):
            let stored = corpus[keyPath: values.column][index]
            row[keyPath: path] = stored > values.none ? Timestamp(milliseconds: stored) : nil
        case .number(let values, let path):
            let stored = corpus[keyPath: values.column][index]
            row[keyPath: path] = stored > values.none ? Int(stored) : nil
        case .string(let values, let path):
            let stored = corpus[keyPath: values.column][index]
            row[keyPath: path] = stored > values.none ? corpus.strings[Int(stored)] : nil
        case .text(let span, let path):
            row[keyPath: path] = span.value(ofRow: index, in: corpus)
        case .optionalText(let span, let present, let path):
            row[keyPath: path] = corpus[keyPath: present.column][index] != present.none ? span.value(ofRow: index, in: corpus) : nil
        }
    }
}

// MARK: Serialization

extension CorpusField {
    /// Writes this field's columns, each as `BinaryWriter.write(column:)` writes one.
    func write(_ corpus: Corpus, to writer: inout BinaryWriter) {
        switch storage {
        case .time(let values, _): writer.write(column: corpus[keyPath: values.column])
        case .number(let values, _): writer.write(column: corpus[keyPath: values.column])
        case .string(let values, _): writer.write(column: corpus[keyPath: values.column])
        case .text(let span, _):
            writer.write(column: corpus[keyPath: span.bytes])
            writer.write(column: corpus[keyPath: span.offsets])
        case .optionalText(let span, let present, _):
            writer.write(column: corpus[keyPath: span.bytes])
            writer.write(column: corpus[keyPath: span.offsets])
            writer.write(column: corpus[keyPath: present.column])
        }
    }

    /// Reads this field's columns, in `write`'s order, pointing into the reader's region.
    func read(into corpus: inout Corpus, from reader: inout RegionReader) throws(BinaryDecodingError) {
        switch storage {
        case .time(let values, _): corpus[keyPath: values.column] = try reader.readColumn(of: Int64.self)
        case .number(let values, _): corpus[keyPath: values.column] = try reader.readColumn(of: Int32.self)
        case .string(let values, _): corpus[keyPath: values.column] = try reader.readColumn(of: Int32.self)
        case .text(let span, _):
            corpus[keyPath: span.bytes] = try reader.readColumn(of: UInt8.self)
            corpus[keyPath: span.offsets] = try reader.readColumn(of: Int.self)
        case .optionalText(let span, let present, _):
            corpus[keyPath: span.bytes] = try reader.readColumn(of: UInt8.self)
            corpus[keyPath: span.offsets] = try reader.readColumn(of: Int.self)
            corpus[keyPath: present.column] = try reader.readColumn(of: UInt8.self)
        }
    }

    /// Checks what `row(at:)` and the matchers rely on for this field of a corpus of `rows` rows:
    /// one value per row (spans: ascending offsets inside their bytes, and valid UTF-8 cut at
    /// characters when `text`), times and string references in range, flags 0 or 1. Numbers are
    /// only counted: any value reads back as a value or as none.
    /// - Complexity: O(rows), plus O(bytes) of a span when `text`; no allocation.
    func check(_ corpus: Corpus, rows: Int, text: Bool) throws(BinaryDecodingError) {
        func check(_ condition: Bool, _ what: String) throws(BinaryDecodingError) {
            if !condition { throw BinaryDecodingError("\(name): \(what)") }
        }
        switch storage {
        case .time(let values, _):
            let column = corpus[keyPath: values.column]
            try check(column.count == rows, "column length")
            try check(Self.bounds(column, empty: (values.none, values.none)).low >= values.none, "times")
        case .number(let values, _):
            try check(corpus[keyPath: values.column].count == rows, "column length")
        case .string(let values, _):
            let column = corpus[keyPath: values.column]
            try check(column.count == rows, "column length")
            let (low, high) = Self.bounds(column, empty: (values.none, values.none))
            try check(low >= values.none && high < Int32(corpus.strings.count), "string references")
        case .text(let span, _):
            try check(span.isValid(in: corpus, rows: rows, text: text), "offsets or UTF-8")
        case .optionalText(let span, let present, _):
            try check(span.isValid(in: corpus, rows: rows, text: text), "offsets or UTF-8")
            let flags = corpus[keyPath: present.column]
            try check(flags.count == rows, "column length")
            try check(Self.bounds(flags, empty: (0, 0)).high <= 1, "flags")
        }
    }

    /// The smallest and largest value of `column` (`empty` when it has none), in one pass the
    /// compiler can vectorize: a million rows are checked in well under a millisecond.
    static func bounds<T: FixedWidthInteger>(_ column: Column<T>, empty: (T, T)) -> (low: T, high: T) {
        column.withUnsafeBufferPointer { values in
            guard var low = values.first else { return empty }
            var high = low
            for value in values {
                low = Swift.min(low, value)
                high = Swift.max(high, value)
            }
            return (low, high)
        }
    }
}

extension CorpusField.Span {
    /// Whether the offsets have `rows + 1` entries, ascend from 0 to the end of the bytes, and (when
    /// `text`) cut the bytes into spans of valid UTF-8 that start on a character's first byte.
    func isValid(in corpus: Corpus, rows: Int, text: Bool) -> Bool {
        let bytes = corpus[keyPath: bytes]
        let offsets = corpus[keyPath: offsets]
        guard offsets.count == rows + 1, offsets.first == 0, offsets.last == bytes.count,
              Self.isAscending(offsets, upTo: bytes.count) else { return false }
        return !text || Self.isAscendingUTF8(bytes, offsets: offsets)
    }

    /// Whether `offsets` ascend from 0 and stay within `count` (counting the steps down rather than
    /// stopping at the first, so the loop vectorizes).
    private static func isAscending(_ offsets: Column<Int>, upTo count: Int) -> Bool {
        offsets.withUnsafeBufferPointer { offsets in
            guard let first = offsets.first, let last = offsets.last else { return true }
            var stepsDown = 0
            for index in 1..<offsets.count {
                stepsDown &+= offsets[index] < offsets[index - 1] ? 1 : 0
            }
            return stepsDown == 0 && first >= 0 && last <= count
        }
    }

    /// Whether `offsets` ascend and every span they cut from `bytes` is valid UTF-8 on its own.
    private static func isAscendingUTF8(_ bytes: Column<UInt8>, offsets: Column<Int>) -> Bool {
        bytes.withUnsafeBufferPointer { text in
            offsets.withUnsafeBufferPointer { offsets in
                var previous = 0
                for offset in offsets {
                    guard offset >= previous, offset <= text.count else { return false }
                    // A span starts on a character's first byte (or at the end).
                    if offset < text.count && text[offset] & 0xC0 == 0x80 { return false }
                    previous = offset
                }
                return UTF8Validation.isValid(text)
            }
        }
    }
}
