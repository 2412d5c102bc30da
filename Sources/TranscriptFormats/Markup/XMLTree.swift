import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A small XML document tree for the XML subtitle formats (TTML/DFXP, YouTube srv3), read with
/// FoundationXML under the same guards as the EPUB reader: entity declarations that are external,
/// parameter or nested (XXE, billion laughs) refuse the document before it is parsed
/// (`MarkupReader.declaresDangerousEntities`), external entities are never loaded, and nesting
/// deeper than `maximumDepth` elements stops the parse. Names lose their namespace prefix and are
/// lower-cased (`tt:p` → `p`, `ttm:agent` → `agent`, `xml:id` → `id`), as `MarkupEvent`s are.
///
/// Memory: the tree holds the document's text once more, plus a few words per element.
final class XMLElement {
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
        case element(XMLElement)
        case text(String)
    }

    init(name: String, attributes: [String: String], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    /// The child elements.
    var elements: [XMLElement] {
        children.compactMap { if case .element(let element) = $0 { return element } else { return nil } }
    }

    /// Every element below this one named `name`, in document order (not looking inside a match).
    func descendants(named name: String) -> [XMLElement] {
        var found: [XMLElement] = []
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
    static func document(_ text: String, file: String) throws(FormatError) -> XMLElement {
        var bytes = Array(text.utf8)
        // The text is already decoded: an encoding the declaration names no longer applies.
        if bytes.starts(with: Array("<?xml".utf8)), let close = bytes.firstIndex(of: UInt8(ascii: ">")) {
            bytes.replaceSubrange(0...close, with: [UInt8](repeating: 0x20, count: close + 1))
        }
        if MarkupReader.declaresDangerousEntities(bytes) {
            throw FormatError(file: file, kind: .xml("it declares external, parameter or nested entities (refused: they can read files or expand without bound)"))
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
            let reason = (parser.parserError as NSError?).map { "\($0.localizedDescription) (code \($0.code))" } ?? "the document ends early"
            throw FormatError(file: file, line: max(1, parser.lineNumber), kind: .xml(reason))
        }
        return root
    }
}

/// Builds the tree from the parser's events, watching the depth.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    weak var parser: XMLParser?
    var root: XMLElement?
    var problem: (line: Int, message: String)?
    private var stack: [XMLElement] = []
    private var text = ""

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
        guard stack.count < XMLElement.maximumDepth else {
            stop("elements nest deeper than \(XMLElement.maximumDepth) levels")
            return
        }
        var lowered: [String: String] = [:]
        for (key, value) in attributes { lowered[MarkupReader.localName(key)] = value }
        let element = XMLElement(name: MarkupReader.localName(name), attributes: lowered, line: max(1, parser.lineNumber))
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
