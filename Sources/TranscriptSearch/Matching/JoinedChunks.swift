import TranscriptModel

/// A matcher whose hits have a known greatest length where the text is plain ASCII: what lets a
/// search across rows cut a transcript's joined text into chunks searched apart (`JoinedChunks`).
protocol HitLengthBounded: Matcher {
    /// The most UTF-8 bytes a hit can take up in a stretch of text whose characters are each one
    /// ASCII byte (where every text character is one byte and folds to one character).
    var longestASCIIHit: Int { get }
}

/// The transcripts' rows joined as a search across rows reads them (each row's text, one space
/// between two rows of one transcript: `JoinedRows`), cut into chunks that are searched apart, in
/// pieces on every core, and whose hits together are exactly the hits of each whole joined text.
///
/// ```
///  transcript  |row 0|␠|row 1|␠|row 2|␠|row 3|␠|row 4|␠|row 5|
///  chunk 0     |row 0|␠|row 1|␠|row 2|␠|row 3|       owns rows 0–1 and the space after row 1;
///                              ^^^^^^^^^^^^^^        reads rows 2–3 too (the overlap), so a hit
///                                                    that starts in row 1 and runs on is whole
///  chunk 1                     |row 2|␠|row 3|␠|row 4|␠|row 5|   owns rows 2–5 (the last chunk)
///  hits        chunk 0's hits that start in its own bytes, then chunk 1's, …
/// ```
///
/// Why the chunks' hits are the whole text's:
/// - A cut is made only before a row whose joined text begins with `margin` ASCII bytes (the
///   first an ASCII letter or digit), and the chunk before it reads at least those bytes. There the
///   space before the row makes a character and word boundary whether the text starts there or not,
///   so a chunk starting there matches as the whole text does; and a hit that starts in the chunk
///   before runs at most `longestASCIIHit` bytes into them (`margin` leaves eight more for the
///   word-boundary rules' look-ahead), so that chunk sees it whole.
/// - Hits are leftmost and non-overlapping: after a hit, the search goes on at its end. A chunk's
///   search starts fresh at its first byte; when the hit before the cut ends past it, the next
///   chunk's first hit must start at or after that end, or the chains could differ (an occurrence
///   inside the hit that crosses the cut, `a a` in `a a a`): then that transcript is searched whole,
///   the old way (`SearchRunner.hitsAcrossRows`). So is a transcript with no place to cut (text
///   with no ASCII run, such as Chinese).
/// - A chunk the literal scan is unsure of goes to the reference whole: a chunk of about
///   `targetBytes`, not the transcript.
///
/// Cost: one copy of the rows' bytes (plus the overlaps), the matcher's pass over the chunks on
/// every core, and O(hits × log rows) to map hits back to rows.
struct JoinedChunks {
    /// One chunk of one transcript.
    struct Chunk {
        let source: Int
        /// The rows whose hits are this chunk's (a hit belongs to the row it starts in).
        let rows: Range<Int>
        /// The rows it reads: `rows` and the overlap after them.
        let readRows: Range<Int>
        /// How many of its bytes it owns: `rows`' text and the space after each (none after the
        /// transcript's last row).
        let ownLength: Int
    }

    let chunks: [Chunk]
    /// The chunks' bytes back to back: chunk `i` is `bytes[offsets[i]..<offsets[i + 1]]`.
    let bytes: [UInt8]
    let offsets: [Int]

    /// The chunks of `sources` (in order) of `corpus`, each owning about `targetBytes` bytes.
    /// - Complexity: O(bytes of the sources' rows).
    init(_ sources: [Int], of corpus: Corpus, targetBytes: Int, margin: Int) {
        var chunks: [Chunk] = []
        corpus.withTextBuffer { text, rowOffsets in
            for source in sources {
                let rows = corpus.rows(ofSource: source)
                var first = rows.lowerBound
                var row = rows.lowerBound
                while row < rows.upperBound {
                    row += 1
                    guard row < rows.upperBound else { break }
                    // Joined bytes owned so far: rows first..<row and the spaces after them.
                    let owned = rowOffsets[row] - rowOffsets[first] + (row - first)
                    guard owned >= targetBytes,
                          let overlapEnd = Self.overlapEnd(cuttingBefore: row, within: rows, margin: margin, text, rowOffsets)
                    else { continue }
                    chunks.append(Chunk(source: source, rows: first..<row, readRows: first..<overlapEnd, ownLength: owned))
                    first = row
                }
                if first < rows.upperBound {
                    let owned = rowOffsets[rows.upperBound] - rowOffsets[first] + (rows.upperBound - first - 1)
                    chunks.append(Chunk(source: source, rows: first..<rows.upperBound, readRows: first..<rows.upperBound, ownLength: owned))
                }
            }
        }
        var offsets = [0]
        offsets.reserveCapacity(chunks.count + 1)
        for chunk in chunks {
            let read = chunk.readRows
            offsets.append(offsets[offsets.count - 1] + corpus.joinedLength(of: read))
        }
        let total = offsets[offsets.count - 1]
        bytes = corpus.withTextBuffer { text, rowOffsets in
            [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
                guard let target = buffer.baseAddress, let source = text.baseAddress else { initialized = 0; return }
                var position = 0
                for chunk in chunks {
                    for row in chunk.readRows {
                        if row > chunk.readRows.lowerBound {
                            target[position] = UInt8(ascii: " ")
                            position += 1
                        }
                        let length = rowOffsets[row + 1] - rowOffsets[row]
                        (target + position).update(from: source + rowOffsets[row], count: length)
                        position += length
                    }
                }
                initialized = position
            }
        }
        self.chunks = chunks
        self.offsets = offsets
    }

