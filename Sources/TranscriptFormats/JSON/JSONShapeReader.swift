import TranscriptModel

/// Timed text found in JSON by its shape: the reader behind the named vendors' readers, for any
/// speech-to-text JSON none of them claims (Speechmatics, IBM Watson, Azure, ElevenLabs, Gladia,
/// Soniox, Vosk, insanely-fast-whisper, Amazon's call analytics, Fireflies, BBC Kaldi, and
/// vendors not yet seen).
///
/// ```
/// document ──walk once──▶ levels: every array of objects, by its path (results[].alternatives[0].words[])
///                          each element → entry: text, start, end or length, speaker, channel
///                                          (names: JSONShapeName; from the element, its first
///                                           alternative, or an object inside it)
///          ──choose────▶ the richest level with timed text: of those holding most of the words,
///                          one with speakers, then one of phrases over one of words, then the most rows
///          ──unit──────▶ stated (a name `start_ms`, a value "1.5s", "PT1.5S", "00:01.5", {seconds,nanos})
///                          or decided by evidence (JSONShapeUnit), with a warning naming it
///          ──rows──────▶ phrases: a row each; words: grouped at speaker changes, pauses over 1 s and
///                          sentence ends; speakers from a level of times and speakers without
///                          text (Watson's speaker_labels, a paragraph list) by time
/// ```
///
/// Limits: elements marked partial (`"message": "AddPartialTranscript"`, `"is_final": false`) are
/// left out; only the first alternative is read; a `[word, start, end]` array (Watson's
/// `timestamps`) is an element. Times of a level in no plausible unit are dropped with a warning
/// and its text kept. When nothing is found, `lookedAt` says which arrays were looked at and
/// what each lacked.
///
/// Complexity: one walk of the tree, O(n) in its values, then a sort of each level's samples.
struct JSONShapeReader {
    let file: String
    private(set) var levels: [Level] = []
    private var levelIndex: [String: Int] = [:]
    private var nameCache: [String: JSONShapeName] = [:]
    /// The names last looked up, by a hash of their length and first byte.
    private var recentNames = [(key: String, name: JSONShapeName)](repeating: ("", .other), count: 64)
    /// The last speaker string read, and the name it gave.
    private var lastSpeaker: (raw: String, name: String?)?
    /// The level last appended to, and its path.
    private var lastLevel: (path: String, index: Int)?

    init(file: String) { self.file = file }

    /// A time as written: a number in the file's unit (`scale` nil) or in a stated one.
    struct Time {
        var value: Double
        /// The scale, NaN for none: two words, so an entry's three times stay small.
        private var storedScale: Double

        init(value: Double, scale: Double? = nil) {
            self.value = value
            storedScale = scale ?? .nan
        }

        /// Seconds per unit, when the name or the value says it.
        var scale: Double? {
            get { storedScale.isNaN ? nil : storedScale }
            set { storedScale = newValue ?? .nan }
        }

        /// No time: a NaN value (a time read is never NaN: `time` takes finite numbers only).
        static let absent = Time(value: .nan)
        var isAbsent: Bool { value.isNaN }
    }

    /// What one element holds. Its times are kept without an optional's tag (`Time.absent`): a
    /// word-level file holds a million entries, and each is a third smaller so.
    struct Entry {
        var text: String?
        private var storedStart = Time.absent
        private var storedEnd = Time.absent
        private var storedDuration = Time.absent
        var speaker: String?
        var channel: String?
        var line: Int

        init(text: String? = nil, start: Time? = nil, end: Time? = nil, line: Int) {
            self.text = text
            self.line = line
            self.start = start
            self.end = end
        }

        var start: Time? {
            get { storedStart.isAbsent ? nil : storedStart }
            set { storedStart = newValue.flatMap { $0.isAbsent ? nil : $0 } ?? .absent }
        }
        var end: Time? {
            get { storedEnd.isAbsent ? nil : storedEnd }
            set { storedEnd = newValue.flatMap { $0.isAbsent ? nil : $0 } ?? .absent }
        }
        var duration: Time? {
            get { storedDuration.isAbsent ? nil : storedDuration }
            set { storedDuration = newValue.flatMap { $0.isAbsent ? nil : $0 } ?? .absent }
        }
    }

    /// The elements of every array at one path.
    struct Level {
        var path: String
        var entries: [Entry] = []
        /// Member names seen, in order (at most 8), for messages.
        var memberNames: [String] = []
        var timeNames: [String] = []
        var textNames: [String] = []
        /// How many elements' names were looked at (the first 16).
        var described = 0

