/// One per-row field of a `Corpus`: the column (or columns) that hold it, what a row without a value
/// stores there, and where the value sits in a `Row`.
///
/// `Corpus.fields` lists every field once, in the order a cache writes their columns. Appending a
/// transcript or another corpus, taking some sources as a corpus of their own, writing a cache,
/// reading it back and checking what was read, taking a parser's `CorpusColumns`, and making a
/// `Row` all follow that list (the per-row ones written out, tested against it). A new field is one entry there, plus its column in `Corpus`, its
/// property in `Row` and a line in each per-row path written out (below; a test fails until it has
/// one). Adding, removing or reordering an entry changes the cache's byte layout, so it
/// goes with a new `Corpus.serializationVersion` (old caches are then read again from their files,
/// never misread).
///
/// There are four kinds: `TimeField`, `NumberField`, `StringField` (interned) and `TextField`
/// (UTF-8 spans). Whole columns are reached through key paths (appending a corpus, slicing, the
/// cache: once per column, so the list costs nothing per row there). What runs once per row goes
/// through the small closures each entry gives instead, and the fields are classes so that walking
/// the list copies no key paths. Even so, a row made through the list costs about 1.5 times one
/// written out field by field, and appending a transcript's rows field by field about three times
/// one pass over them. So the three per-row paths are written out: `Corpus.row(at:)`,
/// `Corpus.append(_:)` (a transcript) and `CorpusColumns.rows(file:)`; the list's own walks
/// (`Corpus.rowThroughFields(at:)`, `Corpus.appendThroughFields(_:)`) stay the definition, and
/// `CorpusFieldsTests` checks that each written-out path equals them on rows that set, and leave
/// out, every field in the list (a new field without such rows fails there too).
protocol CorpusField: AnyObject, Sendable {
    /// The field's name, as a damaged cache's error names it.
    var name: String { get }
    /// Appends `rows`' values to `corpus` (which interns their strings). - Complexity: O(rows).
    func append(valuesOf rows: [Row], to corpus: inout Corpus)
    /// Appends `other`'s values to `corpus`; `strings` maps `other`'s string IDs to `corpus`'s.
    /// - Complexity: O(rows of `other`), one copy.
    func append(valuesOf other: Corpus, strings: [Int32], to corpus: inout Corpus)
    /// Sets the field in `part` to rows `rows` of `whole` (strings interned again in `part`): in
    /// place when `whole`'s column is mapped and needs no rebasing. - Complexity: O(rows).
    func copy(rows: Range<Int>, of whole: Corpus, into part: inout Corpus)
    /// Sets the field in `corpus` to `columns`' (taken without copying), or to none for each of
    /// its `rows` rows when parsers do not fill it. `corpus` has interned `columns.strings` in
    /// order, so string IDs carry over as they are.
    func take(from columns: CorpusColumns, rows: Int, into corpus: inout Corpus)
    /// Sets the field of `row` to row `index`'s value in `corpus`. - Complexity: O(1), plus the
    /// length of a text value.
    func show(row index: Int, of corpus: Corpus, in row: inout Row)
    /// Writes the field's columns, each as `BinaryWriter.write(column:)` writes one.
    func write(_ corpus: Corpus, to writer: inout BinaryWriter)
    /// Reads the field's columns, in `write`'s order, pointing into the reader's region.
    func read(into corpus: inout Corpus, from reader: inout RegionReader) throws(BinaryDecodingError)
    /// Checks what `row(at:)` and the matchers rely on, for a corpus of `rows` rows, as far as
    /// `checks` asks. - Complexity: O(rows), plus O(bytes) of text for `everything`; O(1) for `counts`.
    func check(_ corpus: Corpus, rows: Int, checks: Corpus.ReadChecks) throws(BinaryDecodingError)
}

