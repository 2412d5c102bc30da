import Testing
@testable import TranscriptModel

struct CorpusTests {
    static func transcript(_ path: String, _ texts: [String]) -> Transcript {
        Transcript(
            source: SourceInfo(path: path, format: "srt", encoding: "UTF-8"),
            rows: texts.enumerated().map { index, text in
                Row(id: RowID(source: 9, index: index), text: text,
                    start: Timestamp(milliseconds: Int64(index * 1000)), end: nil,
                    speaker: index == 0 ? "Alice" : nil, title: nil,
                    locator: Locator(file: path, line: index * 4 + 1, cue: String(index + 1)))
            }
        )
    }

    @Test func rowsAreNumberedAcrossSourcesInLoadOrderWithDeterministicIDs() {
        let corpus = Corpus([Self.transcript("a.srt", ["one", "two"]), Self.transcript("b.srt", ["three"])])
        #expect(corpus.rowCount == 3)
        #expect(corpus.rows(ofSource: 0) == 0..<2)
        #expect(corpus.rows(ofSource: 1) == 2..<3)
        #expect(corpus.id(ofRow: 2) == RowID(source: 1, index: 0))
        #expect(corpus.rowIndex(of: RowID(source: 1, index: 0)) == 2)
        #expect(corpus.rowIndex(of: RowID(source: 1, index: 1)) == nil)
        #expect(corpus.rowIndex(of: RowID(source: 5, index: 0)) == nil)
        let row = corpus.row(at: 0)
        #expect(row.id == RowID(source: 0, index: 0))
        #expect(row.text == "one")
        #expect(row.speaker == "Alice")
        #expect(row.start == Timestamp(milliseconds: 0))
        #expect(row.end == nil)
        #expect(row.locator == Locator(file: "a.srt", line: 1, cue: "1"))
        #expect(corpus.row(at: 1).speaker == nil)
        // The same files loaded again give the same IDs.
        let again = Corpus([Self.transcript("a.srt", ["one", "two"]), Self.transcript("b.srt", ["three"])])
        #expect((0..<3).map(again.id(ofRow:)) == (0..<3).map(corpus.id(ofRow:)))
    }

    @Test func textIsOneContiguousBufferOfUTF8() {
        let corpus = Corpus([Self.transcript("a.srt", ["café", "", "👍🏽"])])
        #expect(corpus.textByteCount == "café".utf8.count + "👍🏽".utf8.count)
        #expect(corpus.text(ofRow: 2) == "👍🏽")
        #expect(corpus.withTextBytes(ofRow: 0) { Array($0) } == Array("café".utf8))
    }

    @Test func sourceWithoutRowsKeepsNumberingStraight() {
        let corpus = Corpus([Self.transcript("a.srt", []), Self.transcript("b.srt", ["x"])])
        #expect(corpus.rows(ofSource: 0).isEmpty)
        #expect(corpus.source(ofRow: 0) == 1)
    }

    @Test func rowIDWireForm() {
        #expect(RowID(source: 2, index: 17).description == "2:17")
        #expect(RowID("2:17") == RowID(source: 2, index: 17))
        #expect(RowID("2:") == nil)
        #expect(RowID("-1:3") == nil)
    }

    @Test(arguments: [
        (0, "00:00:00.000", "00:00"), (392_500, "00:06:32.500", "06:32"),
        (3_723_004, "01:02:03.004", "1:02:03"), (444_600_000, "123:30:00.000", "123:30:00"),
    ])
    func timestampFormats(_ milliseconds: Int64, _ long: String, _ short: String) {
        let time = Timestamp(milliseconds: milliseconds)
        #expect(time.formatted == long)
        #expect(time.shortFormatted == short)
    }

    @Test func timestampFromSeconds() {
        #expect(Timestamp(seconds: 1.2345)?.milliseconds == 1235)
        #expect(Timestamp(seconds: -1) == nil)
        #expect(Timestamp(seconds: .nan) == nil)
        #expect(Timestamp(seconds: .infinity) == nil)
    }