        /// Whether the array lists speakers (`JSONShapeReader.listsSpeakers`).
        let listsSpeakers: Bool
        /// The path of objects inside its elements (`path.`), made once.
        var insidePath: String?

        init(path: String) {
            self.path = path
            listsSpeakers = JSONShapeReader.listsSpeakers(path)
        }
    }

    // MARK: Walking

    /// Reads `root`, the whole document.
    mutating func read(_ root: JSONNode) {
        switch root.value {
        case .object:
            // The document's own members only: an object inside it (a saved search's `current`
            // hit) is no element of a transcript.
            if let entry = entry(of: root, lookingInside: false) {
                append(entry, node: root, to: "(the document)")
            }
            walk(root, path: "")
        case .array:
            walkArray(root, path: "[]")
        default:
            break
        }
    }

    /// Takes one element of the array at `path` (an object handed over as the parser streams it):
    /// its entry (none is kept for an element without text, time or speaker, so a million empty
    /// objects cost no memory), and the arrays inside it.
    mutating func take(_ element: JSONNode, path: String) {
        guard element.isObject, !isPartial(element) else { return }
        let index = level(path)
        if var entry = entry(of: element) {
            if entry.speaker == nil, entry.text != nil, levels[index].listsSpeakers {
                entry.speaker = entry.text.map { TextCleanup.collapsingWhitespace($0) }
                entry.text = nil
            }
            levels[index].entries.append(entry)
        }
        describe(element, in: index)
        if case .object(let members) = element.value, members.contains(where: { Self.holdsArrays($0.value) && !Self.isPlainAlternatives($0) }) {
            if levels[index].insidePath == nil { levels[index].insidePath = JSONShapeName.path(path, "", ".") }
            walk(element, path: levels[index].insidePath ?? path)
        }
    }

    /// Whether `member` is alternatives (`JSONShapeName.alternatives`) whose first holds no array:
    /// nothing `walk` would look at (the entry has read it already).
    static func isPlainAlternatives(_ member: (key: String, value: JSONNode)) -> Bool {
        guard case .array(let elements) = member.value.value,
              member.key == "alternatives" || JSONShapeName.alternativesNames.contains(JSONShapeName.fold(member.key)) else { return false }
        return elements.first.map { !holdsArrays($0) } ?? true
    }

    /// Whether `node` is an array, or an object with an array or object member: whether walking
    /// it could find a level. A word's first alternative (`{"content", "confidence"}`) is not.
    static func holdsArrays(_ node: JSONNode) -> Bool {
        switch node.value {
        case .array: return true
        case .object(let members): return members.contains { $0.value.isArray || $0.value.isObject }
        default: return false
        }
    }

    private mutating func name(_ key: String) -> JSONShapeName {
        // Elements of one array repeat their members' names in order: the last names seen are
        // compared first (a short name is compared in place), the dictionary asked only after.
        let slot = recentNames.isEmpty ? 0 : Int(UInt(bitPattern: key.utf8.count &* 31 &+ Int(key.utf8.first ?? 0)) % UInt(recentNames.count))
        if recentNames[slot].key == key { return recentNames[slot].name }
        let kind: JSONShapeName
        if let known = nameCache[key] {
            kind = known
        } else {
            kind = JSONShapeName.of(key)
            if nameCache.count < 4096 { nameCache[key] = kind }
        }
        recentNames[slot] = (key, kind)
        return kind
    }

    /// The arrays and objects inside `object`.
    private mutating func walk(_ object: JSONNode, path: String) {
        guard case .object(let members) = object.value else { return }
        for (key, value) in members {
            switch value.value {
            case .array(let elements):
                if name(key) == .alternatives {
                    if let first = elements.first, first.isObject, Self.holdsArrays(first) { walk(first, path: JSONShapeName.path(path, key, "[0].")) }
                } else {
                    walkArray(value, path: JSONShapeName.path(path, key, "[]"))
                }
            case .object:
                walk(value, path: JSONShapeName.path(path, key, "."))
            default:
                break
            }
        }
    }

    private mutating func walkArray(_ array: JSONNode, path: String) {
        guard case .array(let elements) = array.value else { return }
        for element in elements {
            switch element.value {
            case .object:
                take(element, path: path)
            case .array(let inner):
                if let entry = tuple(inner, line: element.line) {
                    append(entry, node: nil, to: path)
                } else {
                    walkArray(element, path: JSONShapeName.path(path, "", "[]"))
                }
            default:
                break
            }
        }
    }

    private mutating func append(_ entry: Entry, node: JSONNode?, to path: String) {
        let index = level(path)
        levels[index].entries.append(entry)
        describe(node, in: index)
    }

