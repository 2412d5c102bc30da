import Dispatch
import TranscriptModel

/// Loads one source's bytes as a transcript: decode (see `TextDecoding`), choose the format (by the
/// path's extension unless given; sniffed for stdin and unknown extensions), parse. A sniffed format
/// that reads nothing (`[Music] …` looks like JSON, `WEBVTT is a format` like WebVTT) falls back to
/// plain text, so text is never refused for looking like something else.
///
/// Total over every byte sequence: the result has at least one row, or the error says why not,
/// naming the file (and line, where there is one).
public enum TranscriptLoader {
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - path: the path as the user named it (or `<stdin>`), used in every message and locator.
    ///   - format: forces a format; nil chooses by extension, then by content.
    public static func load(bytes: [UInt8], path: String, format: TranscriptFormat? = nil) throws(FormatError) -> LoadResult {
        try load(bytes: bytes, path: path, options: LoadOptions(format: format))
    }

    /// Loads with every choice of `options` (format, encoding, rolling captions).
    public static func load(bytes: [UInt8], path: String, options: LoadOptions) throws(FormatError) -> LoadResult {
        let named = options.format ?? TranscriptFormat(path: path)
        if named == .epub || named == .docx || TranscriptFormat.looksLikeZIP(bytes) {
            return try loadArchive(bytes: bytes, path: path, named: named)
        }
        if let kind = ForeignContent.kind(of: bytes) {
            throw FormatError(file: path, kind: .notATranscript(looksLike: kind))
        }
        let decoded = try TextDecoding.decode(bytes, path: path, encoding: options.encoding)

        // An `.xml` file, a `.tsv` or a `.sub` is read only as one of the formats its extension may
        // hold, told by its content, and then as if named so: a broken TTML document is an error,
        // not plain text; a spreadsheet's `.tsv` one error, not a warning per row.
        if options.format == nil, let judged = TranscriptFormat.formatsJudgedByContent(path: path) {
            let sniffed = TranscriptFormat.sniff(decoded.text)
            guard judged.contains(sniffed) else {
                let expected = judged.map { $0.displayName + ($0.signatureExample.map { ": " + $0 } ?? "") }.joined(separator: " or ")
                let ext = TranscriptFormat.pathExtension(path) ?? ""
                throw FormatError(file: path, kind: .unsupportedShape("a subtitle document (\(expected)) in this .\(ext) file; it is not one"))
            }
            return try result(try sniffed.textParser(options).parse(decoded.text, file: path), format: sniffed, decoded: decoded, path: path)
        }
        var chosen = named ?? TranscriptFormat.sniff(decoded.text)
        var parsed: ParsedRows
        do {
            parsed = try chosen.textParser(options).parse(decoded.text, file: path)
        } catch where named == nil {
            parsed = ParsedRows()
        }
        if parsed.rows.isEmpty, named == nil, chosen != .txt {
            chosen = .txt
            parsed = MeetingTextParser().parse(decoded.text, file: path)
        }
        return try result(parsed, format: chosen, decoded: decoded, path: path)
    }

    /// The loaded source `parsed` makes: an error when it has no row; Whisper's highlighted-word
    /// copies made one row per line (SubRip and WebVTT).
    private static func result(_ parsed: ParsedRows, format: TranscriptFormat, decoded: TextDecoding.Decoded, path: String) throws(FormatError) -> LoadResult {
        var parsed = parsed
        guard !parsed.rows.isEmpty else {
            throw FormatError(file: path, kind: .noRows(skipped: parsed.warnings.reported))
        }
        if format == .srt || format == .vtt, HighlightedWordsCollapser.mayHold(decoded.text) {
            parsed = HighlightedWordsCollapser.collapsed(parsed)
        }
        let head = String(decoding: decoded.text.utf8.prefix(MeetingHeader.headBytes), as: UTF8.self)
        let facts = MeetingHeader.facts(head: head, format: format, path: path)
        let source = SourceInfo(path: path, format: format.rawValue, encoding: decoded.encoding, facts: facts)
        return LoadResult(transcript: Transcript(source: source, rows: parsed.rows), warnings: (Warnings(decoded.warnings) + parsed.warnings).reported)
    }
}