    /// Joining the halves of a big file moves the second half's rows after the first's (speakers
    /// interned again, offsets shifted) and leaves the second half empty, its memory given back.
    @Test func columnsAppendedByEmptyingTheOtherHalf() {
        func half(_ words: [String], speakers: [String?], from line: Int) -> CorpusColumns {
            var columns = CorpusColumns()
            for (index, word) in words.enumerated() {
                columns.textBytes.append(contentsOf: word.utf8)
                let speaker = speakers[index].map { columns.intern($0) } ?? -1
                let cue = Array("\(line + index)".utf8)
                cue.withUnsafeBytes {
                    columns.endRow(start: Int64(index * 1000), end: -1, speaker: speaker, line: line + index, cue: index % 2 == 0 ? $0 : nil)
                }
            }
            return columns
        }
        var first = half(["alpha", "beta"], speakers: ["Bob", nil], from: 1)
        var second = half(["gamma", "delta", "épsilon"], speakers: ["Ann", "Bob", nil], from: 10)
        let expected = first.rows(file: "f").map(\.text) + second.rows(file: "f").map(\.text)
        let expectedSpeakers = first.rows(file: "f").map(\.speaker) + second.rows(file: "f").map(\.speaker)
        let expectedCues = first.rows(file: "f").map(\.locator.cue) + second.rows(file: "f").map(\.locator.cue)
        first.append(emptying: &second)
        let rows = first.rows(file: "f")
        #expect(rows.map(\.text) == expected)
        #expect(rows.map(\.speaker) == expectedSpeakers)
        #expect(rows.map(\.locator.cue) == expectedCues)
        #expect(rows.map(\.locator.line) == [1, 2, 10, 11, 12])
        #expect(first.strings == ["Bob", "Ann"])
        #expect(second.rowCount == 0 && second.textBytes.isEmpty && second.startTimes.isEmpty && second.strings.isEmpty)
    }

    /// A column appended to another in one copy, from an array or from mapped bytes.
    @Test func aColumnAppendsAnotherInOneCopy() {
        var column: Column<Int64> = [1, 2]
        column.append(contentsOf: Column<Int64>([3, 4, 5]))
        #expect(Array(column) == [1, 2, 3, 4, 5])
        var values: [Int64] = [6, 7]
        let region = values.withUnsafeBytes { ByteRegion(copying: Array($0)) }
        column.append(contentsOf: Column<Int64>(region: region, offset: 0, count: 2))
        values = []
        #expect(Array(column) == [1, 2, 3, 4, 5, 6, 7])
        var mapped = Column<Int64>(region: region, offset: 8, count: 1)
        mapped.append(contentsOf: column)
        #expect(Array(mapped) == [7, 1, 2, 3, 4, 5, 6, 7])
    }

    /// Some sources as a corpus of their own: the same rows (text, times, speakers, lines, cues,
    /// books' hrefs) numbered from 0, with only the strings they use, from an array corpus and from
    /// one mapped from its serialized bytes; a copy when appended to another corpus.
    @Test func sourcesAsACorpusOfTheirOwn() throws {
        var transcripts: [Transcript] = []
        for number in 0..<6 {
            var transcript = Self.transcript("f\(number).srt", (0..<(number % 3 + 1)).map { "row \($0) of \(number) café" })
            transcript.rows = transcript.rows.map { row in
                var row = row
                row.speaker = number % 2 == 0 ? "Speaker \(number)" : nil
                row.title = number == 4 ? "Chapter" : nil
                row.locator.href = number == 5 ? "ch5.xhtml" : nil
                row.locator.element = number == 5 ? 7 : nil
                row.locator.cue = number == 3 ? nil : row.locator.cue
                return row
            }
            transcripts.append(transcript)
        }
        let whole = Corpus(transcripts)
        let mapped = try Corpus(serialized: whole.serialized())
        for corpus in [whole, mapped] {
            for range in [0..<6, 0..<1, 2..<5, 3..<4, 5..<6, 4..<4] {
                let part = corpus.sources(range)
                let expected = Corpus(Array(transcripts[range]))
                #expect(part.sources == expected.sources)
                #expect(part.rowCount == expected.rowCount)
                #expect((0..<part.rowCount).map(part.row(at:)) == (0..<expected.rowCount).map(expected.row(at:)))
                #expect(Set(part.strings) == Set(expected.strings), "only the strings its rows use")
                var appended = Corpus([Self.transcript("first.srt", ["x"])])
                appended.append(contentsOf: part)
                #expect((1..<appended.rowCount).map { appended.row(at: $0).text } == (0..<part.rowCount).map { part.row(at: $0).text })
            }
        }
    }
}
