internal import CScan

/// `PairSetScanner`'s job at the cost of one single-literal scan: several ASCII runs (the
/// alternatives of `budget|forecast`) looked for at once by a nibble-table filter ("Teddy", in
/// the `CScan` C target, whose byte shuffle Swift's SIMD types lack). Each run is a bucket; it
/// contributes a window of 1–3 of its characters (the rarest consecutive ones, the same length
/// for every run) to shared tables, and one pass over the text tests every bucket together.
///
/// ```
///  tables    window byte j, bucket r: every byte character j of run r's window accepts (both
///            cases of a folded letter), as bit r of low[j][byte & 15] and high[j][byte >> 4]
///  text      16 window starts at a time: per window byte one load, two shuffles (its low and
///            high nibble looked up), an AND; the window bytes' results ANDed → bucket bits
///  any       all lanes zero → next 16 (the usual case); else (start, bits) as candidates
///  places    each set bit r: run r's place = start − its window's offset → run r's batch;
///            a full batch → consume(run, places)
/// ```
///
/// The filter may report places where a run does not occur (nibble tables accept more bytes
/// than put in, and only the window is looked at): the consumer checks the whole run, as it
/// does after `PairSetScanner`. Cost per 16 bytes: up to three loads and six shuffles whatever
/// the number of runs (up to `maximumRuns`); with AVX2, the same per 32 bytes. On a processor
/// without SSSE3 (x86_64) or NEON (arm64), `isAvailable` is false and callers use `PairSetScanner`.
struct TeddyScanner {
    /// The most runs one pass tests: a bucket per bit of a byte.
    static let maximumRuns = 8
    /// The places a run's batch holds.
    static let batchSize = 1024

    /// Whether the vector filter runs on this processor.
    static let isAvailable = cscan_teddy_available() != 0
    /// The vector widths (bytes) the filter can run here, narrowest first: 16 (SSSE3, NEON), and
    /// 32 where AVX2 runs; empty without a byte shuffle.
    static let vectorWidths = [16, 32].filter { $0 <= Int(cscan_teddy_widest()) }

    /// Per run, its window's offset in the run.
    let windowOffsets: [Int]
    /// Per run, its length in bytes (ASCII characters).
    let lengths: [Int]
    /// The window's length, the same for every run: 1 ... 3.
    let width: Int
    /// The widest vector this scanner uses, in bytes.
    let vectorBytes: Int
    /// The filter's tables.
    private let tables: cscan_teddy

    /// A scanner for `runs` (each run's character patterns, every one accepting ASCII bytes;
    /// 1 ... `maximumRuns` runs, none empty), with vectors of at most `vectorBytes` (one of
    /// `vectorWidths`; nil: the widest, as searches use; tests run each).
    init(runs: [ArraySlice<LiteralPattern.CharacterPattern>], vectorBytes: Int? = nil) {
        precondition((1...Self.maximumRuns).contains(runs.count) && runs.allSatisfy { !$0.isEmpty })
        let width = min(3, runs.map(\.count).min() ?? 1)
        var tables = cscan_teddy()
        tables.width = Int32(width)
        tables.vector_bytes = Int32(vectorBytes ?? 0)
        self.vectorBytes = vectorBytes ?? Int(cscan_teddy_widest())
        var offsets: [Int] = []
        for (bucket, run) in runs.enumerated() {
            let characters = Array(run)
            // The window whose characters are least likely in English text.
            let costs = characters.map { pattern in max(0.01, pattern.asciiValues.reduce(0) { $0 + LiteralPattern.frequency($1) }) }
            let offset = (0...(characters.count - width)).min { left, right in
                costs[left..<left + width].reduce(1, *) < costs[right..<right + width].reduce(1, *)
            } ?? 0
            offsets.append(offset)
            let bit = UInt8(1) << UInt8(bucket)
            for index in 0..<width {
                for byte in characters[offset + index].asciiValues {
                    withUnsafeMutableBytes(of: &tables.low) { $0[16 * index + Int(byte & 15)] |= bit }
                    withUnsafeMutableBytes(of: &tables.high) { $0[16 * index + Int(byte >> 4)] |= bit }
                }
            }
        }
        self.width = width
        windowOffsets = offsets
        lengths = runs.map(\.count)
        self.tables = tables
    }

    /// Whether the filter passes run `run` at place `place` of `bytes` (its window's bytes each in
    /// the tables): what `scan` reports, one place at a time.
    func passes(_ bytes: UnsafePointer<UInt8>, run: Int, at place: Int) -> Bool {
        var tables = tables
        let bit = UInt8(1) << UInt8(run)
        return withUnsafeBytes(of: &tables.low) { low in
            withUnsafeBytes(of: &tables.high) { high in
                (0..<width).allSatisfy { index in
                    let byte = bytes[place + windowOffsets[run] + index]
                    return low[16 * index + Int(byte & 15)] & high[16 * index + Int(byte >> 4)] & bit != 0
                }
            }
        }
    }

    /// Calls `consume(run, places)` with every start `p` in `from..<to` of run `run` (with the
    /// whole run below `to`) that the filter passes, in batches; for each run the places come in
    /// ascending order across its batches. Requires `isAvailable`.
    func scan(_ base: UnsafePointer<UInt8>, from: Int, to: Int, _ consume: (_ run: Int, _ places: UnsafeBufferPointer<Int>) -> Void) {
        let count = lengths.count
        let end = to - width + 1
        guard from < end else { return }
        let batchSize = Self.batchSize
        let capacity = 1024
        var tables = tables
        windowOffsets.withUnsafeBufferPointer { windowOffsets in
            lengths.withUnsafeBufferPointer { lengths in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: count * batchSize + count + capacity) { storage in
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buckets in
                        let places = storage.baseAddress.unsafelyUnwrapped
                        let filled = places + count * batchSize
                        let candidates = filled + count
                        let bits = buckets.baseAddress.unsafelyUnwrapped
                        filled.initialize(repeating: 0, count: count)
                        var start = from
                        while start < end {
                            var resume = 0
                            let found = cscan_teddy_find(&tables, base, start, to, candidates, bits, capacity, &resume)
                            for index in 0..<found {
                                var set = UInt32(bits[index])
                                while set != 0 {
                                    let run = set.trailingZeroBitCount
                                    set &= set &- 1
                                    let place = candidates[index] &- windowOffsets[run]
                                    guard place >= from && place &+ lengths[run] <= to else { continue }
                                    places[run &* batchSize &+ filled[run]] = place
                                    filled[run] &+= 1
                                    if filled[run] == batchSize {
                                        consume(run, UnsafeBufferPointer(start: places + run &* batchSize, count: batchSize))
                                        filled[run] = 0
                                    }
                                }
                            }
                            start = resume
                        }
                        for run in 0..<count where filled[run] > 0 {
                            consume(run, UnsafeBufferPointer(start: places + run * batchSize, count: filled[run]))
                        }
                    }
                }
            }
        }
    }
}
