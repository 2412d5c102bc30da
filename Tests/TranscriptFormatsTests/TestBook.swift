@testable import TranscriptFormats

/// A small EPUB built for a test: chapters as XHTML bodies, a nav document (EPUB 3) or an NCX (EPUB 2).
struct TestBook {
    var chapters: [(file: String, body: String)]
    var toc: [(title: String, href: String)]
    var epub3 = true
    var extra: [(name: String, text: String)] = []

    func bytes() -> [UInt8] {
        var zip = ZIPWriter()
        zip.add("mimetype", "application/epub+zip", deflate: false)
        zip.add("META-INF/container.xml", """
        <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\
        <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
        """)
        var manifest = epub3
            ? "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>"
            : "<item id=\"ncx\" href=\"toc.ncx\" media-type=\"application/x-dtbncx+xml\"/>"
        var spine = ""
        for (index, chapter) in chapters.enumerated() {
            manifest += "<item id=\"c\(index)\" href=\"\(chapter.file)\" media-type=\"application/xhtml+xml\"/>"
            spine += "<itemref idref=\"c\(index)\"/>"
        }
        zip.add("OEBPS/content.opf", """
        <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="\(epub3 ? "3.0" : "2.0")">\
        <metadata/><manifest>\(manifest)</manifest><spine\(epub3 ? "" : " toc=\"ncx\"")>\(spine)</spine></package>
        """)
        if epub3 {
            let items = toc.map { "<li><a href=\"\($0.href)\">\($0.title)</a></li>" }.joined()
            zip.add("OEBPS/nav.xhtml", """
            <?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">\
            <body><nav epub:type="toc"><ol>\(items)</ol></nav></body></html>
            """)
        } else {
            let points = toc.enumerated().map { index, entry in
                "<navPoint id=\"p\(index)\"><navLabel><text>\(entry.title)</text></navLabel><content src=\"\(entry.href)\"/></navPoint>"
            }.joined()
            zip.add("OEBPS/toc.ncx", """
            <?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>\(points)</navMap></ncx>
            """)
        }
        for chapter in chapters {
            // A body that is a whole document already (a prolog, a doctype) is written as it is.
            if chapter.body.hasPrefix("<?xml") || chapter.body.hasPrefix("<!DOCTYPE") || chapter.body.hasPrefix("<html") {
                zip.add("OEBPS/" + chapter.file, chapter.body)
                continue
            }
            zip.add("OEBPS/" + chapter.file, """
            <?xml version="1.0" encoding="utf-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head>\
            <body>\(chapter.body)</body></html>
            """)
        }
        for (name, text) in extra { zip.add(name, text) }
        return zip.archive()
    }
}