    /// When a cut may be made before `row`: the end of the rows a chunk ending there must read
    /// (its overlap: up to the row holding the `margin`-th byte after the cut); nil when the
    /// joined text from `row` does not begin with an ASCII letter or digit followed by `margin`
    /// ASCII bytes within the transcript.
    private static func overlapEnd(
        cuttingBefore row: Int, within rows: Range<Int>, margin: Int,
        _ text: UnsafeBufferPointer<UInt8>, _ rowOffsets: UnsafeBufferPointer<Int>
    ) -> Int? {
        guard rowOffsets[row] < rowOffsets[row + 1] else { return nil }
        let firstByte = text[rowOffsets[row]]
        guard (firstByte >= 0x30 && firstByte <= 0x39) || ((firstByte | 0x20) >= 0x61 && (firstByte | 0x20) <= 0x7A)
        else { return nil }
        var remaining = margin
        var next = row
        while remaining > 0 {
            guard next < rows.upperBound else { return nil }
            if next > row { remaining -= 1 }  // the space before it
            let start = rowOffsets[next]
            let length = min(rowOffsets[next + 1] - start, max(0, remaining))
            for offset in 0..<length where text[start + offset] >= 0x80 { return nil }
            remaining -= length
            next += 1
        }
        return next
    }

    /// The corpus row of `readRows` that byte `position` of chunk `chunk` lies in, and that row's
    /// first byte in the chunk. - Complexity: O(log rows).
    func row(at position: Int, inChunk chunk: Int, _ rowOffsets: UnsafeBufferPointer<Int>) -> (row: Int, start: Int) {
        let rows = chunks[chunk].readRows
        let base = rowOffsets[rows.lowerBound]
        func start(_ row: Int) -> Int { rowOffsets[row] - base + (row - rows.lowerBound) }
        let row = max(rows.lowerBound, rows.partitionPoint { start($0) > position } - 1)
        return (row, start(row))
    }
}

extension Corpus {
    /// The length in bytes of rows `rows` joined by one space.
    fileprivate func joinedLength(of rows: Range<Int>) -> Int {
        guard !rows.isEmpty else { return 0 }
        return withTextBuffer { _, offsets in offsets[rows.upperBound] - offsets[rows.lowerBound] + rows.count - 1 }
    }
}

extension SearchRunner {
    /// The search across rows with a matcher whose hits are bounded: each transcript's joined text
    /// in chunks (`JoinedChunks`) searched on every core; a transcript the chunks cannot answer for
    /// is searched whole. Stops between pieces when `deadline` passes or `isCancelled()` says so.
    func searchAcrossRowsInChunks(
        _ corpus: Corpus, matcher: any HitLengthBounded, targetBytes: Int = 16 << 10,
        until deadline: ContinuousClock.Instant?, isCancelled: () -> Bool
    ) throws(Interruption) -> HitIndex {
        let sources = corpus.sources.indices.filter { searchesAcrossRows(ofSource: $0, in: corpus) }
        let joined = JoinedChunks(sources, of: corpus, targetBytes: targetBytes, margin: matcher.longestASCIIHit + 8)
        let chunks = joined.chunks
        guard !chunks.isEmpty else { return HitIndex(rowCount: corpus.rowCount) }
        let found: Result<HitList, Interruption> = joined.bytes.withUnsafeBufferPointer { bytes in
            joined.offsets.withUnsafeBufferPointer { offsets in
                let buffer = RowBuffer(bytes: bytes, offsets: offsets)
                do throws(Interruption) {
                    return .success(try Self.hits(
                        of: matcher, in: buffer, spans: [0..<chunks.count], until: deadline, isCancelled: isCancelled))
                } catch .deadlinePassed(let chunk) {
                    return .failure(.deadlinePassed(row: chunks[min(chunk, chunks.count - 1)].rows.lowerBound))
                } catch {
                    return .failure(error)
                }
            }
        }
        let chunkHits = try found.get()
        var all = HitList()
        var accepted: [Int: Bool] = [:]
        func passes(_ row: Int) -> Bool {
            if filter.isEmpty { return true }
            if let known = accepted[row] { return known }
            let passes = filter.accepts(row: row, in: corpus)
            accepted[row] = passes
            return passes
        }
        corpus.withTextBuffer { _, rowOffsets in
            var next = 0  // the next of chunkHits
            var chunk = 0
            while chunk < chunks.count {
                let source = chunks[chunk].source
                var sourceHits = HitList()
                var isSure = true
                var overflow = 0  // how far the last hit of the chunk before runs into this one
                while chunk < chunks.count && chunks[chunk].source == source {
                    let own = chunks[chunk].ownLength
                    var lastEnd = -1
                    while next < chunkHits.count && Int(chunkHits.rows[next]) == chunk {
                        let start = Int(chunkHits.starts[next])
                        let end = Int(chunkHits.ends[next])
                        next += 1
                        guard start < own, isSure else { continue }
                        if start < overflow { isSure = false; continue }
                        let (row, rowStart) = joined.row(at: start, inChunk: chunk, rowOffsets)
                        if passes(row) { sourceHits.append(row: row, start: start - rowStart, end: end - rowStart) }
                        lastEnd = end
                    }
                    overflow = max(0, overflow - own, lastEnd - own)
                    chunk += 1
                }
                if isSure {
                    all.append(contentsOf: sourceHits)
                } else {
                    for hit in hitsAcrossRows(ofSource: source, in: corpus, matcher: matcher).hits {
                        all.append(row: hit.row, start: hit.utf8Range.lowerBound, end: hit.utf8Range.upperBound)
                    }
                }
            }
        }
        return HitIndex(rowCount: corpus.rowCount, hits: all)
    }
}
