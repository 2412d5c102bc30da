import CZlib

/// Writes ZIP archives for tests: stored or raw-deflated members, CRC-32 from zlib. `lie` lets a
/// test claim a different uncompressed size than the truth (a zip bomb's trick).
struct ZIPWriter {
    struct Member {
        var name: String
        var data: [UInt8]
        var deflate = true
        var claimedSize: Int?
    }

    var members: [Member] = []

    mutating func add(_ name: String, _ text: String, deflate: Bool = true) {
        members.append(Member(name: name, data: Array(text.utf8), deflate: deflate))
    }

    mutating func add(_ name: String, bytes: [UInt8], deflate: Bool = true, claimedSize: Int? = nil) {
        members.append(Member(name: name, data: bytes, deflate: deflate, claimedSize: claimedSize))
    }

    func archive() -> [UInt8] {
        var out: [UInt8] = []
        var directory: [UInt8] = []
        for member in members {
            let body = member.deflate ? Self.deflate(member.data) : member.data
            let crc = member.data.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
            let name = Array(member.name.utf8)
            let offset = out.count
            let size = member.claimedSize ?? member.data.count
            func common(_ bytes: inout [UInt8]) {
                bytes += le16(20) + le16(0) + le16(member.deflate ? 8 : 0) + le16(0) + le16(0)
                bytes += le32(crc) + le32(UInt32(body.count)) + le32(UInt32(size)) + le16(UInt16(name.count))
            }
            out += le32(0x0403_4B50)
            common(&out)
            out += le16(0) + name + body
            directory += le32(0x0201_4B50) + le16(20)
            common(&directory)
            directory += le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(UInt32(offset)) + name
        }
        let start = out.count
        out += directory
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(members.count)) + le16(UInt16(members.count))
        out += le32(UInt32(directory.count)) + le32(UInt32(start)) + le16(0)
        return out
    }

    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        deflateInit2_(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        defer { deflateEnd(&stream) }
        var input = data
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))) + 16)
        input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                _ = CZlib.deflate(&stream, Z_FINISH)
            }
        }
        return Array(output.prefix(Int(stream.total_out)))
    }

    private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
}

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
