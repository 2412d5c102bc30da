/// What a file that is no transcript looks like, told from its first bytes (its "magic number"),
/// for an error that says so: `looks like a PDF document, not a transcript; tsearch reads …`.
///
/// Only kinds whose first bytes cannot begin a transcript are named here (a UTF-16 byte-order mark
/// is never taken for MP3, say; RTF is text, but its markup is no transcript's); ZIP archives are
/// told apart by their members (`ZIPContents`).
enum ForeignContent {
    /// The kinds known by their first bytes, with what to call them.
    private static let signatures: [(offset: Int, bytes: [UInt8], name: String)] = [
        (0, Array("%PDF-".utf8), "a PDF document"),
        (0, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG image"),
        (0, [0xFF, 0xD8, 0xFF], "a JPEG image"),
        (0, Array("GIF8".utf8), "a GIF image"),
        (0, [0x49, 0x49, 0x2A, 0x00], "a TIFF image"),
        (0, [0x4D, 0x4D, 0x00, 0x2A], "a TIFF image"),
        (8, Array("WEBP".utf8), "a WebP image"),
        (8, Array("WAVE".utf8), "a WAV audio file"),
        (8, Array("AVI ".utf8), "an AVI video"),
        (4, Array("ftyp".utf8), "an MP4 or QuickTime audio/video file"),
        (0, Array("ID3".utf8), "an MP3 audio file"),
        (0, [0xFF, 0xFB], "an MP3 audio file"),
        (0, [0xFF, 0xF3], "an MP3 audio file"),
        (0, Array("OggS".utf8), "an Ogg audio or video file"),
        (0, Array("fLaC".utf8), "a FLAC audio file"),
        (0, [0x1A, 0x45, 0xDF, 0xA3], "a Matroska or WebM video"),
        (0, [0x1F, 0x8B], "a gzip-compressed file"),
        (0, Array("BZh".utf8), "a bzip2-compressed file"),
        (0, [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], "an xz-compressed file"),
        (0, [0x28, 0xB5, 0x2F, 0xFD], "a zstd-compressed file"),
        (0, [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C], "a 7-Zip archive"),
        (0, Array("Rar!".utf8), "a RAR archive"),
        (0, [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1],
         "an old-style Office document (.doc, .xls or .ppt: save it as .docx to have it read)"),
        (0, Array("SQLite format 3".utf8) + [0], "an SQLite database"),
        (0, Array("{\\rtf".utf8), "an RTF document (save it as .docx or .txt to have it read)"),
        (0, [0x7F, 0x45, 0x4C, 0x46], "a program (ELF executable)"),
        (0, Array("MZ".utf8), "a Windows program"),
        (0, [0xCF, 0xFA, 0xED, 0xFE], "a program (Mach-O executable)"),
    ]

    /// What `bytes` look like when their first bytes name a kind that is not text; nil otherwise.
    static func kind(of bytes: some Collection<UInt8>) -> String? {
        let head = Array(bytes.prefix(16))
        for signature in signatures where head.count >= signature.offset + signature.bytes.count {
            if head[signature.offset..<signature.offset + signature.bytes.count].elementsEqual(signature.bytes) {
                // `MZ` also begins text ("MZ: …"): a Windows program has a NUL within its first bytes.
                if signature.name == "a Windows program", !head.contains(0) { continue }
                return signature.name
            }
        }
        return nil
    }
}
