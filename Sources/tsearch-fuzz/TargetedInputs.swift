import TranscriptFormats

/// Inputs made to hit each reader's known expensive paths, which random mutation would take long to
/// find: Scripts/fuzz/run.sh loads each through `exercise` (within the linear budget) before
/// fuzzing, at full size (past libFuzzer's `-max_len`), and seeds the fuzzer with the small ones.
/// Each was a defect once: a quadratic scan, a trap, or memory or warnings without bound.
enum TargetedInputs {
    /// One input: a name for messages and seed files, and its bytes.
    struct Input {
        var name: String
        var bytes: [UInt8]
    }

    /// The largest input written as a seed (libFuzzer's `-max_len` in run.sh).
    static let seedLimit = 262_144

    /// The inputs aimed at `format` (nil: the sniffing loader, given SAMI), small and large.
    static func inputs(for format: TranscriptFormat?) -> [Input] {
        [1, 20].flatMap { scale in
            made(for: format, scale: scale).map { Input(name: "\($0.name)-x\(scale)", bytes: $0.bytes) }
        }
    }

    /// The inputs at `scale`: 1 fits a seed; 20 is megabytes, where a quadratic path takes longer
    /// than the linear budget (crowded attributes took 7 s a megabyte squared: past the budget's
    /// 20 s a megabyte from 3 MB).
    private static func made(for format: TranscriptFormat?, scale: Int) -> [Input] {
        func text(_ name: String, _ text: String) -> Input { Input(name: name, bytes: Array(text.utf8)) }
        let count = 20_000 * scale
        // Past 6 MB at scale 20, where the quadratic check took three times the budget.
        let attributes = scale == 1 ? count : count * 3 / 2
        switch format {
        case .sami?, nil:
            // Each `<` that opens no tag once looked ahead to the next `>` (quadratic).
            return ["<", "< ", "</", "<-", "<!"].enumerated().map { index, mark in
                text("sami-less-than-\(index)", "<SAMI><BODY><SYNC Start=1><P>budget " + String(repeating: mark, count: count * 2) + "></BODY></SAMI>")
            }
        case .ttml?:
            return [text("ttml-crowded", "<tt><body><div><p begin=\"1s\" \(crowded(attributes))>budget</p></div></body></tt>")]
        case .srv3?:
            return [text("srv3-crowded", "<timedtext format=\"3\"><body><p t=\"1\" \(crowded(attributes))>budget</p></body></timedtext>")]
        case .docx?:
            // Attributes whose values hold `>` once slipped past the guard; empty paragraphs once cost
            // a row's memory each; a ZIP64 offset near Int.max once trapped.
            return [
                Input(name: "docx-crowded", bytes: word("<w:p><w:r \(crowded(count / 2, prefix: "w:a"))><w:t>budget</w:t></w:r></w:p>")),
                // A million and one elements; 60 MiB, within the ZIP limits.
                Input(name: "docx-empty-paragraphs", bytes: word(String(repeating: "<w:p/>", count: scale == 1 ? 1_000_001 : 10 << 20))),
                Input(name: "docx-zip64-offset", bytes: offsetBomb(member: "word/document.xml", isEPUB: false)),
            ]
        case .epub?:
            return [Input(name: "epub-zip64-offset", bytes: offsetBomb(member: "META-INF/container.xml", isEPUB: true))]
        case .microdvd?:
            return [text("microdvd-junk", "{1}{1}25\n{25}{50}budget\n" + String(repeating: "junk\n", count: count * 2))]
        case .json?:
            // The shape reader walks every array of every document: a path is made per array, an
            // entry kept per element with a time, text or speaker. Nesting at the parser's limit
            // with long keys (paths cut at a bounded length), a million empty objects (no entry
            // each), one long text, and words whose unit must be decided.
            let key = String(repeating: "k", count: 4096)
            let deep = String(repeating: "{\"\(key)\": [", count: 120) + "{\"start\": 1, \"end\": 2, \"text\": \"budget\"}"
                + String(repeating: "]}", count: 120)
            let words = (0..<count).map { #"{"word": "budget", "from": \#($0 * 300), "to": \#($0 * 300 + 250)}"# }.joined(separator: ",")
            return [
                text("json-deep-long-keys", deep),
                text("json-empty-objects", "{\"items\": [" + String(repeating: "{\"a\": [{}]},", count: count * 4) + "{}]}"),
                text("json-long-text", "{\"segments_x\": [{\"start\": 0, \"end\": 1, \"text\": \"" + String(repeating: "budget ", count: count * 8) + "\"}]}"),
                text("json-words", "{\"data\": {\"words\": [" + words + "]}}"),
            ]
        case .tsv?:
            return [text("tsv-junk", "start\tend\ttext\n0\t1\tbudget\n" + String(repeating: "a\tb\tc\n", count: count))]
        default:
            return []
        }
    }

    /// `count` attributes `a0=">" a1=">" …`.
    private static func crowded(_ count: Int, prefix: String = "a") -> String {
        (0..<count).map { prefix + String($0) + "=\">\"" }.joined(separator: " ")
    }

    /// A Word document whose body is `body`.
    private static func word(_ body: String) -> [UInt8] {
        var zip = ZIPWriter()
        zip.add("word/document.xml", "<w:document xmlns:w=\"w\"><w:body>" + body + "</w:body></w:document>")
        return zip.archive()
    }

    /// An archive whose `member` claims a ZIP64 local-header offset of `Int.max`.
    private static func offsetBomb(member: String, isEPUB: Bool) -> [UInt8] {
        var zip = ZIPWriter()
        if isEPUB { zip.add("mimetype", "application/epub+zip", deflate: false) }
        zip.add(member, bytes: Array("<a/>".utf8), claimedOffset: UInt64(Int.max))
        return zip.archive()
    }
}
