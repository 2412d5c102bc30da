import TranscriptModel

/// EPUB books (2 and 3) as rows: `META-INF/container.xml` → the package document (OPF) → the spine
/// in reading order; the table of contents from the EPUB 3 navigation document, else the EPUB 2 NCX.
/// Each spine document becomes rows (`BlockTextCollector`), each row titled with the TOC entry that
/// contains it (the nearest preceding TOC target in reading order, by href and fragment) and located
/// by its document's href and block position.
///
/// Safe with untrusted books: the archive is read in memory with bounded inflation (`ZIPArchive`);
/// documents are XML-parsed with external entities and DTDs never loaded, and one whose DTD declares
/// external, parameter or nested entities (XXE, billion laughs), or that holds more than
/// `MarkupReader.elementLimit` elements, is refused. A missing, refused or encrypted content document is a
/// warning naming the member, and the rest of the book loads; font obfuscation in
/// `META-INF/encryption.xml` is fine; a book whose every content document is encrypted is an error.
public enum EPUBLoader {
    static let fontObfuscation: Set<String> = ["http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"]

    /// The rows of the EPUB book in `bytes`, in spine order, as described above; `path` is named in
    /// warnings and locators. Throws when the archive cannot be read or no content document loads.
    public static func load(bytes: [UInt8], path: String, limits: ZIPArchive.Limits = ZIPArchive.Limits()) throws(FormatError) -> ParsedRows {
        let archive: ZIPArchive
        do {
            archive = try ZIPArchive(bytes: bytes, limits: limits)
        } catch {
            throw FormatError(file: path, kind: .archive(error.description))
        }
        return try load(archive, path: path)
    }

    /// The rows of an archive already opened.
    static func load(_ archive: ZIPArchive, path: String) throws(FormatError) -> ParsedRows {
        func fail(_ kind: FormatError.Kind) -> FormatError { FormatError(file: path, kind: kind) }
        func document(_ name: String) throws(FormatError) -> [MarkupEvent]? {
            let contents: [UInt8]?
            do {
                contents = try archive.contents(ofEntryNamed: name)
            } catch {
                throw fail(.member(name, problem: error.problem))
            }
            guard let contents else { return nil }
            do {
                return try MarkupReader.events(contents).events
            } catch {
                throw fail(.member(name, problem: "refused: " + error.reason))
            }
        }

        // container.xml → the package document.
        guard let container = try document("META-INF/container.xml"),
              let rootPath = container.firstAttribute("full-path", inElement: "rootfile").map(percentDecoded) else {
            throw fail(.book(expected: "META-INF/container.xml naming the package document"))
        }
        guard let package = try document(rootPath) else {
            throw fail(.book(expected: "the package document \(rootPath) named in META-INF/container.xml"))
        }
        let opf = PackageDocument(package, path: rootPath)
        guard !opf.spine.isEmpty else { throw fail(.book(expected: "a spine in \(rootPath)")) }

        var result = ParsedRows()
        let encrypted = (try? document("META-INF/encryption.xml")).flatMap { $0 }.map(encryptedMembers) ?? []
        let toc = tableOfContents(opf, archive: archive, document: document, warnings: &result.warnings, path: path)

        var title: String?
        var unreadable = 0
        for href in opf.spine {
            if encrypted.contains(href) {
                unreadable += 1
                result.warnings.append(fail(.member(href, problem: "encrypted (DRM); skipped")))
                continue
            }
            let events: [MarkupEvent]
            do {
                guard let found = try document(href) else {
                    unreadable += 1
                    result.warnings.append(fail(.member(href, problem: "in the spine but missing from the archive; skipped")))
                    continue
                }
                events = found
            } catch {
                unreadable += 1
                result.warnings.append(error)
                continue
            }
            let targets = toc.filter { $0.href == href }
            if let start = targets.last(where: { $0.fragment == nil }) { title = start.title }
            var byID: [String: String] = [:]
            for target in targets { if let fragment = target.fragment { byID[fragment] = target.title } }
            let (rows, endTitle) = BlockTextCollector.rows(of: events, startTitle: title, titles: byID)
            title = endTitle
            for row in rows {
                result.appendRow(text: row.text, title: row.title, locator: Locator(file: path, href: href, element: row.element))
            }
        }
        if result.rows.isEmpty && unreadable == opf.spine.count && !encrypted.isEmpty { throw fail(.protected) }
        return result
    }

    /// A TOC entry: its title and the archive path and fragment it points at.
    struct TOCEntry: Hashable {
        var title: String
        var href: String
        var fragment: String?
    }

