import TranscriptModel

/// TTML and DFXP (`.ttml`, `.dfxp`, and `.xml` when its root is `<tt>`): one row per `<p>`.
///
/// - Times: `begin`, `end` and `dur` in any TTML time expression (`TTMLTime`: clock time, offset
///   time with `h`/`m`/`s`/`ms`/`f`/`t`, with the root's frame and tick rates). Times are relative to
///   the parent's `begin` (`body`, `div`, nested `div`s: TTML's default `par` time containers) —
///   unless, read so, children would end after their parent while read from the start of the media
///   they all lie within it (Apple's lyrics files): then they are read from the start. A `<p>`
///   without times of its own takes the span of its timed `<span>`s; without either, its parent's.
/// - Text: all character data of the `<p>`, its `<span>`s at any depth included; `<br/>` is a space;
///   whitespace collapsed; `<metadata>` inside a paragraph is not text.
/// - Speaker: the `ttm:agent` of the `<p>` (or its nearest `<span>`/ancestor that names one),
///   resolved to the agent's `<ttm:name>` in the head, else the agent's id.
/// - A `<p>` whose time does not parse (or is absurd) is a warning naming its line; the rest loads.
///   Bad XML, nesting deeper than 256 levels or dangerous entity declarations are an error naming
///   the line; stray `<`, `&` and HTML entities are read leniently, with a warning (see
///   `XMLTree.document`).
public struct TTMLParser: TranscriptParser {
    /// A TTML parser; it has no settings.
    public init() {}

    /// The rows of TTML `text`, one per `<p>`; throws when the document is not XML it can
    /// read, naming the line in `file`.
    public func parse(_ text: String, file: String) throws(FormatError) -> ParsedRows {
        let (root, warnings) = try XMLTree.document(text, file: file)
        guard root.name == "tt" else {
            throw FormatError(file: file, line: root.line, kind: .unsupportedShape("a TTML document (a <tt> root element), found <\(root.name)>"))
        }
        let time = TTMLTime(root: root.attributes)
        var agents: [String: String] = [:]
        for agent in root.descendants(named: "agent") {
            guard let id = agent.attributes["id"] else { continue }
            let name = agent.descendants(named: "name").first.map { TextCleanup.collapsingWhitespace($0.allText) }
            agents[id] = name?.isEmpty == false ? name : id
        }
        var reader = Reader(file: file, time: time, agents: agents)
        reader.result.warnings = Warnings(warnings)
        let unusable = TTMLTime.unusableParameters(root.attributes)
        if !unusable.isEmpty {
            reader.result.warnings.append(FormatError(file: file, line: root.line, kind: .assumption(
                "\(unusable.joined(separator: ", ")) is not a usable timing parameter; TTML's default is used (30 fps, one tick a frame, or a second)"
            )))
        }
        if let body = root.elements.first(where: { $0.name == "body" }) {
            reader.visit(body, parentBegin: 0, parentEnd: nil, agent: nil)
        }
        // A paragraph without an agent that begins `Name: ` (a DFXP converted from a Zoom
        // transcript) names its speaker, as a subtitle's does.
        reader.result.assignSpeakerLabels()
        return reader.result
    }

    /// Walks the body, keeping the times and agent each level passes down.
    private struct Reader {
        let file: String
        let time: TTMLTime
        let agents: [String: String]
        var result = ParsedRows()
        /// Whether an enclosing container had a `begin` (else a paragraph without one has no time).
        var containerBegins: [Bool] = []

        /// `element`'s own begin and end, in seconds from the start, or nil with a warning when one
        /// is given and does not parse.
        mutating func times(of element: XMLTree, parentBegin: Double, parentEnd: Double?) -> (begin: Double, end: Double?, hasOwn: Bool)? {
            var begin = parentBegin
            var end = parentEnd
            var hasOwn = false
            for key in ["begin", "end", "dur"] {
                guard let value = element.attributes[key] else { continue }
                guard let seconds = time.seconds(value), seconds.isFinite, seconds >= 0, seconds < 3_600_000_000 else {
                    result.warnings.append(FormatError(
                        file: file, line: element.line,
                        kind: .badTimestamp(found: value, example: "00:00:01.500, 1.5s, 1500ms, 36f or 15000000t")
                    ))
                    return nil
                }
                switch key {
                case "begin": begin = parentBegin + seconds; hasOwn = true
                case "end": end = parentBegin + seconds; hasOwn = true
                default: end = begin + seconds; hasOwn = true
                }
            }
            return (begin, end, hasOwn)
        }

