#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TranscriptModel

/// The pieces of the cache format that make it fast: the checksum fed in pieces and summed on
/// two threads, the writer that streams big columns in place, and the checks a corpus read from a
/// cache must pass.
struct CacheEncodingTests {
    /// Deterministic bytes (a linear congruential generator).
    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    @Test func checksumFedInPiecesEqualsTheWhole() {
        let data = Self.bytes(100_003, seed: 1)
        let whole = data.withUnsafeBytes { Checksum.of($0) }
        for pieceSize in [1, 7, 31, 32, 33, 64, 1000, 99_999] {
            var checksum = Checksum()
            data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let end = min(raw.count, offset + pieceSize)
                    checksum.add(UnsafeRawBufferPointer(rebasing: raw[offset..<end]))
                    offset = end
                }
            }
            #expect(checksum.value == whole, "pieces of \(pieceSize)")
        }
        var changed = data
        changed[50_000] ^= 1
        #expect(changed.withUnsafeBytes { Checksum.of($0) } != whole)
        // Swapping two words in the same lane changes the sum of sums.
        var swapped = data
        for index in 0..<8 { swapped.swapAt(index, 32 + index) }
        #expect(swapped.withUnsafeBytes { Checksum.of($0) } != whole)
    }

    @Test(arguments: [0, 33, 1000])
    func checksumOnTwoThreadsEqualsOne(_ extra: Int) {
        let data = Self.bytes((1 << 24) + extra, seed: UInt64(extra) + 2)
        data.withUnsafeBytes { raw in
            #expect(Checksum.ofInParallel(raw) == Checksum.of(raw))
        }
    }

    static func corpus(rows: Int) -> Corpus {
        var columns = CorpusColumns()
        for index in 0..<rows {
            columns.textBytes.append(contentsOf: "row \(index) says budget, café, 会议".utf8)
            let speaker = index % 3 == 0 ? columns.intern("Speaker \(index % 7)") : -1
            Array("\(index + 1)".utf8).withUnsafeBytes {
                columns.endRow(start: Int64(index * 1000), end: Int64(index * 1000 + 900), speaker: speaker, line: index * 4 + 1, cue: $0)
            }
        }
        return Corpus(source: SourceInfo(path: "big.srt", format: "srt", encoding: "UTF-8"), columns: columns)
    }

    /// Streamed (big columns handed over in place) or gathered in memory, the writer writes the
    /// same bytes, checksum included once its patch is applied; and they read back.
    @Test func streamingWriterWritesWhatTheMemoryWriterWrites() throws {
        let corpus = Self.corpus(rows: 10_000)
        func write(_ writer: inout BinaryWriter) {
            writer.write(Array("HEAD".utf8))
            let offset = writer.beginChecksum()
            writer.write("key")
            writer.align(to: 8)
            corpus.write(to: &writer)
            writer.endChecksum(at: offset)
        }
        var memory = BinaryWriter()
        write(&memory)
        var streamed: [UInt8] = []
        var pieces = 0
        var streaming = BinaryWriter { bytes in
            streamed.append(contentsOf: bytes)
            pieces += 1
        }
        write(&streaming)
        streaming.finish()
        let patch = try #require(streaming.checksumPatch)
        withUnsafeBytes(of: patch.value.littleEndian) { for index in 0..<8 { streamed[patch.offset + index] = $0[index] } }
        #expect(pieces > 3, "big columns went out on their own")
        #expect(streamed == memory.bytes)

        var reader = RegionReader(ByteRegion(copying: streamed))
        _ = try reader.readBytes()
        try reader.verifyChecksum()
        _ = try reader.readString()
        try reader.align()
        let back = try Corpus(reading: &reader, checks: .structure)
        #expect(back.rowCount == 10_000 && back.row(at: 9999) == corpus.row(at: 9999) && back.speaker(ofRow: 3) == "Speaker 3")
    }

    /// A corpus whose columns break an invariant is refused when read back, whichever column it is.
    @Test(arguments: ["speaker reference", "time", "cue flag", "offsets down", "offset past the text"])
    func aCorpusBreakingAnInvariantIsRefused(_ damage: String) throws {
        var columns = CorpusColumns()
        for index in 0..<300 {
            columns.textBytes.append(contentsOf: "row \(index)".utf8)
            columns.endRow(start: 0, end: 1, speaker: -1, line: 1, cue: nil)
        }
        let good = Corpus(source: SourceInfo(path: "a.srt", format: "srt", encoding: "UTF-8"), columns: columns)
        #expect(throws: Never.self) { try Corpus(serialized: good.serialized()) }
        switch damage {
        case "speaker reference": columns.speakerIDs[200] = 3
        case "time": columns.startTimes[150] = -2
        case "cue flag": columns.hasCue[299] = 2
        case "offsets down": columns.textOffsets.swapAt(100, 101)
        default: columns.textOffsets[300] += 1
        }
        let bad = Corpus(source: SourceInfo(path: "a.srt", format: "srt", encoding: "UTF-8"), columns: columns)
        #expect(throws: BinaryDecodingError.self) { try Corpus(serialized: bad.serialized()) }
    }

    /// UTF-8 checked piece by piece, in one stream or in two halves cut anywhere, agrees with
    /// checking it whole: characters cut between pieces, and between the halves, included.
    @Test func utf8CheckedInPiecesAgreesWithTheWhole() {
        let pieces: [[UInt8]] = [Array("a".utf8), Array("é".utf8), Array("会".utf8), Array("👍".utf8), [0xFF], [0xC3], [0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80]]
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var invalid = 0
        for _ in 0..<3000 {
            var text: [UInt8] = []
            for _ in 0..<(1 + next(30)) { text += pieces[next(100) < 93 ? next(4) : 4 + next(5)] }
            let expected = text.withUnsafeBufferPointer(UTF8Validation.isValid)
            if !expected { invalid += 1 }
            func feed(_ stream: inout UTF8Stream, _ range: Range<Int>) {
                var offset = range.lowerBound
                while offset < range.upperBound {
                    let end = min(range.upperBound, offset + 1 + next(6))
                    text.withUnsafeBufferPointer { stream.add(UnsafeBufferPointer(rebasing: $0[offset..<end])) }
                    offset = end
                }
            }
            var whole = UTF8Stream()
            feed(&whole, 0..<text.count)
            #expect((whole.isValid && whole.trailing.isEmpty) == expected, "\(text)")
            let middle = next(text.count + 1)
            var first = UTF8Stream()
            var second = UTF8Stream(startsInside: true)
            feed(&first, 0..<middle)
            feed(&second, middle..<text.count)
            #expect(UTF8Stream.isValid(first, then: second) == expected, "\(text) cut at \(middle)")
        }
        #expect(invalid > 300 && invalid < 2700)
    }

    /// A big file is read on two threads: the bytes are the file's, every piece is handed over
    /// once, and the two halves' checksums combine into the whole file's.
    @Test func aBigFileIsReadOnTwoThreadsAndInspected() throws {
        let data = Self.bytes((1 << 24) + 4099, seed: 5)
        let path = "/tmp/tsearch-region-\(getpid()).bin"
        defer { unlink(path) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        _ = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)

        // One object per half, each touched by its own thread only.
        final class Seen: @unchecked Sendable {
            var checksum: Checksum
            var count = 0
            init(_ checksum: Checksum) { self.checksum = checksum }
        }
        let seen = [Seen(Checksum()), Seen(Checksum.startingFromZero())]
        let region = try #require(ByteRegion(reading: path) { half, piece in
            seen[half].checksum.add(piece)
            seen[half].count += piece.count
        })
        #expect(Array(region.bytes) == data)
        #expect(seen[0].count > 0 && seen[1].count > 0 && seen[0].count + seen[1].count == data.count && seen[0].count % 32 == 0)
        let combined = Checksum.combined(seen[0].checksum, then: seen[1].checksum, blocks: seen[1].count / 32, count: data.count)
        #expect(combined.value == data.withUnsafeBytes { Checksum.of($0) })
    }
}