extension Corpus {
    /// Every per-row field, in the order a cache writes their columns (cache layout version 4, after
    /// the sources and their meeting facts:
    /// text bytes and offsets, start, end, speaker, title, line, href, element, cue bytes, offsets
    /// and flags).
    static let fields: [any CorpusField] = [
        TextField(
            name: "text", bytes: \.textBytes, offsets: \.textOffsets,
            at: { $0.textBytes.string(ofRow: $1, offsets: $0.textOffsets) },
            parsed: (\CorpusColumns.textBytes, \CorpusColumns.textOffsets),
            get: { $0.text }, set: { $0.text = $1 ?? "" }),
        TimeField(
            name: "start", column: \.startTimes, at: { $0.startTimes[$1] }, parsed: \CorpusColumns.startTimes,
            get: { $0.start }, set: { $0.start = $1 }),
        TimeField(
            name: "end", column: \.endTimes, at: { $0.endTimes[$1] }, parsed: \CorpusColumns.endTimes,
            get: { $0.end }, set: { $0.end = $1 }),
        StringField(
            name: "speaker", column: \.speakerIDs, at: { $0.speakerIDs[$1] }, parsed: \CorpusColumns.speakerIDs,
            get: { $0.speaker }, set: { $0.speaker = $1 }),
        StringField(
            name: "title", column: \.titleIDs, at: { $0.titleIDs[$1] }, parsed: nil,
            get: { $0.title }, set: { $0.title = $1 }),
        NumberField(
            name: "line", column: \.lines, at: { $0.lines[$1] }, none: 0, parsed: \CorpusColumns.lines,
            get: { $0.locator.line }, set: { $0.locator.line = $1 }),
        StringField(
            name: "href", column: \.hrefIDs, at: { $0.hrefIDs[$1] }, parsed: nil,
            get: { $0.locator.href }, set: { $0.locator.href = $1 }),
        NumberField(
            name: "element", column: \.elements, at: { $0.elements[$1] }, none: -1, parsed: nil,
            get: { $0.locator.element }, set: { $0.locator.element = $1 }),
        TextField(
            name: "cue", bytes: \.cueBytes, offsets: \.cueOffsets,
            at: { $0.cueBytes.string(ofRow: $1, offsets: $0.cueOffsets) },
            parsed: (\CorpusColumns.cueBytes, \CorpusColumns.cueOffsets),
            present: (\.hasCue, { $0.hasCue[$1] }, \CorpusColumns.hasCue),
            get: { $0.locator.cue }, set: { $0.locator.cue = $1 }),
    ]
}

/// A field of one fixed-width integer per row, its meaning left to the kinds that use it: a
/// value, `none` (and anything below it) for no value.
class FixedWidthField<Element: FixedWidthInteger & BitwiseCopyable & Sendable>: @unchecked Sendable {
    // `@unchecked`: every stored property is an immutable `let` of a Sendable type.
    let name: String
    /// The corpus's column, `rowCount` values.
    let column: WritableKeyPath<Corpus, Column<Element>> & Sendable
    /// What a row without a value stores.
    let none: Element
    /// The same column in a parser's `CorpusColumns`, when parsers fill it (else every row of a
    /// parsed source stores `none`).
    let parsed: (KeyPath<CorpusColumns, [Element]> & Sendable)?

    init(
        name: String, column: WritableKeyPath<Corpus, Column<Element>> & Sendable, none: Element,
        parsed: (KeyPath<CorpusColumns, [Element]> & Sendable)?
    ) {
        self.name = name
        self.column = column
        self.none = none
        self.parsed = parsed
    }

    func appendStored(_ stored: [Element], to corpus: inout Corpus) {
        corpus[keyPath: column].append(contentsOf: stored)
    }

    func append(valuesOf other: Corpus, strings: [Int32], to corpus: inout Corpus) {
        corpus[keyPath: column].append(contentsOf: other[keyPath: column])
    }

    func copy(rows: Range<Int>, of whole: Corpus, into part: inout Corpus) {
        part[keyPath: column] = whole[keyPath: column].slice(rows)
    }

    func take(from columns: CorpusColumns, rows: Int, into corpus: inout Corpus) {
        corpus[keyPath: column] = Column(parsed.map { columns[keyPath: $0] } ?? Array(repeating: none, count: rows))
    }

    func write(_ corpus: Corpus, to writer: inout BinaryWriter) {
        writer.write(column: corpus[keyPath: column])
    }

    func read(into corpus: inout Corpus, from reader: inout RegionReader) throws(BinaryDecodingError) {
        corpus[keyPath: column] = try reader.readColumn(of: Element.self)
    }