    private mutating func level(_ path: String) -> Int {
        if let last = lastLevel, last.path == path { return last.index }
        if let known = levelIndex[path] {
            lastLevel = (path, known)
            return known
        }
        levels.append(Level(path: path))
        levelIndex[path] = levels.count - 1
        lastLevel = (path, levels.count - 1)
        return levels.count - 1
    }

    /// Keeps the first member names of the first elements of level `index`, for messages.
    private mutating func describe(_ node: JSONNode?, in index: Int) {
        guard let node, case .object(let members) = node.value, levels[index].described < 16 else { return }
        levels[index].described += 1
        for (key, _) in members {
            if levels[index].memberNames.count < 8, !levels[index].memberNames.contains(key) { levels[index].memberNames.append(key) }
            switch name(key) {
            case .start, .end, .duration:
                if !levels[index].timeNames.contains(key) { levels[index].timeNames.append(key) }
            case .text:
                if !levels[index].textNames.contains(key) { levels[index].textNames.append(key) }
            default:
                break
            }
        }
    }

    /// Whether the array at `path` lists speakers (`speakers[]`, `speaker_labels[]`): the text
    /// of its elements is a speaker's name (Speechmatics v1's `{"name": "M1", "time", "duration"}`).
    static func listsSpeakers(_ path: String) -> Bool {
        let last = path.split(separator: ".").last.map(String.init) ?? path
        return JSONShapeName.fold(last).hasPrefix("speaker")
    }

    /// Whether `object` is a partial result a final one repeats.
    private func isPartial(_ object: JSONNode) -> Bool {
        guard case .object(let members) = object.value else { return false }
        for (key, value) in members {
            switch value.value {
            case .string(let text) where key == "message" || key == "type":
                if Self.saysPartial(text) { return true }
            case .bool(false) where key == "is_final" || key == "isFinal":
                return true
            case .bool(true) where key == "IsPartial" || key == "is_partial" || key == "isPartial":
                return true
            default:
                break
            }
        }
        return false
    }

    /// Whether `text` holds `partial` in any case (`AddPartialTranscript`, `partial`).
    static func saysPartial(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8.count >= 7, utf8.count <= 64 else { return false }
        let word: [UInt8] = [0x70, 0x61, 0x72, 0x74, 0x69, 0x61, 0x6C]  // "partial"
        let bytes = Array(utf8)
        for start in 0...(bytes.count - 7) where bytes[start] | 0x20 == word[0] {
            if (1..<7).allSatisfy({ bytes[start + $0] | 0x20 == word[$0] }) { return true }
        }
        return false
    }

    /// A `[word, start, end]` array (Watson's `timestamps`).
    private func tuple(_ elements: [JSONNode], line: Int) -> Entry? {
        guard elements.count == 3, let word = elements[0].string, let start = elements[1].number, let end = elements[2].number else { return nil }
        return Entry(text: word, start: Time(value: start), end: Time(value: end), line: line)
    }

    /// What `object` holds: from its own members, else its first alternative's, else an object
    /// member's (`metadata`, `timing`); nil when it holds no text, time or speaker.
    private mutating func entry(of object: JSONNode, lookingInside: Bool = true) -> Entry? {
        guard case .object(let members) = object.value else { return nil }
        var entry = Entry(line: object.line)
        var textRank = Int.max
        var speakerRank = Int.max
        var inner = Inner()
        var found = false
        read(members, into: &entry, textRank: &textRank, speakerRank: &speakerRank, inner: &inner, found: &found, lookingInside: lookingInside)
        guard inner.alternative != nil || !inner.objects.isEmpty else { return found ? entry : nil }
        for position in -1..<inner.objects.count where entry.text == nil || entry.start == nil || entry.speaker == nil {
            guard let source = position < 0 ? inner.alternative : inner.objects[position],
                  case .object(let members) = source.value else { continue }
            var more = Entry(line: object.line)
            var rank = Int.max, speakerRankMore = Int.max
            var ignored = Inner()
            read(members, into: &more, textRank: &rank, speakerRank: &speakerRankMore, inner: &ignored, found: &found)
            if entry.text == nil { entry.text = more.text }
            if entry.start == nil, more.start != nil { entry.start = more.start; entry.end = more.end; entry.duration = more.duration }
            if entry.speaker == nil { entry.speaker = more.speaker }
            if entry.channel == nil { entry.channel = more.channel }
        }
        return found ? entry : nil
    }

