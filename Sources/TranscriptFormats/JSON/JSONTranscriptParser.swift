import TranscriptModel

/// JSON transcripts, in the shapes speech-to-text tools and transcript exports write:
///
/// 1. Whisper: `{"text": "…", "segments": [{"start": 0.0, "end": 4.2, "text": " …", "words": […]}], …}`
///    (`words` and the other segment fields are ignored);
/// 2. WhisperX and diarised Whisper: the same, with `"speaker": "SPEAKER_00"` on each segment;
/// 3. a plain array of segment objects: `[{"start": …, "end": …, "speaker": "Alice", "text": "…"}]`
///    (an AssemblyAI `utterances` array saved alone is one);
/// 4. transcription rows: `[{"startTime": "06:32", "context": "…"}]`;
/// 5. a bare `{"text": "…"}` (Whisper's plain `json` response): one untimed row per line of text;
/// 6. the vendors' responses, each read by its own type: `AWSTranscribeJSON`, `DeepgramJSON`,
///    `RevAIJSON`, `GoogleSpeechJSON`, `WhisperCppJSON`, `AssemblyAIJSON`, `YouTubeJSON3`.
///
/// In a segment object (shapes 1 to 4), the text is the first of `text`, `context`, `content`,
/// `transcript`; the start time the first of `start`, `startTime`, `start_time`; the end of `end`,
/// `endTime`, `end_time`; the speaker the first of `speaker`, `speakerName`, `speaker_name`,
/// `speaker_label`. A time is a number of seconds (`392.5`) or a string: `"00:06:32.500"`, `"06:32"`,
/// `"392.5"`. Without a speaker field a `Name: text` prefix gives the speaker. A plain array's
/// numbers have no documented unit: when every one is a whole number, the unit is decided from the
/// values (`TimeUnitGuess`: milliseconds when segments would last minutes as seconds) and a warning
/// says which was assumed.
///
/// A file is tried against every shape by its content, whatever its name: the parser reads it once,
/// streaming the big arrays of all the shapes (`plan`), and the shape is chosen at the end from the
/// members the file has. A segment without a usable text, or with a time that does not parse, is
/// reported with its line (and JSON path); the text of a segment with a bad time is kept, untimed.
/// A JSON syntax error is an error naming the line; JSON of no known shape is an error that says
/// what the file holds and lists the shapes read.
///
/// The file's UTF-8 is read in place into columns, segment by segment (no tree of a million
/// segments or words in memory).
public struct JSONTranscriptParser: TranscriptParser {
    /// A JSON transcript parser; it has no settings.
    public init() {}

    static let textKeys = ["text", "context", "content", "transcript"]
    static let startKeys = ["start", "startTime", "start_time"]
    static let endKeys = ["end", "endTime", "end_time"]
    static let speakerKeys = ["speaker", "speakerName", "speaker_name", "speaker_label"]

    /// Every shape read, for the message about a file of none of them.
    static let shapes = [
        #"Whisper or WhisperX ({"segments": [{"start", "end", "text"}]})"#,
        #"an array of {"start", "end", "speaker", "text"} objects"#,
        AWSTranscribeJSON.shape, DeepgramJSON.shape, RevAIJSON.shape, GoogleSpeechJSON.shape,
        WhisperCppJSON.shape, AssemblyAIJSON.shape, YouTubeJSON3.shape,
        #"a bare {"text": "…"}"#,
        "any array of objects with a time and a text (start/end, offset/duration, from/to, …; text, word, content, …)",
    ]

    /// What the parser streams: segments (top-level or Whisper's, their words and tokens only
    /// checked), and every vendor's big arrays.
    static let plan: JSONStreamPlan = {
        let segment = JSONStreamPlan(route: .segment, members: ["words": .skipped, "tokens": .skipped])
        let rootElement = JSONStreamPlan(route: .rootElement, members: ["words": .skipped, "tokens": .skipped])
        var plan = [
            AWSTranscribeJSON.plan, DeepgramJSON.plan, RevAIJSON.plan, GoogleSpeechJSON.plan,
            WhisperCppJSON.plan, AssemblyAIJSON.plan, YouTubeJSON3.plan,
        ].reduce(JSONStreamPlan(members: ["segments": JSONStreamPlan(elements: segment)], elements: rootElement)) {
            $0.merged(with: $1)
        }
        plan.walksOthersAnywhere = true
        return plan
    }()

