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
    /// The document's DTD declares a dangerous entity: an external one (`SYSTEM`/`PUBLIC`: XXE), a
    /// parameter entity, or one whose value refers to other entities (the billion-laughs shape).
    /// Simple declarations such as `<!ENTITY nbsp "&#160;">`, which real EPUB 3 books need, are fine.
    case entityDeclarations
    /// The document holds more than `limit` elements (`MarkupReader.elementLimit`).
    case tooManyElements(limit: Int)

    /// Why, in words, after `refused: `.
    var reason: String {
        switch self {
        case .entityDeclarations:
            return "its DTD declares external or nested entities (XXE or billion laughs)"
        case .tooManyElements(let limit):
            return "it holds more than \(grouped(limit)) elements, more than any real document (a bomb of empty elements?)"
        }
    }
}

enum MarkupReader {
    /// Reads `bytes` with FoundationXML (external entities and DTDs never loaded); when that fails
    /// (real books hold HTML-ish XHTML: `&nbsp;` without a DTD, unclosed tags), with the forgiving
    /// `HTMLTokenizer`. Whether the forgiving path was needed is returned too.
    /// A document with more than `elementLimit` elements is refused before it is parsed: its events
    /// (a few words each, however small the element) would cost memory and time past any bound.
    static func events(_ bytes: [UInt8], elementLimit: Int = elementLimit) throws(MarkupRefusal) -> (events: [MarkupEvent], forgiving: Bool) {
        if declaresDangerousEntities(bytes) { throw .entityDeclarations }
        if hasMoreElements(bytes, than: elementLimit) { throw .tooManyElements(limit: elementLimit) }
        // FoundationXML drops references to entities declared in the document's own DTD, so such a
        // document (`<!ENTITY nbsp "&#160;">`, common in EPUB 3) is read by the tokenizer, which
        // knows the declared entities.
        let declared = simpleEntities(bytes)
        if declared.isEmpty, let events = XMLEvents.parse(bytes) { return (events, false) }
        return (HTMLTokenizer.events(String(decoding: bytes, as: UTF8.self), entities: declared), true)
    }

    /// The entities the prolog declares (already checked to be simple), name → replacement text.
    static func simpleEntities(_ bytes: [UInt8]) -> [String: String] {
        let prolog = String(decoding: bytes.prefix(64 << 10), as: UTF8.self)
        var entities: [String: String] = [:]
        var rest = Substring(prolog)
        while let declaration = rest.firstRange(of: "<!ENTITY") {
            rest = rest[declaration.upperBound...]
            let body = rest.prefix { $0 != ">" }
            let words = body.split(whereSeparator: \.isWhitespace)
            if let name = words.first, let quote = body.firstIndex(where: { $0 == "\"" || $0 == "'" }) {
                let value = body[body.index(after: quote)...].prefix { $0 != body[quote] }
                entities[String(name)] = HTMLTokenizer.decodeEntities(String(value))
            }
            rest = rest.dropFirst(body.count)
        }
        return entities
    }

    /// Whether the prolog's internal DTD subset declares an entity that is external, a parameter
    /// entity, or defined in terms of other entities. Looks at the first 64 KiB, where a DOCTYPE must be.
    static func declaresDangerousEntities(_ bytes: [UInt8]) -> Bool {
        let prolog = String(decoding: bytes.prefix(64 << 10), as: UTF8.self)
        var rest = Substring(prolog)
        while let declaration = rest.firstRange(of: "<!ENTITY") {
            rest = rest[declaration.upperBound...]
            let body = rest.prefix { $0 != ">" }
            let words = body.split(whereSeparator: \.isWhitespace)
            if words.first == "%" || words.contains("SYSTEM") || words.contains("PUBLIC") { return true }
            // The value, between its quotes: any `&name;` in it (other than `&#…;`) nests entities.
            if let quote = body.firstIndex(where: { $0 == "\"" || $0 == "'" }) {
                let value = body[body.index(after: quote)...].prefix { $0 != body[quote] }
                var scan = value[...]
                while let ampersand = scan.firstIndex(of: "&") {
                    let next = scan.index(after: ampersand)
                    if next == scan.endIndex || scan[next] != "#" { return true }
                    scan = scan[next...]
                }
            }
            rest = rest.dropFirst(body.count)
        }
        return false
    }

