// The model's per-row paths on a million rows, built together with Sources/TranscriptModel as one
// module (so it builds against any commit's model): see run.sh.

// Everything inside one function: a global here would be visible to (and shadow names in) the model.
func benchmark() {
    let rowCount = 1_000_000
    let speakers = ["Alice", "Bob", "Chandra", "Dmitri", "Eve", "Farah", "Goro", "Hana"]
    let words = ["budget", "meeting", "the", "review", "quarter", "café", "会议", "plan", "and", "next", "week", "we"]

    // Rows as a parser of a timed format makes them: text, times, speaker, line and cue; every tenth
    // row has a section title, every seventh a book's document and element.
    var rows: [Row] = []
    rows.reserveCapacity(rowCount)
    var seed: UInt64 = 42
    func next() -> Int {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Int(truncatingIfNeeded: seed >> 33)
    }
    for index in 0..<rowCount {
        let text = (0..<(6 + next() % 8)).map { _ in words[next() % words.count] }.joined(separator: " ")
        rows.append(Row(
            id: RowID(source: 0, index: index), text: text,
            start: Timestamp(milliseconds: Int64(index) * 2_000), end: Timestamp(milliseconds: Int64(index) * 2_000 + 1_500),
            speaker: speakers[next() % speakers.count], title: index % 10 == 0 ? "Part \(index / 100_000)" : nil,
            locator: Locator(file: "bench.srt", line: index * 4 + 1, cue: String(index + 1),
                             href: index % 7 == 0 ? "OEBPS/ch\(index % 3).xhtml" : nil, element: index % 7 == 0 ? index % 50 : nil)
        ))
    }
    let transcript = Transcript(source: SourceInfo(path: "bench.srt", format: "srt", encoding: "UTF-8"), rows: rows)

    func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// The best of `runs` timings of `body`, in seconds.
    func best(_ runs: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let clock = ContinuousClock()
            let start = clock.now
            body()
            times.append(seconds(clock.now - start))
        }
        return times.min() ?? 0
    }

    var corpus = Corpus()
    let append = best(5) { corpus = Corpus([transcript]) }
    var checksum = 0
    let rowView = best(5) {
        for index in 0..<corpus.rowCount {
            let row = corpus.row(at: index)
            checksum &+= row.text.utf8.count &+ (row.locator.cue?.utf8.count ?? 0) &+ (row.locator.line ?? 0)
        }
    }
    var bytes: [UInt8] = []
    let write = best(5) { bytes = corpus.serialized() }
    var read = Corpus()
    let readBack = best(5) { read = (try? Corpus(serialized: bytes)) ?? Corpus() }
    precondition(read.rowCount == rowCount, "the cache reads back")

    func format(_ value: Double) -> String { "\(Int((value * 1000).rounded())) ms" }
    print("rows \(rowCount), text \(corpus.textByteCount) bytes, cache \(bytes.count) bytes (checksum \(checksum % 1000))")
    print("Corpus([transcript])   \(format(append))")
    print("row(at:) every row     \(format(rowView))")
    print("serialized()           \(format(write))")
    print("Corpus(serialized:)    \(format(readBack))")
}

benchmark()