extension TranscriptLoader {
    /// A ZIP archive: an EPUB or a Word document by its members (whatever its name says, when its
    /// members say plainly which it is), else by its name; any other archive is an error saying
    /// what it holds.
    private static func loadArchive(bytes: [UInt8], path: String, named: TranscriptFormat?) throws(FormatError) -> LoadResult {
        let archive: ZIPArchive
        do {
            archive = try ZIPArchive(bytes: bytes)
        } catch {
            throw FormatError(file: path, kind: .archive(error.description))
        }
        let format: TranscriptFormat
        switch ZIPContents(archive) {
        case .epub: format = .epub
        case .wordDocument: format = .docx
        case .other(let looksLike):
            guard let named, named == .epub || named == .docx else {
                throw FormatError(file: path, kind: .notATranscript(looksLike: looksLike))
            }
            format = named
        }
        let parsed = format == .epub ? try EPUBLoader.load(archive, path: path) : try DOCXLoader.load(archive, path: path)
        guard !parsed.rows.isEmpty else { throw FormatError(file: path, kind: .noRows(skipped: parsed.warnings.reported)) }
        let facts: MeetingFacts
        if format == .epub {
            // The package document's metadata (`dc:date`, `dc:title`).
            let package = archive.entries.first { $0.name.hasSuffix(".opf") }.flatMap { try? archive.contents(of: $0) }
            facts = MeetingHeader.facts(head: String(decoding: (package ?? []).prefix(MeetingHeader.headBytes), as: UTF8.self), format: .epub, path: path)
        } else {
            // A Word export's header lines are its first paragraphs.
            facts = MeetingHeader.facts(head: parsed.rows.prefix(8).map(\.text).joined(separator: "\n"), format: .docx, path: path)
        }
        let source = SourceInfo(path: path, format: format.rawValue, encoding: format == .epub ? "EPUB" : "Word", facts: facts)
        return LoadResult(transcript: Transcript(source: source, rows: parsed.rows), warnings: parsed.warnings.reported)
    }

    /// One source's bytes loaded as a corpus of that source, with the warnings: what `load` reads,
    /// made straight into columns. SubRip, WebVTT, JSON and plain text in UTF-8 (named so by
    /// `options` or the path's extension, no encoding named) are read in place (each parser on
    /// `ByteText`: no copy of the file as a string, no `Row` per cue); everything else (other
    /// encodings, EPUB, a format told by content) goes through `load` and its rows.
    ///
    /// `isPlainUTF8` says what the caller already knows of the bytes (valid UTF-8 without NUL: a
    /// reader that checked them as it read them), so they are not checked again.
    ///
    /// `release`, when given, is told as the reading goes which byte ranges are no longer needed (so
    /// a caller can give their memory back): they are not read again. The result is then nil when
    /// they are needed after all (a WebVTT file with rolling captions is read again as a string):
    /// call again with the bytes whole and no `release`.
    package static func loadCorpus(
        bytes: UnsafeRawBufferPointer, path: String, options: LoadOptions, isPlainUTF8: Bool? = nil,
        release: (@Sendable (Range<Int>) -> Void)? = nil
    ) throws(FormatError) -> (corpus: Corpus, warnings: [FormatError])? {
        let format = options.format ?? TranscriptFormat(path: path)
        if format == .srt || format == .vtt || format == .txt || format == .json, options.encoding == nil, isPlainUTF8 != false,
           ForeignContent.kind(of: UnsafeRawBufferPointer(rebasing: bytes.prefix(16))) == nil, let text = utf8Text(bytes, checked: isPlainUTF8 == true),
           format != .txt || MeetingTextParser.layout(ofUTF8: UnsafeBufferPointer(rebasing: text.text.bytes.prefix(64 << 10))) == nil {
            let skipped = text.text.bytes.baseAddress.map { UnsafeRawPointer($0) - bytes.baseAddress! } ?? 0
            let giveBack: @Sendable (Range<Int>) -> Void = { release?($0.lowerBound + skipped..<$0.upperBound + skipped) }
            if let read = try columns(of: text.text, format: format!, path: path, options: options, encoding: text.encoding, release: giveBack) {
                return read
            }
            if release != nil { return nil }
            return try corpus(loading: Array(bytes), path: path, options: options, release: nil, inPlace: false)
        }
        return try corpus(loading: Array(bytes), path: path, options: options, release: release)
    }