    /// The rows of JSON `text` in whichever shape above it holds; throws for a syntax error or an
    /// unknown shape, naming the line in `file`.
    public func parse(_ text: String, file: String) throws(FormatError) -> ParsedRows {
        var text = text
        let parsed = text.withUTF8 { bytes in
            Result { () throws(FormatError) in try parse(ByteText(bytes: bytes), file: file) }
        }
        let columns = try parsed.get()
        return ParsedRows(rows: columns.columns.rows(file: file), warnings: columns.warnings)
    }

    /// The rows of valid UTF-8 JSON `text` as columns, and the warnings. The streamed values are
    /// read one by one as the parser meets them (`JSONParser.parse(plan:visit:)`), segments made
    /// into rows at once, a vendor's values kept by its reader until the shape is known; `release`
    /// is told byte ranges not read again.
    func parse(
        _ text: ByteText, file: String, release: (Range<Int>) -> Void = { _ in }
    ) throws(FormatError) -> ParsedColumns {
        var result = ParsedColumns()
        result.columns.reserve(rows: text.bytes.count / 64, textBytes: text.bytes.count)
        var readers = Readers(file: file)
        var units = TimeUnitGuess()
        var shape = JSONShapeReader(file: file)
        var doubts = Doubts()
        var parser = JSONParser(bytes: text.bytes, file: file)
        var released = 0
        func visit(_ streamed: JSONStreamed) {
            if streamed.offset - released >= 1 << 22 {
                release(released..<streamed.offset)
                released = streamed.offset
            }
            if streamed.route == .shapeElement {
                shape.take(streamed.node, path: streamed.path)
                return
            }
            let feed = doubts.feed(streamed)
            if feed != .shape {
                if streamed.route == .segment || streamed.route == .rootElement {
                    appendRow(of: streamed.node, file: file, to: &result, units: &units)
                } else {
                    readers.take(streamed)
                }
            }
            if feed != .named { shape.take(streamed.node, path: streamed.route.path) }
        }
        let root = try JSONLinesLayout.of(text.bytes) == .lines
            ? parser.parseLines(plan: Self.plan, visit: visit) : parser.parse(plan: Self.plan, visit: visit)
        // The shape reader's view of the whole document: what was streamed to it, and the rest.
        func byShape() -> JSONShapeReader {
            var whole = shape
            whole.read(root)
            return whole
        }
        switch root.value {
        case .array:
            if !result.isTimed, let shaped = byShape().timedRows(), shaped.isBetter(than: result) { return shaped }
            units.apply(to: &result, file: file)
        case .object:
            if root["segments"]?.isArray == true {
                if !result.isTimed, let shaped = byShape().timedRows(), shaped.isBetter(than: result) { return shaped }
                units.apply(to: &result, file: file)
            } else if let read = readers.finish(root: root) {
                if !read.isTimed, let shaped = byShape().timedRows(), shaped.isBetter(than: read) {
                    return shaped
                }
                return read
            } else {
                let shape = byShape()
                if let shaped = shape.timedRows() { return shaped }
                if let text = root["text"], case .string(let whole) = text.value {
                    for line in SourceLines(whole) {
                        result.appendRow(text: TextCleanup.collapsingWhitespace(line), start: nil, end: nil, speaker: nil, line: text.line)
                    }
                    return result
                }
                if let untimed = shape.untimedRows() { return untimed }
                if shape.sawTimes { throw FormatError(file: file, line: root.line, kind: .noTimedText(lookedAt: shape.lookedAt)) }
                throw FormatError(file: file, line: root.line, kind: .unsupportedShape(Self.unsupported(root, lookedAt: shape.lookedAt)))
            }
        default:
            throw FormatError(file: file, line: root.line, kind: .unsupportedShape(Self.unsupported(root)))
        }
        result.columns.assignSpeakerLabels()
        return result
    }

