import TranscriptModel

/// Transcripts kept as a table with a header: whisper.cpp's `-ocsv` (`start,end,text` in
/// milliseconds), editors' CSV exports (Descript, Premiere: `Speaker Name,Start Time,End Time,Text`),
/// spreadsheets of `start,end,speaker,text`, and TSV files whose header is not Whisper's own.
///
/// The columns are found by their header names, as the JSON shape reader finds members
/// (`JSONShapeName`, spaces ignored: `Start Time` is `starttime`): a start (or a `[start, end]`
/// pair's parts), an end or a duration, a speaker, and the text. Commas, semicolons or tabs,
/// whichever the header uses; fields may be quoted (`"…"`, `""` for a quote, line breaks inside).
///
/// Times: a clock (`00:01:02.500`, `01:02,5`) is seconds; `HH:MM:SS:FF` counts frames, read at 30 a
/// second with a warning; a bare number is in the unit its column's name says (`start_ms`) or, as
/// whisper.cpp documents for `start,end,text`, milliseconds; otherwise the unit the lengths of its
/// rows' words imply (`JSONShapeUnit`), named in a warning. A row without text is skipped; a time
/// that does not read is a warning naming the line, the row kept untimed.
public struct TableTranscriptParser: TranscriptParser {
    /// A table transcript parser; it has no settings.
    public init() {}

    /// The columns a header names.
    struct Columns {
        var start: (index: Int, scale: Double?)?
        var end: (index: Int, scale: Double?)?
        var duration: (index: Int, scale: Double?)?
        var speaker: Int?
        var text: Int?
        var names: [String] = []
        var separator: UInt8 = UInt8(ascii: ",")
    }

    /// The columns of `header` (its first line), when it names a text column and a start column.
    static func columns(ofHeader line: Substring) -> Columns? {
        let separator: UInt8 = line.utf8.contains(0x09) ? 0x09 : !line.utf8.contains(UInt8(ascii: ",")) && line.utf8.contains(UInt8(ascii: ";")) ? UInt8(ascii: ";") : UInt8(ascii: ",")
        var fields: [String] = []
        var records = CSVRecords(Substring(line), separator: separator)
        fields = records.next()?.fields ?? []
        var columns = Columns(separator: separator)
        columns.names = fields
        var textRank = Int.max, speakerRank = Int.max
        for (index, field) in fields.enumerated() {
            let name = field.filter { $0 != " " }
            switch JSONShapeName.of(name) {
            case .start(let scale) where columns.start == nil: columns.start = (index, scale)
            case .end(let scale) where columns.end == nil: columns.end = (index, scale)
            case .duration(let scale) where columns.duration == nil: columns.duration = (index, scale)
            case .text(let rank) where rank < textRank: columns.text = index; textRank = rank
            case .speaker(let rank) where rank < speakerRank: columns.speaker = index; speakerRank = rank
            default:
                let folded = JSONShapeName.fold(name)
                if ["in", "timecodein", "sourcein", "recordin"].contains(folded), columns.start == nil { columns.start = (index, nil) }
                if ["out", "timecodeout", "sourceout", "recordout"].contains(folded), columns.end == nil { columns.end = (index, nil) }
                if ["dialogue", "subtitle", "words", "speech"].contains(folded), columns.text == nil { columns.text = index; textRank = 99 }
                if ["name", "who", "person"].contains(folded), columns.speaker == nil { columns.speaker = index; speakerRank = 99 }
            }
        }
        guard columns.text != nil, columns.start != nil, fields.count >= 2 else { return nil }
        return columns
    }

    /// The columns of `head`'s first line, when it is a header naming a start and a text column.
    static func header(_ head: Substring) -> Columns? {
        guard let first = SourceLines(String(head.prefix(2000))).first else { return nil }
        return columns(ofHeader: first)
    }

    /// Whether `head` starts with a comma- or semicolon-separated header naming a start and a
    /// text column (a tab-separated one is the TSV format's).
    static func looksLikeCSV(_ head: Substring) -> Bool {
        header(head).map { $0.separator != 0x09 } == true
    }

    /// A time field: seconds of a clock (stated), frames of a timecode (stated, at 30 a second),
    /// or a bare number in an unknown unit.
    enum Field {
        case seconds(Double)
        case frames(Double)
        case number(Double)
    }

    static func field(_ text: Substring) -> Field? {
        let trimmed = text.trimmingBlanks
        guard !trimmed.isEmpty else { return nil }
        if let value = JSONParser.simpleDecimal(String(trimmed)) ?? Double(String(trimmed)), value.isFinite, value >= 0 { return .number(value) }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
           let hours = Double(parts[0]), let minutes = Double(parts[1]), let seconds = Double(parts[2]), let frames = Double(parts[3]) {
            return .frames(hours * 3600 + minutes * 60 + seconds + frames / 30)
        }
        if let time = TimestampParsing.clock(trimmed) { return .seconds(Double(time.milliseconds) / 1000) }
        return nil
    }