    /// The rows of UTF-8 `text` of `format` (SubRip, WebVTT, JSON or plain text) read in place into
    /// columns; nil when the WebVTT reader needs the text as a string (rolling captions).
    private static func columns(
        of text: ByteText, format: TranscriptFormat, path: String, options: LoadOptions, encoding: String,
        release: @escaping @Sendable (Range<Int>) -> Void
    ) throws(FormatError) -> (corpus: Corpus, warnings: [FormatError])? {
        // Read before the bytes are given back.
        let facts = MeetingHeader.facts(utf8: text.bytes, format: format, path: path)
        let highlighted = (format == .srt || format == .vtt) && HighlightedWordsCollapser.mayHold(text.bytes)
        var parsed: ParsedColumns
        if format == .srt {
            parsed = SubRipParser().parse(text, file: path, release: release)
        } else if format == .txt {
            parsed = PlainTextParser().parse(text, file: path, release: release)
        } else if format == .json {
            parsed = try JSONTranscriptParser().parse(text, file: path, release: release)
        } else if let read = WebVTTParser(rollingCaptions: options.rollingCaptions).parseInPlace(text, file: path, release: release) {
            parsed = read
        } else {
            return nil
        }
        guard parsed.columns.rowCount > 0 else { throw FormatError(file: path, kind: .noRows(skipped: parsed.warnings.reported)) }
        if highlighted { parsed = HighlightedWordsCollapser.collapsed(parsed) }
        let source = SourceInfo(path: path, format: format.rawValue, encoding: encoding, facts: facts)
        return (Corpus(source: source, columns: parsed.columns), parsed.warnings.reported)
    }

    /// `load`'s rows as a corpus, from a copy of the bytes (the original given back at once).
    ///
    /// Text in another encoding (or named with `--encoding`) of a format read in place is decoded
    /// once, and its UTF-8 read in place like any UTF-8 file: no row object per cue, so a big
    /// legacy-encoded file costs a few times its size in memory, not fourteen. `inPlace` false
    /// reads through `load` whatever the format.
    private static func corpus(
        loading copy: [UInt8], path: String, options: LoadOptions, release: ((Range<Int>) -> Void)?, inPlace: Bool = true
    ) throws(FormatError) -> (corpus: Corpus, warnings: [FormatError]) {
        release?(0..<copy.count)
        let format = options.format ?? TranscriptFormat(path: path)
        if inPlace, let format, [.srt, .vtt, .txt, .json].contains(format), !TranscriptFormat.looksLikeZIP(copy),
           ForeignContent.kind(of: copy) == nil {
            let decoded = try TextDecoding.decode(copy, path: path, encoding: options.encoding)
            var text = decoded.text
            let read = text.withUTF8 { buffer in
                Result { () throws(FormatError) -> (corpus: Corpus, warnings: [FormatError])? in
                    if format == .txt, MeetingTextParser.layout(ofUTF8: UnsafeBufferPointer(rebasing: buffer.prefix(64 << 10))) != nil {
                        return nil
                    }
                    return try columns(
                        of: ByteText(unscanned: buffer), format: format, path: path, options: options, encoding: decoded.encoding,
                        release: { _ in })
                }
            }
            if let read = try read.get() { return (read.corpus, decoded.warnings + read.warnings) }
        }
        let result = try load(bytes: copy, path: path, options: options)
        return (Corpus([result.transcript]), result.warnings)
    }

    /// `bytes` as text when `TextDecoding` would read them as UTF-8 (with or without a byte-order
    /// mark) and not call them binary: valid UTF-8, no NUL (already `checked`, or checked here),
    /// not mostly control characters.
    private static func utf8Text(_ bytes: UnsafeRawBufferPointer, checked: Bool) -> (text: ByteText, encoding: String)? {
        var all = bytes.assumingMemoryBound(to: UInt8.self)
        var encoding = "UTF-8"
        if all.starts(with: [0xEF, 0xBB, 0xBF]) {
            all = UnsafeBufferPointer(rebasing: all[3...])
            encoding = "UTF-8 with BOM"
        }
        guard let base = all.baseAddress, checked || ByteSearch.find(base, 0, all.count) == nil && isValidUTF8(all) else { return nil }
        // `looksBinary` reads the first 4,096 scalars: they are within the first 16 KiB.
        guard !TextDecoding.looksBinary(utf8: UnsafeBufferPointer(rebasing: all.prefix(16_384))) else { return nil }
        return (ByteText(unscanned: all), encoding)
    }

    /// `UTF8Validation.isValid`, on both halves of a big text at once (cut before a character).
    private static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 1 << 24 else { return UTF8Validation.isValid(bytes) }
        var middle = bytes.count / 2
        while middle < bytes.count, bytes[middle] & 0xC0 == 0x80 { middle += 1 }
        let halves = [0..<middle, middle..<bytes.count]
        let text = ReadOnlyShared(bytes), valid = ThreadSlots(count: 2, repeating: false)
        defer { valid.free() }
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            valid[half] = UTF8Validation.isValid(UnsafeBufferPointer(rebasing: text.value[halves[half]]))
        }
        return valid[0] && valid[1]
    }
}
