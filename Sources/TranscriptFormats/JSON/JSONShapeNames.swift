/// The member names the shape reader (`JSONShapeReader`) recognises, and what each one holds.
///
/// A name is compared folded: lower-cased with `_` and `-` removed, so `start_time`, `startTime`
/// and `StartTime` are one name. A unit written at its end is taken off and kept (`start_ms`,
/// `BeginOffsetMillis`, `offsetInTicks`, `startSeconds`), and so is a prefix naming the thing timed
/// (`SegmentStartTime`, `wordStart`): what is left must be one of the lists below.
///
/// - times: start `start`, `starttime`, `begin`, `from`, `offset`, `ts`, `timestamp`, `time`,
///   `startts`, `startoffset`, `beginoffset`; end `end`, `endtime`, `to`, `stop`, `endts`,
///   `endoffset`; length `duration`, `dur`, `length`; a `[start, end]` pair under `timestamp`,
///   `timestamps`, `time`, `span`, `interval`, `range`;
/// - text, best first: `punctuatedword`, `punct`, `displaytext`, `display`, `text`, `transcript`,
///   `content`, `utterance`, `sentence`, `caption`, `word`, `value`, `originaltext`, `lexical`,
///   `name` (Speechmatics v1's words; in an array of speakers, a speaker's name);
/// - speaker, best first: `speakername`, `speaker`, `speakerlabel`, `participant`,
///   `participantid`, `participantrole`, `speakertag`, `speakerid`, `spk`; then the channel
///   (`channel`, `channellabel`, `channeltag`), used only when it takes two values or more;
/// - alternatives (only the first is read, as part of the object): `alternatives`, `nbest`,
///   `hypotheses`.
enum JSONShapeName: Equatable, Sendable {
    /// A start time; `scale` is seconds per unit when the name says the unit.
    case start(scale: Double?)
    /// An end time.
    case end(scale: Double?)
    /// A length, added to the start.
    case duration(scale: Double?)
    /// Text, `rank` 0 the best.
    case text(rank: Int)
    /// A speaker, `rank` 0 the best.
    case speaker(rank: Int)
    /// A channel, a speaker when it takes two values or more.
    case channel
    /// Alternatives of which the first is read.
    case alternatives
    /// A name of none of these kinds.
    case other

    /// What `name` holds.
    static func of(_ name: String) -> JSONShapeName {
        let folded = fold(name)
        if let rank = textNames.firstIndex(of: folded) { return .text(rank: rank) }
        if let rank = speakerNames.firstIndex(of: folded) { return .speaker(rank: rank) }
        if channelNames.contains(folded) { return .channel }
        if alternativesNames.contains(folded) { return .alternatives }
        if let time = time(folded) { return time }
        for prefix in timedThings where folded.hasPrefix(prefix) && folded.count > prefix.count {
            let rest = String(folded.dropFirst(prefix.count))
            if let rank = speakerNames.firstIndex(of: rest) { return .speaker(rank: rank) }
            if let time = time(rest) { return time }
        }
        return .other
    }

    /// Whether a name of this kind may hold a `[start, end]` pair of numbers.
    static func isPairName(_ name: String) -> Bool {
        pairNames.contains(fold(name))
    }

    /// The longest path kept: a longer one ends in `…` (a key of a megabyte, nesting 256 deep),
    /// so making a path costs a bounded time whatever the document.
    static let longestPath = 240

    /// `prefix`, `key` and `suffix` joined, as a path (`result.` `utterances` `[]`), cut at
    /// `longestPath` bytes (at a character's start) with `…`.
    static func path(_ prefix: String, _ key: String, _ suffix: String) -> String {
        if prefix.utf8.count + key.utf8.count + suffix.utf8.count <= longestPath { return prefix + key + suffix }
        if prefix.hasSuffix("…") { return prefix }
        var joined = prefix + key
        var cut = joined.utf8.index(joined.utf8.startIndex, offsetBy: min(joined.utf8.count, longestPath))
        while cut > joined.startIndex, !joined.unicodeScalars.indices.contains(cut) { cut = joined.utf8.index(before: cut) }
        joined = String(joined[..<cut])
        return joined + "…"
    }

    /// `name` lower-cased (ASCII), without `_` and `-`.
    static func fold(_ name: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for byte in name.utf8 where byte != UInt8(ascii: "_") && byte != UInt8(ascii: "-") {
            bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A time name, with the unit its end says, if any.
    private static func time(_ folded: String) -> JSONShapeName? {
        if let kind = timeKind(folded) { return kind(nil) }
        for (suffix, scale) in unitSuffixes where folded.hasSuffix(suffix) && folded.count > suffix.count {
            if let kind = timeKind(String(folded.dropLast(suffix.count))) { return kind(scale) }
        }
        return nil
    }

    private static func timeKind(_ base: String) -> ((Double?) -> JSONShapeName)? {
        if startNames.contains(base) { return { .start(scale: $0) } }
        if endNames.contains(base) { return { .end(scale: $0) } }
        if durationNames.contains(base) { return { .duration(scale: $0) } }
        return nil
    }

    static let startNames: Set<String> = [
        "start", "starttime", "begin", "begintime", "from", "offset", "ts", "timestamp", "time", "startts",
        "startoffset", "beginoffset", "tstart", "starttimestamp", "startat", "fromtime",
    ]
    static let endNames: Set<String> = ["end", "endtime", "to", "stop", "stoptime", "endts", "endoffset", "tend", "endtimestamp", "endat", "totime"]
    static let durationNames: Set<String> = ["duration", "dur", "length"]
    static let pairNames: Set<String> = ["timestamp", "timestamps", "time", "times", "span", "interval", "range"]
    static let textNames = [
        "punctuatedword", "punct", "displaytext", "display", "text", "transcript", "content", "utterance", "sentence",
        "caption", "word", "value", "originaltext", "lexical", "name",
    ]
    static let speakerNames = [
        "speakername", "speaker", "speakerlabel", "participant", "participantid", "participantrole", "speakertag",
        "speakerid", "spk",
    ]
    static let channelNames: Set<String> = ["channel", "channellabel", "channeltag", "channelid"]
    static let alternativesNames: Set<String> = ["alternatives", "nbest", "hypotheses"]
    /// Prefixes that name what is timed (`SegmentStartTime`), taken off a name.
    static let timedThings = ["segment", "utterance", "sentence", "word", "phrase", "audio", "media", "cue", "item", "token", "caption", "clip"]
    /// Units at the end of a name, longest first, and the seconds in one.
    static let unitSuffixes: [(String, Double)] = [
        ("milliseconds", 0.001), ("nanoseconds", 1e-9), ("microseconds", 1e-6), ("seconds", 1), ("inticks", 1e-7),
        ("millis", 0.001), ("nanos", 1e-9), ("micros", 1e-6), ("ticks", 1e-7), ("msec", 0.001), ("secs", 1),
        ("sec", 1), ("ms", 0.001), ("ns", 1e-9), ("us", 1e-6),
    ]
}