    private mutating func read(
        _ members: [(key: String, value: JSONNode)], into entry: inout Entry, textRank: inout Int, speakerRank: inout Int,
        inner: inout Inner, found: inout Bool, lookingInside: Bool = true
    ) {
        for (key, value) in members {
            switch name(key) {
            case .text(let rank):
                if rank < textRank, let text = value.string { entry.text = text; textRank = rank; found = true }
            case .start(let scale):
                if entry.start == nil {
                    if case .array(let pair) = value.value, pair.count == 2, let start = Self.time(pair[0], scale: scale) {
                        entry.start = start
                        entry.end = Self.time(pair[1], scale: scale)
                        found = true
                    } else if let time = Self.time(value, scale: scale) {
                        entry.start = time
                        found = true
                    }
                }
            case .end(let scale):
                if entry.end == nil, let time = Self.time(value, scale: scale) { entry.end = time; found = true }
            case .duration(let scale):
                if entry.duration == nil, let time = Self.time(value, scale: scale) { entry.duration = time; found = true }
            case .speaker(let rank):
                if rank < speakerRank, let speaker = speaker(value) { entry.speaker = speaker; speakerRank = rank; found = true }
            case .channel:
                if entry.channel == nil, let channel = Self.speaker(value) { entry.channel = channel }
            case .alternatives:
                if let first = value.elements?.first, first.isObject { inner.alternative = first }
            case .other:
                if entry.start == nil, case .array(let pair) = value.value, pair.count == 2, JSONShapeName.isPairName(key),
                   let start = Self.time(pair[0], scale: nil) {
                    entry.start = start
                    entry.end = Self.time(pair[1], scale: nil)
                    found = true
                } else if lookingInside, value.isObject, inner.objects.count < 4 {
                    inner.objects.append(value)
                }
            }
        }
    }

    /// The objects an element's entry may be completed from: its first alternative (looked at
    /// first), then up to four object members. Only the members array is allocated, and only
    /// when an element has object members.
    private struct Inner {
        var alternative: JSONNode?
        var objects: [JSONNode] = []
    }

    /// `Self.speaker(node)`, remembered for the last string (a file repeats its speakers).
    private mutating func speaker(_ node: JSONNode) -> String? {
        guard case .string(let raw) = node.value else { return Self.speaker(node) }
        if let last = lastSpeaker, last.raw == raw { return last.name }
        let name = Self.speaker(node)
        lastSpeaker = (raw, name)
        return name
    }

    /// A speaker's name: a string as written, a number `n` as "Speaker n", an object's `name`,
    /// `label` or `id`.
    static func speaker(_ node: JSONNode) -> String? {
        if case .object = node.value {
            return (node["name"] ?? node["label"] ?? node["id"]).flatMap(speaker)
        }
        return node.speakerName
    }

    /// A time value: a number or numeric string in the file's unit (or `scale`'s); `"1.5s"`,
    /// `"PT1M2.5S"`, a clock `"00:01:02.500"` and `{"seconds", "nanos"}` in seconds.
    static func time(_ node: JSONNode, scale: Double?) -> Time? {
        switch node.value {
        case .number(let value):
            return Time(value: value, scale: scale)
        case .string(let text):
            if let value = JSONParser.simpleDecimal(text) { return Time(value: value, scale: scale) }
            if text.utf8.last == UInt8(ascii: "s"), let value = JSONTime.decimal(text, droppingSuffix: UInt8(ascii: "s")) {
                return Time(value: value, scale: 1)
            }
            if let seconds = isoDuration(text) { return Time(value: seconds, scale: 1) }
            if text.contains(":"), let time = TimestampParsing.clock(text) { return Time(value: Double(time.milliseconds) / 1000, scale: 1) }
            return nil
        case .object:
            guard node["seconds"] != nil || node["nanos"] != nil else { return nil }
            let whole = node["seconds"].flatMap { $0.number ?? $0.string.flatMap { JSONParser.simpleDecimal($0) } } ?? 0
            return Time(value: whole + (node["nanos"]?.number ?? 0) / 1e9, scale: 1)
        default:
            return nil
        }
    }

    /// Seconds of an ISO 8601 duration of hours, minutes and seconds: `PT1H2M3.5S`.
    static func isoDuration(_ text: String) -> Double? {
        guard text.hasPrefix("PT"), text.count > 2 else { return nil }
        var seconds = 0.0
        var number = ""
        for character in text.dropFirst(2) {
            switch character {
            case "0"..."9", ".": number.append(character)
            case "H", "M", "S":
                guard let value = JSONParser.simpleDecimal(number) else { return nil }
                seconds += value * (character == "H" ? 3600 : character == "M" ? 60 : 1)
                number = ""
            default: return nil
            }
        }
        return number.isEmpty ? seconds : nil
    }
}

extension JSONParser {
    /// `simpleDecimal` of a string's bytes.
    static func simpleDecimal(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { simpleDecimal($0) }
    }
}