        func agentName(_ element: XMLTree) -> String? {
            guard let ids = element.attributes["agent"], let id = ids.split(separator: " ").first.map(String.init) else { return nil }
            return agents[id] ?? id
        }

        mutating func visit(_ element: XMLTree, parentBegin: Double, parentEnd: Double?, agent: String?) {
            guard let own = times(of: element, parentBegin: parentBegin, parentEnd: parentEnd) else { return }
            let agent = agentName(element) ?? agent
            containerBegins.append(element.attributes["begin"] != nil || containerBegins.last == true)
            defer { containerBegins.removeLast() }
            let base = childrenAreAbsolute(element, begin: own.begin, end: own.end) ? 0 : own.begin
            for child in element.elements {
                switch child.name {
                case "p": paragraph(child, parentBegin: base, parentEnd: own.end, agent: agent)
                case "div", "body": visit(child, parentBegin: base, parentEnd: own.end, agent: agent)
                default: break
                }
            }
        }

        /// Whether `element`'s children give times from the start of the media rather than from
        /// `begin` (Apple's lyrics files do, against TTML's rule): read as offsets, some child would
        /// end after the element ends; read from the start, every child lies within it.
        func childrenAreAbsolute(_ element: XMLTree, begin: Double, end: Double?) -> Bool {
            guard begin > 0, let end else { return false }
            var beyond = false
            for child in element.elements {
                guard let childBegin = child.attributes["begin"].flatMap(time.seconds) else { continue }
                let childEnd = child.attributes["end"].flatMap(time.seconds) ?? childBegin
                if childBegin < begin - 0.001 || childEnd > end + 0.001 { return false }
                if begin + childEnd > end + 0.001 { beyond = true }
            }
            return beyond
        }

        mutating func paragraph(_ p: XMLTree, parentBegin: Double, parentEnd: Double?, agent: String?) {
            guard var own = times(of: p, parentBegin: parentBegin, parentEnd: parentEnd) else { return }
            var speaker = agentName(p) ?? agent
            var text = ""
            var spanBegin: Double?
            var spanEnd: Double?
            // Depth-first over the paragraph's content, each element's begin passed to its children.
            var stack: [(XMLTree.Child, Double)] = p.children.reversed().map { ($0, own.begin) }
            while let (child, base) = stack.popLast() {
                switch child {
                case .text(let run):
                    text += run
                case .element(let element):
                    switch element.name {
                    case "br": text += " "
                    case "metadata", "set", "animate": break
                    default:
                        var begin = base
                        if element.attributes["begin"] != nil || element.attributes["end"] != nil || element.attributes["dur"] != nil,
                           let times = times(of: element, parentBegin: base, parentEnd: nil) {
                            begin = times.begin
                            if element.attributes["begin"] != nil { spanBegin = min(spanBegin ?? times.begin, times.begin) }
                            if let end = times.end { spanEnd = max(spanEnd ?? end, end) }
                        }
                        if speaker == nil { speaker = agentName(element) }
                        stack.append(contentsOf: element.children.reversed().map { ($0, begin) })
                    }
                }
            }
            if !own.hasOwn {
                own.begin = spanBegin ?? own.begin
                own.end = spanEnd ?? own.end
            }
            let words = TextCleanup.collapsingWhitespace(SubRipMarkup.withoutOverrideBlocks(text))
            var start = Timestamp(seconds: own.begin)
            if p.attributes["begin"] == nil, spanBegin == nil, containerBegins.last != true, !words.isEmpty {
                // Nothing says when it is shown: no time rather than a made-up zero.
                start = nil
                result.warnings.append(FormatError(file: file, line: p.line, kind: .assumption(
                    "a <p> without a begin time (nor its spans or containers); its row has no time"
                )))
            }
            result.appendRow(
                text: words, start: start, end: start == nil ? nil : own.end.flatMap { Timestamp(seconds: $0) },
                speaker: speaker, locator: Locator(file: file, line: p.line, cue: p.attributes["id"])
            )
        }
    }
}
