import Dispatch

/// The rows of one source as columns, built row by row from bytes: what a parser that reads a file's
/// UTF-8 in place fills (no `String` per row), and what becomes a `Corpus` without another copy.
///
/// Rows carry no title, book document or element (the timed formats have none). Speakers are
/// interned (`intern`). A row's text and cue identifier must be valid UTF-8 and hold whole
/// characters' bytes: the parser guarantees it (they are cut from validated UTF-8 at ASCII bytes).
package struct CorpusColumns: Sendable {
    /// All row texts, back to back: a parser appends a row's text here, then calls `endRow`.
    package var textBytes: [UInt8] = []
    /// Row `i`'s text is `textBytes[textOffsets[i]..<textOffsets[i + 1]]`.
    package var textOffsets: [Int] = [0]
    /// Milliseconds, or -1 for "no time".
    package var startTimes: [Int64] = []
    /// Milliseconds, or -1 for "no time".
    package var endTimes: [Int64] = []
    /// Indices into `strings`, or -1.
    package var speakerIDs: [Int32] = []
    /// 1-based source line, or 0.
    package var lines: [Int32] = []
    /// Cue identifiers back to back (UTF-8); row `i`'s is `cueBytes[cueOffsets[i]..<cueOffsets[i + 1]]`.
    package var cueBytes: [UInt8] = []
    /// `rowCount + 1` entries, from 0.
    package var cueOffsets: [Int] = [0]
    /// 1 when the row has a cue identifier (even an empty one), else 0.
    package var hasCue: [UInt8] = []
    /// The interned speakers, in the order first met.
    package private(set) var strings: [String] = []
    private var stringIDs: [String: Int32] = [:]

    /// No rows yet.
    package init() {}

    /// Room for about `rows` rows and `textBytes` bytes of text. Capacity nobody writes costs
    /// address space, not memory, so a generous guess (the file's size) is fine.
    package mutating func reserve(rows: Int, textBytes bytes: Int) {
        textBytes.reserveCapacity(bytes)
        textOffsets.reserveCapacity(rows + 1)
        cueOffsets.reserveCapacity(rows + 1)
        startTimes.reserveCapacity(rows)
        endTimes.reserveCapacity(rows)
        speakerIDs.reserveCapacity(rows)
        lines.reserveCapacity(rows)
        hasCue.reserveCapacity(rows)
        HugePages.advise(&textBytes)
        HugePages.advise(&textOffsets)
        HugePages.advise(&cueOffsets)
        HugePages.advise(&startTimes)
        HugePages.advise(&endTimes)
    }

    /// The number of rows ended so far.
    package var rowCount: Int { textOffsets.count - 1 }

    /// Appends a row whose text was already appended to `textBytes` (ending the row there).
    package mutating func endRow(start: Int64, end: Int64, speaker: Int32, line: Int, cue: UnsafeRawBufferPointer?) {
        textOffsets.append(textBytes.count)
        startTimes.append(start)
        endTimes.append(end)
        speakerIDs.append(speaker)
        lines.append(Int32(clamping: line))
        if let cue {
            cueBytes.append(contentsOf: cue)
            hasCue.append(1)
        } else {
            hasCue.append(0)
        }
        cueOffsets.append(cueBytes.count)
    }

    /// The ID of `string` in `strings`, adding it when new.
    package mutating func intern(_ string: String) -> Int32 {
        if let id = stringIDs[string] { return id }
        let id = Int32(strings.count)
        strings.append(string)
        stringIDs[string] = id
        return id
    }

    /// Sets every row's speaker: row `i` gets `names[ids[i]]` (none for -1), interned again in row
    /// order.
    package mutating func replaceSpeakers(_ ids: [Int32], names: [String]) {
        strings = []
        stringIDs = [:]
        var interned = [Int32](repeating: -2, count: names.count)
        speakerIDs = ids.map { id in
            guard id >= 0 else { return -1 }
            if interned[Int(id)] == -2 { interned[Int(id)] = intern(names[Int(id)]) }
            return interned[Int(id)]
        }
    }

    /// Moves `other`'s rows after these (its line numbers as they are), leaving it empty. The text
    /// is copied on another thread while this one copies the other columns, each of `other`'s
    /// given back as soon as it is copied: joining two halves of a big file never holds a second
    /// copy of more than the text.
    package mutating func append(emptying other: inout CorpusColumns) {
        let textBase = textBytes.count
        let cueBase = cueBytes.count
        let text = TextBox(textBytes)
        let otherText = TextBox(other.textBytes)
        textBytes = []
        other.textBytes = []
        let copied = DispatchGroup()
        DispatchQueue.global().async(group: copied) {
            text.bytes.append(contentsOf: otherText.bytes)
            otherText.bytes = []
        }
        defer {
            copied.wait()
            textBytes = text.bytes
        }
        textOffsets.append(contentsOf: other.textOffsets.dropFirst().lazy.map { $0 + textBase })
        other.textOffsets = [0]
        startTimes.append(contentsOf: other.startTimes)
        other.startTimes = []
        endTimes.append(contentsOf: other.endTimes)
        other.endTimes = []
        let map = other.strings.map { intern($0) }
        speakerIDs.append(contentsOf: other.speakerIDs.lazy.map { $0 >= 0 ? map[Int($0)] : -1 })
        other.speakerIDs = []
        lines.append(contentsOf: other.lines)
        other.lines = []
        cueBytes.append(contentsOf: other.cueBytes)
        other.cueBytes = []
        cueOffsets.append(contentsOf: other.cueOffsets.dropFirst().lazy.map { $0 + cueBase })
        other.cueOffsets = [0]
        hasCue.append(contentsOf: other.hasCue)
        other = CorpusColumns()
    }

    /// Row `index`'s text.
    package func text(ofRow index: Int) -> String {
        String(decoding: textBytes[textOffsets[index]..<textOffsets[index + 1]], as: UTF8.self)
    }

    /// The rows as `Row`s of source 0 in `file` (for callers that want rows, not a corpus). Written
    /// out field by field rather than through `Corpus.fields`: it runs once per row of every file
    /// the library loads as rows, and walking the list per row costs half as much again.
    package func rows(file: String) -> [Row] {
        (0..<rowCount).map { index in
            Row(
                id: RowID(source: 0, index: index), text: text(ofRow: index),
                start: startTimes[index] >= 0 ? Timestamp(milliseconds: startTimes[index]) : nil,
                end: endTimes[index] >= 0 ? Timestamp(milliseconds: endTimes[index]) : nil,
                speaker: speakerIDs[index] >= 0 ? strings[Int(speakerIDs[index])] : nil,
                locator: Locator(
                    file: file, line: lines[index] > 0 ? Int(lines[index]) : nil,
                    cue: hasCue[index] != 0
                        ? String(decoding: cueBytes[cueOffsets[index]..<cueOffsets[index + 1]], as: UTF8.self) : nil
                )
            )
        }
    }
}

/// A text column handed to the thread that copies into it (alone, until it is handed back).
private final class TextBox: @unchecked Sendable {
    var bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}

extension Corpus {
    /// A corpus of one source whose rows are `columns`, taken without copying the text. A field
    /// that parsers do not fill (`Corpus.fields`) is none on every row.
    package init(source: SourceInfo, columns: CorpusColumns) {
        self.init()
        sources = [source]
        sourceFirstRow = [0, columns.rowCount]
        for string in columns.strings { _ = intern(string) }
        for field in Self.fields { field.take(from: columns, rows: columns.rowCount, into: &self) }
    }
}
