/// Finds the places where two bytes of an ASCII run stand at their distance, 16 places at a time:
/// the classic "first and last byte" SIMD filter (Muła), with ASCII case folded by OR-ing 0x20
/// into letters. Every place it reports must still be checked (a folded `@` looks like a backtick),
/// but it reports few places that are not hits, so a common word costs about a pass over memory.
struct PairScanner {
    struct Probe {
        /// Offset of the byte in the run.
        var offset: Int
        /// The byte (lowercase for a letter when folding).
        var value: UInt8
        /// Whether to OR 0x20 into the text byte before comparing (ignoring the case of a letter).
        var folds: Bool
    }

    let first: Probe
    let second: Probe

    /// Calls `body` with every run start `p` in `from..<to` (with `p + second.offset < to`) where
    /// both probes match, in ascending order; `body` returns the next start to consider (at
    /// least `p + 1`), so a caller can skip ahead.
    @inline(__always)
    func scan(_ base: UnsafePointer<UInt8>, from: Int, to: Int, _ body: (Int) -> Int) {
        let span = max(first.offset, second.offset)
        let firstValue = SIMD16<UInt8>(repeating: first.value)
        let secondValue = SIMD16<UInt8>(repeating: second.value)
        let firstFold = SIMD16<UInt8>(repeating: first.folds ? 0x20 : 0)
        let secondFold = SIMD16<UInt8>(repeating: second.folds ? 0x20 : 0)
        let raw = UnsafeRawPointer(base)
        var start = from
        while start + 16 + span <= to {
            let a = raw.loadUnaligned(fromByteOffset: start + first.offset, as: SIMD16<UInt8>.self) | firstFold
            let b = raw.loadUnaligned(fromByteOffset: start + second.offset, as: SIMD16<UInt8>.self) | secondFold
            let both = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: a .== firstValue)
                & SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: b .== secondValue)
            let lanes = unsafeBitCast(both, to: SIMD2<UInt64>.self)
            guard lanes[0] | lanes[1] != 0 else {
                start += 16
                continue
            }
            var resume = start + 16
            var low = lanes[0]
            var high = lanes[1]
            var skipTo = start
            // Each matching lane is a 0xFF byte: its index is the trailing zero bits over 8.
            while low != 0 {
                let lane = low.trailingZeroBitCount / 8
                low &= ~(UInt64(0xFF) << UInt64(lane * 8))
                if start + lane >= skipTo { skipTo = body(start + lane) }
            }
            while high != 0 {
                let lane = high.trailingZeroBitCount / 8
                high &= ~(UInt64(0xFF) << UInt64(lane * 8))
                if start + 8 + lane >= skipTo { skipTo = body(start + 8 + lane) }
            }
            resume = max(resume, skipTo)
            start = resume
        }
        // The tail, one place at a time.
        var place = max(start, from)
        while place + span < to {
            if (base[place + first.offset] | (first.folds ? 0x20 : 0)) == first.value
                && (base[place + second.offset] | (second.folds ? 0x20 : 0)) == second.value {
                place = max(place + 1, body(place))
            } else {
                place += 1
            }
        }
    }
}
