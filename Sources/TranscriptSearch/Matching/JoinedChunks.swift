import Dispatch
import Foundation
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
/// Cost: on every core, a copy of the rows' bytes (plus the overlaps) into a buffer reused for
/// each piece, the matcher's pass over it, and O(hits × log rows) to map hits back to rows.
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

    /// The chunks of `sources` (in order) of `corpus`, each owning about `targetBytes` bytes.
    /// - Complexity: O(rows of the sources), plus `margin` bytes read at each cut.
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
        self.chunks = chunks
    }

    /// The length in bytes of chunk `chunk`'s text (its rows read, joined by one space).
    static func length(of chunk: Chunk, _ rowOffsets: UnsafeBufferPointer<Int>) -> Int {
        let rows = chunk.readRows
        return rowOffsets[rows.upperBound] - rowOffsets[rows.lowerBound] + rows.count - 1
    }

    /// Writes the texts of `chunks` back to back into `target` (which must hold them) and returns
    /// the offset table: chunk `i` of them is `target[offsets[i]..<offsets[i + 1]]`.
    static func write(
        _ chunks: ArraySlice<Chunk>, into target: UnsafeMutablePointer<UInt8>,
        _ text: UnsafeBufferPointer<UInt8>, _ rowOffsets: UnsafeBufferPointer<Int>
    ) -> [Int] {
        var offsets = [0]
        offsets.reserveCapacity(chunks.count + 1)
        guard let source = text.baseAddress else { return offsets + Array(repeating: 0, count: chunks.count) }
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
            offsets.append(position)
        }
        return offsets
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

    /// The corpus row of `chunk`'s rows that byte `position` of its text lies in, and that row's
    /// first byte in the text. - Complexity: O(log rows).
    static func row(at position: Int, in chunk: Chunk, _ rowOffsets: UnsafeBufferPointer<Int>) -> (row: Int, start: Int) {
        let rows = chunk.readRows
        let base = rowOffsets[rows.lowerBound]
        func start(_ row: Int) -> Int { rowOffsets[row] - base + (row - rows.lowerBound) }
        let row = max(rows.lowerBound, rows.partitionPoint { start($0) > position } - 1)
        return (row, start(row))
    }
}

extension SearchRunner {
    /// The search across rows with a matcher whose hits are bounded: each transcript's joined text
    /// in chunks of about `targetBytes` (`JoinedChunks`), grouped in pieces; on every core, each piece's text is written
    /// into that core's buffer (reused from round to round) and searched, and its hits mapped back
    /// to rows. A transcript the chunks cannot answer for is searched whole. Stops between rounds
    /// when `deadline` passes or `isCancelled()` says so.
    func searchAcrossRowsInChunks(
        _ corpus: Corpus, matcher: any HitLengthBounded, targetBytes: Int = 16 << 10, pieceBytes: Int? = nil,
        until deadline: ContinuousClock.Instant?, isCancelled: () -> Bool
    ) throws(Interruption) -> HitIndex {
        let rowTest = rowTest(for: corpus)
        let sources = corpus.sources.indices.filter { searchesAcrossRows(ofSource: $0, in: corpus, passes: rowTest) }
        let chunks = JoinedChunks(sources, of: corpus, targetBytes: targetBytes, margin: matcher.longestASCIIHit + 8).chunks
        guard !chunks.isEmpty else { return HitIndex(rowCount: corpus.rowCount) }
        let found: Result<[ChunkHits], Interruption> = corpus.withTextBuffer { text, rowOffsets in
            do throws(Interruption) {
                return .success(try Self.chunkHits(
                    of: matcher, in: chunks, text, rowOffsets, pieceBytes: pieceBytes, until: deadline, isCancelled: isCancelled))
            } catch {
                return .failure(error)
            }
        }
        let perChunk = try found.get()
        var all = HitList()
        var accepted: [Int: Bool] = [:]
        func passes(_ row: Int) -> Bool {
            if filter.isEmpty { return true }
            if let known = accepted[row] { return known }
            let passes = rowTest(row)
            accepted[row] = passes
            return passes
        }
        var chunk = 0
        while chunk < chunks.count {
            let source = chunks[chunk].source
            var sourceHits = HitList()
            var isSure = true
            var overflow = 0  // how far the hits of the chunks before run into this one
            while chunk < chunks.count && chunks[chunk].source == source {
                let hits = perChunk[chunk]
                if let first = hits.firstStart, first < overflow { isSure = false }
                if isSure {
                    for hit in 0..<hits.list.count where passes(Int(hits.list.rows[hit])) {
                        sourceHits.append(row: Int(hits.list.rows[hit]), start: Int(hits.list.starts[hit]), end: Int(hits.list.ends[hit]))
                    }
                }
                let own = chunks[chunk].ownLength
                overflow = max(0, overflow - own, (hits.lastEnd ?? 0) - own)
                chunk += 1
            }
            if isSure {
                all.append(contentsOf: sourceHits)
            } else {
                for hit in hitsAcrossRows(ofSource: source, in: corpus, matcher: matcher, passes: rowTest).hits {
                    all.append(row: hit.row, start: hit.utf8Range.lowerBound, end: hit.utf8Range.upperBound)
                }
            }
        }
        return HitIndex(rowCount: corpus.rowCount, hits: all)
    }