    /// The navigation document's `toc` nav (EPUB 3), else the NCX (EPUB 2); entries in order.
    static func tableOfContents(
        _ opf: PackageDocument, archive: ZIPArchive, document: (String) throws(FormatError) -> [MarkupEvent]?,
        warnings: inout Warnings, path: String
    ) -> [TOCEntry] {
        var entries: [TOCEntry] = []
        if let nav = opf.navigation, let events = try? document(nav) {
            var inTOC = 0, depth = 0
            var link: (href: String, title: String)?
            for event in events {
                switch event {
                case .start("nav", let attributes):
                    depth += 1
                    if inTOC == 0, (attributes["type"] ?? "").split(separator: " ").contains("toc") { inTOC = depth }
                case .end("nav"):
                    if inTOC == depth { inTOC = 0 }
                    depth -= 1
                case .start("a", let attributes) where inTOC > 0:
                    link = (attributes["href"] ?? "", "")
                case .text(let text) where link != nil:
                    link?.title += text
                case .end("a"):
                    if let (href, title) = link, !href.isEmpty {
                        entries.append(entry(title: title, href: href, relativeTo: nav))
                    }
                    link = nil
                default:
                    break
                }
            }
        }
        if entries.isEmpty, let ncx = opf.ncx, let events = try? document(ncx) {
            var label: String?
            var inLabel = false
            for event in events {
                switch event {
                case .start("navlabel", _): inLabel = true; label = ""
                case .end("navlabel"): inLabel = false
                case .text(let text) where inLabel: label? += text
                case .start("content", let attributes):
                    if let src = attributes["src"] { entries.append(entry(title: label ?? "", href: src, relativeTo: ncx)) }
                default: break
                }
            }
        }
        return entries.filter { !$0.title.isEmpty }
    }

    private static func entry(title: String, href: String, relativeTo base: String) -> TOCEntry {
        let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let target = parts[0].isEmpty ? base : resolve(String(parts[0]), relativeTo: base)
        return TOCEntry(
            title: TextCleanup.collapsingWhitespace(title), href: target,
            fragment: parts.count > 1 && !parts[1].isEmpty ? percentDecoded(String(parts[1])) : nil
        )
    }

    /// The archive paths `encryption.xml` lists as encrypted with something other than font obfuscation.
    private static func encryptedMembers(_ events: [MarkupEvent]) -> Set<String> {
        var members: Set<String> = []
        var algorithm: String?
        for event in events {
            switch event {
            case .start("encrypteddata", _): algorithm = nil
            case .start("encryptionmethod", let attributes): algorithm = attributes["algorithm"]
            case .start("cipherreference", let attributes):
                if let uri = attributes["uri"], !fontObfuscation.contains(algorithm ?? "") {
                    members.insert(resolve(uri, relativeTo: ""))
                }
            default: break
            }
        }
        return members
    }

    /// `href` (relative, percent-encoded) from the document at `base`, as an archive path.
    static func resolve(_ href: String, relativeTo base: String) -> String {
        var parts = base.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        for part in percentDecoded(href).split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".", "": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(String(part))
            }
        }
        return parts.filter { !$0.isEmpty }.joined(separator: "/")
    }

    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// What the loader needs from the package document: the spine's archive paths in reading order, and
/// where the navigation document and the NCX are.
struct PackageDocument {
    var spine: [String] = []
    var navigation: String?
    var ncx: String?

    init(_ events: [MarkupEvent], path: String) {
        var manifest: [String: (href: String, type: String, properties: String)] = [:]
        var order: [String] = []
        var spineIDs: [String] = []
        var tocID: String?
        for event in events {
            switch event {
            case .start("item", let attributes):
                guard let id = attributes["id"], let href = attributes["href"] else { continue }
                if manifest[id] == nil { order.append(id) }
                // Some books put a fragment on a manifest href (`about.xhtml#o8`): the document is the part before it.
                let document = String(href.prefix { $0 != "#" })
                manifest[id] = (EPUBLoader.resolve(document, relativeTo: path), attributes["media-type"] ?? "", attributes["properties"] ?? "")
            case .start("spine", let attributes):
                tocID = attributes["toc"]
            case .start("itemref", let attributes):
                if let id = attributes["idref"] { spineIDs.append(id) }
            default:
                break
            }
        }
        // Each document once, at its first place in the spine.
        var seen: Set<String> = []
        spine = spineIDs.compactMap { manifest[$0]?.href }.filter { seen.insert($0).inserted }
        let items = order.compactMap { manifest[$0] }
        navigation = items.first { $0.properties.split(separator: " ").contains("nav") }?.href
        ncx = tocID.flatMap { manifest[$0]?.href } ?? items.first { $0.type == "application/x-dtbncx+xml" }?.href
    }
}

extension Array where Element == MarkupEvent {
    /// The value of `attribute` on the first `element` start tag.
    func firstAttribute(_ attribute: String, inElement element: String) -> String? {
        for event in self {
            if case .start(let name, let attributes) = event, name == element, let value = attributes[attribute] { return value }
        }
        return nil
    }
}
