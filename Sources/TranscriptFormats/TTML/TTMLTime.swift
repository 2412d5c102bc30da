import TranscriptModel

/// TTML's time expressions, read with the document's timing parameters.
///
/// - Clock time: `hh:mm:ss`, `hh:mm:ss.fraction`, `hh:mm:ss:frames` and `hh:mm:ss:frames.subframes`.
/// - Offset time: a number with a unit: `h`, `m`, `s`, `ms`, `f` (frames) or `t` (ticks): `1.5s`,
///   `1500ms`, `90f`, `15000000t`.
/// - Leniently, as Apple's lyrics files write them: a bare number is seconds (`19.764`), and a
///   clock time may be `m:ss.fff`.
/// - Parameters from the root element: `ttp:frameRate` (default 30), `ttp:frameRateMultiplier`
///   (`1000 1001` for 29.97), `ttp:subFrameRate` (default 1), `ttp:tickRate` (default frame rate ×
///   sub-frame rate when a frame rate is given, else 1).
struct TTMLTime {
    var frameRate = 30.0
    var subFrameRate = 1.0
    var tickRate = 1.0

    /// The timing parameters `root`'s attributes give that are not usable (not a positive number,
    /// a multiplier that is not two positive numbers), by name: the defaults are used instead.
    static func unusableParameters(_ attributes: [String: String]) -> [String] {
        var unusable: [String] = []
        for name in ["framerate", "subframerate", "tickrate"] {
            if let value = attributes[name], !(Double(value.trimmingBlanksAndLines).map { $0.isFinite && $0 > 0 } ?? false) {
                unusable.append("ttp:\(name.replacingOccurrences(of: "rate", with: "Rate")) \(quoted(value))")
            }
        }
        if let value = attributes["frameratemultiplier"] {
            let parts = value.split(separator: " ").compactMap { Double($0) }
            if parts.count != 2 || !parts.allSatisfy({ $0 > 0 && $0.isFinite }) { unusable.append("ttp:frameRateMultiplier \(quoted(value))") }
        }
        return unusable
    }

    /// The parameters `root`'s attributes give (local names, lower-cased).
    init(root attributes: [String: String]) {
        var hasFrameRate = false
        if let rate = attributes["framerate"].flatMap({ Double($0.trimmingBlanksAndLines) }), rate.isFinite, rate > 0 {
            frameRate = rate
            hasFrameRate = true
        }
        if let multiplier = attributes["frameratemultiplier"] {
            let parts = multiplier.split(separator: " ").compactMap { Double($0) }
            if parts.count == 2, parts[0] > 0, parts[1] > 0 { frameRate *= parts[0] / parts[1] }
        }
        if let rate = attributes["subframerate"].flatMap({ Double($0.trimmingBlanksAndLines) }), rate.isFinite, rate > 0 {
            subFrameRate = rate
        }
        if let rate = attributes["tickrate"].flatMap({ Double($0.trimmingBlanksAndLines) }), rate.isFinite, rate > 0 {
            tickRate = rate
        } else if hasFrameRate {
            tickRate = frameRate * subFrameRate
        }
    }

    /// The seconds `expression` stands for, or nil when it is no time expression.
    func seconds(_ expression: String) -> Double? {
        let text = expression.trimmingBlanksAndLines
        guard !text.isEmpty, text.utf8.count <= 40 else { return nil }
        if text.contains(":") { return clock(text) }
        let metrics: [(String, Double)] = [("ms", 0.001), ("h", 3600), ("m", 60), ("s", 1), ("f", 1 / frameRate), ("t", 1 / tickRate)]
        var metric = ("", 1.0)
        if let last = text.last, last.isLetter {
            guard let known = metrics.first(where: { text.hasSuffix($0.0) }) else { return nil }
            metric = known
        }
        // A bare number (no unit) is seconds, as Apple's lyrics files write it.
        let number = text.dropLast(metric.0.count)
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let value = Double(number) else { return nil }
        return value * metric.1
    }

    private func clock(_ text: String) -> Double? {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false)
        // `m:ss.fff`, as Apple's lyrics files write it: minutes and seconds, with a fraction.
        if parts.count == 2 {
            guard parts[1].contains(".") else { return nil }
            parts.insert("0", at: 0)
        }
        guard parts.count == 3 || parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } }),
              let hours = Double(parts[0]), let minutes = Double(parts[1]), let seconds = Double(parts[2]),
              !parts[0].contains("."), !parts[1].contains("."), minutes < 60, seconds < 61 else { return nil }
        var total = hours * 3600 + minutes * 60 + seconds
        if parts.count == 4 {
            guard !parts[2].contains(".") else { return nil }
            let frames = parts[3].split(separator: ".", omittingEmptySubsequences: false)
            guard frames.count <= 2, let whole = Double(frames[0]) else { return nil }
            total += whole / frameRate
            if frames.count == 2 {
                guard let sub = Double(frames[1]) else { return nil }
                total += sub / (frameRate * subFrameRate)
            }
        }
        return total
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace (spaces, tabs, line ends).
    var trimmingBlanksAndLines: String {
        let scalars = Array(unicodeScalars)
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