    /// What is expected, and what `root` is (and, when the shape reader looked, what it looked
    /// at): the message for a file of no known shape.
    static func unsupported(_ root: JSONNode, lookedAt: String? = nil) -> String {
        var found = root.kindDescription
        let names = root.memberNames
        if root.isObject {
            found = names.isEmpty ? "an empty object" : "an object with the members "
                + names.prefix(8).map { quoted($0) }.joined(separator: ", ") + (names.count > 8 ? " and \(names.count - 8) more" : "")
        }
        let search = lookedAt.map { "; no array of objects with a time and a text was found: " + $0 } ?? ""
        return "one of the JSON transcripts tsearch reads: " + shapes.joined(separator: "; ") + "; found " + found + search
    }

    /// The row of one segment, or a warning saying why it has none.
    private func appendRow(of segment: JSONNode, file: String, to result: inout ParsedColumns, units: inout TimeUnitGuess) {
        guard case .object = segment.value else {
            result.warnings.append(FormatError(file: file, line: segment.line, kind: .badField(
                expected: "a segment object with a \"text\"", found: segment.kindDescription)))
            return
        }
        guard let textNode = segment.member(Self.textKeys), case .string(let raw) = textNode.value else {
            let found = segment.member(Self.textKeys)?.kindDescription ?? "no such member"
            result.warnings.append(FormatError(file: file, line: segment.line, kind: .badField(
                expected: "a \"text\" (or \"context\", \"content\", \"transcript\") string", found: found)))
            return
        }
        let startNode = segment.member(Self.startKeys)
        let endNode = segment.member(Self.endKeys)
        units.note(startNode)
        units.note(endNode)
        let start = time(startNode, file: file, warnings: &result.warnings)
        let end = time(endNode, file: file, warnings: &result.warnings)
        var speaker: String?
        if let node = segment.member(Self.speakerKeys) {
            switch node.value {
            case .string(let name): speaker = TextCleanup.collapsingWhitespace(name)
            case .number(let number): speaker = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            default: speaker = nil
            }
            if speaker?.isEmpty == true { speaker = nil }
        }
        let appended = raw.utf8.withContiguousStorageIfAvailable {
            result.appendRow(collapsing: $0, start: start, end: end, speaker: speaker, line: segment.line)
        }
        if appended != true {
            result.appendRow(text: TextCleanup.collapsingWhitespace(raw), start: start, end: end, speaker: speaker, line: segment.line)
        }
    }

    /// A time member as seconds or a clock string; nil (with a warning) when it does not parse, nil
    /// (quietly) when absent or null.
    private func time(_ node: JSONNode?, file: String, warnings: inout Warnings) -> Timestamp? {
        guard let node else { return nil }
        switch node.value {
        case .null:
            return nil
        case .number(let seconds):
            if let time = Timestamp(seconds: seconds) { return time }
        case .string(let text):
            if let time = TimestampParsing.clock(text) ?? Double(text).flatMap(Timestamp.init(seconds:)) {
                return time
            }
        default:
            break
        }
        warnings.append(FormatError(file: file, line: node.line, kind: .badField(
            expected: "a time in seconds or like \"00:06:32.500\" (the text is kept, untimed)",
            found: node.kindDescription)))
        return nil
    }
}

extension JSONTranscriptParser {
    /// Which named routes' values the shape reader is given too, decided by each route's first
    /// value: those that do not look like what the route's reader expects (a Speechmatics
    /// `results[]` element has no Google `transcript`; an ElevenLabs `words[]` element's times are
    /// not AssemblyAI's whole milliseconds), so that the shape reader can read them if the named
    /// reader reads nothing timed. Values of routes that look right are not kept twice.
    struct Doubts {
        /// Who reads a route's values.
        enum Feed {
            /// Its named reader only.
            case named
            /// The named reader and the shape reader.
            case both
            /// The shape reader only, after the first value (the named reader has seen that its
            /// file is not its vendor's: AssemblyAI seeing seconds, Google a result without a
            /// `transcript`).
            case shape
        }

