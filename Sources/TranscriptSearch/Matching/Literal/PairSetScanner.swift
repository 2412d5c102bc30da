/// `PairScanner` for several ASCII runs in one pass over the bytes (the alternatives of
/// `budget|forecast`): at each 32 places it tests every run's two probes and ORs the runs' lane
/// masks; only when some lane is set does it note, per run, the places where that run's probes
/// matched. Each run's places are handed to `consume` in batches, in ascending order.
///
/// ```
///  text      … t h e   b u d g e t   f o r e c a s t …      32 places at a time
///  run 0     b . . g  (budget: probes b, g at distance 3)    → lanes where both match
///  run 1     f . . . c  (forecast: f, c at distance 4)       → lanes where both match
///  any       run 0 | run 1 == 0 → next 32 places (the usual case: one test per block)
///  else      each run's matching lanes → its batch of places; a full batch → consume(run, places)
/// ```
///
/// Batches keep the loop free of the caller's verify step (which runs per batch, from the cache)
/// and its memory bounded. Cost: per 32 bytes, four unaligned loads, four compares and two ANDs
/// per run, and one test: k runs cost about k single scans. With more runs than `maximumRuns`,
/// the caller makes several passes. It is the fallback of `TeddyScanner` (one scan's cost for
/// every run, but it needs a byte shuffle: AVX2, SSSE3 or NEON), in Swift SIMD for any processor.
struct PairSetScanner {
    /// The most runs one pass tests (bounding the masks kept per block and the batches' memory,
    /// 8 × `batchSize` places); more runs take more passes.
    static let maximumRuns = 8
    /// The places a batch holds.
    static let batchSize = 1024

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

    /// Calls `consume(run, places)` with every start `p` in `from..<to` of run `run` (with `p`
    /// plus the run's farthest probe offset below `to`) where both of the run's probes match, in
    /// batches; for each run the places come in ascending order across its batches.
    func scan(_ base: UnsafePointer<UInt8>, from: Int, to: Int, _ consume: (_ run: Int, _ places: UnsafeBufferPointer<Int>) -> Void) {
        let count = pairs.count
        guard count > 0 else { return }
        let allLanes = pairs.map { Lanes($0.first, $0.second) }
        let spans = pairs.map { max($0.first.offset, $0.second.offset) }
        let span = spans.max() ?? 0
        let raw = UnsafeRawPointer(base)
        let batchSize = Self.batchSize
        allLanes.withUnsafeBufferPointer { lanes in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: count * batchSize + count) { storage in
                let places = storage.baseAddress.unsafelyUnwrapped
                let filled = places + count * batchSize
                filled.initialize(repeating: 0, count: count)
                func flush(_ run: Int) {
                    consume(run, UnsafeBufferPointer(start: places + run * batchSize, count: filled[run]))
                    filled[run] = 0
                }
                // Each run's lane masks of the current block, kept for the rare slow path.
                let start = withUnsafeTemporaryAllocation(of: SIMD16<UInt8>.self, capacity: 2 * count) { masks in
                    let masks = masks.baseAddress.unsafelyUnwrapped
                    // Two runs (the usual `a|b`) with their probes held in registers.
                    if count == 2 {
                        let (zero, one) = (lanes[0], lanes[1])
                        return Self.blocks(from: from, to: to, span: span, runs: 2, masks: masks) { run, at in
                            run == 0 ? zero.matches(raw, at: at) : one.matches(raw, at: at)
                        } found: { run, block in
                            Self.note(masks, run: run, block: block, batch: places + run &* batchSize, filled: filled + run)
                            if filled[run] > batchSize - 32 { flush(run) }
                        }
                    }
                    return Self.blocks(from: from, to: to, span: span, runs: count, masks: masks) { run, at in
                        lanes[run].matches(raw, at: at)
                    } found: { run, block in
                        Self.note(masks, run: run, block: block, batch: places + run &* batchSize, filled: filled + run)
                        if filled[run] > batchSize - 32 { flush(run) }
                    }
                }
                // The tail, one place at a time.
                var place = max(start, from)
                while place < to {
                    for run in 0..<count where place + spans[run] < to {
                        let (first, second) = pairs[run]
                        if (base[place + first.offset] | (first.folds ? 0x20 : 0)) == first.value
                            && (base[place + second.offset] | (second.folds ? 0x20 : 0)) == second.value {
                            places[run * batchSize + filled[run]] = place
                            filled[run] += 1
                            if filled[run] == batchSize { flush(run) }
                        }
                    }
                    place += 1
                }
                for run in 0..<count where filled[run] > 0 { flush(run) }
            }
        }
    }

    /// The 32-place blocks of `from..<to` (while the farthest probe stays inside): every run's
    /// masks (`matches(run, place)`, two per block) into `masks`, and, when any lane of any run is
    /// set, `found(run, blockStart)` for each run. Returns the first place not looked at.
    @inline(__always)
    private static func blocks(
        from: Int, to: Int, span: Int, runs: Int, masks: UnsafeMutablePointer<SIMD16<UInt8>>,
        _ matches: (_ run: Int, _ place: Int) -> SIMD16<UInt8>, found: (_ run: Int, _ block: Int) -> Void
    ) -> Int {
        var start = from
        while start &+ 32 &+ span <= to {
            var any = SIMD16<UInt8>(repeating: 0)
            for run in 0..<runs {
                let low = matches(run, start)
                let high = matches(run, start &+ 16)
                masks[2 &* run] = low
                masks[2 &* run &+ 1] = high
                any |= low | high
            }
            let anyLanes = unsafeBitCast(any, to: SIMD2<UInt64>.self)
            if anyLanes[0] | anyLanes[1] != 0 {
                // Rare: which runs matched where.
                for run in 0..<runs { found(run, start) }
            }
            start &+= 32
        }
        return start
    }

    /// Appends to `batch` (holding `filled.pointee` places) the places of block `block` where run
    /// `run`'s masks have a lane set.
    @inline(__always)
    private static func note(
        _ masks: UnsafeMutablePointer<SIMD16<UInt8>>, run: Int, block: Int, batch: UnsafeMutablePointer<Int>,
        filled: UnsafeMutablePointer<Int>
    ) {
        var used = filled.pointee
        for quarter in 0..<4 {
            // Each matching lane is a 0xFF byte: its index is the trailing zero bits over 8.
            var bits = unsafeBitCast(masks[2 &* run &+ quarter / 2], to: SIMD2<UInt64>.self)[quarter % 2]
            while bits != 0 {
                let lane = bits.trailingZeroBitCount &>> 3
                bits &= ~(UInt64(0xFF) &<< UInt64(lane &* 8))
                batch[used] = block &+ 8 &* quarter &+ lane
                used &+= 1
            }
        }
        filled.pointee = used
    }
}
