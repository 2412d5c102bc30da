import Testing
@testable import TranscriptModel

/// Corpora appended after a mapped or big one are kept as parts, read in place: every way of
/// reading rows gives what the same rows copied into one corpus give.
struct CorpusPartTests {
    /// `rows` rows of `path`, each with a time, a speaker from `speakers` (or none), a section
    /// title on some, and a cue.
    static func transcript(_ path: String, rows: Int, speakers: [String?]) -> Transcript {
        Transcript(
            source: SourceInfo(path: path, format: "srt", encoding: "UTF-8"),
            rows: (0..<rows).map { index in
                Row(id: RowID(source: 0, index: index), text: "\(path) row \(index) café budget",
                    start: Timestamp(milliseconds: Int64(index * 1000)), end: index % 3 == 0 ? nil : Timestamp(milliseconds: Int64(index * 1000 + 500)),
                    speaker: speakers[index % speakers.count], title: index % 4 == 0 ? "Part \(path)" : nil,
                    locator: Locator(file: path, line: index * 4 + 1, cue: index % 5 == 0 ? nil : String(index + 1)))
            }
        )
    }

    static let transcripts = [
        transcript("a.srt", rows: 40, speakers: ["Alice", nil, "Bob"]),
        transcript("b.srt", rows: 7, speakers: ["Carol"]),
        transcript("c.srt", rows: 30, speakers: ["Bob", "Dan"]),
        transcript("d.srt", rows: 0, speakers: [nil]),
        transcript("e.srt", rows: 12, speakers: ["Alice", "Erin"]),
    ]

    /// The transcripts appended one by one, the first and third mapped (read from their serialized
    /// bytes, as a cache is), the others held.
    static func inParts() throws -> Corpus {
        var corpus = Corpus()
        for (index, transcript) in transcripts.enumerated() {
            let rows = Corpus([transcript])
            corpus.append(contentsOf: index == 0 || index == 2 ? try Corpus(serialized: rows.serialized()) : rows)
        }
        return corpus
    }

    /// Every row, field and number of `corpus` is `expected`'s.
    static func expectSameRows(_ corpus: Corpus, _ expected: Corpus) {
        #expect(corpus.rowCount == expected.rowCount)
        #expect(corpus.textByteCount == expected.textByteCount)
        #expect(corpus.sources.map(\.path) == expected.sources.map(\.path))
        for index in 0..<expected.rowCount {
            #expect(corpus.row(at: index) == expected.row(at: index))
            #expect(corpus.rowThroughFields(at: index) == expected.row(at: index))
            #expect(corpus.text(ofRow: index) == expected.text(ofRow: index))
            #expect(corpus.withTextBytes(ofRow: index) { Array($0) } == expected.withTextBytes(ofRow: index) { Array($0) })
            #expect(corpus.speaker(ofRow: index) == expected.speaker(ofRow: index))
            #expect(corpus.title(ofRow: index) == expected.title(ofRow: index))
            #expect(corpus.milliseconds(ofRow: index) == expected.milliseconds(ofRow: index))
            #expect(corpus.id(ofRow: index) == expected.id(ofRow: index))
            // Numbers name the same strings, so a filter decided once per name holds.
            let speaker = corpus.speakerNumber(ofRow: index)
            #expect((speaker >= 0 ? corpus.internedStrings[Int(speaker)] : nil) == expected.speaker(ofRow: index))
            let title = corpus.titleNumber(ofRow: index)
            #expect((title >= 0 ? corpus.internedStrings[Int(title)] : nil) == expected.title(ofRow: index))
        }
        let buffer = corpus.withTextBuffer { bytes, offsets in (Array(bytes), Array(offsets)) }
        let expectedBuffer = expected.withTextBuffer { bytes, offsets in (Array(bytes), Array(offsets)) }
        #expect(buffer.0 == expectedBuffer.0 && buffer.1 == expectedBuffer.1)
        #expect(corpus.withStartMilliseconds(Array.init) == expected.withStartMilliseconds(Array.init))
    }

    @Test func mappedCorporaAppendedStayInPlaceAndReadAsTheRowsCopied() throws {
        let corpus = try Self.inParts()
        // a (mapped), b (held, after a mapped part: apart), c (mapped), d and e (held, small:
        // copied into one part after c).
        #expect(corpus.isInParts && corpus.textPartCount == 4)
        #expect((0..<4).map(corpus.firstRow(ofTextPart:)) == [0, 40, 47, 77])
        Self.expectSameRows(corpus, Corpus(Self.transcripts))
        // Each part's buffer is that part's rows, in place.
        corpus.withTextBuffer(ofPart: 2) { bytes, offsets in
            #expect(offsets.count == 31)
            #expect(String(decoding: UnsafeBufferPointer(rebasing: bytes[offsets[0]..<offsets[1]]), as: UTF8.self) == "c.srt row 0 café budget")
        }
    }

    @Test func sourcesTakenWrittenAndAppendedAgainReadTheSame() throws {
        let corpus = try Self.inParts()
        let copied = Corpus(Self.transcripts)
        for range in [0..<1, 1..<2, 2..<3, 1..<4, 2..<5, 3..<5, 0..<5] {
            Self.expectSameRows(corpus.sources(range), copied.sources(range))
        }
        Self.expectSameRows(try Corpus(serialized: corpus.serialized()), copied)
        var twice = corpus
        twice.append(contentsOf: corpus)
        var copiedTwice = copied
        copiedTwice.append(contentsOf: copied)
        Self.expectSameRows(twice, copiedTwice)
        var more = corpus
        more.append(Self.transcript("f.srt", rows: 3, speakers: ["Finn"]))
        Self.expectSameRows(more, Corpus(Self.transcripts + [Self.transcript("f.srt", rows: 3, speakers: ["Finn"])]))
    }

    @Test func aPathSetOnTheWholeIsWhatItsRowsShow() throws {
        var corpus = try Self.inParts()
        corpus.setPath("renamed.srt", ofSource: 2)
        #expect(corpus.row(at: 50).locator.file == "renamed.srt")
        #expect(corpus.sources(2..<3).row(at: 0).locator.file == "renamed.srt")
        #expect(corpus.sources(1..<3).sources.map(\.path) == ["b.srt", "renamed.srt"])
    }
}
