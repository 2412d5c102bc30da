import Foundation
import Testing

/// The loaders against files made by other tools. `Scripts/realfiles/fetch.sh DIR` downloads
/// the test data of webvtt-py, pysrt, srt, pysubs2 and pycaption, writes files with pysubs2's,
/// pycaption's and openai-whisper's writers, and records what those libraries read; with
/// `TSEARCH_REAL_FILES=DIR` set, every file is loaded by `tsearch rows --json` and compared: same
/// rows, same text, same times (SubRip, WebVTT and JSON to the millisecond; the other formats, whose
/// times are frames, hundredths or fractions, within 10 ms), the same speakers where the reference
/// reads one, unless the file is listed below with why we differ.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["TSEARCH_REAL_FILES"] != nil))
struct RealFilesTests {
    /// Files where we read differently from the reference library, on purpose.
    static let knownDifferences: [(pathContains: String, why: String)] = [
        // SubRip and WebVTT
        ("with_structural_tags", "a <ruby> cue: we drop <rt> ruby text; webvtt-py keeps it inline"),
        ("ruby", "we drop <rt> ruby text so the base word stays searchable as one word; webvtt-py keeps it inline"),
        ("capability_tester.srt", "a tag torture test: we strip only the tags players know and keep other angle-bracket text"),
        ("test_empty_subtitles__text.srt", "we read the two-digit fraction ,46 as 460 ms (as pysubs2 does); srt reads 46 ms"),
        ("missing_timeframe.srt", "a cue number without a timing line is skipped with a warning; srt merges it into the previous cue"),
        ("gb2312.srt", "simplified Chinese in GB2312: we detect GB18030 and read the Chinese; the reference decodes it as windows-1252 mojibake"),
        ("NEGATIVE_TIMESTAMP", "an ASS line starting at -1:59:54.93: no time is negative, so we skip it with a warning; pysubs2 keeps it"),
        ("ASS_WITHOUT_FRACTIONS_OF_SECOND", "an ASS line starting at -1:59:54.93: no time is negative, so we skip it with a warning; pysubs2 keeps it"),
        ("sami_with_multiple_p", "several <P> of one track in one <SYNC>: one caption on screen, so we read one row; pycaption makes a caption of each"),
        ("SAMI_INPUT1", "several <P> of one track in one <SYNC>: one caption on screen, so we read one row; pycaption makes a caption of each"),
        ("html5_entityref", "&starf; is no entity we know, so it stays as written; pycaption drops its semicolon"),
        ("dfxp_with_inline_style", "a line break in TTML text is a space (xml:space default), so \"bold</span>\n, \" reads \"bold ,\"; pycaption drops it"),
        ("standup_vtt.sub", "pysubs2 keeps WebVTT's &amp; as text when it converts; the normalised reference decodes it, we read MicroDVD text as written"),
        ("standup_vtt.ttml", "pysubs2 keeps WebVTT's &amp; as text and TTML escapes it again (&amp;amp;); the reference's normalisation decodes it twice"),
        ("invalid_positioning_value_template", "a region's position (which we do not read) is malformed; the captions are fine, so we read them and pycaption refuses"),
        ("invalid_but_supported_positioning_output", "an attribute value left unclosed (not XML, even leniently): refused with the line; pycaption's HTML parser guesses"),
    ]

    struct Reference {
        var path: String
        var error: String?
        var rows: [(start: Int, end: Int, text: String, speaker: String?)]
    }

    /// How far (ms) our times may be from the reference's for a file at `path`.
    static func tolerance(_ path: String) -> Int {
        [".srt", ".vtt", ".json"].contains { path.hasSuffix($0) } && !path.contains("written/whisper/") ? 0 : 10
    }

    static func references(_ directory: String) throws -> [Reference] {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/expected.json"))
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return entries.map { entry in
            let rows = (entry["rows"] as? [[String: Any]] ?? []).map {
                (start: $0["start_ms"] as? Int ?? -1, end: $0["end_ms"] as? Int ?? -1, text: $0["text"] as? String ?? "",
                 speaker: $0["speaker"] as? String)
            }
            return Reference(path: entry["path"] as? String ?? "", error: entry["error"] as? String, rows: rows)
        }
    }

    /// The reference's normalisation strips anything in angle brackets; we keep unknown tags as text
    /// (`<LAUGHING>`, as players show it). Compare our text with that stripping applied too.
    static func withoutAngleBrackets(_ text: String) -> String {
        var out = Substring()
        var rest = text[...]
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            out += rest[..<open]
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Our rows agree with the reference's (empty ones dropped): same count, times and text, where
    /// our text may carry the speaker label we split off (`MAN: …`), and may be compared with
    /// angle-bracket text removed as the reference's normalisation does.
    static func agrees(
        _ ours: [PrintedRow], _ theirs: [(start: Int, end: Int, text: String, speaker: String?)], tolerance: Int = 0,
        lastEndMayBeOpen: Bool = false
    ) -> Bool {
        let theirs = theirs.filter { !$0.text.isEmpty }
        func near(_ time: Int?, _ reference: Int) -> Bool { time.map { abs($0 - reference) <= tolerance } ?? false }
        return [{ (text: String) in text }, withoutAngleBrackets].contains { normalise in
            let rows = ours.filter { !normalise($0.text).isEmpty }
            return rows.count == theirs.count && zip(rows, theirs).enumerated().allSatisfy { position, pair in
                let (row, reference) = pair
                // SAMI gives no end to its last caption: we leave it open; readers invent one.
                let openEnd = lastEndMayBeOpen && position == rows.count - 1 && row.end == nil
                let text = normalise(row.text)
                let sameText = text == reference.text || row.speaker.map { "\($0): \(text)" } == reference.text
                let sameSpeaker = reference.speaker == nil || row.speaker == reference.speaker
                return sameText && sameSpeaker && near(row.start, reference.start) && (openEnd || near(row.end, reference.end))
            }
        }
    }

    @Test func everyRealFileReadsAsTheReferenceDoesOrWeSayWhy() throws {
        let directory = try #require(ProcessInfo.processInfo.environment["TSEARCH_REAL_FILES"])
        let references = try Self.references(directory)
        #expect(references.count > 100, "expected the fetched reference data")
        var agree = 0, explained = 0, refused = 0
        for reference in references {
            let file = directory + "/files/" + reference.path
            let (rows, outcome) = try printedRows(file)
            if reference.error != nil {
                // The reference refuses the file; we load what we can and warn, or refuse too.
                let known = Self.knownDifferences.contains { reference.path.contains($0.pathContains) }
                #expect(known || outcome.status == 2 || !outcome.stderr.isEmpty, "\(reference.path): loaded silently")
                refused += 1
                continue
            }
            let isSAMI = reference.path.hasSuffix(".smi") || reference.path.hasSuffix(".sami")
            if Self.agrees(rows, reference.rows, tolerance: Self.tolerance(reference.path), lastEndMayBeOpen: isSAMI) {
                agree += 1
            } else if let known = Self.knownDifferences.first(where: { reference.path.contains($0.pathContains) }) {
                explained += 1
                _ = known.why
            } else {
                Issue.record("\(reference.path): \(rows.count) rows, reference \(reference.rows.count); first rows \(rows.prefix(3)) vs \(reference.rows.prefix(3).map(\.text))")
            }
            // On real files too: rows --json is what search sees.
            if let first = rows.first {
                #expect(try searchedRows(file, firstText: first.text) == rows, "\(reference.path)")
            }
        }
        print("real files: \(references.count) tried, \(agree) agree, \(explained) differ for a stated reason, \(refused) refused by the reference")
    }
}
