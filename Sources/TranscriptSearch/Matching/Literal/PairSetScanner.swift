/// `PairScanner` for several ASCII runs in one pass over the bytes (the alternatives of
/// `budget|forecast`): at each 16 places it tests every run's two probes and ORs the runs' lane
/// masks; only when some lane is set does it ask which runs matched there, and reports each run's
/// places to `body` in ascending order for that run.
///
/// ```
///  text      … t h e   b u d g e t   f o r e c a s t …      16 places at a time
///  run 0     b . . . t  (budget: probes b, t at distance 4)  → lanes where both match
///  run 1     f . . . . . . t  (forecast: f, t at 7)          → lanes where both match
///  any       run 0 | run 1 == 0 → next 16 places (the usual case: one test per block)
///  else      each run's lanes in turn → body(run, place), which returns where that run goes on
/// ```
///
/// Cost: per 16 bytes, two unaligned loads, two compares and an AND per run, and one test. With
/// more runs than `maximumRuns`, the caller makes several passes (each run's probes stay in
/// registers).
struct PairSetScanner {
    /// The most runs one pass tests: with more, the probes no longer fit in the vector registers
    /// and a second pass costs less than spilling them.
    static let maximumRuns = 8

    /// Each run's two probes, as `PairScanner` takes them.
    let pairs: [(first: PairScanner.Probe, second: PairScanner.Probe)]

    /// One run's probes, spread over the 16 lanes.
    private struct Lanes {
        var firstOffset: Int
        var secondOffset: Int
        var firstValue: SIMD16<UInt8>
        var secondValue: SIMD16<UInt8>
        var firstFold: SIMD16<UInt8>
        var secondFold: SIMD16<UInt8>

        init(_ first: PairScanner.Probe, _ second: PairScanner.Probe) {
            firstOffset = first.offset
            secondOffset = second.offset
            firstValue = SIMD16(repeating: first.value)
            secondValue = SIMD16(repeating: second.value)
            firstFold = SIMD16(repeating: first.folds ? 0x20 : 0)
            secondFold = SIMD16(repeating: second.folds ? 0x20 : 0)
        }

        /// 0xFF in each lane `i` where both probes match the run starting at `start + i`.
        @inline(__always)
        func matches(_ raw: UnsafeRawPointer, at start: Int) -> SIMD16<UInt8> {
            let a = raw.loadUnaligned(fromByteOffset: start + firstOffset, as: SIMD16<UInt8>.self) | firstFold
            let b = raw.loadUnaligned(fromByteOffset: start + secondOffset, as: SIMD16<UInt8>.self) | secondFold
            return SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: a .== firstValue)
                & SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: b .== secondValue)
        }
    }

    /// Calls `body(run, p)` with every start `p` in `from..<to` of run `run` (with `p` plus the
    /// run's farthest probe offset below `to`) where both of the run's probes match; for each run
    /// in ascending order of `p`. `body` returns the next start that run considers (at least
    /// `p + 1`), so a caller can skip ahead.
    func scan(_ base: UnsafePointer<UInt8>, from: Int, to: Int, _ body: (_ run: Int, _ start: Int) -> Int) {
        let count = pairs.count
        guard count > 0 else { return }
        let allLanes = pairs.map { Lanes($0.first, $0.second) }
        let spans = pairs.map { max($0.first.offset, $0.second.offset) }
        let span = spans.max() ?? 0
        let raw = UnsafeRawPointer(base)
        allLanes.withUnsafeBufferPointer { lanes in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { skipTo in
                skipTo.initialize(repeating: from)
                var start = from
                while start + 16 + span <= to {
                    var any = lanes[0].matches(raw, at: start)
                    for run in 1..<count { any |= lanes[run].matches(raw, at: start) }
                    let anyLanes = unsafeBitCast(any, to: SIMD2<UInt64>.self)
                    guard anyLanes[0] | anyLanes[1] != 0 else {
                        start += 16
                        continue
                    }
                    // Rare: which runs matched, each lane of each in turn.
                    var resume = Int.max
                    for run in 0..<count {
                        let runLanes = unsafeBitCast(lanes[run].matches(raw, at: start), to: SIMD2<UInt64>.self)
                        var next = skipTo[run]
                        for half in 0..<2 {
                            var bits = runLanes[half]
                            while bits != 0 {
                                // Each matching lane is a 0xFF byte: its index is the trailing zero bits over 8.
                                let lane = bits.trailingZeroBitCount / 8
                                bits &= ~(UInt64(0xFF) << UInt64(lane * 8))
                                let place = start + 8 * half + lane
                                if place >= next { next = body(run, place) }
                            }
                        }
                        skipTo[run] = next
                        resume = min(resume, next)
                    }
                    start = max(start + 16, resume)
                }
                // The tail, one place at a time.
                var place = max(start, from)
                while place < to {
                    for run in 0..<count where place + spans[run] < to && place >= skipTo[run] {
                        let (first, second) = pairs[run]
                        if (base[place + first.offset] | (first.folds ? 0x20 : 0)) == first.value
                            && (base[place + second.offset] | (second.folds ? 0x20 : 0)) == second.value {
                            skipTo[run] = max(place + 1, body(run, place))
                        }
                    }
                    place += 1
                }
            }
        }
    }
}
