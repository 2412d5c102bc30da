/// A forgiving tokenizer for the HTML-ish XHTML real books contain: unclosed and void tags, HTML
/// named entities without a DTD, stray `<` and `&`. It never fails; it turns any text into events.
///
/// Comments, processing instructions and doctypes are skipped; CDATA is text; the contents of
/// `script` and `style` are skipped whole; void elements (`br`, `img`, `hr`, …) get an end event
/// at once.
enum HTMLTokenizer {
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]

    /// `entities` are the document's own declared entities (name → replacement), beyond HTML's.
    static func events(_ text: String, entities: [String: String] = [:]) -> [MarkupEvent] {
        var events: [MarkupEvent] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        var pending = String.UnicodeScalarView()

        func flush() {
            if !pending.isEmpty { events.append(.text(decodeEntities(String(pending), declared: entities))) }
            pending = String.UnicodeScalarView()
        }
        // Every prefix looked for is ASCII: compared ignoring ASCII case, without allocating.
        func starts(_ prefix: String, at position: Int) -> Bool {
            var offset = position
            for scalar in prefix.unicodeScalars {
                guard offset < scalars.count, Self.asciiLowercased(scalars[offset].value) == Self.asciiLowercased(scalar.value)
                else { return false }
                offset += 1
            }
            return true
        }
        func skip(past terminator: String, from position: Int) -> Int {
            var offset = position
            while offset < scalars.count && !starts(terminator, at: offset) { offset += 1 }
            return min(scalars.count, offset + terminator.unicodeScalars.count)
        }

        while index < scalars.count {
            guard scalars[index] == "<", index + 1 < scalars.count else {
                pending.append(scalars[index])
                index += 1
                continue
            }
            if starts("<!--", at: index) {
                flush(); index = skip(past: "-->", from: index + 4)
            } else if starts("<![CDATA[", at: index) {
                flush()
                let start = index + 9
                let end = skip(past: "]]>", from: start)
                events.append(.text(String(String.UnicodeScalarView(scalars[start..<max(start, end - 3)]))))
                index = end
            } else if starts("<!DOCTYPE", at: index) {
                // A doctype, with its internal subset `[ … ]` if it has one.
                flush()
                var end = index + 9
                while end < scalars.count, scalars[end] != "[", scalars[end] != ">" { end += 1 }
                if end < scalars.count, scalars[end] == "[" { end = skip(past: "]", from: end) }
                index = skip(past: ">", from: end)
            } else if scalars[index + 1] == "!" || scalars[index + 1] == "?" {
                flush(); index = skip(past: ">", from: index + 1)
            } else if scalars[index + 1] == "/" || scalars[index + 1].properties.isAlphabetic {
                // A tag: up to the next `>` outside quotes.
                var end = index + 1
                var quote: Unicode.Scalar?
                while end < scalars.count {
                    let scalar = scalars[end]
                    if let open = quote { if scalar == open { quote = nil } } else if scalar == "\"" || scalar == "'" { quote = scalar } else if scalar == ">" { break }
                    end += 1
                }
                flush()
                let body = String(String.UnicodeScalarView(scalars[(index + 1)..<min(end, scalars.count)]))
                index = min(end + 1, scalars.count)
                if body.hasPrefix("/") {
                    let name = MarkupReader.localName(String(body.dropFirst().prefix { !$0.isWhitespace && $0 != "/" }))
                    if !name.isEmpty { events.append(.end(name)) }
                    continue
                }
                let (name, attributes, selfClosing) = parseTag(body)
                events.append(.start(name, attributes))
                if selfClosing || voidElements.contains(name) {
                    events.append(.end(name))
                } else if name == "script" || name == "style" {
                    index = skip(past: "</\(name)", from: index)
                    index = skip(past: ">", from: index)
                    events.append(.end(name))
                }
            } else {
                pending.append(scalars[index])
                index += 1
            }
        }
        flush()
        return events
    }

    /// `value` with ASCII capitals lowered; any other value unchanged.
    @inline(__always)
    private static func asciiLowercased(_ value: UInt32) -> UInt32 {
        (0x41...0x5A).contains(value) ? value | 0x20 : value
    }

    private static func parseTag(_ body: String) -> (String, [String: String], Bool) {
        var selfClosing = false
        var text = Substring(body)
        if text.hasSuffix("/") {
            selfClosing = true
            text = text.dropLast()
        }
        let name = MarkupReader.localName(String(text.prefix { !$0.isWhitespace }))
        var rest = text.drop { !$0.isWhitespace }
        var attributes: [String: String] = [:]
        while true {
            rest = rest.drop { $0.isWhitespace }
            guard !rest.isEmpty else { break }
            let key = rest.prefix { !$0.isWhitespace && $0 != "=" }
            rest = rest.dropFirst(key.count).drop { $0.isWhitespace }
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst().drop { $0.isWhitespace }
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let inner = rest.dropFirst().prefix { $0 != quote }
                    value = String(inner)
                    rest = rest.dropFirst(inner.count + 2)
                } else {
                    let inner = rest.prefix { !$0.isWhitespace }
                    value = String(inner)
                    rest = rest.dropFirst(inner.count)
                }
            }
            if key.isEmpty { rest = rest.dropFirst(); continue }
            attributes[MarkupReader.localName(String(key))] = decodeEntities(value)
        }
        return (name, attributes, selfClosing)
    }

    static func decodeEntities(_ text: String, declared: [String: String] = [:]) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        let whole = Substring(text)
        let scalars = whole.unicodeScalars
        var index = scalars.startIndex
        while index != scalars.endIndex {
            if scalars[index] == "&", let (value, end) = Entities.decode(in: whole, at: index) {
                out += value
                index = end
            } else if scalars[index] == "&", !declared.isEmpty,
                      let semicolon = scalars[index...].prefix(40).firstIndex(of: ";"),
                      let value = declared[String(whole.unicodeScalars[scalars.index(after: index)..<semicolon])] {
                out += value
                index = scalars.index(after: semicolon)
            } else {
                out.unicodeScalars.append(scalars[index])
                index = scalars.index(after: index)
            }
        }
        return out
    }
}
