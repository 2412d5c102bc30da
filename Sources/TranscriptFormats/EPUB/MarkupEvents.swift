import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A document as a flat stream of start tags, end tags and text: what both readers below produce
/// and what the EPUB loader consumes. Element and attribute names are lower-cased and lose their
/// namespace prefix (`opf:item` → `item`, `epub:type` → `type`, `xml:lang` → `lang`).
enum MarkupEvent: Hashable, Sendable {
    case start(String, [String: String])
    case end(String)
    case text(String)
}

/// Why a document was refused before it was parsed.
enum MarkupRefusal: Error, Equatable {
    /// The document declares entities in an internal DTD subset (`<!ENTITY …>`): the shape of the
    /// billion-laughs and XXE attacks, and never needed by a book.
    case entityDeclarations
}

enum MarkupReader {
    /// Reads `bytes` with FoundationXML (external entities and DTDs never loaded); when that fails
    /// (real books hold HTML-ish XHTML: `&nbsp;` without a DTD, unclosed tags), with the forgiving
    /// `HTMLTokenizer`. Whether the forgiving path was needed is returned too.
    static func events(_ bytes: [UInt8]) throws(MarkupRefusal) -> (events: [MarkupEvent], forgiving: Bool) {
        if declaresEntities(bytes) { throw .entityDeclarations }
        if let events = XMLEvents.parse(bytes) { return (events, false) }
        return (HTMLTokenizer.events(String(decoding: bytes, as: UTF8.self)), true)
    }

    /// Whether a `<!DOCTYPE` has an internal subset declaring an entity. Looks at the prolog only
    /// (before the first element), where a DOCTYPE must be.
    static func declaresEntities(_ bytes: [UInt8]) -> Bool {
        let prolog = bytes.prefix(64 << 10)
        guard let doctype = find(Array("<!DOCTYPE".utf8), in: prolog) ?? find(Array("<!doctype".utf8), in: prolog) else {
            return false
        }
        return find(Array("<!ENTITY".utf8), in: prolog[doctype...]) != nil
    }

    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var index = haystack.startIndex
        while index + needle.count <= haystack.endIndex {
            if haystack[index] == needle[0] && haystack[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// `opf:item` → `item`.
    static func localName(_ name: String) -> String {
        let lower = name.lowercased()
        return lower.firstIndex(of: ":").map { String(lower[lower.index(after: $0)...]) } ?? lower
    }
}

/// FoundationXML's parser with external entities off, collecting events; nil on any parse error.
private final class XMLEvents: NSObject, XMLParserDelegate {
    private var events: [MarkupEvent] = []
    private var text = ""
    /// Set by any error the parser reports, even one it recovers from (it would drop an undefined
    /// entity such as `&nbsp;` silently): then the forgiving reader is used instead.
    private var failed = false

    static func parse(_ bytes: [UInt8]) -> [MarkupEvent]? {
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        let collector = XMLEvents()
        parser.delegate = collector
        guard parser.parse(), !collector.failed else { return nil }
        collector.flush()
        return collector.events
    }

    private func flush() {
        if !text.isEmpty { events.append(.text(text)) }
        text = ""
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        flush()
        var lowered: [String: String] = [:]
        for (key, value) in attributes { lowered[MarkupReader.localName(key)] = value }
        events.append(.start(MarkupReader.localName(name), lowered))
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        flush()
        events.append(.end(MarkupReader.localName(name)))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        text += String(decoding: block, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        failed = true
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: Error) {
        failed = true
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        nil
    }
}