        private var decided: [JSONRoute: Feed] = [:]
        private var last: (route: JSONRoute, feed: Feed)?

        /// Who reads `streamed`.
        mutating func feed(_ streamed: JSONStreamed) -> Feed {
            if let last, last.route == streamed.route { return last.feed }
            if let known = decided[streamed.route] {
                last = (streamed.route, known)
                return known
            }
            let feed = Self.feed(streamed.route, streamed.node)
            // The first value goes to the named reader whatever follows.
            decided[streamed.route] = feed
            last = (streamed.route, feed)
            return feed == .shape ? .both : feed
        }

        static func feed(_ route: JSONRoute, _ node: JSONNode) -> Feed {
            switch route {
            case .segment, .rootElement:
                let fits = node.member(JSONTranscriptParser.textKeys)?.string != nil && node.member(JSONTranscriptParser.startKeys) != nil
                return fits ? .named : .both
            case .googleResult:
                let first = node["alternatives"]?.elements?.first
                guard first?["transcript"]?.string != nil else { return .shape }
                return first?["words"] == nil ? .both : .named
            case .assemblyWord, .assemblyUtterance:
                guard let text = node["text"]?.string, let start = node["start"]?.number, let end = node["end"]?.number else { return .both }
                if start != start.rounded() || end != end.rounded() { return .shape }
                let perWord = (end - start) / Double(max(1, JSONShapeReader.wordCount(text)))
                return perWord > 8000 ? .shape : .named
            default:
                return .named
            }
        }
    }
}

extension ParsedColumns {
    /// Whether any row has a start time.
    var isTimed: Bool { columns.startTimes.contains { $0 >= 0 } }

    /// Whether these rows (the shape reader's) are better than `other`'s (a named reader's,
    /// untimed): timed, or rows where `other` has none.
    func isBetter(than other: ParsedColumns) -> Bool {
        isTimed || other.columns.rowCount == 0 && columns.rowCount > 0
    }
}

extension JSONTranscriptParser {
    /// The vendors' readers, each handed its family's streamed values.
    struct Readers {
        var aws: AWSTranscribeJSON
        var deepgram: DeepgramJSON
        var rev: RevAIJSON
        var google: GoogleSpeechJSON
        var whisperCpp: WhisperCppJSON
        var assembly: AssemblyAIJSON
        var json3: YouTubeJSON3

        init(file: String) {
            aws = AWSTranscribeJSON(file: file)
            deepgram = DeepgramJSON(file: file)
            rev = RevAIJSON(file: file)
            google = GoogleSpeechJSON(file: file)
            whisperCpp = WhisperCppJSON(file: file)
            assembly = AssemblyAIJSON(file: file)
            json3 = YouTubeJSON3(file: file)
        }

        mutating func take(_ streamed: JSONStreamed) {
            switch streamed.route {
            case .segment, .rootElement, .shapeElement: break
            case .awsItem, .awsSpeakerSegment, .awsAudioSegment, .awsChannelItem: aws.take(streamed)
            case .deepgramWord, .deepgramParagraph, .deepgramAlternative, .deepgramUtterance: deepgram.take(streamed)
            case .revElement, .revMonologue: rev.take(streamed)
            case .googleWord, .googleResult: google.take(streamed)
            case .whisperCppSegment: whisperCpp.take(streamed)
            case .assemblyUtterance, .assemblyWord: assembly.take(streamed)
            case .json3Event: json3.take(streamed)
            }
        }

        /// The rows of the vendor shape `root` has, or nil when it has none of them.
        func finish(root: JSONNode) -> ParsedColumns? {
            if AWSTranscribeJSON.claims(root) { return aws.finish() }
            if DeepgramJSON.claims(root) { return deepgram.finish() }
            if RevAIJSON.claims(root) { return rev.finish() }
            if GoogleSpeechJSON.claims(root) { return google.finish() }
            if WhisperCppJSON.claims(root) { return whisperCpp.finish() }
            if YouTubeJSON3.claims(root) { return json3.finish() }
            if AssemblyAIJSON.claims(root), assembly.timesAreMilliseconds { return assembly.finish(root: root) }
            return nil
        }
    }
}
