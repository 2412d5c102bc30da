import TranscriptModel

/// Word documents (`.docx`) as rows. The main document part is found through the package's
/// relationships (`_rels/.rels`, else `word/document.xml`); its paragraphs (`<w:p>`) are read in
/// order, the text of their runs (`<w:t>`; `<w:tab/>` a tab, `<w:br/>` and `<w:cr/>` a line break;
/// deleted text and field codes left out). Those lines are then read as text is:
///
/// - a transcript laid out as Teams, Google Meet or Otter write them (`Name   0:03` then the text;
///   `00:05:00` markers then `Name: text`; `0:0:0.0 --> 0:0:3.6`, a name, the text) loads with
///   times and speakers (`MeetingTextLayout`);
/// - any other document loads one row per paragraph line, with the `Name: text` convention.
///
/// A row's locator is the part (`href`, `word/document.xml`) and the paragraph's position in it
/// (`element`, from 0); its `line`, and that of every warning, is the paragraph's number (from 1).
///
/// Safe with untrusted documents as EPUB is (`ZIPArchive`'s bounded inflation; XML without external
/// entities or DTDs, and a DTD declaring dangerous entities refused; a part of more than
/// `MarkupReader.elementLimit` elements refused before it is parsed, so memory, time and rows stay
/// bounded however well empty elements compress). A missing or refused part is an error naming it.
public enum DOCXLoader {
    /// The rows of the Word document `bytes`, named `path` in every row and message; the archive
    /// read within `limits`. Throws when the archive, its document part or its XML cannot be read.
    public static func load(bytes: [UInt8], path: String, limits: ZIPArchive.Limits = ZIPArchive.Limits()) throws(FormatError) -> ParsedRows {
        let archive: ZIPArchive
        do {
            archive = try ZIPArchive(bytes: bytes, limits: limits)
        } catch {
            throw FormatError(file: path, kind: .archive(error.description))
        }
        return try load(archive, path: path)
    }

    /// The rows of an archive already opened; a document part of more than `elementLimit` elements
    /// is refused (`MarkupReader.elementLimit`).
    static func load(_ archive: ZIPArchive, path: String, elementLimit: Int = MarkupReader.elementLimit) throws(FormatError) -> ParsedRows {
        let part = mainPart(archive)
        guard let entry = archive.entry(named: part) else {
            throw FormatError(file: path, kind: .wordDocument(expected: "\(part), the document's text, which the archive lacks"))
        }
        let events: [MarkupEvent]
        do {
            events = try MarkupReader.events(try archive.contents(of: entry), elementLimit: elementLimit).events
        } catch let error as ZIPError {
            throw FormatError(file: path, kind: .archive(error.description))
        } catch let refusal as MarkupRefusal {
            throw FormatError(file: path, kind: .member(part, problem: "refused: " + refusal.reason))
        } catch {
            throw FormatError(file: path, kind: .member(part, problem: "\(error)"))
        }
        guard events.contains(where: { if case .start("body", _) = $0 { true } else { false } }) else {
            throw FormatError(file: path, kind: .wordDocument(expected: "a <w:body> in \(part)"))
        }
        let paragraphs = paragraphs(of: events)
        var lines: [MeetingTextReader.Line] = []
        for (index, paragraph) in paragraphs.enumerated() {
            for line in paragraph.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append((line, index + 1))
            }
        }
        let locate = { (number: Int) in Locator(file: path, line: number, href: part, element: number - 1) }
        if let layout = MeetingTextLayout.detect(lines.lazy.map(\.text)) {
            return MeetingTextReader(layout: layout, file: path, units: .paragraphs, locate: locate).read(lines)
        }
        var result = ParsedRows()
        for (text, number) in lines {
            result.appendRow(text: TextCleanup.collapsingWhitespace(text), locator: locate(number))
        }
        result.assignSpeakerLabels()
        return result
    }

    /// The main document part named by the package relationships, else `word/document.xml`.
    static func mainPart(_ archive: ZIPArchive) -> String {
        guard let entry = archive.entry(named: "_rels/.rels"), let bytes = try? archive.contents(of: entry),
              let events = try? MarkupReader.events(bytes).events else { return "word/document.xml" }
        for case .start("relationship", let attributes) in events
        where attributes["type"]?.hasSuffix("/officeDocument") == true {
            guard var target = attributes["target"], !target.isEmpty else { continue }
            while target.hasPrefix("/") { target.removeFirst() }
            if archive.entry(named: target) != nil { return target }
        }
        return "word/document.xml"
    }

    /// Each paragraph's text, in document order (nested paragraphs, as in a text box, each their own).
    static func paragraphs(of events: [MarkupEvent]) -> [String] {
        var paragraphs: [String] = []
        var open: [String] = []
        var inText = 0
        var inRun = 0
        for event in events {
            switch event {
            case .start("p", _):
                open.append("")
            case .end("p"):
                if let done = open.popLast() { paragraphs.append(done) }
            case .start("r", _):
                inRun += 1
            case .end("r"):
                inRun = max(0, inRun - 1)
            case .start("t", _):
                inText += 1
            case .end("t"):
                inText = max(0, inText - 1)
            case .start("tab", _) where !open.isEmpty && inRun > 0 && inText == 0:
                open[open.count - 1] += "\t"
            case .start("br", _) where !open.isEmpty && inRun > 0, .start("cr", _) where !open.isEmpty && inRun > 0:
                open[open.count - 1] += "\n"
            case .text(let text) where inText > 0 && !open.isEmpty:
                open[open.count - 1] += text
            default:
                break
            }
        }
        return paragraphs
    }
}