    /// The rows of table `text`, one per record after the header; `file` is named in warnings.
    public func parse(_ text: String, file: String) -> ParsedRows {
        var result = ParsedRows()
        let lines = SourceLines(text)
        guard let header = lines.first, let columns = Self.columns(ofHeader: header) else {
            result.warnings.append(FormatError(file: file, line: 1, kind: .missingHeader(found: String(lines.first ?? ""))))
            return result
        }
        struct Pending { var text: String; var start: Field?; var end: Field?; var length: Field?; var speaker: String?; var line: Int }
        var pending: [Pending] = []
        var records = CSVRecords(Substring(text), separator: columns.separator)
        _ = records.next()
        while let record = records.next() {
            let fields = record.fields
            func at(_ index: Int?) -> Substring? { index.flatMap { $0 < fields.count ? Substring(fields[$0]) : nil } }
            guard let raw = at(columns.text) else { continue }
            let text = TextCleanup.collapsingWhitespace(raw)
            guard !text.isEmpty else { continue }
            var row = Pending(text: text, speaker: at(columns.speaker).map { TextCleanup.collapsingWhitespace($0) }.flatMap { $0.isEmpty ? nil : $0 }, line: record.line)
            for (slot, column) in [(0, columns.start?.index), (1, columns.end?.index), (2, columns.duration?.index)] {
                guard let value = at(column), !value.trimmingBlanks.isEmpty else { continue }
                guard let field = Self.field(value) else {
                    result.warnings.append(FormatError(file: file, line: record.line, kind: .badTimestamp(found: String(value), example: "00:01:02.500 or 62.5")))
                    continue
                }
                switch slot {
                case 0: row.start = field
                case 1: row.end = field
                default: row.length = field
                }
            }
            pending.append(row)
        }
        // The unit of bare numbers: named by the columns, whisper.cpp's milliseconds, or evidence.
        let stated = columns.start?.scale ?? columns.end?.scale ?? columns.duration?.scale
        let isWhisperCpp = columns.names.map { $0.lowercased() } == ["start", "end", "text"]
        var scale = stated ?? (isWhisperCpp ? 0.001 : nil)
        var usesFrames = false
        let hasNumbers = pending.contains { row in [row.start, row.end, row.length].contains { if case .number? = $0 { true } else { false } } }
        if hasNumbers, scale == nil {
            var samples: [Double] = []
            for row in pending {
                guard case .number(let start)? = row.start else { continue }
                let words = Double(max(1, JSONShapeReader.wordCount(row.text)))
                if case .number(let end)? = row.end { samples.append((end - start) / words) }
                else if case .number(let length)? = row.length { samples.append(length / words) }
            }
            switch JSONShapeUnit.decide(samples: samples) {
            case .unit(let unit, let secondsAWord, _):
                scale = unit.scale
                result.warnings.append(FormatError(file: file, kind: .timeUnitGuess(
                    assumed: unit.name, reason: "the columns \(columns.names.joined(separator: ", ")) name no unit; as \(unit.name) a word lasts \(JSONShapeUnit.shown(secondsAWord)) s on median, as people speak")))
            case .implausible:
                result.warnings.append(FormatError(file: file, kind: .assumption(
                    "the times of the columns \(columns.names.joined(separator: ", ")) are implausible in every unit; the text is loaded untimed")))
            case .noEvidence:
                scale = 1
                result.warnings.append(FormatError(file: file, kind: .timeUnitGuess(
                    assumed: "seconds", reason: "the columns name no unit and there are too few times to tell one from the lengths of the rows' words")))
            }
        }
        func seconds(_ field: Field?) -> Double? {
            switch field {
            case .seconds(let value)?: return value
            case .frames(let value)?: usesFrames = true; return value
            case .number(let value)?: return scale.map { value * $0 }
            case nil: return nil
            }
        }
        for row in pending {
            let start = seconds(row.start)
            var end = seconds(row.end)
            if end == nil, let start, let length = seconds(row.length) { end = start + length }
            let startTime = start.flatMap(Timestamp.init(seconds:))
            var endTime = end.flatMap(Timestamp.init(seconds:))
            if let start = startTime, let last = endTime, last < start { endTime = nil }
            result.appendRow(text: row.text, start: startTime, end: endTime, speaker: row.speaker, locator: Locator(file: file, line: row.line))
        }
        if usesFrames { result.warnings.append(FormatError(file: file, kind: .assumedFrameRate(30))) }
        if columns.speaker == nil { result.assignSpeakerLabels() }
        return result
    }
}