    /// `bytes` with every processing instruction (`<?target data?>`) but a leading XML declaration
    /// blanked with spaces, line ends kept: they carry no text, and FoundationXML on Linux crashes
    /// on one without data (it measures a null string). Nil when one never ends.
    /// - Complexity: O(bytes).
    static func blankingProcessingInstructions(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count > 1 else { return bytes }
        var out = bytes
        var index = 0
        // A leading declaration (after a byte-order mark or white space) is the parser's own.
        while index < out.count, [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(out[index]) { index += 1 }
        if out[index...].starts(with: Array("<?xml".utf8)), index + 5 < out.count, [0x20, 0x09, 0x0A, 0x0D].contains(out[index + 5]) {
            index += 5
            while index + 1 < out.count, !(out[index] == UInt8(ascii: "?") && out[index + 1] == UInt8(ascii: ">")) { index += 1 }
            index += 2
        }
        while index + 1 < out.count {
            guard out[index] == UInt8(ascii: "<"), out[index + 1] == UInt8(ascii: "?") else {
                index += 1
                continue
            }
            var end = index + 2
            while end + 1 < out.count, !(out[end] == UInt8(ascii: "?") && out[end + 1] == UInt8(ascii: ">")) { end += 1 }
            guard end + 1 < out.count else { return nil }
            for blank in index..<(end + 2) where out[blank] != 0x0A && out[blank] != 0x0D { out[blank] = 0x20 }
            index = end + 2
        }
        return out
    }

    /// More elements than any real document has (a Word document of 3,000 pages holds fewer): a
    /// document with more is refused before it is parsed. 60 MiB of `<w:p/>` (10 million elements,
    /// 92 KB deflated, within the ZIP limits) cost 1.5 GB and 37 s.
    static let elementLimit = 1_000_000

    /// Whether `bytes` hold more than `limit` start tags (a `<` then a name's first byte; one in a
    /// comment or CDATA counts too, which only errs on the side of refusing).
    /// - Complexity: O(bytes), one pass, nothing allocated.
    static func hasMoreElements(_ bytes: [UInt8], than limit: Int) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var count = 0
            var index = 0
            let end = buffer.count - 1
            while index < end {
                if buffer[index] == UInt8(ascii: "<") {
                    let next = buffer[index + 1]
                    if (next | 0x20) &- UInt8(ascii: "a") < 26 || next == UInt8(ascii: "_") || next >= 0x80 {
                        count += 1
                        if count > limit { return true }
                    }
                }
                index += 1
            }
            return false
        }
    }

    /// More attributes than any real element has: an element with more is read by the forgiving
    /// tokenizer (EPUB, Word) or refused (TTML, srv3), never by FoundationXML, whose libxml2 checks
    /// each attribute against every earlier one of its element (quadratic: 1 MB of them took 7 s).
    static let attributeLimit = 1_000

    /// Whether some start tag in `bytes` holds more than `limit` attributes (see `crowdedElement`).
    static func hasCrowdedElement(_ bytes: [UInt8], limit: Int) -> Bool {
        crowdedElement(bytes, limit: limit) != nil
    }

    /// The byte offset of the first start tag in `bytes` that holds more than `limit` attribute
    /// values, or nil. - Complexity: O(bytes), one pass.
    ///
    /// Counted as the `=` signs of a start tag (`<` then a name) outside its quoted values, up to
    /// the `>` that ends it outside a value: a `>` or `=` inside a value (`a=">"`) neither ends the
    /// tag nor counts. Every `<` starts afresh, in a value too: XML allows no `<` in a tag, so the
    /// XML reader stops there and never sees an attribute after it.
    static func crowdedElement(_ bytes: [UInt8], limit: Int) -> Int? {
        var inStartTag = false
        var quote: UInt8 = 0
        var equals = 0
        var start = 0
        for offset in bytes.indices {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "<") {
                let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
                inStartTag = (next | 0x20) &- UInt8(ascii: "a") < 26 || next == UInt8(ascii: "_") || next == UInt8(ascii: ":") || next >= 0x80
                quote = 0
                equals = 0
                start = offset
                continue
            }
            guard inStartTag else { continue }
            if quote != 0 {
                if byte == quote { quote = 0 }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: ">"): inStartTag = false
            case UInt8(ascii: "="):
                equals += 1
                if equals > limit { return start }
            default: break
            }
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
final class XMLEvents: NSObject, XMLParserDelegate {
    private var events: [MarkupEvent] = []
    private var text = ""
    /// Set by any error the parser reports, even one it recovers from (it would drop an undefined
    /// entity such as `&nbsp;` silently): then the forgiving reader is used instead.
    private var failed = false
    /// How many errors the parser reported before it stopped: one, since the first ends it.
    private(set) var errorCount = 0

    static func parse(_ bytes: [UInt8]) -> [MarkupEvent]? {
        parseCountingErrors(bytes).events
    }

    /// `parse`, with the number of errors reported (for tests: the parse stops at the first).
    static func parseCountingErrors(_ bytes: [UInt8]) -> (events: [MarkupEvent]?, errors: Int) {
        // libxml2 checks each attribute against every earlier one of its element: quadratic in an
        // element with tens of thousands of them. No real document has such an element; the
        // forgiving reader (linear, attributes kept in a dictionary) takes it.
        guard !MarkupReader.hasCrowdedElement(bytes, limit: MarkupReader.attributeLimit),
              let bytes = MarkupReader.blankingProcessingInstructions(bytes) else { return (nil, 0) }
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        let collector = XMLEvents()
        parser.delegate = collector
        guard parser.parse(), !collector.failed else { return (nil, collector.errorCount) }
        collector.flush()
        return (collector.events, collector.errorCount)
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

    // The first error ends the parse: the forgiving reader takes over anyway, and libxml2's
    // recovery from each further error copies the rest of the input (quadratic in a document of
    // thousands of `<!--` or `--`).
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        failed = true
        errorCount += 1
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: Error) {
        failed = true
        errorCount += 1
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        nil
    }
}