    /// The hits one chunk owns (those that start in its own bytes), mapped to rows, and where the
    /// first starts and the last ends in the chunk's text.
    struct ChunkHits: Sendable {
        var list = HitList()
        var firstStart: Int?
        var lastEnd: Int?
    }

    /// Each chunk's hits, in pieces of about `pieceBytes` (by default 256 KB–4 MB, four or more
    /// pieces per core) on every core.
    private static func chunkHits(
        of matcher: any HitLengthBounded, in chunks: [JoinedChunks.Chunk],
        _ text: UnsafeBufferPointer<UInt8>, _ rowOffsets: UnsafeBufferPointer<Int>, pieceBytes: Int?,
        until deadline: ContinuousClock.Instant?, isCancelled: () -> Bool
    ) throws(Interruption) -> [ChunkHits] {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let lengths = chunks.map { JoinedChunks.length(of: $0, rowOffsets) }
        let total = lengths.reduce(0, +)
        let pieceBytes = pieceBytes ?? min(4 << 20, max(256 << 10, total / (cores * 4) + 1))
        var pieces: [Range<Int>] = []
        var first = 0
        var bytes = 0
        for (chunk, length) in lengths.enumerated() {
            bytes += length
            if bytes >= pieceBytes || chunk == chunks.count - 1 {
                pieces.append(first..<chunk + 1)
                first = chunk + 1
                bytes = 0
            }
        }
        let capacity = pieces.map { $0.reduce(0) { $0 + lengths[$1] } }.max() ?? 0
        // One text buffer per core, reused from round to round (a fresh one per piece would be paged
        // in and cleared each time); each iteration writes only the buffer of its slot.
        let buffers = ReadOnlyShared((0..<min(cores, pieces.count)).map { _ in UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, capacity)) })
        defer { buffers.value.forEach { $0.deallocate() } }
        let results = ThreadSlots(count: chunks.count, repeating: SearchRunner.ChunkHits())
        defer { results.free() }
        let clock = ContinuousClock()
        var next = 0
        while next < pieces.count {
            if isCancelled() { throw .cancelled }
            if let deadline, clock.now > deadline { throw .deadlinePassed(row: chunks[pieces[next].lowerBound].rows.lowerBound) }
            let round = Array(pieces[next..<min(pieces.count, next + cores)])
            let failures = ThreadSlots<Interruption?>(count: round.count, repeating: nil)
            defer { failures.free() }
            let corpusText = RowBuffer(bytes: text, offsets: rowOffsets)  // Sendable, only read
            DispatchQueue.concurrentPerform(iterations: round.count) { slot in
                // Each iteration writes its own buffer, its own failure slot and its own chunks'
                // results; the corpus text is only read.
                let piece = round[slot]
                let target = buffers.value[slot]
                let offsets = JoinedChunks.write(chunks[piece], into: target, corpusText.bytes, corpusText.offsets)
                let found: HitList
                do throws(Interruption) {
                    found = try offsets.withUnsafeBufferPointer { offsets throws(Interruption) in
                        let buffer = RowBuffer(bytes: UnsafeBufferPointer(start: target, count: offsets[offsets.count - 1]), offsets: offsets)
                        return try matcher.hits(in: buffer, rows: 0..<piece.count, until: deadline)
                    }
                } catch .deadlinePassed(let chunk) {
                    failures.slots[slot] = .deadlinePassed(row: chunks[piece.lowerBound + chunk].rows.lowerBound)
                    return
                } catch {
                    failures.slots[slot] = error
                    return
                }
                for hit in 0..<found.count {
                    let chunk = piece.lowerBound + Int(found.rows[hit])
                    let start = Int(found.starts[hit])
                    let end = Int(found.ends[hit])
                    guard start < chunks[chunk].ownLength else { continue }
                    let (row, rowStart) = JoinedChunks.row(at: start, in: chunks[chunk], corpusText.offsets)
                    results.slots[chunk].list.append(row: row, start: start - rowStart, end: end - rowStart)
                    if results.slots[chunk].firstStart == nil { results.slots[chunk].firstStart = start }
                    results.slots[chunk].lastEnd = end
                }
            }
            if let failure = failures.slots.lazy.compactMap({ $0 }).first { throw failure }
            next += round.count
        }
        return Array(results.slots)
    }
}
