import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An element of a small XML document tree (with everything below it), for the XML subtitle formats (TTML/DFXP, YouTube srv3), read with
/// FoundationXML under the same guards as the EPUB reader: entity declarations that are external,
/// parameter or nested (XXE, billion laughs) refuse the document before it is parsed
/// (`MarkupReader.declaresDangerousEntities`), external entities are never loaded, nesting
/// deeper than `maximumDepth` elements stops the parse, and an element with more than
/// `MarkupReader.attributeLimit` attributes, or more than `MarkupReader.elementLimit` elements,
/// refuses the document before it is parsed (the XML reader's duplicate-attribute check is
/// quadratic in attributes; each element costs a node however small it is). Names lose their namespace prefix and are
/// lower-cased (`tt:p` → `p`, `ttm:agent` → `agent`, `xml:id` → `id`), as `MarkupEvent`s are.
///
/// Memory: the tree holds the document's text once more, plus a few words per element.
final class XMLTree {
    /// The local name, lower-cased.
    let name: String
    /// Attributes by local name, lower-cased.
    let attributes: [String: String]
    /// The 1-based line the start tag was read on.
    let line: Int
    /// Elements and text, in document order.
    fileprivate(set) var children: [Child] = []

    /// A child of an element: an element, or a run of character data (entities decoded).
    enum Child {
        case element(XMLTree)
        case text(String)
    }

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    /// The child elements.
    var elements: [XMLTree] {
        children.compactMap { if case .element(let element) = $0 { return element } else { return nil } }
    }

    /// Every element below this one named `name`, in document order (not looking inside a match).
    func descendants(named name: String) -> [XMLTree] {
        var found: [XMLTree] = []
        var stack = Array(elements.reversed())
        while let element = stack.popLast() {
            if element.name == name { found.append(element) } else { stack.append(contentsOf: element.elements.reversed()) }
        }
        return found
    }

    /// All the character data below this element, in order.
    var allText: String {
        var out = ""
        var stack: [Child] = children.reversed()
        while let child = stack.popLast() {
            switch child {
            case .text(let text): out += text
            case .element(let element): stack.append(contentsOf: element.children.reversed())
            }
        }
        return out
    }

    /// How deep elements may nest before the document is refused.
    static let maximumDepth = 256

    /// The document element of `text`, or an error naming the line where reading stopped.
    ///
    /// A document that is not well-formed only for stray `<` and `&` or HTML entities (`&eacute;`),
    /// as hand-made caption files are, is read again with those written as XML would
    /// (`leniently`), and a warning says so.
    static func document(_ text: String, file: String) throws(FormatError) -> (root: XMLTree, warnings: [FormatError]) {
        var bytes = Array(text.utf8)
        // The text is already decoded: an encoding the declaration names no longer applies (and a
        // declaration after blank lines, which XML refuses, is no longer there).
        let first = bytes.firstIndex { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D } ?? bytes.endIndex
        if bytes[first...].starts(with: Array("<?xml".utf8)), let close = bytes[first...].firstIndex(of: UInt8(ascii: ">")) {
            for index in first...close where bytes[index] != 0x0A && bytes[index] != 0x0D { bytes[index] = 0x20 }
        }
        if MarkupReader.declaresDangerousEntities(bytes) {
            throw FormatError(file: file, kind: .xml("it declares external, parameter or nested entities (refused: they can read files or expand without bound)"))
        }
        if MarkupReader.hasMoreElements(bytes, than: MarkupReader.elementLimit) {
            throw FormatError(file: file, kind: .xml("refused: " + MarkupRefusal.tooManyElements(limit: MarkupReader.elementLimit).reason))
        }
        if let crowded = MarkupReader.crowdedElement(bytes, limit: MarkupReader.attributeLimit) {
            let line = 1 + bytes[..<crowded].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw FormatError(file: file, line: line, kind: .xml(
                "an element holds more than \(MarkupReader.attributeLimit) attributes (refused: no subtitle document has one, and reading them takes time that grows with their square)"
            ))
        }
        do {
            return (try parse(bytes, file: file), [])
        } catch {
            let repaired = leniently(bytes)
            guard repaired != bytes, let root = try? parse(repaired, file: file) else { throw error }
            let warning = FormatError(file: file, line: error.line, kind: .assumption(
                "not well-formed XML (\(error.message.replacingOccurrences(of: "not readable XML: ", with: ""))); read with stray < and & as text and HTML entities decoded"
            ))
            return (root, [warning])
        }
    }