    /// One value per row, none below `none` (`atLeastNone`) and none above `below` (the values
    /// only when `checks` is not `counts`).
    func check(
        _ corpus: Corpus, rows: Int, checks: Corpus.ReadChecks, atLeastNone: Bool, below: Element? = nil
    ) throws(BinaryDecodingError) {
        let values = corpus[keyPath: column]
        guard values.count == rows else { throw BinaryDecodingError("\(name): column length") }
        if case .counts = checks { return }
        let (low, high) = ColumnChecks.bounds(values, empty: (none, none))
        guard !atLeastNone || low >= none, below.map({ high < $0 }) ?? true else {
            throw BinaryDecodingError("\(name): values out of range")
        }
    }
}

/// A time per row, in milliseconds; -1 for none.
final class TimeField: FixedWidthField<Int64>, CorpusField, @unchecked Sendable {
    // Concrete closure types, not generic ones: a closure stored at a generic type is called
    // through a thunk that copies its `Row` or `Corpus` argument.
    /// Row `index`'s stored value, read directly.
    let at: @Sendable (Corpus, _ index: Int) -> Int64
    /// The value in a `Row`.
    let get: @Sendable (borrowing Row) -> Timestamp?
    let set: @Sendable (inout Row, Timestamp?) -> Void

    init(
        name: String, column: WritableKeyPath<Corpus, Column<Int64>> & Sendable, at: @escaping @Sendable (Corpus, Int) -> Int64,
        parsed: (KeyPath<CorpusColumns, [Int64]> & Sendable)?,
        get: @escaping @Sendable (borrowing Row) -> Timestamp?, set: @escaping @Sendable (inout Row, Timestamp?) -> Void
    ) {
        self.at = at
        self.get = get
        self.set = set
        super.init(name: name, column: column, none: -1, parsed: parsed)
    }

    func append(valuesOf rows: [Row], to corpus: inout Corpus) {
        appendStored(rows.borrowingMap { get($0)?.milliseconds ?? none }, to: &corpus)
    }

    func show(row index: Int, of corpus: Corpus, in row: inout Row) {
        let stored = at(corpus, index)
        set(&row, stored > none ? Timestamp(milliseconds: stored) : nil)
    }

    func check(_ corpus: Corpus, rows: Int, checks: Corpus.ReadChecks) throws(BinaryDecodingError) {
        try check(corpus, rows: rows, checks: checks, atLeastNone: true)
    }
}

/// A whole number per row; `none` and anything below it stand for no value (any stored value reads
/// back as a number or as none, so only the count is checked).
final class NumberField: FixedWidthField<Int32>, CorpusField, @unchecked Sendable {
    /// Row `index`'s stored value, read directly.
    let at: @Sendable (Corpus, _ index: Int) -> Int32
    /// The value in a `Row`.
    let get: @Sendable (borrowing Row) -> Int?
    let set: @Sendable (inout Row, Int?) -> Void

    init(
        name: String, column: WritableKeyPath<Corpus, Column<Int32>> & Sendable, at: @escaping @Sendable (Corpus, Int) -> Int32,
        none: Int32, parsed: (KeyPath<CorpusColumns, [Int32]> & Sendable)?,
        get: @escaping @Sendable (borrowing Row) -> Int?, set: @escaping @Sendable (inout Row, Int?) -> Void
    ) {
        self.at = at
        self.get = get
        self.set = set
        super.init(name: name, column: column, none: none, parsed: parsed)
    }

    func append(valuesOf rows: [Row], to corpus: inout Corpus) {
        appendStored(rows.borrowingMap { get($0).map { Int32(clamping: $0) } ?? none }, to: &corpus)
    }

    func show(row index: Int, of corpus: Corpus, in row: inout Row) {
        let stored = at(corpus, index)
        set(&row, stored > none ? Int(stored) : nil)
    }

    func check(_ corpus: Corpus, rows: Int, checks: Corpus.ReadChecks) throws(BinaryDecodingError) {
        try check(corpus, rows: rows, checks: checks, atLeastNone: false)
    }
}

/// An index into the corpus's interned `strings` per row; -1 for none.
final class StringField: FixedWidthField<Int32>, CorpusField, @unchecked Sendable {
    /// Row `index`'s stored value, read directly.
    let at: @Sendable (Corpus, _ index: Int) -> Int32
    /// The value in a `Row`.
    let get: @Sendable (borrowing Row) -> String?
    let set: @Sendable (inout Row, String?) -> Void

