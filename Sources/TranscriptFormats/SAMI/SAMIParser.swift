import TranscriptModel

/// SAMI (`.smi`, `.sami`): HTML-like markup where `<SYNC Start=ms>` starts a caption that lasts to
/// the next `<SYNC>`, and `<P Class=ENUSCC>` says which language track the text belongs to.
///
/// - One row per `<SYNC>` with text in the chosen track: start the `Start` (milliseconds), end the
///   next `<SYNC>`'s start (a blank `&nbsp;` caption ends the one before it and is no row).
/// - One language track is read: the first class the `<STYLE>` block declares that captions use
///   (else the first class used). When the file holds other tracks, a warning names the one read.
///   A `<P>` without a class belongs to every track.
/// - Text: tags dropped (`<br>` a space), character references decoded, whitespace collapsed;
///   `<STYLE>`, `<HEAD>` and comments are not text. A `Name: text` prefix becomes the speaker.
/// - It never fails on markup (SAMI files are rarely well-formed); a `Start` that is not whole
///   milliseconds (or absurd) is a warning naming the line.
///
/// Complexity: one pass over the text, O(length).
public struct SAMIParser: TranscriptParser {
    /// A SAMI parser; it has no settings.
    public init() {}

    /// A caption as read: where it starts, its track, its text.
    private struct Caption {
        var start: Int64
        var line: Int
        var track: String?
        var text: String
    }

    /// The rows of SAMI `text`, one per `<SYNC>` with text in the track read; `file` is named in warnings
    /// and locators.
    public func parse(_ text: String, file: String) -> ParsedRows {
        var result = ParsedRows()
        var captions: [[Caption]] = []  // per SYNC: its paragraphs
        var declared: [(id: String, name: String?)] = []
        var used: [String] = []
        var written: [String: String] = [:]  // a class as the file writes it, by its lower-cased id (and: is used)
        var scanner = MarkupScanner(text)
        var inStyle = false
        var inHead = false
        var current: Caption?
        var syncs: [(start: Int64, line: Int)] = []

        func closeParagraph() {
            if let caption = current { captions[captions.count - 1].append(caption) }
            current = nil
        }

        while let token = scanner.next() {
            switch token {
            case .tag(let name, let attributes, let isEnd, let line):
                switch (name, isEnd) {
                case ("style", false): inStyle = true
                case ("style", true): inStyle = false
                case ("head", false): inHead = true
                case ("head", true): inHead = false
                case ("sync", false):
                    closeParagraph()
                    guard let value = attributes["start"], let start = SRV3Parser.milliseconds(value), start < 3_600_000_000_000 else {
                        result.warnings.append(FormatError(
                            file: file, line: line, kind: .badTimestamp(found: attributes["start"] ?? "", example: "<SYNC Start=1500> (milliseconds)")
                        ))
                        syncs.append((-1, line))
                        captions.append([])
                        continue
                    }
                    syncs.append((start, line))
                    captions.append([])
                case ("p", false):
                    guard !captions.isEmpty else { continue }
                    closeParagraph()
                    let track = attributes["class"]?.lowercased()
                    if let track, written[track] == nil {
                        used.append(track)
                        written[track] = attributes["class"]
                    }
                    current = Caption(start: syncs[syncs.count - 1].start, line: line, track: track, text: "")
                case ("p", true), ("sync", true), ("body", true):
                    closeParagraph()
                case ("br", _):
                    current?.text += " "
                default:
                    break
                }
            case .text(let run):
                if inStyle {
                    declared.append(contentsOf: Self.classes(declaredIn: run))
                } else if !inHead, !captions.isEmpty {
                    // Text outside any <P> belongs to every track; white space there is nothing.
                    if current == nil, run.contains(where: { !$0.isWhitespace }) {
                        current = Caption(start: syncs[syncs.count - 1].start, line: syncs[syncs.count - 1].line, track: nil, text: "")
                    }
                    current?.text += run
                }
            }
        }
        closeParagraph()

        let track = declared.first(where: { written[$0.id] != nil })?.id ?? used.first
        if used.count > 1, let track {
            var names: [String: String] = [:]
            for (id, name) in declared where names[id] == nil { names[id] = name }
            func described(_ id: String) -> String {
                (written[id] ?? id) + (names[id].map { " (\($0))" } ?? "")
            }
            let listed = used.prefix(10).map(described).joined(separator: ", ") + (used.count > 10 ? ", …" : "")
            result.warnings.append(FormatError(file: file, kind: .assumption(
                "holds \(used.count) language tracks (\(listed)); read \(described(track)), the first"
            )))
        }
        // Each SYNC's text in the chosen track (a paragraph without a class is in every track).
        var shown: [(start: Int64, line: Int, text: String)] = []
        for (index, paragraphs) in captions.enumerated() {
            let text = paragraphs.filter { $0.track == nil || $0.track == track }
                .map { TextCleanup.collapsingWhitespace(SubRipMarkup.withoutOverrideBlocks(Entities.decodingAll(in: Substring($0.text)))) }
                .filter { !$0.isEmpty }.joined(separator: " ")
            let line = paragraphs.first?.line ?? syncs[index].line
            let hasTrack = paragraphs.contains { $0.track == nil || $0.track == track }
            // A SYNC with no paragraph of this track is another track's caption: it does not end ours.
            if (hasTrack || paragraphs.isEmpty) && syncs[index].start >= 0 { shown.append((syncs[index].start, line, text)) }
        }
        for (index, caption) in shown.enumerated() where !caption.text.isEmpty {
            // It lasts until the next caption of the track; one that starts earlier ends nothing.
            let next = index + 1 < shown.count && shown[index + 1].start >= caption.start ? shown[index + 1] : nil
            result.appendRow(
                text: caption.text, start: Timestamp(milliseconds: caption.start), end: next.map { Timestamp(milliseconds: $0.start) },
                locator: Locator(file: file, line: caption.line)
            )
        }
        result.assignSpeakerLabels()
        return result
    }

    /// The classes a SAMI `<STYLE>` block declares (lower-cased) with their `Name`:
    /// `.ENUSCC { Name: English; lang: en-US; }` → `("enuscc", "English")`.
    static func classes(declaredIn css: String) -> [(id: String, name: String?)] {
        var classes: [(id: String, name: String?)] = []
        var rest = Substring(css)
        while let dot = rest.firstIndex(of: ".") {
            let id = rest[rest.index(after: dot)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
            rest = rest[id.endIndex...]
            let after = rest.drop { $0.isWhitespace }
            guard !id.isEmpty, after.first == "{" else { continue }
            let body = after.dropFirst().prefix { $0 != "}" }
            // No `}` ahead: no later declaration has one either (and scanning again would be quadratic).
            guard body.endIndex != css.endIndex else { break }
            let name = body.split(separator: ";").compactMap { property -> String? in
                let parts = property.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingBlanksAndLines.lowercased() == "name" else { return nil }
                return parts[1].trimmingBlanksAndLines
            }.first
            classes.append((id.lowercased(), name))
        }
        return classes
    }
}
