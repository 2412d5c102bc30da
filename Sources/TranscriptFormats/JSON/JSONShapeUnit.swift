/// The unit of times a file writes as bare numbers, decided by what the numbers imply about
/// speech, never by habit.
///
/// The evidence is the time each word takes: an element's length (its end less its start, or the
/// gap to the next element's start) divided by the words of its text. People speak two to four
/// words a second, so a word lasts about 0.3 s, and hardly under 0.02 s or over 8 s a word on
/// median, pauses included. Each unit (seconds, milliseconds, 100-ns ticks as Azure writes them,
/// and 10-ms frames as Kaldi counts them) turns the median into seconds a word; the unit that
/// comes nearest 0.3 s (on a log scale) wins, when it is plausible. When none is, the times are
/// not used: the text loads untimed, with a warning saying so.
///
/// ```
/// median length a word, in the file's numbers     as s      as 10-ms    as ms     as ticks
///   0.31  (seconds)                              0.31 ✓     0.0031      …         …
///   310   (milliseconds)                         310        3.1         0.31 ✓    …
///   3.1e6 (ticks)                                …          …           3,100     0.31 ✓
/// ```
///
/// Complexity: O(n) on average in the elements (a selection of the median sample).
struct JSONShapeUnit: Equatable, Sendable {
    /// What people call the unit, for the warning.
    var name: String
    /// Seconds in one.
    var scale: Double

    static let seconds = JSONShapeUnit(name: "seconds", scale: 1)
    static let frames = JSONShapeUnit(name: "10-ms frames", scale: 0.01)
    static let milliseconds = JSONShapeUnit(name: "milliseconds", scale: 0.001)
    static let ticks = JSONShapeUnit(name: "100-ns ticks", scale: 1e-7)
    static let all = [seconds, frames, milliseconds, ticks]

    /// The plausible range of the median seconds a word, and its typical value.
    static let plausible = 0.02...8.0
    static let typical = 0.3

    /// What the evidence says.
    enum Verdict: Equatable {
        /// The unit, and the median length of a word in it (seconds) and in seconds as written.
        case unit(JSONShapeUnit, secondsAWord: Double, asWritten: Double)
        /// No unit makes the lengths plausible; the median length a word in the file's numbers.
        case implausible(median: Double)
        /// Nothing to judge by (one element, or no lengths at all).
        case noEvidence
    }

    /// The verdict on `samples`: each element's length in the file's numbers, divided by its words.
    static func decide(samples: [Double]) -> Verdict {
        var positive = samples.filter { $0.isFinite && $0 >= 0 }
        guard !positive.isEmpty else { return .noEvidence }
        let median = selecting(positive.count / 2, in: &positive)
        guard median > 0 else { return .implausible(median: 0) }
        let best = all.min { distance(median * $0.scale) < distance(median * $1.scale) } ?? seconds
        let secondsAWord = median * best.scale
        guard plausible.contains(secondsAWord) else { return .implausible(median: median) }
        return .unit(best, secondsAWord: secondsAWord, asWritten: median)
    }

    /// The value that would stand at `rank` if `values` were sorted (`values` is reordered):
    /// Hoare's selection, O(n) on average, where a sort of a million words' samples is not.
    static func selecting(_ rank: Int, in values: inout [Double]) -> Double {
        precondition(values.indices.contains(rank), "rank outside the values")
        var low = 0, high = values.count - 1
        while low < high {
            let pivot = values[low + (high - low) / 2]
            var left = low, right = high
            while left <= right {
                while values[left] < pivot { left += 1 }
                while values[right] > pivot { right -= 1 }
                if left <= right {
                    values.swapAt(left, right)
                    left += 1
                    right -= 1
                }
            }
            if rank <= right { high = right } else if rank >= left { low = left } else { break }
        }
        return values[rank]
    }

    /// How far `secondsAWord` is from the typical length, as a ratio (1 is typical; 10 is ten
    /// times longer or shorter): a distance on a log scale without the logarithm.
    static func distance(_ secondsAWord: Double) -> Double {
        let ratio = secondsAWord / typical
        return ratio >= 1 ? ratio : 1 / ratio
    }

    /// `value` rounded for a message: `0.31`, `4.5`, `310`, `3,100,000`.
    static func shown(_ value: Double) -> String {
        guard value.isFinite, value < 1e15 else { return String(value) }
        if value >= 100 || value == 0 { return grouped(Int(value.rounded())) }
        var scale = 10.0
        while value * scale < 10 && scale < 1e12 { scale *= 10 }
        return String((value * scale).rounded() / scale)
    }
}