    init(
        name: String, column: WritableKeyPath<Corpus, Column<Int32>> & Sendable, at: @escaping @Sendable (Corpus, Int) -> Int32,
        parsed: (KeyPath<CorpusColumns, [Int32]> & Sendable)?,
        get: @escaping @Sendable (borrowing Row) -> String?, set: @escaping @Sendable (inout Row, String?) -> Void
    ) {
        self.at = at
        self.get = get
        self.set = set
        super.init(name: name, column: column, none: -1, parsed: parsed)
    }

    func append(valuesOf rows: [Row], to corpus: inout Corpus) {
        appendStored(rows.borrowingMap { corpus.intern(get($0)) }, to: &corpus)
    }

    override func append(valuesOf other: Corpus, strings: [Int32], to corpus: inout Corpus) {
        corpus[keyPath: column].append(contentsOf: other[keyPath: column].map { $0 >= 0 ? strings[Int($0)] : -1 })
    }

    override func copy(rows: Range<Int>, of whole: Corpus, into part: inout Corpus) {
        part[keyPath: column] = Column(whole[keyPath: column][rows].map { $0 >= 0 ? part.intern(whole.strings[Int($0)]) : -1 })
    }

    func show(row index: Int, of corpus: Corpus, in row: inout Row) {
        let stored = at(corpus, index)
        set(&row, stored > none ? corpus.strings[Int(stored)] : nil)
    }

    func check(_ corpus: Corpus, rows: Int, checks: Corpus.ReadChecks) throws(BinaryDecodingError) {
        try check(corpus, rows: rows, checks: checks, atLeastNone: true, below: Int32(corpus.strings.count))
    }
}

/// UTF-8 text per row, back to back in one byte column; row `i`'s value is
/// `bytes[offsets[i]..<offsets[i + 1]]` (`offsets` has `rowCount + 1` entries, from 0). With
/// `present`, a flag column holds 1 for a row that has a value (even an empty one) and 0 for none;
/// without, every row has one.
final class TextField: CorpusField, @unchecked Sendable {
    // `@unchecked`: every stored property is an immutable `let` of a Sendable type.
    let name: String
    let bytes: WritableKeyPath<Corpus, Column<UInt8>> & Sendable
    let offsets: WritableKeyPath<Corpus, Column<Int>> & Sendable
    /// Row `index`'s value, read directly (`Column.string(ofRow:offsets:)`).
    let at: @Sendable (Corpus, _ index: Int) -> String
    /// The same two columns in a parser's `CorpusColumns`.
    let parsed: (bytes: KeyPath<CorpusColumns, [UInt8]> & Sendable, offsets: KeyPath<CorpusColumns, [Int]> & Sendable)
    /// The flags' column (and in a parser's `CorpusColumns`), and row `index`'s flag read directly.
    let present: FixedWidthField<UInt8>?
    let presentAt: (@Sendable (Corpus, _ index: Int) -> UInt8)?
    /// The value in a `Row`.
    let get: @Sendable (borrowing Row) -> String?
    let set: @Sendable (inout Row, String?) -> Void

    init(
        name: String, bytes: WritableKeyPath<Corpus, Column<UInt8>> & Sendable, offsets: WritableKeyPath<Corpus, Column<Int>> & Sendable,
        at: @escaping @Sendable (Corpus, Int) -> String,
        parsed: (bytes: KeyPath<CorpusColumns, [UInt8]> & Sendable, offsets: KeyPath<CorpusColumns, [Int]> & Sendable),
        present: (
            column: WritableKeyPath<Corpus, Column<UInt8>> & Sendable, at: @Sendable (Corpus, Int) -> UInt8,
            parsed: KeyPath<CorpusColumns, [UInt8]> & Sendable
        )? = nil,
        get: @escaping @Sendable (borrowing Row) -> String?, set: @escaping @Sendable (inout Row, String?) -> Void
    ) {
        self.name = name
        self.bytes = bytes
        self.offsets = offsets
        self.at = at
        self.parsed = parsed
        self.present = present.map { FixedWidthField(name: name + " flags", column: $0.column, none: 0, parsed: $0.parsed) }
        self.presentAt = present?.at
        self.get = get
        self.set = set
    }