    /// Parses `bytes` into a tree, under the depth limit.
    private static func parse(_ bytes: [UInt8], file: String) throws(FormatError) -> XMLTree {
        guard let bytes = MarkupReader.blankingProcessingInstructions(bytes) else {
            throw FormatError(file: file, kind: .xml("a processing instruction (<?…) never ends"))
        }
        let builder = TreeBuilder()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        builder.parser = parser
        parser.delegate = builder
        let parsed = parser.parse()
        if let problem = builder.problem {
            throw FormatError(file: file, line: problem.line, kind: .xml(problem.message))
        }
        guard parsed, let root = builder.root else {
            throw FormatError(file: file, line: max(1, parser.lineNumber), kind: .xml(reason(parser.parserError)))
        }
        if let open = builder.openElement {
            throw FormatError(file: file, line: builder.lastLine, kind: .xml("the document ends before <\(open)> is closed (a truncated file?)"))
        }
        return root
    }

    /// `bytes` with a `<` that starts no markup written `&lt;`, a `&` that starts no reference
    /// `&amp;`, and HTML's named entities as their characters (XML knows only five). Lines stay
    /// where they were.
    static func leniently(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        var index = 0
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "#")
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                let startsMarkup = (next | 0x20) &- UInt8(ascii: "a") < 26 || next == UInt8(ascii: "/") || next == UInt8(ascii: "!")
                    || next == UInt8(ascii: "?") || next == UInt8(ascii: "_") || next >= 0x80
                out.append(contentsOf: startsMarkup ? [byte] : Array("&lt;".utf8))
                index += 1
            } else if byte == UInt8(ascii: "&") {
                var end = index + 1
                while end < bytes.count, end - index <= 32, isNameByte(bytes[end]) { end += 1 }
                guard end < bytes.count, bytes[end] == UInt8(ascii: ";"), end > index + 1 else {
                    out.append(contentsOf: Array("&amp;".utf8))
                    index += 1
                    continue
                }
                let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                let reference = Array(bytes[index...end])
                if name.hasPrefix("#") || ["amp", "lt", "gt", "quot", "apos"].contains(name) {
                    out.append(contentsOf: reference)
                } else {
                    let decoded = Entities.decodingAll(in: Substring("&\(name);"))
                    out.append(contentsOf: decoded == "&\(name);" ? Array("&amp;".utf8) + Array(bytes[(index + 1)...end]) : Array(decoded.utf8))
                }
                index = end + 1
            } else {
                out.append(byte)
                index += 1
            }
        }
        return out
    }

    /// What the XML reader's error says, in words.
    private static func reason(_ error: Error?) -> String {
        guard let error = error as NSError? else { return "the document ends early" }
        let code = XMLParser.ErrorCode(rawValue: error.code)
        var reason = code.map { "\($0)".replacingOccurrences(of: "Error", with: "") } ?? "error"
        reason = reason.unicodeScalars.reduce(into: "") { out, scalar in
            if scalar.properties.isUppercase { out += " " + String(scalar).lowercased() } else { out.unicodeScalars.append(scalar) }
        }
        if code == .internalError || code == .outOfMemoryError {
            // libxml2 says "out of memory" when a text passes its size limit.
            reason = "the XML reader gave up, as it does at a text, name or attribute longer than its 10 MB limit"
        }
        return reason + " (XML error \(error.code))"
    }
}

/// Builds the tree from the parser's events, watching the depth.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    weak var parser: XMLParser?
    var root: XMLTree?
    var problem: (line: Int, message: String)?
    private var stack: [XMLTree] = []
    private var text = ""
    /// The innermost element still open, if any (after the parse: the document was cut).
    var openElement: String? { stack.last?.name }
    /// The line the parser last reported.
    private(set) var lastLine = 1

    private func flush() {
        guard !text.isEmpty, let top = stack.last else { text = ""; return }
        top.children.append(.text(text))
        text = ""
    }

    private func stop(_ message: String) {
        if problem == nil { problem = (parser?.lineNumber ?? 0, message) }
        parser?.abortParsing()
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        guard problem == nil else { return }
        flush()
        guard stack.count < XMLTree.maximumDepth else {
            stop("elements nest deeper than \(XMLTree.maximumDepth) levels")
            return
        }
        lastLine = max(lastLine, parser.lineNumber)
        var lowered: [String: String] = [:]
        for (key, value) in attributes { lowered[MarkupReader.localName(key)] = value }
        let element = XMLTree(name: MarkupReader.localName(name), attributes: lowered, line: max(1, parser.lineNumber))
        if let top = stack.last { top.children.append(.element(element)) } else if root == nil { root = element }
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard problem == nil else { return }
        flush()
        _ = stack.popLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard problem == nil else { return }
        lastLine = max(lastLine, parser.lineNumber)
        text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        guard problem == nil else { return }
        text += String(decoding: block, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        nil
    }
}
