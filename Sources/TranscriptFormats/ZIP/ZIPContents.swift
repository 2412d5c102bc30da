/// What a ZIP archive holds, told from its members: an EPUB book, a Word document, or something
/// tsearch does not read (described for the error: an Excel workbook, a PowerPoint presentation,
/// an OpenDocument file, a Java archive, or just how many files it holds).
enum ZIPContents: Equatable {
    case epub
    case wordDocument
    case other(String)

    init(_ archive: ZIPArchive) {
        let names = Set(archive.entries.map(\.name))
        let mimetype = archive.entry(named: "mimetype").flatMap { try? archive.contents(of: $0) }
            .map { String(decoding: $0.prefix(200), as: UTF8.self) }
        if names.contains("META-INF/container.xml") || mimetype?.hasPrefix("application/epub+zip") == true {
            self = .epub
        } else if names.contains("word/document.xml")
                    || names.contains(where: { $0.hasPrefix("word/") }) && names.contains("[Content_Types].xml") {
            self = .wordDocument
        } else if names.contains(where: { $0.hasPrefix("xl/") }) {
            self = .other("a ZIP archive holding an Excel workbook (.xlsx)")
        } else if names.contains(where: { $0.hasPrefix("ppt/") }) {
            self = .other("a ZIP archive holding a PowerPoint presentation (.pptx)")
        } else if let mimetype, mimetype.hasPrefix("application/vnd.oasis.opendocument") {
            self = .other("a ZIP archive holding an OpenDocument file (\(mimetype.prefix { !$0.isWhitespace })): save it as .docx to have it read")
        } else if names.contains("META-INF/MANIFEST.MF") {
            self = .other("a ZIP archive holding a Java archive (.jar)")
        } else {
            let files = archive.entries.filter { !$0.name.hasSuffix("/") }
            let first = files.first.map { ", the first \(quoted($0.name))" } ?? ""
            self = .other("a ZIP archive of \(files.count) file\(files.count == 1 ? "" : "s")\(first)")
        }
    }
}