    func append(valuesOf rows: [Row], to corpus: inout Corpus) {
        var added: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(rows.count)
        let base = corpus[keyPath: bytes].count
        rows.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                if let value = get(rows[index]) { added.append(contentsOf: value.utf8) }
                ends.append(base + added.count)
            }
        }
        corpus[keyPath: bytes].append(contentsOf: added)
        corpus[keyPath: offsets].append(contentsOf: ends)
        present?.appendStored(rows.borrowingMap { get($0) == nil ? 0 : 1 }, to: &corpus)
    }

    func append(valuesOf other: Corpus, strings: [Int32], to corpus: inout Corpus) {
        let base = corpus[keyPath: bytes].count
        corpus[keyPath: bytes].append(contentsOf: other[keyPath: bytes])
        corpus[keyPath: offsets].append(contentsOf: other[keyPath: offsets].dropFirst().map { $0 + base })
        present?.append(valuesOf: other, strings: strings, to: &corpus)
    }

    func copy(rows: Range<Int>, of whole: Corpus, into part: inout Corpus) {
        let wholeOffsets = whole[keyPath: offsets]
        let cut = wholeOffsets[rows.lowerBound]..<wholeOffsets[rows.upperBound]
        part[keyPath: bytes] = whole[keyPath: bytes].slice(cut)
        part[keyPath: offsets] = Column(wholeOffsets[rows.lowerBound...rows.upperBound].map { $0 - cut.lowerBound })
        present?.copy(rows: rows, of: whole, into: &part)
    }

    func take(from columns: CorpusColumns, rows: Int, into corpus: inout Corpus) {
        corpus[keyPath: bytes] = Column(columns[keyPath: parsed.bytes])
        corpus[keyPath: offsets] = Column(columns[keyPath: parsed.offsets])
        present?.take(from: columns, rows: rows, into: &corpus)
    }

    func show(row index: Int, of corpus: Corpus, in row: inout Row) {
        if let presentAt, presentAt(corpus, index) == 0 {
            set(&row, nil)
        } else {
            set(&row, at(corpus, index))
        }
    }

    func write(_ corpus: Corpus, to writer: inout BinaryWriter) {
        writer.write(column: corpus[keyPath: bytes])
        writer.write(column: corpus[keyPath: offsets])
        present?.write(corpus, to: &writer)
    }

    func read(into corpus: inout Corpus, from reader: inout RegionReader) throws(BinaryDecodingError) {
        corpus[keyPath: bytes] = try reader.readColumn(of: UInt8.self)
        corpus[keyPath: offsets] = try reader.readColumn(of: Int.self)
        try present?.read(into: &corpus, from: &reader)
    }

    /// Offsets: `rows + 1` of them, ascending from 0 to the end of the bytes; text (when `text`):
    /// spans of valid UTF-8 that start on a character's first byte (for `everything`); flags: 0
    /// or 1. With `counts`, only the counts and the offsets' first and last values.
    func check(_ corpus: Corpus, rows: Int, checks: Corpus.ReadChecks) throws(BinaryDecodingError) {
        let bytes = corpus[keyPath: bytes]
        let offsets = corpus[keyPath: offsets]
        let ascending: Bool
        if case .counts = checks { ascending = true } else { ascending = ColumnChecks.isAscending(offsets, upTo: bytes.count) }
        guard offsets.count == rows + 1, offsets.first == 0, offsets.last == bytes.count, ascending else {
            throw BinaryDecodingError("\(name): offsets")
        }
        if case .everything = checks, !ColumnChecks.isAscendingUTF8(bytes, offsets: offsets) { throw BinaryDecodingError("\(name): UTF-8") }
        try present?.check(corpus, rows: rows, checks: checks, atLeastNone: true, below: 2)
    }
}

extension [Row] {
    /// `map`, each row lent to `transform` in place rather than copied out of the array (a copy
    /// retains and releases every string of the row).
    @inline(__always)
    func borrowingMap<T>(_ transform: (Row) -> T) -> [T] {
        withUnsafeBufferPointer { rows in
            var out: [T] = []
            out.reserveCapacity(rows.count)
            for index in rows.indices { out.append(transform(rows[index])) }
            return out
        }
    }
}

/// The checks a column read from a cache must pass, each one vectorizable pass.
enum ColumnChecks {
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

    /// Whether `offsets` ascend from 0 and stay within `count` (counting the steps down rather than
    /// stopping at the first, so the loop vectorizes).
    static func isAscending(_ offsets: Column<Int>, upTo count: Int) -> Bool {
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
    static func isAscendingUTF8(_ bytes: Column<UInt8>, offsets: Column<Int>) -> Bool {
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
